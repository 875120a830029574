import type { PlatformModule } from '../../platform/module.js';
import { groupSeed } from './menus.js';
import { groupRoutes } from './routes.js';

export const groupModule: PlatformModule = { name: 'group', routes: groupRoutes, dataMigrations: [groupSeed] };
