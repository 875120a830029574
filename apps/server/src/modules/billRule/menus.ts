// The number-rule screen under 系统管理.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import type { MenuDeclaration } from '../../platform/menus.js';

export const billRuleMenus: MenuDeclaration[] = [
  {
    ...BUILT_IN_MENUS.billRule,
    parent: MENU_DIRECTORY.system,
    fullName: '单据规则',
    type: 2,
    icon: 'icon-ym icon-ym-documents',
    sortCode: 40,
  },
];
