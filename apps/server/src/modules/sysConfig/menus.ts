// The system configuration screen (system/sysConfig) under 系统管理, seeded once.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu } from '../../platform/menus.js';
import { menuSeedMigration } from '../menu/index.js';

export const sysConfigMenuSeed = menuSeedMigration('sysConfig.menus', [
  screenMenu(BUILT_IN_MENUS.sysConfig, MENU_DIRECTORY.system, {
    fullName: '系统配置',
    icon: 'icon-ym icon-ym-systemConfig',
    sortCode: 10,
  }),
]);
