// system/menu: menus per application with their permission items.
export { default } from './MenuPage';
