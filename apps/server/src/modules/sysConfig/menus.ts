// The system configuration screen (system/sysConfig) under 系统管理, seeded once.
import type { MenuDeclaration } from '../../platform/menus.js';
import { seedMenus } from '../menu/index.js';
import type { DataMigrationSpec } from '../../platform/module.js';

export const sysConfigMenus: MenuDeclaration[] = [
  {
    enCode: 'system.sysConfig',
    parent: 'system',
    fullName: '系统配置',
    type: 2,
    icon: 'icon-ym icon-ym-systemConfig',
    urlAddress: 'system/sysConfig',
    sortCode: 10,
    // every change on the screen (settings, administrators, tests, synchronisation) is an edit
    buttons: [{ enCode: 'btn_edit', fullName: '编辑' }],
  },
];

export const sysConfigMenuSeed: DataMigrationSpec = {
  name: 'sysConfig.menus',
  run: (tx) => seedMenus(tx, sysConfigMenus),
};
