// Files: generated downloads, avatars, and the general chunk upload; who reads a stored file (its holder's rule),
// the per-user upload quota, and the periodic job removing stale chunks and stored files nothing holds.
import type { PlatformModule } from '../../platform/module.js';
import { schedulerOf } from '../../platform/scheduler.js';
import { SWEEP_EVERY_MS, SWEEP_KIND, sweepHandler } from './chunks.js';
import { fileRoutes } from './routes.js';

export const fileModule: PlatformModule = {
  name: 'file',
  routes: fileRoutes,
  setup(app) {
    schedulerOf(app).every(SWEEP_KIND, SWEEP_EVERY_MS, sweepHandler(app));
  },
};

// for other modules
export { avatarUrl } from './avatar.js';
export {
  checkQuota,
  mayReadFile,
  registerFileHolder,
  registerStoredFile,
  type FileHolder,
  type FileReader,
  type StoredFile,
} from './holders.js';
export { attachmentFiles } from './attachments.js';
