// The applications screen, seeded under the "system" directory.
import { standardButtons, type MenuDeclaration } from '../../platform/menus.js';
import { seedMenus } from '../menu/index.js';
import type { DataMigrationSpec } from '../../platform/module.js';

export const SYSTEM_SCREEN = 'system.system';

export const systemMenus: MenuDeclaration[] = [
  {
    enCode: SYSTEM_SCREEN,
    parent: 'system',
    fullName: '应用管理',
    type: 2,
    icon: 'icon-ym icon-ym-sysApplication',
    urlAddress: 'system/system',
    sortCode: 15,
    buttons: standardButtons,
  },
];

export const systemSeed: DataMigrationSpec = {
  name: 'system.menus',
  run: (tx) => seedMenus(tx, systemMenus),
};
