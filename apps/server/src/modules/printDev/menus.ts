// The 打印模板 screen under 系统管理 (where the reference's menu labels put it) and the printDev dictionary the
// templates' categories come from.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu } from '../../platform/menus.js';
import { ensureDictionary } from '../dictionary/index.js';
import { menuSeedMigration } from '../menu/index.js';

export const PRINT_DEV_TYPE = 'printDev';
export const PRINT_MENU = BUILT_IN_MENUS.printDev.enCode;

export const printDevSeed = menuSeedMigration(
  'printDev.menus',
  [
    screenMenu(BUILT_IN_MENUS.printDev, MENU_DIRECTORY.system, {
      fullName: '打印模板',
      icon: 'icon-ym icon-ym-sys-print',
      sortCode: 60,
    }),
  ],
  (tx) =>
    ensureDictionary(tx, {
      enCode: PRINT_DEV_TYPE,
      fullName: '打印模板分类',
      items: [
        ['flow', '流程表单'],
        ['form', '功能表单'],
        ['report', '业务单据'],
      ],
    }),
);
