// System notices: drafts written by administrators (rich text sanitised on the way in), released to chosen
// users and departments or to everyone as in-site messages of type 3, pushed to their sockets. A released
// notice is what its recipients received: it is not changed or released again.
import type { Language } from '@jnpf/core';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { notice } from '../../db/schema/index.js';
import { attachmentList } from '../../platform/attachments.js';
import { TIME_MAX_MS } from '../../platform/fields.js';
import type { AuditActor } from '../../platform/audit.js';
import { writeAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { deleteAudited, insertAudited, updateVersioned } from '../../platform/crud.js';
import { invalidField, refuse } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { containsPattern, MAX_PAGE_SIZE } from '../../platform/paging.js';
import { blankIfNull, pick } from '../../platform/rows.js';
import { msg } from '../../platform/validation.js';
import {
  displayName,
  MessageType,
  peopleById,
  pushMessages,
  resolveRecipients,
  storeMessages,
} from '../message/index.js';
import { dictionaryNames } from '../dictionary/index.js';
import { m } from './messages.js';
import { plainText, sanitizeRichText } from '../../platform/richText.js';

const MODULE_NAME = 'notice';
const EXCERPT_LENGTH = 200;

const text = (max: number) => z.string().max(max).nullish();
/** the chooser's selection, as a comma string or a list; stored comma-joined */
const selection = z
  .union([z.string().max(200_000), z.array(z.string().max(100)).max(10_000)])
  .nullish()
  .transform((v) => (Array.isArray(v) ? v.join(',') : (v ?? '')));

export const noticeBody = z.object({
  title: z
    .string({ error: msg(m.titleRequired) })
    .trim()
    .min(1, { error: msg(m.titleRequired) })
    .max(200, { error: msg(m.titleTooLong) }),
  bodyText: z
    .string()
    .max(1_500_000, { error: msg(m.bodyTooLong) })
    .nullish(),
  toUserIds: selection,
  files: attachmentList,
  coverImage: text(500),
  expirationTime: z.coerce.number().int().min(0).max(TIME_MAX_MS).nullish(),
  category: text(50),
  remindCategory: z.coerce.number().int().min(0).max(99).nullish(),
  sendConfigId: text(50),
  excerpt: text(500),
});
export type NoticeBody = z.infer<typeof noticeBody>;

const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v == null || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(item).max(100));
const range = z.preprocess((v) => (Array.isArray(v) ? v : []), z.array(z.coerce.number().int().nullable()).max(2));

export const noticeListBody = z.object({
  keyword: z.string().trim().max(200).default(''),
  currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  sort: z.enum(['asc', 'desc']).catch('desc').default('desc'),
  sidx: z.string().max(64).catch('').default(''),
  type: list(z.string().max(50)),
  enabledMark: list(z.coerce.number().int().min(0).max(2)),
  creatorUser: list(z.string().max(50)),
  releaseUser: list(z.string().max(50)),
  releaseTime: range,
  creatorTime: range,
  expirationTime: range,
});

const SORTABLE = {
  creatorTime: notice.creatorTime,
  releaseTime: notice.releaseTime,
  expirationTime: notice.expirationTime,
  title: notice.title,
  lastModifyTime: notice.lastModifyTime,
} as const;

/** 0 draft, 1 released, 2 released and past its expiration */
const statusOf = (row: typeof notice.$inferSelect, now: number) =>
  row.enabledMark === 1 && row.expirationTime != null && row.expirationTime < now ? 2 : row.enabledMark;

function between(column: PgColumn, [from, to]: (number | null)[]): SQL | undefined {
  const parts: SQL[] = [];
  if (from != null) parts.push(gte(column, from));
  if (to != null) parts.push(lte(column, to));
  return parts.length ? and(...parts) : undefined;
}

export async function listNotices(app: AppContext, q: z.infer<typeof noticeListBody>, lang: Language = 'zh') {
  const now = Date.now();
  const conditions: (SQL | undefined)[] = [];
  if (q.keyword) conditions.push(ilike(notice.title, containsPattern(q.keyword)));
  if (q.type.length) conditions.push(inArray(notice.category, q.type));
  if (q.creatorUser.length) conditions.push(inArray(notice.creatorUserId, q.creatorUser));
  if (q.releaseUser.length) conditions.push(inArray(notice.releaseUserId, q.releaseUser));
  if (q.enabledMark.length) {
    const expired = and(isNotNull(notice.expirationTime), lt(notice.expirationTime, now));
    const states = q.enabledMark.map((s) =>
      s === 0
        ? eq(notice.enabledMark, 0)
        : s === 1
          ? and(eq(notice.enabledMark, 1), or(isNull(notice.expirationTime), gte(notice.expirationTime, now)))
          : and(eq(notice.enabledMark, 1), expired),
    );
    conditions.push(or(...states));
  }
  conditions.push(between(notice.releaseTime, q.releaseTime));
  conditions.push(between(notice.creatorTime, q.creatorTime));
  conditions.push(between(notice.expirationTime, q.expirationTime));
  const where = and(...conditions);
  const column = SORTABLE[q.sidx as keyof typeof SORTABLE] ?? notice.creatorTime;
  const [rows, [total], categories] = await Promise.all([
    app.db
      .select()
      .from(notice)
      .where(where)
      .orderBy(q.sort === 'asc' ? asc(column) : desc(column), desc(notice.id))
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize),
    app.db.select({ n: count() }).from(notice).where(where),
    dictionaryNames(app.db, 'NoticeType', lang),
  ]);
  const people = await peopleById(
    app.db,
    rows.flatMap((r) => [r.creatorUserId, r.releaseUserId, r.lastModifyUserId]),
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      title: r.title,
      category: r.category ? (categories.get(r.category) ?? r.category) : '',
      excerpt: r.excerpt ?? '',
      enabledMark: statusOf(r, now),
      creatorUser: displayName(people.get(r.creatorUserId ?? ''), lang),
      creatorTime: r.creatorTime,
      lastModifyTime: r.lastModifyTime,
      lastModifyUserId: displayName(people.get(r.lastModifyUserId ?? ''), lang),
      releaseUser: displayName(people.get(r.releaseUserId ?? ''), lang),
      releaseTime: r.releaseTime,
      expirationTime: r.expirationTime,
    })),
    pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: total?.n ?? 0 },
  };
}

