// Users: the user screen, its imports and exports, the pickers every form uses, and work handover.
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

// for other modules: users by id with their display names, and writing rows to a spreadsheet
export { writeSheet } from './spreadsheet.js';
export { displayName, usersByIds } from './views.js';
