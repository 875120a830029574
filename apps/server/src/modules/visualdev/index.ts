// Online development: the function-design screen, release to menus, and the runtime of released forms.
import type { PlatformModule } from '../../platform/module.js';
import { designRoutes } from './designRoutes.js';
import { runtimeRoutes } from './runtimeRoutes.js';
import { visualdevSeed } from './seed.js';

export const visualdevModule: PlatformModule = {
  name: 'visualdev',
  routes: [...designRoutes, ...runtimeRoutes],
  dataMigrations: [visualdevSeed],
};
