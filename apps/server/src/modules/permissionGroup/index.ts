// Permission groups with their members, and the seeded permission-group screen.
import type { PlatformModule } from '../../platform/module.js';
import { permissionGroupSeed } from './menus.js';
import { permissionGroupRoutes } from './routes.js';

export const permissionGroupModule: PlatformModule = {
  name: 'permissionGroup',
  routes: permissionGroupRoutes,
  dataMigrations: [permissionGroupSeed],
};

// for other modules: the screen that guards grant management
export { AUTHORIZE_SCREEN } from './routes.js';
