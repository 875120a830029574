// The applications screen, seeded under the "system" directory.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu } from '../../platform/menus.js';
import { menuSeedMigration } from '../menu/index.js';

export const systemSeed = menuSeedMigration('system.menus', [
  screenMenu(BUILT_IN_MENUS.system, MENU_DIRECTORY.system, {
    fullName: '应用管理',
    icon: 'icon-ym icon-ym-sysApplication',
    sortCode: 15,
  }),
]);
