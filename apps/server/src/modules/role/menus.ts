// The role screen.
import { standardButtons, type MenuDeclaration } from '../../platform/menus.js';
import { seedMenus } from '../menu/index.js';
import type { DataMigrationSpec } from '../../platform/module.js';
import { ROLE_MENU } from '../organize/index.js';

export const roleMenus: MenuDeclaration[] = [
  {
    enCode: ROLE_MENU,
    parent: 'permission',
    fullName: '角色管理',
    type: 2,
    icon: 'icon-ym icon-ym-generator-role',
    urlAddress: 'permission/role',
    sortCode: 50,
    buttons: standardButtons,
  },
];

export const roleMenuSeed: DataMigrationSpec = {
  name: 'role.menus',
  run: (tx) => seedMenus(tx, roleMenus),
};
