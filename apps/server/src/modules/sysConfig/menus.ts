// The system configuration screen (system/sysConfig) under 系统管理, seeded once.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu, type MenuDeclaration } from '../../platform/menus.js';
import { seedMenus } from '../menu/index.js';
import type { DataMigrationSpec } from '../../platform/module.js';

export const sysConfigMenus: MenuDeclaration[] = [
  screenMenu(BUILT_IN_MENUS.sysConfig, MENU_DIRECTORY.system, {
    fullName: '系统配置',
    icon: 'icon-ym icon-ym-systemConfig',
    sortCode: 10,
  }),
];

export const sysConfigMenuSeed: DataMigrationSpec = {
  name: 'sysConfig.menus',
  run: (tx) => seedMenus(tx, sysConfigMenus),
};
