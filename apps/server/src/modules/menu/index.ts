// The menu module: menus, their permission items and data permissions, and the seeded menu screen.
import type { PlatformModule } from '../../platform/module.js';
import { dataAuthorizeRoutes } from './dataAuthorize.js';
import { itemRoutes } from './items.js';
import { menuSeed } from './menus.js';
import { menuRoutes } from './routes.js';

export const menuModule: PlatformModule = {
  name: 'menu',
  routes: [...menuRoutes, ...itemRoutes, ...dataAuthorizeRoutes],
  dataMigrations: [menuSeed],
};

// for other modules: seeding declared menus (and moving their addresses), reading menus, the checks of a menu, removing menus with their
// items, and menus another module generates
export { m as menuMessages } from './messages.js';
export { menuAddressMigration, menuSeedMigration, readdressSeededMenu, seedMenus } from './seedMenus.js';
export { checkMenuUnique, findMenu, menusWhere, removeMenusWithItems, requireSystem } from './service.js';
export {
  createMenu,
  menuGrantItems,
  syncMenuItems,
  updateMenu,
  type DataFieldItem,
  type FormItemRule,
  type MenuGenerator,
  type MenuItems,
} from './sync.js';
