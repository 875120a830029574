// system/printDev: the print-template screen.
export { default } from './PrintDevPage';
