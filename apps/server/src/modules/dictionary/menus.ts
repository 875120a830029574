// The dictionary management screen (spec administration.md §2.1–2.4) under 系统数据.
import { standardButtons, type MenuDeclaration } from '../../platform/menus.js';

export const dictionaryMenus: MenuDeclaration[] = [
  {
    enCode: 'systemData.dictionary',
    parent: 'systemData',
    fullName: '数据字典',
    type: 2,
    icon: 'icon-ym icon-ym-sysDictionary',
    urlAddress: 'systemData/dictionary',
    sortCode: 10,
    buttons: [
      ...standardButtons,
      { enCode: 'btn_import', fullName: '导入' },
      { enCode: 'btn_export', fullName: '导出' },
    ],
  },
];
