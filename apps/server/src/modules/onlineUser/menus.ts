// The online-users screen, seeded under the "permission" directory.
import type { MenuDeclaration } from '../../platform/menus.js';
import { seedMenus } from '../menu/index.js';
import type { DataMigrationSpec } from '../../platform/module.js';

export const ONLINE_USER_SCREEN = 'permission.onlineUser';

export const onlineUserMenus: MenuDeclaration[] = [
  {
    enCode: ONLINE_USER_SCREEN,
    parent: 'permission',
    fullName: '在线用户',
    type: 2,
    icon: 'icon-ym icon-ym-onlineUser',
    urlAddress: 'permission/onlineUser',
    sortCode: 90,
    buttons: [{ enCode: 'btn_offline', fullName: '强制下线' }],
  },
];

export const onlineUserSeed: DataMigrationSpec = {
  name: 'onlineUser.menus',
  run: (tx) => seedMenus(tx, onlineUserMenus),
};
