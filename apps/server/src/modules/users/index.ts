import type { PlatformModule } from '../../platform/module.js';
import { userMenuSeed } from './menus.js';
import { userPickerRoutes } from './pickerRoutes.js';
import { userRoutes } from './routes.js';
import { userTransferRoutes } from './transferRoutes.js';

export const usersModule: PlatformModule = {
  name: 'users',
  routes: [...userRoutes, ...userPickerRoutes, ...userTransferRoutes],
  dataMigrations: [userMenuSeed],
};
