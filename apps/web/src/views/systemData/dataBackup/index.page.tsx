// systemData/dataBackup: backups of the whole platform and their restore.
export { default } from './DataBackupPage';
