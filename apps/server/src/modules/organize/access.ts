// Routes several screens share: the organisation tree is read by the organisation, department, position, role
// and user screens, and departments are written from the organisation screen and the department screen. A route
// declares one menu, so such a route declares 'signedIn' and checks here that the caller has any of the menus.
import { BUILT_IN_MENUS, type ButtonCode } from '@jnpf/core';
import { canUse } from '../../platform/catalogue.js';
import type { AppContext, Principal } from '../../platform/context.js';
import { refuse } from '../../platform/errors.js';

export const ORGANIZE_MENU = BUILT_IN_MENUS.organize.enCode;
export const DEPARTMENT_MENU = BUILT_IN_MENUS.department.enCode;
export const POSITION_MENU = BUILT_IN_MENUS.position.enCode;
export const ROLE_MENU = BUILT_IN_MENUS.role.enCode;
export const GROUP_MENU = BUILT_IN_MENUS.group.enCode;
export const USER_MENU = BUILT_IN_MENUS.user.enCode;

/** every screen that shows the organisation tree */
export const ORGANIZE_TREE_READERS = [ORGANIZE_MENU, DEPARTMENT_MENU, POSITION_MENU, ROLE_MENU, USER_MENU];
/** the screens that edit departments */
export const DEPARTMENT_WRITERS = [ORGANIZE_MENU, DEPARTMENT_MENU];

/** refuses (as the guard does) unless the caller may use one of the menus, and its button when given */
export async function requireAnyMenu(
  app: AppContext,
  principal: Principal,
  menus: readonly string[],
  button?: ButtonCode,
): Promise<void> {
  if (principal.isAdministrator) return;
  const [grants, cat] = await Promise.all([app.grants.forUser(principal.userId, false), app.catalogue.get()]);
  if (!menus.some((m) => canUse(cat, grants, m, button))) throw refuse('noPermission');
}
