// system/system: applications.
export { default } from './SystemPage';
