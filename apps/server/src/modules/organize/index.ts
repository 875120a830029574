import type { PlatformModule } from '../../platform/module.js';
import { organizeMenuSeed } from './menus.js';
import { watchOrganizeChanges } from './orgIndex.js';
import { organizeRoutes } from './routes.js';

export const organizeModule: PlatformModule = {
  name: 'organize',
  routes: organizeRoutes,
  dataMigrations: [organizeMenuSeed],
  setup: watchOrganizeChanges,
};
