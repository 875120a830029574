// Schedules with repeats, participants and reminders (the reminders are scheduler jobs).
import type { PlatformModule } from '../../platform/module.js';
import { schedulerOf } from '../../platform/scheduler.js';
import { registerFileHolder } from '../file/index.js';
import { SCHEDULE_STORE, scheduleFileHolder } from './files.js';
import { scheduleSeed } from './menus.js';
import { scheduleRoutes } from './routes.js';
import { REMIND_KIND, remindHandler } from './service.js';

export const scheduleModule: PlatformModule = {
  name: 'schedule',
  routes: scheduleRoutes,
  dataMigrations: [scheduleSeed],
  setup(app) {
    schedulerOf(app).register(REMIND_KIND, remindHandler(app));
    registerFileHolder(app, SCHEDULE_STORE, scheduleFileHolder);
  },
};
