// permission/department: the department menu opens the organisation tree (companies and departments).
export { default } from '../organize/OrganizePage';
