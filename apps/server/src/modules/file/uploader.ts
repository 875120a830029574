// The reference's one-shot calls on stored files:
//   POST /api/file/Uploader/{type}   one file in one multipart request into the store `type` (annex, annexpic),
//                                    with the checks of the chunked upload: extension, size, quota, pictures by
//                                    their bytes; registered as the caller's upload (holders.ts)
//   GET  /api/file/Uploader/Preview  where to preview a stored file the caller may read: pictures, PDF and text
//                                    in the browser; office documents need a preview service, which this server
//                                    does not have, and say so
// Files of any size go through the chunked upload (chunks.ts); this one takes files up to GENERIC_UPLOAD_MAX.
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { refuse } from '../../platform/errors.js';
import { fileStore, IMAGE_EXTENSIONS, sniffImage, STORED_NAME } from '../../platform/files.js';
import { defineMessages } from '../../platform/i18n.js';
import { ok } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import { readUpload } from '../../platform/transfers.js';
import { checkTotal, m as chunkMessages, sizeInMb, statedExtension, UPLOAD_TYPES, type UploadType } from './chunks.js';
import { checkQuota, mayReadFile, registerStoredFile } from './holders.js';

/** the largest file the one-shot upload takes (larger ones use the chunked upload) */
export const GENERIC_UPLOAD_MAX = 20 * 1024 * 1024;
/** documents only a preview service shows */
const OFFICE_EXTENSIONS = new Set(['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'csv', 'pages', 'numbers', 'keynote']);
/** files the browser shows by itself */
const BROWSER_EXTENSIONS = new Set([...IMAGE_EXTENSIONS, 'pdf', 'txt', 'mp4', 'mp3', 'wav', 'ogg']);

export const uploaderMessages = defineMessages('fileUploader', {
  previewNotConfigured: {
    zh: '未配置文件预览服务，无法在线预览该文件，请下载后查看',
    zhtw: '未配置文件預覽服務，無法在線預覽該文件，請下載後查看',
    en: 'No document preview service is configured; download the file to view it',
  },
  previewUnsupported: {
    zh: '该文件类型不支持预览，请下载后查看',
    zhtw: '該文件類型不支持預覽，請下載後查看',
    en: 'Files of this type cannot be previewed; download the file to view it',
  },
  fileMissing: { zh: '文件不存在', zhtw: '文件不存在', en: 'The file does not exist' },
});

const perUser = (req: FastifyRequest) => `${req.ip}|${req.principal?.userId ?? ''}`;
const isUploadType = (type: string): type is UploadType => (UPLOAD_TYPES as readonly string[]).includes(type);

export const uploaderRoutes = [
  route({
    method: 'POST',
    url: '/api/file/Uploader/:type',
    permission: 'signedIn',
    summary: `Upload one file (multipart "file") into the store type (annex, or annexpic for pictures): the chunked upload's checks (allowed extension, size up to ${GENERIC_UPLOAD_MAX / 1024 / 1024} MB and the upload limit, quota, pictures by content); {name, url, fileSize, fileExtension}`,
    params: z.object({ type: z.string().max(40) }),
    rateLimit: { max: 60, timeWindowMs: 60_000, key: perUser },
    async handler({ app, req, params, principal }) {
      if (!isUploadType(params.type)) throw refuse(chunkMessages.typeRefused);
      const maxBytes = Math.min(app.config.uploadLimit, GENERIC_UPLOAD_MAX);
      const upload = await readUpload(req, maxBytes, {
        key: chunkMessages.fileTooLarge,
        params: { size: sizeInMb(maxBytes) },
      });
      if (!upload.file) throw refuse(chunkMessages.fileRequired);
      const { name: fileName, bytes } = upload.file;
      const stated = statedExtension(upload.fields.extension ?? '', fileName);
      checkTotal(bytes.length, maxBytes);
      const image = sniffImage(bytes.subarray(0, 64));
      if (!image && (params.type === 'annexpic' || IMAGE_EXTENSIONS.includes(stated)))
        throw refuse(chunkMessages.imageOnly);
      await checkQuota(app, principal.userId, bytes.length);
      const extension = image ? image.extension : stated;
      const name = await fileStore(app.config).save(params.type, extension, bytes);
      await registerStoredFile(app, { name, store: params.type, userId: principal.userId, size: bytes.length });
      return ok({
        name,
        url: `/api/file/Image/${params.type}/${name}`,
        fileSize: bytes.length,
        fileExtension: extension,
        fileName,
      });
    },
  }),
  route({
    method: 'GET',
    url: '/api/file/Uploader/Preview',
    permission: 'signedIn',
    summary:
      'Where to preview a stored file (fileName: its stored name; type annex (default) or annexpic): data = the address for pictures, PDF, text and media; office documents answer "no preview service configured"',
    query: z.object({
      fileName: z.string().max(100).optional().default(''),
      type: z.string().max(40).optional().default('annex'),
    }),
    rateLimit: { max: 300, timeWindowMs: 60_000, key: perUser },
    async handler({ app, query, principal }) {
      const name = query.fileName.trim();
      // one answer for "not yours" and "not there", as the file itself answers
      if (!isUploadType(query.type) || !STORED_NAME.test(name)) throw refuse(uploaderMessages.fileMissing);
      if (!(await mayReadFile(app, principal, query.type, name))) throw refuse(uploaderMessages.fileMissing);
      if (!(await fileStore(app.config).exists(query.type, name))) throw refuse(uploaderMessages.fileMissing);
      const extension = path.extname(name).slice(1).toLowerCase();
      if (OFFICE_EXTENSIONS.has(extension)) throw refuse(uploaderMessages.previewNotConfigured);
      if (!BROWSER_EXTENSIONS.has(extension)) throw refuse(uploaderMessages.previewUnsupported);
      return ok(`/api/file/Image/${query.type}/${name}`);
    },
  }),
];
