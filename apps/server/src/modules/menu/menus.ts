// The menu screen, seeded under the "system" directory. Its buttons guard the writes of the menu calls and
// of every permission item (buttons, columns, forms, data permissions) configured on that screen.
import { standardButtons, type MenuDeclaration } from '../../platform/menus.js';
import { seedMenus } from './seedMenus.js';
import type { DataMigrationSpec } from '../../platform/module.js';

export const MENU_SCREEN = 'system.menu';

export const menuMenus: MenuDeclaration[] = [
  {
    enCode: MENU_SCREEN,
    parent: 'system',
    fullName: '菜单管理',
    type: 2,
    icon: 'icon-ym icon-ym-systemMenu',
    urlAddress: 'system/menu',
    sortCode: 10,
    buttons: [
      ...standardButtons,
      { enCode: 'btn_export', fullName: '导出' },
      { enCode: 'btn_import', fullName: '导入' },
    ],
  },
];

export const menuSeed: DataMigrationSpec = {
  name: 'menu.menus',
  run: (tx) => seedMenus(tx, menuMenus),
};
