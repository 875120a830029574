// The schedule screen (system/schedule) under 系统管理, seeded once. Its calls are every signed-in user's own,
// so the menu only decides whether the screen shows.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu } from '../../platform/menus.js';
import { menuSeedMigration } from '../menu/index.js';

export const scheduleSeed = menuSeedMigration('schedule.menus', [
  screenMenu(BUILT_IN_MENUS.schedule, MENU_DIRECTORY.system, {
    fullName: '日程安排',
    icon: 'icon-ym icon-ym-extend-schedule',
    sortCode: 90,
  }),
]);
