// Notice attachments and cover pictures (the platform's attachment routes): POST /api/message/Notice/Uploader
// for whoever has the notice screen, GET /api/message/Notice/File/{name} for every signed-in user, because
// every recipient of a notice reads its attachments. The notice keeps them in its `files` JSON and `coverImage`.
import { attachmentRoutes } from '../../platform/attachments.js';
import { NOTICE_SCREEN } from './menus.js';

export const noticeFileRoutes = attachmentRoutes({
  base: '/api/message/Notice',
  category: 'notice',
  uploadPermission: { module: NOTICE_SCREEN },
  maxMb: 20,
  subject: 'notice',
});
