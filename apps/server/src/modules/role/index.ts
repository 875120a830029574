// Roles, global or limited to organisations, with the seeded screen.
import type { PlatformModule } from '../../platform/module.js';
import { roleMenuSeed } from './menus.js';
import { roleRoutes } from './routes.js';

export const roleModule: PlatformModule = { name: 'role', routes: roleRoutes, dataMigrations: [roleMenuSeed] };

// for other modules
export { ROLE_ICON } from './routes.js';
export { roleOrganizeIds } from './service.js';
