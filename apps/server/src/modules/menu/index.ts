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
