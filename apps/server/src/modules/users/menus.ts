// The user screen with its buttons (reset password, unlock, import, export, work handover besides the standard ones).
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import type { MenuDeclaration } from '../../platform/menus.js';
import type { DataMigrationSpec } from '../../platform/module.js';
import { seedMenus } from '../menu/index.js';

export const userMenus: MenuDeclaration[] = [
  {
    ...BUILT_IN_MENUS.user,
    parent: MENU_DIRECTORY.permission,
    fullName: '用户管理',
    type: 2,
    icon: 'icon-ym icon-ym-tree-user2',
    sortCode: 40,
  },
];

export const userMenuSeed: DataMigrationSpec = {
  name: 'users.menus',
  run: (tx) => seedMenus(tx, userMenus),
};
