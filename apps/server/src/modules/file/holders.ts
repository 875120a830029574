// Who may read a stored file, the per-user upload quota, and the sweep of files nothing holds.
//
// A file is read through what holds it. Each store (folder) of uploads belongs to the module whose records hold
// its files, and that module registers, in its setup, a FileHolder for it: `mayRead` answers whether a user may
// read one of its files (a notice's recipients and editors, a schedule's creator and participants, the two
// parties of a chat, the users who may read an online-form record through its file field), `held` which of some
// names its records still hold. The decision is made from the holding records themselves, so it can never drift
// from them, and files stored before base_file_upload existed are judged by the same rule.
// Besides the holder: administrators read every file, and an uploader reads their own upload (before it is
// attached, and after). A store nobody registered is read by administrators only.
//
// Every upload (chunked merge, record attachments, chat pictures) is registered in base_file_upload with its
// uploader and size: the quota sums those sizes, and the sweep removes the registered files that nothing holds
// once the grace period (FILE_GRACE_HOURS) after their upload is over. Files without a row (stored before) are
// never swept. Avatars are public and kept apart (modules/file/avatar.ts).
import { and, asc, eq, inArray, isNull, lt, or, sum } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { fileUpload } from '../../db/schema/index.js';
import type { AppContext, Principal } from '../../platform/context.js';
import { refuse } from '../../platform/errors.js';
import { fileStore } from '../../platform/files.js';
import { defineMessages } from '../../platform/i18n.js';

/** who reads: a signed-in principal, or the actor of a write quoting a file */
export type FileReader = Pick<Principal, 'userId' | 'isAdministrator'>;

export interface FileHolder {
  /** may this user read the file of this store with this name (the holder's rule; admins and uploaders pass before) */
  mayRead(app: AppContext, reader: FileReader, name: string): Promise<boolean>;
  /** which of these names a record still holds (erring on the side of "held": a held file must never go) */
  held(db: Db | Tx, names: readonly string[]): Promise<Set<string>>;
}

const registries = new WeakMap<AppContext, Map<string, FileHolder>>();

function registryOf(app: AppContext): Map<string, FileHolder> {
  let registry = registries.get(app);
  if (!registry) registries.set(app, (registry = new Map()));
  return registry;
}

/** the module holding the files of this store says who reads them (called from the module's setup) */
export function registerFileHolder(app: AppContext, store: string, holder: FileHolder): void {
  const registry = registryOf(app);
  if (registry.has(store)) throw new Error(`files: the store ${store} has a holder already`);
  registry.set(store, holder);
}

/** may the user read the stored file: an administrator, its uploader, or whom its holder lets */
export async function mayReadFile(
  app: AppContext,
  principal: FileReader,
  store: string,
  name: string,
): Promise<boolean> {
  if (principal.isAdministrator) return true;
  const [row] = await app.db
    .select({ uploader: fileUpload.uploaderUserId, type: fileUpload.type })
    .from(fileUpload)
    .where(eq(fileUpload.name, name))
    .limit(1);
  if (row && row.type === store && row.uploader === principal.userId) return true;
  const holder = registryOf(app).get(store);
  return holder ? holder.mayRead(app, principal, name) : false;
}

export const quotaMessages = defineMessages('fileQuota', {
  quotaFull: {
    zh: '文件存储空间不足：您已使用{used}，上限为{limit}，本次上传需要{size}。请删除不再需要的文件后再上传',
    zhtw: '文件存儲空間不足：您已使用{used}，上限為{limit}，本次上傳需要{size}。請刪除不再需要的文件後再上傳',
    en: 'Not enough file storage: you use {used} of your {limit} and this upload needs {size}. Delete files you no longer need, then upload again',
  },
  pendingFull: {
    zh: '未完成的上传过多：已有{used}未完成，上限为{limit}，本次上传需要{size}。请先完成其他上传，或等待其过期清理',
    zhtw: '未完成的上傳過多：已有{used}未完成，上限為{limit}，本次上傳需要{size}。請先完成其他上傳，或等待其過期清理',
    en: 'Too many unfinished uploads: {used} are unfinished, the limit is {limit} and this upload needs {size}. Finish the other uploads first, or wait until they expire',
  },
});

