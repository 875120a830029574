// The organisation and department screens, seeded under the "permission" directory.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu } from '../../platform/menus.js';
import { menuSeedMigration } from '../menu/index.js';

const organizeLooks = { fullName: '组织管理', icon: 'icon-ym icon-ym-tree-organization3', sortCode: 10 };
const departmentLooks = { fullName: '部门管理', icon: 'icon-ym icon-ym-tree-department1', sortCode: 20 };

export const organizeMenuSeed = menuSeedMigration('organize.menus', [
  screenMenu(BUILT_IN_MENUS.organize, MENU_DIRECTORY.permission, organizeLooks),
  screenMenu(BUILT_IN_MENUS.department, MENU_DIRECTORY.permission, departmentLooks),
]);
