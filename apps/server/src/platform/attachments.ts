// Attachments of a record (a notice, a schedule): one-shot uploads kept apart from the general chunk upload
// (modules/file/chunks.ts) in their own folder; a screen that keeps files gets its own pair of routes from here:
//   POST {base}/Uploader   stores one file under DATA_DIR/files/{category} and answers
//                          {name, url, fileSize, fileExtension}; the record keeps them in its `files` JSON
//   GET  {base}/File/{name} serves a file to whom `files.mayRead` lets read it: its uploader, administrators
//                          and whoever may see a record holding it (a notice's recipients and editors, a
//                          schedule's creator and participants); to anyone else it is "not found".
// The upload is held to the user's quota and registered as theirs (`files`, the file module's face), so that the
// sweep removes the files no record holds once their grace period is over.
import path from 'node:path';
import { z } from 'zod';
import { refuse } from './errors.js';
import { fileStore, IMAGE_EXTENSIONS, sendStoredFile, sniffImage, STORED_NAME, UPLOAD_EXTENSIONS } from './files.js';
import { defineMessages } from './i18n.js';
import { ok } from './result.js';
import type { AppContext, Principal } from './context.js';
import { route, type Permission } from './route.js';
import { readUpload } from './transfers.js';
import { msg } from './validation.js';

const m = defineMessages('attachments', {
  fileRequired: { zh: '请选择文件', zhtw: '請選擇文件', en: 'Choose a file' },
  fileTooLarge: {
    zh: '文件大小不能超过{size}MB',
    zhtw: '文件大小不能超過{size}MB',
    en: 'The file cannot be larger than {size} MB',
  },
  fileTypeRefused: {
    zh: '上传失败，文件格式不允许上传',
    zhtw: '上傳失敗，文件格式不允許上傳',
    en: 'Upload failed: files of this type are not allowed',
  },
  imageOnly: { zh: '请选择图片文件', zhtw: '請選擇圖片文件', en: 'Choose a picture' },
  filesInvalid: { zh: '附件格式错误', zhtw: '附件格式錯誤', en: 'The attachment list is not valid' },
});

/** a record's attachments in a request: a JSON list, sent as its text (the reference) or as the list itself */
export const attachmentList = z
  .union([z.string().max(50_000), z.array(z.record(z.string(), z.unknown())).max(100)])
  .nullish()
  .transform((v, ctx) => {
    if (v == null || v === '') return '[]';
    if (Array.isArray(v)) return JSON.stringify(v);
    try {
      if (Array.isArray(JSON.parse(v))) return v;
    } catch {
      // refused below
    }
    ctx.addIssue({ code: 'custom', message: msg(m.filesInvalid) });
    return z.NEVER;
  });

/** the file module's bookkeeping of stored uploads (its face's attachmentFiles) */
export interface AttachmentFiles {
  /** refuses (with the quota's message) an upload of `size` bytes the user has no room for */
  beforeStore(app: AppContext, userId: string, size: number): Promise<void>;
  /** registers the stored file as the user's upload */
  stored(app: AppContext, file: { name: string; store: string; userId: string; size: number }): Promise<void>;
  /** may the user read the file of this store */
  mayRead(
    app: AppContext,
    reader: Pick<Principal, 'userId' | 'isAdministrator'>,
    store: string,
    name: string,
  ): Promise<boolean>;
}

export interface AttachmentOptions {
  /** the record's API root, e.g. /api/message/Notice: the routes are {base}/Uploader and {base}/File/:name */
  base: string;
  /** the folder under DATA_DIR/files, e.g. notice */
  category: string;
  /** who may upload; reading is for whom files.mayRead lets */
  uploadPermission: Permission;
  files: AttachmentFiles;
  /** the largest file, in MB */
  maxMb: number;
  /** what the files belong to, for the route summaries, e.g. "notice" */
  subject?: string;
}

/** the upload and serve routes of one kind of record's attachments */
export function attachmentRoutes({
  base,
  category,
  uploadPermission,
  files,
  maxMb,
  subject = category,
}: AttachmentOptions) {
  const maxBytes = Math.floor(maxMb * 1024 * 1024);
  return [
    route({
      method: 'POST',
      url: `${base}/Uploader`,
      permission: uploadPermission,
      summary: `Upload one ${subject} attachment (multipart "file", at most ${maxMb} MB; documents, pictures, audio, video, archives). Field kind=image accepts pictures only (a cover). Answers {name, url, fileSize, fileExtension}`,
      async handler({ app, req, principal }) {
        const upload = await readUpload(req, maxBytes, { key: m.fileTooLarge, params: { size: maxMb } });
        if (!upload.file?.bytes.length) throw refuse(m.fileRequired);
        const { bytes } = upload.file;
        const stated = path.extname(upload.file.name).slice(1).toLowerCase();
        const image = sniffImage(bytes);
        if (upload.fields.kind === 'image' && !image) throw refuse(m.imageOnly);
        if (!UPLOAD_EXTENSIONS.has(stated)) throw refuse(m.fileTypeRefused);
        // a picture is stored under the type its bytes say; something calling itself a picture must be one
        if (IMAGE_EXTENSIONS.includes(stated) && !image) throw refuse(m.imageOnly);
        const extension = image ? image.extension : stated;
        await files.beforeStore(app, principal.userId, bytes.length);
        const name = await fileStore(app.config).save(category, extension, bytes);
        await files.stored(app, { name, store: category, userId: principal.userId, size: bytes.length });
        return ok({ name, url: `${base}/File/${name}`, fileSize: bytes.length, fileExtension: extension }, 'done');
      },
    }),
    route({
      method: 'GET',
      url: `${base}/File/:name`,
      permission: 'signedIn',
      summary: `A ${subject} attachment, by the name its upload answered, to its uploader, administrators and whoever may see a ${subject} holding it (else "not found")`,
      params: z.object({ name: z.string().max(100) }),
      async handler({ app, reply, params, principal }) {
        if (!STORED_NAME.test(params.name)) throw refuse('notFound');
        if (!(await files.mayRead(app, principal, category, params.name))) throw refuse('notFound');
        if (!(await sendStoredFile(reply, fileStore(app.config), category, params.name))) throw refuse('notFound');
      },
    }),
  ];
}
