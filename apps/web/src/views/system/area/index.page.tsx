// system/area: the area (region) screen.
export { default } from './AreaPage';
