// systemData/dataSource: the data-connection screen (数据连接).
export { default } from './DataSourcePage';
