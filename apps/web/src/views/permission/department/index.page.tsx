// permission/department: the department screen.
export { default } from './DepartmentPage';
