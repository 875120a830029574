// permission/userOnline: live sessions.
export { default } from './OnlineUserPage';
