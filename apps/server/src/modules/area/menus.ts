// The area screen (system/area) under 系统管理, seeded once.
import { standardButtons, type MenuDeclaration } from '../../platform/menus.js';
import { seedMenus } from '../menu/index.js';
import type { DataMigrationSpec } from '../../platform/module.js';

export const areaMenus: MenuDeclaration[] = [
  {
    enCode: 'system.area',
    parent: 'system',
    fullName: '行政区划',
    type: 2,
    icon: 'icon-ym icon-ym-area',
    urlAddress: 'system/area',
    sortCode: 70,
    buttons: standardButtons,
  },
];

export const areaMenuSeed: DataMigrationSpec = {
  name: 'area.menus',
  run: (tx) => seedMenus(tx, areaMenus),
};
