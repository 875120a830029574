// The online-users screen, seeded under the "permission" directory.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu, type MenuDeclaration } from '../../platform/menus.js';
import { readdressSeededMenu, seedMenus } from '../menu/index.js';
import type { DataMigrationSpec } from '../../platform/module.js';

export const ONLINE_USER_SCREEN = BUILT_IN_MENUS.onlineUser.enCode;

export const onlineUserMenus: MenuDeclaration[] = [
  screenMenu(BUILT_IN_MENUS.onlineUser, MENU_DIRECTORY.permission, {
    fullName: '在线用户',
    icon: 'icon-ym icon-ym-onlineUser',
    sortCode: 90,
  }),
];

export const onlineUserSeed: DataMigrationSpec = {
  name: 'onlineUser.menus',
  run: (tx) => seedMenus(tx, onlineUserMenus),
};

/** databases seeded before the screen took the reference platform's address permission/userOnline */
export const onlineUserAddressMove: DataMigrationSpec = {
  name: 'onlineUser.menuAddress',
  run: (tx) =>
    readdressSeededMenu(tx, {
      enCode: ONLINE_USER_SCREEN,
      from: 'permission/onlineUser',
      to: BUILT_IN_MENUS.onlineUser.urlAddress,
    }),
};
