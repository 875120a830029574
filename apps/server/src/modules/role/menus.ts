// The role screen.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu } from '../../platform/menus.js';
import { menuSeedMigration } from '../menu/index.js';

export const roleMenuSeed = menuSeedMigration('role.menus', [
  screenMenu(BUILT_IN_MENUS.role, MENU_DIRECTORY.permission, {
    fullName: '角色管理',
    icon: 'icon-ym icon-ym-generator-role',
    sortCode: 50,
  }),
]);
