// System notices: written, released to their recipients as in-site messages.
import type { PlatformModule } from '../../platform/module.js';
import { registerFileHolder } from '../file/index.js';
import { NOTICE_STORE, noticeFileHolder } from './attachments.js';
import { noticeSeed } from './menus.js';
import { noticeRoutes } from './routes.js';

export const noticeModule: PlatformModule = {
  name: 'notice',
  routes: noticeRoutes,
  dataMigrations: [noticeSeed],
  setup(app) {
    registerFileHolder(app, NOTICE_STORE, noticeFileHolder);
  },
};
