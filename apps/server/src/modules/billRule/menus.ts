// The number-rule screen under 系统管理, seeded once.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu } from '../../platform/menus.js';
import { menuSeedMigration } from '../menu/index.js';

export const billRuleSeed = menuSeedMigration('billRule.seed', [
  screenMenu(BUILT_IN_MENUS.billRule, MENU_DIRECTORY.system, {
    fullName: '单据规则',
    icon: 'icon-ym icon-ym-documents',
    sortCode: 40,
  }),
]);
