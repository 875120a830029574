// What the platform's record attachments (platform/attachments.ts: notices, schedules) need of this module: the
// quota before a file is stored, its registration after, and the reading rule.
import type { AttachmentFiles } from '../../platform/attachments.js';
import { checkQuota, mayReadFile, registerStoredFile } from './holders.js';

export const attachmentFiles: AttachmentFiles = {
  beforeStore: (app, userId, size) => checkQuota(app, userId, size),
  stored: (app, file) => registerStoredFile(app, file),
  mayRead: mayReadFile,
};
