// The schedule screen (system/schedule) under 系统管理, seeded once. Its calls are every signed-in user's own,
// so the menu only decides whether the screen shows.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu, type MenuDeclaration } from '../../platform/menus.js';
import { seedMenus } from '../menu/index.js';
import type { DataMigrationSpec } from '../../platform/module.js';

export const scheduleMenus: MenuDeclaration[] = [
  screenMenu(BUILT_IN_MENUS.schedule, MENU_DIRECTORY.system, {
    fullName: '日程安排',
    icon: 'icon-ym icon-ym-extend-schedule',
    sortCode: 90,
  }),
];

export const scheduleSeed: DataMigrationSpec = {
  name: 'schedule.menus',
  run: (tx) => seedMenus(tx, scheduleMenus),
};
