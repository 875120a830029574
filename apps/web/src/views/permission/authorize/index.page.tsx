// permission/authorize: permission groups, their members and grants.
export { default } from './AuthorizePage';
