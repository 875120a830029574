// systemData/dataInterface: the data-interface screen (数据接口).
export { default } from './DataInterfacePage';
