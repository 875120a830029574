// permission/organize: companies and departments.
export { default } from './OrganizePage';
