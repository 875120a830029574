// /api/systemData/DataBackup: the backup screen's calls, administrators only. Making and restoring a backup
// are background tasks: the call answers a task id, and the screen polls the task's progress.
import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { z } from 'zod';
import { refuse } from '../../platform/errors.js';
import { contentDisposition } from '../../platform/files.js';
import { t } from '../../platform/i18n.js';
import { actorOf } from '../../platform/request.js';
import { ok } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import { m } from './messages.js';
import {
  BACKUP_NAME,
  backupPath,
  downloadTicket,
  findTicket,
  listBackups,
  readJob,
  removeBackup,
  startBackup,
  startRestore,
  storeUpload,
} from './service.js';

const BASE = '/api/systemData/DataBackup';

const nameParams = z.object({ name: z.string().max(100).regex(BACKUP_NAME, m.notFound) });

/** a yes given as true, 1 or "true" (JSON or form) */
const yes = z
  .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['true', 'false', '1', '0'])])
  .optional()
  .transform((v) => v === true || v === 1 || v === 'true' || v === '1');

const list = route({
  method: 'GET',
  url: BASE,
  permission: 'admin',
  summary:
    'The stored backups (DATA_DIR/backups), newest first: {list: [{name, size, createdAt, platformVersion, engine, tables, rows, files, fileBytes}]}',
  async handler({ app }) {
    return ok({ list: await listBackups(app) });
  },
});

const create = route({
  method: 'POST',
  url: BASE,
  permission: 'admin',
  summary:
    'Start a backup of the whole platform (database and files) into a new stored archive: {jobId, name}; poll the task for its progress',
  async handler({ app, req }) {
    return ok(await startBackup(app, actorOf(req)));
  },
});

const job = route({
  method: 'GET',
  url: `${BASE}/Jobs/:jobId`,
  permission: 'admin',
  summary:
    'A backup or restore task: {id, kind, state (running, done, failed), phase, done, total, item, name, result {tables, rows, files}, error}',
  params: z.object({ jobId: z.string().regex(/^[0-9a-f]{24}$/, m.jobNotFound) }),
  async handler({ app, params, lang }) {
    const { failure, ...state } = await readJob(app, params.jobId);
    const error = !failure
      ? null
      : 'key' in failure
        ? t(lang, failure.key, failure.params)
        : t(lang, m.failed, { reason: failure.text });
    return ok({ ...state, error });
  },
});

const upload = route({
  method: 'POST',
  url: `${BASE}/Actions/Upload`,
  permission: 'admin',
  summary:
    'Upload a backup archive (multipart "file", .tar.gz, at most the upload limit): checked entry by entry against its manifest, then stored; answers its summary',
  async handler({ app, req }) {
    if (!req.isMultipart()) throw refuse(m.fileRequired);
    const file = await req.file({ limits: { fileSize: app.config.uploadLimit, files: 1 } });
    if (!file) throw refuse(m.fileRequired);
    return ok(await storeUpload(app, file.file, () => file.file.truncated));
  },
});

const restore = route({
  method: 'POST',
  url: `${BASE}/:name/Actions/Restore`,
  permission: 'admin',
  summary:
    'Replace the whole platform (every table, every file) with a stored backup. confirm must be true; a platform holding records or files of its own is refused unless force is true. Answers {jobId}; afterwards everyone signs in again',
  params: nameParams,
  body: z.object({ confirm: yes, force: yes }),
  async handler({ app, req, params, body }) {
    if (!body.confirm) throw refuse(m.confirmRequired);
    return ok(await startRestore(app, actorOf(req), params.name, body.force));
  },
});

const download = route({
  method: 'POST',
  url: `${BASE}/:name/Actions/Download`,
  permission: 'admin',
  summary: 'A link that downloads the stored backup without a token for ten minutes: {name, url}',
  params: nameParams,
  async handler({ app, params }) {
    return ok(await downloadTicket(app, params.name));
  },
});

const fetchDownload = route({
  method: 'GET',
  url: `${BASE}/Download/:ticket`,
  permission: 'public',
  summary: 'A stored backup archive, by the link its download call answered (the ticket is the credential)',
  params: z.object({ ticket: z.string().regex(/^[A-Za-z0-9_-]{43}$/, '@downloadExpired') }),
  rateLimit: { max: 30, timeWindowMs: 60_000 },
  async handler({ app, params, reply }) {
    const name = await findTicket(app, params.ticket);
    if (!name) throw refuse('downloadExpired');
    const full = await backupPath(app, name);
    const { size } = await fs.stat(full);
    await reply
      .header('content-type', 'application/gzip')
      .header('content-length', size)
      .header('content-disposition', contentDisposition('attachment', name))
      .send(createReadStream(full));
  },
});

const remove = route({
  method: 'DELETE',
  url: `${BASE}/:name`,
  permission: 'admin',
  summary: 'Delete a stored backup',
  params: nameParams,
  async handler({ app, req, params }) {
    await removeBackup(app, actorOf(req), params.name);
    return ok(undefined, 'deleted');
  },
});

export const dataBackupRoutes = [list, create, job, upload, restore, download, fetchDownload, remove];
