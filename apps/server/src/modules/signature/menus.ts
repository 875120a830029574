// The electronic seal screen (system/signature) under 系统管理, seeded once.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu } from '../../platform/menus.js';
import { menuSeedMigration } from '../menu/index.js';

export const signatureMenuSeed = menuSeedMigration('signature.menus', [
  screenMenu(BUILT_IN_MENUS.signature, MENU_DIRECTORY.system, {
    fullName: '电子签章',
    icon: 'icon-ym icon-ym-signature',
    sortCode: 60,
  }),
]);
