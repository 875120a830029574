// permission/role: the role screen.
export { default } from './RolePage';
