// The schedule screen (system/schedule) under 系统管理, seeded once. Its calls are every signed-in user's own,
// so the menu only decides whether the screen shows.
import type { MenuDeclaration } from '../../platform/menus.js';
import { seedMenus } from '../menu/index.js';
import type { DataMigrationSpec } from '../../platform/module.js';

export const scheduleMenus: MenuDeclaration[] = [
  {
    enCode: 'system.schedule',
    parent: 'system',
    fullName: '日程安排',
    type: 2,
    icon: 'icon-ym icon-ym-extend-schedule',
    urlAddress: 'system/schedule',
    sortCode: 90,
  },
];

export const scheduleSeed: DataMigrationSpec = {
  name: 'schedule.menus',
  run: (tx) => seedMenus(tx, scheduleMenus),
};
