// permission/onlineUser: live sessions.
export { default } from './OnlineUserPage';
