// The applications (systems) module and its seeded screen.
import type { PlatformModule } from '../../platform/module.js';
import { systemSeed } from './menus.js';
import { systemRoutes } from './routes.js';

export const systemModule: PlatformModule = { name: 'system', routes: systemRoutes, dataMigrations: [systemSeed] };

// for other modules
export { seedMainSystem } from './seed.js';
