// The user screen with its buttons (reset password, unlock, import, export, work handover besides the standard ones).
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { menuSeedMigration } from '../menu/index.js';

export const userMenuSeed = menuSeedMigration('users.menus', [
  {
    ...BUILT_IN_MENUS.user,
    parent: MENU_DIRECTORY.permission,
    fullName: '用户管理',
    type: 2,
    icon: 'icon-ym icon-ym-tree-user2',
    sortCode: 40,
  },
]);
