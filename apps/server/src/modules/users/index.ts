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
// what signing in records on a user, and a user's writes to their own account
export { ADMIN_ACCOUNT, seedAdministrator, setAdministrators } from './administrators.js';
export { replacePassword, writeOwnRow, type OwnRowValues } from './ownAccount.js';
export { countWrongPassword, endLock, lockAccount, recordSignIn } from './signIns.js';
export { writeSheet } from '../../platform/sheets.js';
export { displayName, displayNameOf, usersByIds } from './views.js';
