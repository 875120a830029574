// system/sysConfig: the system configuration screen.
export { default } from './SysConfigPage';
