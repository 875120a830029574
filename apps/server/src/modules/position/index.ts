// Positions (岗位) of organisations, with the seeded screen.
import type { PlatformModule } from '../../platform/module.js';
import { positionSeed } from './menus.js';
import { positionRoutes } from './routes.js';

export const positionModule: PlatformModule = {
  name: 'position',
  routes: positionRoutes,
  dataMigrations: [positionSeed],
};

// for other modules
export { POSITION_ICON } from './routes.js';
