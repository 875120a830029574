// The permission-group and grants screen, seeded under the "permission" directory.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu } from '../../platform/menus.js';
import { menuSeedMigration } from '../menu/index.js';

export const permissionGroupSeed = menuSeedMigration('permissionGroup.menus', [
  screenMenu(BUILT_IN_MENUS.authorize, MENU_DIRECTORY.permission, {
    fullName: '权限组',
    icon: 'icon-ym icon-ym-authGroup',
    sortCode: 80,
  }),
]);
