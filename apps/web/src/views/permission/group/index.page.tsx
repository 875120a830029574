// permission/group: the user-group screen.
export { default } from './GroupPage';
