// permission/user: the user screen.
export { default } from './UserPage';
