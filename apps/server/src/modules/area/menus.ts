// The area screen (system/area) under 系统管理, seeded once.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu, type MenuDeclaration } from '../../platform/menus.js';
import { seedMenus } from '../menu/index.js';
import type { DataMigrationSpec } from '../../platform/module.js';

export const areaMenus: MenuDeclaration[] = [
  screenMenu(BUILT_IN_MENUS.area, MENU_DIRECTORY.system, {
    fullName: '行政区划',
    icon: 'icon-ym icon-ym-area',
    sortCode: 70,
  }),
];

export const areaMenuSeed: DataMigrationSpec = {
  name: 'area.menus',
  run: (tx) => seedMenus(tx, areaMenus),
};
