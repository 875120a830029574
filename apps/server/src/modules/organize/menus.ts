// The organisation and department screens, seeded under the "permission" directory.
import { standardButtons, type MenuDeclaration } from '../../platform/menus.js';
import { seedMenus } from '../menu/index.js';
import type { DataMigrationSpec } from '../../platform/module.js';
import { DEPARTMENT_MENU, ORGANIZE_MENU } from './access.js';

export const organizeMenus: MenuDeclaration[] = [
  {
    enCode: ORGANIZE_MENU,
    parent: 'permission',
    fullName: '组织管理',
    type: 2,
    icon: 'icon-ym icon-ym-tree-organization3',
    urlAddress: 'permission/organize',
    sortCode: 10,
    buttons: standardButtons,
  },
  {
    enCode: DEPARTMENT_MENU,
    parent: 'permission',
    fullName: '部门管理',
    type: 2,
    icon: 'icon-ym icon-ym-tree-department1',
    urlAddress: 'permission/department',
    sortCode: 20,
    buttons: standardButtons,
  },
];

export const organizeMenuSeed: DataMigrationSpec = {
  name: 'organize.menus',
  run: (tx) => seedMenus(tx, organizeMenus),
};
