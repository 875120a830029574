// The signed-in user's own calls: personal information and preferences, password, signatures, organisations and
// the switch of the main one, grants, direct reports and sign-in log.
import type { PlatformModule } from '../../platform/module.js';
import { currentUserRoutes } from './routes.js';

export const currentUserModule: PlatformModule = {
  name: 'currentUser',
  routes: currentUserRoutes,
};
