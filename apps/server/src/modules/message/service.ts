// In-site messages (站内消息): one row per recipient, created by notices, schedules, flows and the system, then
// pushed to the recipients' sockets as messagePush. The message centre lists, reads and removes a user's own.
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { messageReceive } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { refuse } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { blankIfNull, pick } from '../../platform/rows.js';
import { containsPattern, offsetOf, pageQuery } from '../../platform/paging.js';
import { m } from './messages.js';
import { displayName, peopleById } from './people.js';

/** message types, as the msgSourceType dictionary codes them */
export const MessageType = { system: 1, flow: 2, notice: 3, schedule: 4 } as const;

export interface OutgoingMessage {
  type: number;
  title: string;
  excerpt?: string | null;
  bodyText?: string | null;
  flowType?: number | null;
  /** the notice, schedule or flow record */
  sourceId?: string | null;
  /** who sent it; null for the system */
  senderId?: string | null;
}

export interface StoredMessages {
  message: OutgoingMessage;
  /** receive-record id per recipient */
  recipients: { userId: string; id: string }[];
  createdAt: number;
}

const INSERT_SLICE = 500;
/** up to this many recipients get a frame each; more share one (the client only counts and refreshes) */
const PERSONAL_PUSH_LIMIT = 100;

/** stores the message for each recipient (in the caller's transaction); push it after the commit */
export async function storeMessages(
  tx: Db | Tx,
  recipientIds: string[],
  message: OutgoingMessage,
): Promise<StoredMessages> {
  const createdAt = Date.now();
  const recipients = [...new Set(recipientIds)].map((userId) => ({ userId, id: newId() }));
  for (let i = 0; i < recipients.length; i += INSERT_SLICE) {
    await tx.insert(messageReceive).values(
      recipients.slice(i, i + INSERT_SLICE).map((r) => ({
        id: r.id,
        userId: r.userId,
        type: message.type,
        title: message.title,
        excerpt: message.excerpt ?? null,
        bodyText: message.bodyText ?? null,
        flowType: message.flowType ?? null,
        sourceId: message.sourceId ?? null,
        creatorUserId: message.senderId ?? null,
        creatorTime: createdAt,
      })),
    );
  }
  return { message, recipients, createdAt };
}

/** messagePush to every recipient's sockets, in every process */
export async function pushMessages(app: AppContext, stored: StoredMessages): Promise<void> {
  const { message, recipients, createdAt } = stored;
  const frame = (toUserId: string, id: string) => ({
    method: 'messagePush',
    unreadNoticeCount: 1,
    messageType: message.type,
    userId: message.senderId ?? '',
    toUserId,
    title: message.title,
    id,
    messageDefaultTime: createdAt,
  });
  if (recipients.length <= PERSONAL_PUSH_LIMIT) {
    for (const r of recipients) await app.realtime.sendToUsers([r.userId], frame(r.userId, r.id));
    return;
  }
  await app.realtime.sendToUsers(
    recipients.map((r) => r.userId),
    frame('', message.sourceId ?? ''),
  );
}

/** stores and pushes in one step, for callers without a transaction of their own */
export async function sendMessages(app: AppContext, recipientIds: string[], message: OutgoingMessage) {
  const stored = await storeMessages(app.db, recipientIds, message);
  await pushMessages(app, stored);
  return stored;
}

export interface UnreadCounts {
  system: number;
  flow: number;
  notice: number;
  schedule: number;
  total: number;
}

export async function unreadCounts(db: Db, userId: string): Promise<UnreadCounts> {
  const rows = await db
    .select({ type: messageReceive.type, n: count() })
    .from(messageReceive)
    .where(and(eq(messageReceive.userId, userId), eq(messageReceive.isRead, 0)))
    .groupBy(messageReceive.type);
  const of = (type: number) => rows.find((r) => r.type === type)?.n ?? 0;
  const counts = {
    system: of(MessageType.system),
    flow: of(MessageType.flow),
    notice: of(MessageType.notice),
    schedule: of(MessageType.schedule),
  };
  return { ...counts, total: rows.reduce((sum, r) => sum + r.n, 0) };
}

/** the user's newest message (the chat drawer shows its title and time) */
export async function latestMessage(db: Db, userId: string) {
  const [row] = await db
    .select({ title: messageReceive.title, creatorTime: messageReceive.creatorTime })
    .from(messageReceive)
    .where(eq(messageReceive.userId, userId))
    .orderBy(desc(messageReceive.creatorTime))
    .limit(1);
  return row ?? null;
}

const optionalInt = (min: number, max: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(min).max(max).optional());

