// Notice attachments and cover pictures. The platform has no general file upload yet (protocol.md §6's chunk
// upload), so the notice screen uploads its files here: POST /api/message/Notice/Uploader stores one file under
// DATA_DIR/files/notice and answers {name, url, fileSize, fileExtension}; the notice keeps them in its `files`
// JSON and `coverImage`. GET /api/message/Notice/File/{name} serves a file to any signed-in user, because
// every recipient of a notice reads its attachments; the stored names are random, as for chat pictures.
import path from 'node:path';
import { z } from 'zod';
import { refuse } from '../../platform/errors.js';
import { fileStore, sendStoredFile, sniffImage, STORED_NAME } from '../../platform/files.js';
import { ok } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import { readUpload } from '../../platform/transfers.js';
import { NOTICE_SCREEN } from './menus.js';
import { m } from './messages.js';

export const NOTICE_FILES = 'notice';
export const NOTICE_FILE_MAX_MB = 20;
const MAX_BYTES = NOTICE_FILE_MAX_MB * 1024 * 1024;
const BASE = '/api/message/Notice';
export const noticeFilePath = (name: string) => `${BASE}/File/${name}`;

const IMAGES = ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'webp'];
/** the file categories of administration.md §9 plus archives; nothing a browser would run */
const ALLOWED = new Set([
  ...IMAGES,
  ...['mp4', 'm3u8', 'rmvb', 'avi', 'swf', '3gp', 'mkv', 'flv'],
  ...['mp3', 'wav', 'wma', 'ogg', 'aac', 'flac'],
  ...['doc', 'txt', 'docx', 'pages', 'epub', 'pdf', 'numbers', 'csv', 'xls', 'xlsx', 'keynote', 'ppt', 'pptx'],
  ...['zip', 'rar', '7z'],
]);

export const noticeFileRoutes = [
  route({
    method: 'POST',
    url: `${BASE}/Uploader`,
    permission: { module: NOTICE_SCREEN },
    summary: `Upload one notice attachment (multipart "file", at most ${NOTICE_FILE_MAX_MB} MB; documents, pictures, audio, video, archives). Field kind=image accepts pictures only (the cover). Answers {name, url, fileSize, fileExtension}`,
    async handler({ app, req }) {
      const upload = await readUpload(req, MAX_BYTES, { key: m.fileTooLarge, params: { size: NOTICE_FILE_MAX_MB } });
      if (!upload.file?.bytes.length) throw refuse(m.fileRequired);
      const { bytes } = upload.file;
      const stated = path.extname(upload.file.name).slice(1).toLowerCase();
      const image = sniffImage(bytes);
      if (upload.fields.kind === 'image' && !image) throw refuse(m.imageOnly);
      if (!ALLOWED.has(stated)) throw refuse(m.fileTypeRefused);
      // a picture is stored under the type its bytes say; something calling itself a picture must be one
      if (IMAGES.includes(stated) && !image) throw refuse(m.imageOnly);
      const extension = image ? image.extension : stated;
      const name = await fileStore(app.config.dataDir).save(NOTICE_FILES, extension, bytes);
      return ok({ name, url: noticeFilePath(name), fileSize: bytes.length, fileExtension: extension }, 'done');
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/File/:name`,
    permission: 'signedIn',
    summary: 'A notice attachment or cover picture, by the name its upload answered',
    params: z.object({ name: z.string().max(100) }),
    async handler({ app, reply, params }) {
      if (!STORED_NAME.test(params.name)) throw refuse('notFound');
      if (!(await sendStoredFile(reply, fileStore(app.config.dataDir), NOTICE_FILES, params.name)))
        throw refuse('notFound');
    },
  }),
];
