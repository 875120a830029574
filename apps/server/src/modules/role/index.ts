import type { PlatformModule } from '../../platform/module.js';
import { roleMenuSeed } from './menus.js';
import { roleRoutes } from './routes.js';

export const roleModule: PlatformModule = { name: 'role', routes: roleRoutes, dataMigrations: [roleMenuSeed] };