export const messageFilter = z.object({
  keyword: z.string().trim().max(200).default(''),
  type: optionalInt(1, 99),
  isRead: optionalInt(0, 1),
});
export const messageListQuery = pageQuery.extend(messageFilter.shape);

function filterOf(userId: string, f: z.infer<typeof messageFilter>): SQL {
  const conditions: SQL[] = [eq(messageReceive.userId, userId)];
  if (f.keyword) conditions.push(ilike(messageReceive.title, containsPattern(f.keyword)));
  if (f.type !== undefined) conditions.push(eq(messageReceive.type, f.type));
  if (f.isRead !== undefined) conditions.push(eq(messageReceive.isRead, f.isRead));
  return and(...conditions)!;
}

/** columns the message centre's table sorts by (sidx); anything else sorts by time */
const SORTABLE = {
  releaseTime: messageReceive.creatorTime,
  creatorTime: messageReceive.creatorTime,
  title: messageReceive.title,
  type: messageReceive.type,
  isRead: messageReceive.isRead,
} as const;

export async function listMessages(app: AppContext, userId: string, q: z.infer<typeof messageListQuery>) {
  const where = filterOf(userId, q);
  const column = SORTABLE[q.sidx as keyof typeof SORTABLE] ?? messageReceive.creatorTime;
  const order = q.sort === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    app.db
      .select()
      .from(messageReceive)
      .where(where)
      // newest first among equals; the id keeps pages stable
      .orderBy(
        ...(column === messageReceive.creatorTime
          ? [order(messageReceive.creatorTime)]
          : [order(column), desc(messageReceive.creatorTime)]),
        desc(messageReceive.id),
      )
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    app.db.select({ n: count() }).from(messageReceive).where(where),
  ]);
  const people = await peopleById(
    app.db,
    rows.map((r) => r.creatorUserId),
  );
  const list = rows.map((r) => {
    const sender = displayName(people.get(r.creatorUserId ?? ''));
    return {
      id: r.id,
      title: r.title,
      type: r.type,
      flowType: r.flowType,
      isRead: r.isRead,
      enabledMark: 1,
      excerpt: r.excerpt ?? '',
      releaseUser: sender,
      creatorUser: sender,
      releaseTime: r.creatorTime,
      lastModifyTime: r.readTime ?? r.creatorTime,
      lastModifyUserId: sender,
    };
  });
  return { list, pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: total?.n ?? 0 } };
}

/** marks every unread message matching the filter read; none → "暂无未读消息" */
export async function readAll(app: AppContext, userId: string, f: z.infer<typeof messageFilter>) {
  const rows = await app.db
    .update(messageReceive)
    .set({ isRead: 1, readTime: Date.now() })
    .where(and(filterOf(userId, { ...f, isRead: undefined }), eq(messageReceive.isRead, 0)))
    .returning({ id: messageReceive.id });
  if (!rows.length) throw refuse(m.noUnread);
}

/** one of the user's messages, marked read; the notice a notice message carries is unpacked */
export async function readInfo(app: AppContext, userId: string, id: string) {
  const [row] = await app.db
    .update(messageReceive)
    .set({ isRead: 1, readTime: sql`coalesce(${messageReceive.readTime}, ${Date.now()})` })
    .where(and(eq(messageReceive.id, id), eq(messageReceive.userId, userId)))
    .returning();
  if (!row) throw refuse('notFound');
  const people = await peopleById(app.db, [row.creatorUserId]);
  const sender = displayName(people.get(row.creatorUserId ?? ''));
  const info: Record<string, unknown> = {
    ...pick(row, 'id', 'type', 'flowType', 'title'),
    ...blankIfNull(row, 'excerpt', 'bodyText'),
    files: '[]',
    releaseUser: sender,
    creatorUser: sender,
    releaseTime: row.creatorTime,
    lastModifyTime: row.readTime,
    isRead: 1,
  };
  if (row.type === MessageType.notice && row.bodyText) {
    try {
      const notice = JSON.parse(row.bodyText) as Record<string, unknown>;
      for (const key of ['category', 'coverImage', 'excerpt', 'expirationTime', 'files', 'bodyText', 'toUserIds'])
        if (notice[key] !== undefined) info[key] = notice[key];
    } catch {
      // an old or foreign body stays as it is
    }
  }
  return info;
}

export async function deleteRecords(app: AppContext, userId: string, ids: string[]) {
  if (!ids.length) throw refuse(m.idsRequired);
  await app.db.delete(messageReceive).where(and(eq(messageReceive.userId, userId), inArray(messageReceive.id, ids)));
}
