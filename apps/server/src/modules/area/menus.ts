// The area screen (system/area) under 系统管理, seeded once.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu } from '../../platform/menus.js';
import { menuSeedMigration } from '../menu/index.js';

export const areaMenuSeed = menuSeedMigration('area.menus', [
  screenMenu(BUILT_IN_MENUS.area, MENU_DIRECTORY.system, {
    fullName: '行政区划',
    icon: 'icon-ym icon-ym-area',
    sortCode: 70,
  }),
]);