/** what is stored of a body: the rich text sanitised, an excerpt drawn from it when none is given */
function valuesOf(body: NoticeBody) {
  const bodyText = body.bodyText ? sanitizeRichText(body.bodyText) : '';
  const excerpt = body.excerpt?.trim() || plainText(bodyText).slice(0, EXCERPT_LENGTH);
  return {
    title: body.title,
    bodyText,
    excerpt,
    category: body.category ?? null,
    coverImage: body.coverImage ?? null,
    files: body.files,
    toUserIds: body.toUserIds,
    expirationTime: body.expirationTime ?? null,
    remindCategory: body.remindCategory ?? null,
    sendConfigId: body.sendConfigId || null,
  };
}

function checkExpiration(body: NoticeBody) {
  if (body.expirationTime != null && body.expirationTime <= Date.now()) throw invalidField('expirationTime', m.expired);
}

export async function createNotice(app: AppContext, actor: AuditActor, body: NoticeBody): Promise<string> {
  checkExpiration(body);
  const id = newId();
  await app.db.transaction((tx) =>
    insertAudited(
      tx,
      notice,
      { id, ...valuesOf(body), enabledMark: 0, creatorTime: Date.now(), creatorUserId: actor.userId },
      { actor, moduleName: MODULE_NAME, recordId: id },
    ),
  );
  return id;
}

export async function updateNotice(
  app: AppContext,
  actor: AuditActor,
  id: string,
  body: NoticeBody & { version?: number | null },
) {
  await app.db.transaction(async (tx) => {
    // what was released has reached its recipients as it was: only drafts change
    const [row] = await tx
      .select({ enabledMark: notice.enabledMark })
      .from(notice)
      .where(eq(notice.id, id))
      .limit(1)
      .for('update');
    if (row && row.enabledMark !== 0) throw refuse(m.releasedReadOnly);
    await updateVersioned(
      tx,
      notice,
      id,
      body.version,
      { ...valuesOf(body), lastModifyTime: Date.now(), lastModifyUserId: actor.userId },
      { actor, moduleName: MODULE_NAME },
    );
  });
}

/** what a notice says, as its form and a received copy both show it */
const contentOf = (row: typeof notice.$inferSelect) => ({
  ...pick(row, 'id', 'title'),
  ...blankIfNull(row, 'bodyText', 'excerpt', 'category', 'coverImage'),
  files: row.files ?? '[]',
});

export async function noticeInfo(app: AppContext, id: string) {
  const [row] = await app.db.select().from(notice).where(eq(notice.id, id)).limit(1);
  if (!row) throw refuse('notFound');
  const people = await peopleById(app.db, [row.creatorUserId, row.releaseUserId]);
  return {
    ...contentOf(row),
    toUserIds: row.toUserIds ?? '',
    expirationTime: row.expirationTime,
    remindCategory: row.remindCategory,
    sendConfigId: row.sendConfigId ?? '',
    enabledMark: statusOf(row, Date.now()),
    creatorUser: displayName(people.get(row.creatorUserId ?? '')),
    creatorTime: row.creatorTime,
    releaseUser: displayName(people.get(row.releaseUserId ?? '')),
    releaseTime: row.releaseTime,
    lastModifyTime: row.lastModifyTime,
    version: row.version,
  };
}

export async function deleteNotice(app: AppContext, actor: AuditActor, id: string) {
  await app.db.transaction((tx) => deleteAudited(tx, notice, id, { actor, moduleName: MODULE_NAME }));
}

/** releases a notice: a type-3 message for each recipient, pushed once committed; returns how many */
export async function releaseNotice(app: AppContext, actor: AuditActor, id: string): Promise<number> {
  const stored = await app.db.transaction(async (tx) => {
    const [row] = await tx.select().from(notice).where(eq(notice.id, id)).limit(1).for('update');
    if (!row) throw refuse(m.releaseFailed);
    const now = Date.now();
    if (row.expirationTime != null && row.expirationTime <= now) throw refuse(m.expired);
    if (row.enabledMark !== 0) throw refuse(m.alreadyReleased);
    const recipients = await resolveRecipients(tx, row.toUserIds);
    if (!recipients.length) throw refuse(m.noRecipients);
    await tx
      .update(notice)
      .set({
        enabledMark: 1,
        releaseTime: now,
        releaseUserId: actor.userId,
        lastModifyTime: now,
        lastModifyUserId: actor.userId,
        version: sql`${notice.version} + 1`,
      })
      .where(eq(notice.id, id));
    await writeAudit(tx, actor, {
      moduleName: MODULE_NAME,
      action: 'release',
      recordId: id,
      after: { recipients: recipients.length },
    });
    return storeMessages(tx, recipients, {
      type: MessageType.notice,
      title: row.title,
      excerpt: row.excerpt,
      // the notice as released: later edits or its deletion do not change what was received
      bodyText: JSON.stringify({ ...contentOf(row), expirationTime: row.expirationTime }),
      sourceId: row.id,
      senderId: actor.userId,
    });
  });
  await pushMessages(app, stored);
  return stored.recipients.length;
}
