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

// for other modules: users by id with their display names, writing rows to a spreadsheet, the administrators,
// and what signing in records on a user
export { ADMIN_ACCOUNT, seedAdministrator, setAdministrators } from './administrators.js';
export { countWrongPassword, endLock, lockAccount, recordSignIn } from './signIns.js';
export { writeSheet } from './spreadsheet.js';
export { displayName, usersByIds } from './views.js';
