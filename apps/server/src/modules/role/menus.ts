// The role screen.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu, type MenuDeclaration } from '../../platform/menus.js';
import type { DataMigrationSpec } from '../../platform/module.js';
import { seedMenus } from '../menu/index.js';

export const roleMenus: MenuDeclaration[] = [
  screenMenu(BUILT_IN_MENUS.role, MENU_DIRECTORY.permission, {
    fullName: '角色管理',
    icon: 'icon-ym icon-ym-generator-role',
    sortCode: 50,
  }),
];

export const roleMenuSeed: DataMigrationSpec = {
  name: 'role.menus',
  run: (tx) => seedMenus(tx, roleMenus),
};
