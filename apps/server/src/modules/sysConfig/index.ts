// System configuration, administrators and third-party synchronisation, as one module.
import type { PlatformModule } from '../../platform/module.js';
import { sysConfigMenuSeed } from './menus.js';
import { sysConfigRoutes } from './routes.js';

export const sysConfigModule: PlatformModule = {
  name: 'sysConfig',
  routes: sysConfigRoutes,
  dataMigrations: [sysConfigMenuSeed],
};

// for other modules: calls to remote services with a timeout, and how their failures read
export { callImage, callJson, cleanRemoteMessage, failureText } from './thirdParty.js';
