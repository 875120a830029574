// 打包下载: several stored files (all files of a record's upload field, as the reference's upload widget sends
// them) as one zip.
//   POST /api/file/PackDownload/{type}  body [{fileId, fileName}] (or {list: [...]}): every file must be one the
//        caller may read (holders.ts), else the call is refused and nothing is offered; answers the reference's
//        {downloadVo: {name, url}, downloadName}
//   GET  /api/file/PackDownload/{ticket}/{name}  the zip, built while it is sent: the files are read one at a time
//        from the store into the zip stream, so no file and no zip is ever held whole in memory
// The link carries an unguessable ticket valid ten minutes (transfers.ts), as every export's does: browsers
// download without the token.
import { once } from 'node:events';
import path from 'node:path';
import archiver from 'archiver';
import { z } from 'zod';
import { refuse } from '../../platform/errors.js';
import { contentDisposition, fileStore, STORED_NAME } from '../../platform/files.js';
import { defineMessages } from '../../platform/i18n.js';
import { ok } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import { findDownload, safeFileName, storeTicket, TICKET_PATTERN } from '../../platform/transfers.js';
import { msg } from '../../platform/validation.js';
import { UPLOAD_TYPES, type UploadType } from './chunks.js';
import { mayReadFile } from './holders.js';

export const PACK_BASE = '/api/file/PackDownload';
/** files one zip may hold */
export const MAX_PACK_FILES = 200;

const m = defineMessages('filePack', {
  noFiles: { zh: '未发现文件', zhtw: '未發現文件', en: 'There are no files to download' },
  tooMany: {
    zh: '一次最多打包下载{max}个文件',
    zhtw: '一次最多打包下載{max}個文件',
    en: 'At most {max} files can be downloaded together',
  },
  fileMissing: { zh: '文件{name}不存在', zhtw: '文件{name}不存在', en: 'The file {name} does not exist' },
  typeRefused: { zh: '不支持的文件类别', zhtw: '不支持的文件類別', en: 'Unknown file category' },
});

const fileEntry = z.object({
  fileId: z.string().trim().max(100),
  fileName: z.string().trim().max(255).optional().default(''),
});
const packBody = z.preprocess(
  (v) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as { list?: unknown }).list : v),
  // more than MAX_PACK_FILES is refused by the handler, with the limit in the message
  z.array(fileEntry, { error: msg(m.noFiles) }).max(10_000),
);

interface PackEntry {
  fileId: string;
  /** the name inside the zip */
  entry: string;
}
interface PackManifest {
  type: UploadType;
  files: PackEntry[];
}

/** names inside the zip: the given names made safe, each once ("a.txt", "a(2).txt", …), keeping the extension */
function entryNames(files: { fileId: string; fileName: string }[]): PackEntry[] {
  const used = new Set<string>();
  return files.map(({ fileId, fileName }) => {
    const stored = path.extname(fileId);
    let base = safeFileName(fileName || fileId).replace(/^\.+/, '') || fileId;
    if (path.extname(base).toLowerCase() !== stored.toLowerCase()) base = `${base}${stored}`;
    const ext = path.extname(base);
    const stem = base.slice(0, base.length - ext.length);
    let entry = base;
    for (let n = 2; used.has(entry.toLowerCase()); n++) entry = `${stem}(${n})${ext}`;
    used.add(entry.toLowerCase());
    return { fileId, entry };
  });
}

const zipName = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}.zip`;
};

export const packRoutes = [
  route({
    method: 'POST',
    url: `${PACK_BASE}/:type`,
    permission: 'signedIn',
    summary: `Zip several stored files of the store type (annex, annexpic): body [{fileId, fileName}] or {list}, at most ${MAX_PACK_FILES}, each one the caller may read; {downloadVo: {name, url}, downloadName}, the url streams the zip`,
    params: z.object({ type: z.string().max(40) }),
    body: packBody,
    rateLimit: { max: 30, timeWindowMs: 60_000 },
    async handler({ app, params, body, principal }) {
      if (!(UPLOAD_TYPES as readonly string[]).includes(params.type)) throw refuse(m.typeRefused);
      const type = params.type as UploadType;
      if (!body.length) throw refuse(m.noFiles);
      if (body.length > MAX_PACK_FILES) throw refuse(m.tooMany, { max: MAX_PACK_FILES });
      const store = fileStore(app.config);
      for (const file of body) {
        // one answer for "not yours" and "not there": a name tells nothing about its file
        const readable =
          STORED_NAME.test(file.fileId) &&
          (await mayReadFile(app, principal, type, file.fileId)) &&
          (await store.exists(type, file.fileId));
        if (!readable) throw refuse(m.fileMissing, { name: file.fileName || file.fileId });
      }
      const manifest: PackManifest = { type, files: entryNames(body) };
      const downloadName = zipName();
      const ticket = await storeTicket(app, principal.userId, 'pack', downloadName, JSON.stringify(manifest));
      const url = `${PACK_BASE}/${ticket}/${encodeURIComponent(downloadName)}`;
      return ok({ downloadVo: { name: downloadName, url }, downloadName });
    },
  }),
  route({
    method: 'GET',
    url: `${PACK_BASE}/:ticket/:name`,
    permission: 'public',
    summary:
      'The zip a pack download offered, streamed, by its unguessable link (valid ten minutes; the ticket is the credential)',
    params: z.object({ ticket: z.string().regex(TICKET_PATTERN, msg('downloadExpired')), name: z.string().max(300) }),
    rateLimit: { max: 60, timeWindowMs: 60_000 },
    async handler({ app, params, reply, req }) {
      const found = await findDownload(app, params.ticket, 'pack');
      if (!found) throw refuse('downloadExpired');
      const manifest = JSON.parse(found.content.toString('utf8')) as PackManifest;
      const store = fileStore(app.config);
      const zip = archiver('zip', { zlib: { level: 6 } });
      zip.on('warning', (err) => req.log.warn({ err }, 'pack download'));
      // the files go in one at a time: the next is opened once the zip has taken the last
      const fill = async () => {
        for (const file of manifest.files) {
          const body = await store.open(manifest.type, file.fileId);
          if (!body) continue;
          zip.append(body.body, { name: file.entry });
          await once(zip, 'entry');
        }
        await zip.finalize();
      };
      fill().catch((err: unknown) => zip.destroy(err as Error));
      await reply
        .header('Content-Type', 'application/zip')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', contentDisposition('attachment', found.fileName))
        .send(zip);
    },
  }),
];
