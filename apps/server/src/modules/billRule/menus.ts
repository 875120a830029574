// The number-rule screen (spec administration.md §2.5) under 系统管理.
import { standardButtons, type MenuDeclaration } from '../../platform/menus.js';

export const billRuleMenus: MenuDeclaration[] = [
  {
    enCode: 'system.billRule',
    parent: 'system',
    fullName: '单据规则',
    type: 2,
    icon: 'icon-ym icon-ym-documents',
    urlAddress: 'system/billRule',
    sortCode: 40,
    buttons: [
      ...standardButtons,
      { enCode: 'btn_import', fullName: '导入' },
      { enCode: 'btn_export', fullName: '导出' },
    ],
  },
];