/** a size as people read it: 512B, 1.5KB, 20MB, 1GB */
export function sizeText(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Math.round(value * 10) / 10}${units[unit]}`;
}

/** bytes of the user's registered uploads */
export async function storedBytes(app: AppContext, userId: string): Promise<number> {
  const [row] = await app.db
    .select({ total: sum(fileUpload.size) })
    .from(fileUpload)
    .where(eq(fileUpload.uploaderUserId, userId));
  return Number(row?.total ?? 0);
}

/**
 * Refuses an upload of `size` bytes that would take the user's stored uploads (plus `pending`, the announced
 * bytes of their unfinished chunk uploads) over the quota
 */
export async function checkQuota(app: AppContext, userId: string, size: number, pending = 0): Promise<void> {
  const limit = app.config.uploadQuota;
  const used = (await storedBytes(app, userId)) + pending;
  if (used + size > limit)
    throw refuse(quotaMessages.quotaFull, { used: sizeText(used), limit: sizeText(limit), size: sizeText(size) });
}

/** refuses a new chunk upload of `size` bytes when the user's unfinished ones announce `pending` bytes already */
export function checkPending(app: AppContext, size: number, pending: number): void {
  const limit = app.config.pendingUploadQuota;
  if (pending + size > limit)
    throw refuse(quotaMessages.pendingFull, { used: sizeText(pending), limit: sizeText(limit), size: sizeText(size) });
}

export interface StoredFile {
  name: string;
  store: string;
  userId: string;
  size: number;
}

/** registers a stored upload as its uploader's; on failure the bytes are removed and the error goes on */
export async function registerStoredFile(app: AppContext, file: StoredFile, now = Date.now()): Promise<void> {
  await app.db
    .insert(fileUpload)
    .values({ name: file.name, type: file.store, uploaderUserId: file.userId, size: file.size, creatorTime: now })
    .catch(async (err: unknown) => {
      await fileStore(app.config).remove(file.store, file.name);
      throw err;
    });
}

/** a held file is looked at again after this long */
export const RECHECK_MS = 24 * 3600_000;
/** rows looked at in one query */
const BATCH = 200;

/**
 * Removes the registered uploads past their grace period that nothing holds (row first, then the bytes), and marks
 * the held ones as looked at. A store without a registered holder is left alone. `db`: the periodic job's
 * transaction. Returns how many went.
 */
export async function sweepStoredFiles(app: AppContext, now = Date.now(), db: Db | Tx = app.db): Promise<number> {
  const registry = registryOf(app);
  const stores = [...registry.keys()];
  if (!stores.length) return 0;
  const due = and(
    inArray(fileUpload.type, stores),
    lt(fileUpload.creatorTime, now - app.config.fileGraceMs),
    or(isNull(fileUpload.checkedTime), lt(fileUpload.checkedTime, now - RECHECK_MS)),
  );
  const files = fileStore(app.config);
  let removed = 0;
  // each batch marks or removes what it read, so the next one reads other rows; bounded by what was due
  for (let round = 0; round < 1000; round++) {
    const rows = await db
      .select({ name: fileUpload.name, type: fileUpload.type })
      .from(fileUpload)
      .where(due)
      .orderBy(asc(fileUpload.creatorTime))
      .limit(BATCH);
    if (!rows.length) break;
    const byStore = new Map<string, string[]>();
    for (const r of rows) byStore.set(r.type, [...(byStore.get(r.type) ?? []), r.name]);
    for (const [store, names] of byStore) {
      const held = await registry.get(store)!.held(db, names);
      const keep = names.filter((n) => held.has(n));
      const drop = names.filter((n) => !held.has(n));
      if (keep.length) await db.update(fileUpload).set({ checkedTime: now }).where(inArray(fileUpload.name, keep));
      for (const name of drop) {
        // the row goes first: a record saved meanwhile no longer finds the upload, rather than finding it gone
        const gone = await db
          .delete(fileUpload)
          .where(and(eq(fileUpload.name, name), eq(fileUpload.type, store)))
          .returning({ name: fileUpload.name });
        if (!gone.length) continue;
        await files.remove(store, name);
        removed++;
      }
    }
    if (rows.length < BATCH) break;
  }
  return removed;
}
