// Backups kept by the running server under DATA_DIR/backups (an archive and its summary beside it), made and
// restored as background tasks whose progress any process can read (shared state, polled by the screen).
// The archive and the checks are the platform's (db/backup/engine.ts); this module adds the keeping, the
// tasks and, after a restore, the caches every process must drop.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import {
  BackupRefusal,
  createBackup,
  restoreBackup,
  verifyArchive,
  type BackupManifest,
  type BackupPhase,
  type BackupProgress,
} from '../../db/backup/engine.js';
import { platformVersion } from '../../db/backup/version.js';
import { writeAudit, type AuditActor } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, refuse } from '../../platform/errors.js';
import { storageOf } from '../../platform/storage.js';
import { m } from './messages.js';

/** what a stored backup is named: made here (backup-) or uploaded (upload-) */
export const BACKUP_NAME = /^(backup|upload)-[0-9]{8}-[0-9]{6}-[0-9a-f]{8}\.tar\.gz$/;
const JOB_TTL_MS = 6 * 60 * 60_000;
const BUSY_KEY = 'dataBackup:busy';
/** the running task renews its claim this often; a claim left by a process that died lapses after BUSY_TTL_MS */
const BUSY_RENEW_MS = 20_000;
const BUSY_TTL_MS = 60_000;
const TICKET_TTL_MS = 10 * 60_000;

export interface BackupSummary {
  name: string;
  size: number;
  createdAt: number;
  platformVersion: string;
  engine: string;
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
}

export type JobKind = 'backup' | 'restore';

export interface JobState {
  id: string;
  kind: JobKind;
  state: 'running' | 'done' | 'failed';
  phase: BackupPhase | null;
  done: number;
  total: number;
  item: string;
  /** the backup made or restored */
  name: string;
  startedAt: number;
  finishedAt: number | null;
  /** the result: counts of what was written or restored */
  result: { tables: number; rows: number; files: number } | null;
  /** why it failed: a message of the catalogue with its parameters, or the failure's own text */
  failure: { key: string; params?: Record<string, string | number> } | { text: string } | null;
}

export const backupDir = (app: AppContext) => path.join(app.config.dataDir, 'backups');

