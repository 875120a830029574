// The online-users screen, seeded under the "permission" directory.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu } from '../../platform/menus.js';
import { menuAddressMigration, menuSeedMigration } from '../menu/index.js';

export const onlineUserSeed = menuSeedMigration('onlineUser.menus', [
  screenMenu(BUILT_IN_MENUS.onlineUser, MENU_DIRECTORY.permission, {
    fullName: '在线用户',
    icon: 'icon-ym icon-ym-onlineUser',
    sortCode: 90,
  }),
]);

/** databases seeded before the screen took the reference platform's address permission/userOnline */
export const onlineUserAddressMove = menuAddressMigration(
  'onlineUser.menuAddress',
  BUILT_IN_MENUS.onlineUser,
  'permission/onlineUser',
);
