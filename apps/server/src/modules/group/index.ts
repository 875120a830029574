// User groups (分组): who belongs is kept with the user relations, with the seeded screen.
import type { PlatformModule } from '../../platform/module.js';
import { groupSeed } from './menus.js';
import { groupRoutes } from './routes.js';

export const groupModule: PlatformModule = { name: 'group', routes: groupRoutes, dataMigrations: [groupSeed] };

// for other modules
export { GROUP_ICON } from './routes.js';
