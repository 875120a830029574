// The electronic seal screen (system/signature) under 系统管理, seeded once.
import { standardButtons, type MenuDeclaration } from '../../platform/menus.js';
import { seedMenus } from '../menu/index.js';
import type { DataMigrationSpec } from '../../platform/module.js';

export const signatureMenus: MenuDeclaration[] = [
  {
    enCode: 'system.signature',
    parent: 'system',
    fullName: '电子签章',
    type: 2,
    icon: 'icon-ym icon-ym-signature',
    urlAddress: 'system/signature',
    sortCode: 60,
    buttons: standardButtons,
  },
];

export const signatureMenuSeed: DataMigrationSpec = {
  name: 'signature.menus',
  run: (tx) => seedMenus(tx, signatureMenus),
};
