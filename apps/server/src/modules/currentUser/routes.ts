// /api/permission/Users/Current: the signed-in user's own information, preferences and avatar, password,
// signatures, organisations, positions and roles with the switch of the main one, grants, direct reports and
// sign-in log. Every route needs a signed-in user only; each concern has its file.
import { logRoutes } from './logRoutes.js';
import { membershipRoutes } from './membershipRoutes.js';
import { passwordRoutes } from './passwordRoutes.js';
import { profileRoutes } from './profileRoutes.js';
import { signatureRoutes } from './signatureRoutes.js';

export const currentUserRoutes = [
  ...profileRoutes,
  ...passwordRoutes,
  ...signatureRoutes,
  ...membershipRoutes,
  ...logRoutes,
];
