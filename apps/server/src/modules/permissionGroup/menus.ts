// The permission-group and grants screen, seeded under the "permission" directory.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu, type MenuDeclaration } from '../../platform/menus.js';
import { seedMenus } from '../menu/index.js';
import type { DataMigrationSpec } from '../../platform/module.js';

export const AUTHORIZE_SCREEN = BUILT_IN_MENUS.authorize.enCode;

export const permissionGroupMenus: MenuDeclaration[] = [
  screenMenu(BUILT_IN_MENUS.authorize, MENU_DIRECTORY.permission, {
    fullName: '权限组',
    icon: 'icon-ym icon-ym-authGroup',
    sortCode: 80,
  }),
];

export const permissionGroupSeed: DataMigrationSpec = {
  name: 'permissionGroup.menus',
  run: (tx) => seedMenus(tx, permissionGroupMenus),
};
