// The electronic seal screen (system/signature) under 系统管理, seeded once.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu, type MenuDeclaration } from '../../platform/menus.js';
import { seedMenus } from '../menu/index.js';
import type { DataMigrationSpec } from '../../platform/module.js';

export const signatureMenus: MenuDeclaration[] = [
  screenMenu(BUILT_IN_MENUS.signature, MENU_DIRECTORY.system, {
    fullName: '电子签章',
    icon: 'icon-ym icon-ym-signature',
    sortCode: 60,
  }),
];

export const signatureMenuSeed: DataMigrationSpec = {
  name: 'signature.menus',
  run: (tx) => seedMenus(tx, signatureMenus),
};
