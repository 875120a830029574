// Online users: live sessions and forcing them offline, with the seeded screen.
import type { PlatformModule } from '../../platform/module.js';
import { onlineUserAddressMove, onlineUserSeed } from './menus.js';
import { onlineUserRoutes } from './routes.js';

export const onlineUserModule: PlatformModule = {
  name: 'onlineUser',
  routes: onlineUserRoutes,
  dataMigrations: [onlineUserSeed, onlineUserAddressMove],
};