function stamp(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-` +
    `${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`
  );
}

const newName = (kind: 'backup' | 'upload') => `${kind}-${stamp()}-${randomBytes(4).toString('hex')}.tar.gz`;

function summaryOf(name: string, size: number, manifest: BackupManifest): BackupSummary {
  return {
    name,
    size,
    createdAt: manifest.createdAt,
    platformVersion: manifest.platformVersion,
    engine: manifest.engine,
    tables: manifest.totals.tables,
    rows: manifest.totals.rows,
    files: manifest.totals.files,
    fileBytes: manifest.totals.fileBytes,
  };
}

async function writeSummary(app: AppContext, summary: BackupSummary) {
  await fs.writeFile(path.join(backupDir(app), `${summary.name}.json`), JSON.stringify(summary));
}

/** the stored backups with their summaries, newest first */
export async function listBackups(app: AppContext): Promise<BackupSummary[]> {
  const dir = backupDir(app);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const out: BackupSummary[] = [];
  for (const name of names) {
    if (!BACKUP_NAME.test(name)) continue;
    try {
      const summary = JSON.parse(await fs.readFile(path.join(dir, `${name}.json`), 'utf8')) as BackupSummary;
      out.push(summary);
    } catch {
      // no summary yet: still being written or checked
    }
  }
  return out.sort((a, b) => b.createdAt - a.createdAt || b.name.localeCompare(a.name));
}

/** the archive's path when there is such a stored backup */
export async function backupPath(app: AppContext, name: string): Promise<string> {
  if (!BACKUP_NAME.test(name)) throw refuse(m.notFound);
  const full = path.join(backupDir(app), name);
  const exists = await fs.stat(path.join(backupDir(app), `${name}.json`)).then(
    () => true,
    () => false,
  );
  if (!exists) throw refuse(m.notFound);
  return full;
}

export async function removeBackup(app: AppContext, actor: AuditActor, name: string): Promise<void> {
  const full = await backupPath(app, name);
  await fs.rm(`${full}.json`, { force: true });
  await fs.rm(full, { force: true });
  await writeAudit(app.db, actor, { moduleName: 'dataBackup', action: 'delete', recordId: name });
}

/** the refusal's message in the platform's catalogue, with its parameters */
export function refusalOf(err: unknown): AppError | null {
  if (!(err instanceof BackupRefusal)) return null;
  switch (err.reason) {
    case 'format':
      return refuse(m.format);
    case 'version':
      return refuse(m.version, { version: err.detail });
    case 'corrupt':
      return refuse(m.corrupt, { entry: err.detail });
    case 'migrations':
      return refuse(m.migrations, { version: err.detail });
    case 'schema':
      return refuse(m.schema, { table: err.detail });
    case 'notEmpty':
      return refuse(m.notEmpty);
    case 'noPlatform':
      return refuse(m.format);
  }
}

/** stores an uploaded archive after checking all of it; answers its summary */
export async function storeUpload(app: AppContext, source: Readable, isTruncated: () => boolean) {
  const dir = backupDir(app);
  await fs.mkdir(dir, { recursive: true });
  const name = newName('upload');
  const full = path.join(dir, name);
  try {
    await pipeline(source, createWriteStream(full, { flags: 'wx' }));
    if (isTruncated()) throw refuse(m.tooLarge, { max: Math.floor(app.config.uploadLimit / 1024 / 1024) });
    const manifest = await verifyArchive(full);
    const summary = summaryOf(name, (await fs.stat(full)).size, manifest);
    await writeSummary(app, summary);
    return summary;
  } catch (err) {
    await fs.rm(full, { force: true });
    throw refusalOf(err) ?? err;
  }
}

const jobKey = (id: string) => `dataBackup:job:${id}`;

export async function readJob(app: AppContext, id: string): Promise<JobState> {
  const text = await app.shared.kv.get(jobKey(id));
  if (!text) throw refuse(m.jobNotFound);
  return JSON.parse(text) as JobState;
}

/**
 * Starts a task in the background, one at a time across processes; answers its id at once. The task's
 * progress and end are written to shared state, where readJob finds them.
 */
async function startJob(
  app: AppContext,
  kind: JobKind,
  name: string,
  work: (report: (p: BackupProgress) => void) => Promise<JobState['result']>,
): Promise<string> {
  if ((await app.shared.kv.incr(BUSY_KEY, BUSY_TTL_MS)) > 1) throw refuse(m.busy);
  const renew = setInterval(
    () => void app.shared.kv.set(BUSY_KEY, '1', BUSY_TTL_MS).catch(() => undefined),
    BUSY_RENEW_MS,
  );
  renew.unref();
  const id = randomBytes(12).toString('hex');
  const state: JobState = {
    id,
    kind,
    state: 'running',
    phase: null,
    done: 0,
    total: 0,
    item: '',
    name,
    startedAt: Date.now(),
    finishedAt: null,
    result: null,
    failure: null,
  };
  let written = 0;
  const save = () => app.shared.kv.set(jobKey(id), JSON.stringify(state), JOB_TTL_MS);
  await save();
  const report = (p: BackupProgress) => {
    state.phase = p.phase;
    state.done = p.done;
    state.total = p.total;
    state.item = p.item ?? '';
    // at most a few writes a second: the screen polls
    const now = Date.now();
    if (now - written < 250) return;
    written = now;
    void save().catch(() => undefined);
  };
  void (async () => {
    try {
      state.result = await work(report);
      state.state = 'done';
    } catch (err) {
      state.state = 'failed';
      const refusal = err instanceof AppError ? err : refusalOf(err);
      state.failure = refusal
        ? { key: refusal.key, ...(refusal.params ? { params: refusal.params } : {}) }
        : { text: (err as Error).message };
      if (!refusal) app.log.error({ err, job: id, kind }, 'backup task failed');
    } finally {
      clearInterval(renew);
      state.finishedAt = Date.now();
      await save().catch(() => undefined);
      await app.shared.kv.del(BUSY_KEY).catch(() => undefined);
    }
  })();
  return id;
}

/** makes a new stored backup of the running platform */
export async function startBackup(app: AppContext, actor: AuditActor): Promise<{ jobId: string; name: string }> {
  const dir = backupDir(app);
  await fs.mkdir(dir, { recursive: true });
  const name = newName('backup');
  const jobId = await startJob(app, 'backup', name, async (report) => {
    const out = path.join(dir, name);
    const manifest = await createBackup(app.database, {
      storage: storageOf(app.config),
      out,
      platformVersion: platformVersion(),
      onProgress: report,
    });
    await writeSummary(app, summaryOf(name, (await fs.stat(out)).size, manifest));
    await writeAudit(app.db, actor, { moduleName: 'dataBackup', action: 'backup', recordId: name });
    return { tables: manifest.totals.tables, rows: manifest.totals.rows, files: manifest.totals.files };
  });
  return { jobId, name };
}

/**
 * Replaces the running platform with a stored backup. Afterwards every process drops what it cached of
 * sessions, grants, users, menus and settings: the restored tables decide, and everyone signs in again.
 */
export async function startRestore(
  app: AppContext,
  actor: AuditActor,
  name: string,
  force: boolean,
): Promise<{ jobId: string }> {
  const archive = await backupPath(app, name);
  const jobId = await startJob(app, 'restore', name, async (report) => {
    app.log.warn({ backup: name, user: actor.userId, force }, 'restoring a backup over the platform');
    const result = await restoreBackup(app.database, {
      storage: storageOf(app.config),
      archive,
      force,
      onProgress: report,
    });
    if (result.leftBehind > 0)
      app.log.warn(
        { backup: name, leftBehind: result.leftBehind },
        'files of the replaced platform could not be removed from the object store',
      );
    // the log of the platform restored says who replaced it
    await writeAudit(app.db, actor, { moduleName: 'dataBackup', action: 'restore', recordId: name });
    await Promise.all([
      app.sessions.forgetAll(),
      app.grants.changed('*'),
      app.directory.changed('*'),
      app.catalogue.changed(),
      app.sysConfig.changed(),
    ]);
    return { tables: result.tables, rows: result.rows, files: result.files };
  });
  return { jobId };
}

const ticketKey = (ticket: string) => `dataBackup:download:${createHash('sha256').update(ticket).digest('hex')}`;

/** a link that downloads the stored backup without a token, for ten minutes */
export async function downloadTicket(app: AppContext, name: string): Promise<{ name: string; url: string }> {
  await backupPath(app, name);
  const ticket = randomBytes(32).toString('base64url');
  await app.shared.kv.set(ticketKey(ticket), name, TICKET_TTL_MS);
  return { name, url: `/api/systemData/DataBackup/Download/${ticket}` };
}

export async function findTicket(app: AppContext, ticket: string): Promise<string | null> {
  return app.shared.kv.get(ticketKey(ticket));
}
