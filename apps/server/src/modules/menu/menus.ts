// The menu screen, seeded under the "system" directory. Its buttons guard the writes of the menu calls and
// of every permission item (buttons, columns, forms, data permissions) configured on that screen.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu, type MenuDeclaration } from '../../platform/menus.js';
import { seedMenus } from './seedMenus.js';
import type { DataMigrationSpec } from '../../platform/module.js';

export const MENU_SCREEN = BUILT_IN_MENUS.menu.enCode;

export const menuMenus: MenuDeclaration[] = [
  screenMenu(BUILT_IN_MENUS.menu, MENU_DIRECTORY.system, {
    fullName: '菜单管理',
    icon: 'icon-ym icon-ym-systemMenu',
    sortCode: 10,
  }),
];

export const menuSeed: DataMigrationSpec = {
  name: 'menu.menus',
  run: (tx) => seedMenus(tx, menuMenus),
};
