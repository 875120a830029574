// The permission-group and grants screen, seeded under the "permission" directory.
import { standardButtons, type MenuDeclaration } from '../../platform/menus.js';
import { seedMenus } from '../menu/index.js';
import type { DataMigrationSpec } from '../../platform/module.js';

export const AUTHORIZE_SCREEN = 'permission.authorize';

export const permissionGroupMenus: MenuDeclaration[] = [
  {
    enCode: AUTHORIZE_SCREEN,
    parent: 'permission',
    fullName: '权限组',
    type: 2,
    icon: 'icon-ym icon-ym-authGroup',
    urlAddress: 'permission/authorize',
    sortCode: 80,
    buttons: [
      ...standardButtons,
      { enCode: 'btn_copy', fullName: '复制' },
      { enCode: 'btn_member', fullName: '权限成员' },
      { enCode: 'btn_auth', fullName: '权限设置' },
      { enCode: 'btn_batchAuth', fullName: '批量授权' },
    ],
  },
];

export const permissionGroupSeed: DataMigrationSpec = {
  name: 'permissionGroup.menus',
  run: (tx) => seedMenus(tx, permissionGroupMenus),
};
