// The applications screen, seeded under the "system" directory.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu, type MenuDeclaration } from '../../platform/menus.js';
import { seedMenus } from '../menu/index.js';
import type { DataMigrationSpec } from '../../platform/module.js';

export const SYSTEM_SCREEN = BUILT_IN_MENUS.system.enCode;

export const systemMenus: MenuDeclaration[] = [
  screenMenu(BUILT_IN_MENUS.system, MENU_DIRECTORY.system, {
    fullName: '应用管理',
    icon: 'icon-ym icon-ym-sysApplication',
    sortCode: 15,
  }),
];

export const systemSeed: DataMigrationSpec = {
  name: 'system.menus',
  run: (tx) => seedMenus(tx, systemMenus),
};
