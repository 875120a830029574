// The number-rule screen under 系统管理.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu, type MenuDeclaration } from '../../platform/menus.js';

export const billRuleMenus: MenuDeclaration[] = [
  screenMenu(BUILT_IN_MENUS.billRule, MENU_DIRECTORY.system, {
    fullName: '单据规则',
    icon: 'icon-ym icon-ym-documents',
    sortCode: 40,
  }),
];
