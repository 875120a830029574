// Electronic seals: named signature images and who may use them.
import type { PlatformModule } from '../../platform/module.js';
import { signatureMenuSeed } from './menus.js';
import { signatureRoutes } from './routes.js';

export const signatureModule: PlatformModule = {
  name: 'signature',
  routes: signatureRoutes,
  dataMigrations: [signatureMenuSeed],
};
