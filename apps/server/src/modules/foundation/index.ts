// First-start data (the administrator, the root organisation, the main system, the default configuration, the
// dictionaries and the top-level menu directories), registered with the health check.
import type { PlatformModule } from '../../platform/module.js';
import { healthRoutes } from '../health/index.js';
import { foundationSeed } from './seed.js';

export const foundationModule: PlatformModule = {
  name: 'foundation',
  routes: healthRoutes,
  dataMigrations: [foundationSeed],
};
