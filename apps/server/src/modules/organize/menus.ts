// The organisation and department screens, seeded under the "permission" directory.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import type { MenuDeclaration } from '../../platform/menus.js';
import { seedMenus } from '../menu/index.js';
import type { DataMigrationSpec } from '../../platform/module.js';

export const organizeMenus: MenuDeclaration[] = [
  {
    ...BUILT_IN_MENUS.organize,
    parent: MENU_DIRECTORY.permission,
    fullName: '组织管理',
    type: 2,
    icon: 'icon-ym icon-ym-tree-organization3',
    sortCode: 10,
  },
  {
    ...BUILT_IN_MENUS.department,
    parent: MENU_DIRECTORY.permission,
    fullName: '部门管理',
    type: 2,
    icon: 'icon-ym icon-ym-tree-department1',
    sortCode: 20,
  },
];

export const organizeMenuSeed: DataMigrationSpec = {
  name: 'organize.menus',
  run: (tx) => seedMenus(tx, organizeMenus),
};
