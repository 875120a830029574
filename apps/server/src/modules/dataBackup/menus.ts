// The backup screen (数据备份) under 系统数据.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu } from '../../platform/menus.js';
import { menuSeedMigration } from '../menu/index.js';

export const dataBackupSeed = menuSeedMigration('dataBackup.seed', [
  screenMenu(BUILT_IN_MENUS.dataBackup, MENU_DIRECTORY.systemData, {
    fullName: '数据备份',
    icon: 'icon-ym icon-ym-sysBackup',
    sortCode: 30,
  }),
]);
