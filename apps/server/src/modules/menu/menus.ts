// The menu screen, seeded under the "system" directory. Its buttons guard the writes of the menu calls and
// of every permission item (buttons, columns, forms, data permissions) configured on that screen.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu } from '../../platform/menus.js';
import { menuSeedMigration } from './seedMenus.js';

export const MENU_SCREEN = BUILT_IN_MENUS.menu.enCode;

export const menuSeed = menuSeedMigration('menu.menus', [
  screenMenu(BUILT_IN_MENUS.menu, MENU_DIRECTORY.system, {
    fullName: '菜单管理',
    icon: 'icon-ym icon-ym-systemMenu',
    sortCode: 10,
  }),
]);
