// Chat between two users: messages stored before delivery, read marks, each side's own history (clearing it
// hides it for that side; a message both sides cleared is deleted), and the recent-conversation list.
import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { imContent, imConversation, organize } from '../../db/schema/index.js';
import { newId } from '../../platform/ids.js';
import { containsPattern } from '../../platform/paging.js';
import { pick } from '../../platform/rows.js';
import { avatarPath, peopleById } from './people.js';

export type ContentType = 'text' | 'image' | 'voice';
export type ChatRow = typeof imContent.$inferSelect;

/** the most recent conversations a user's list shows */
const CONVERSATION_LIMIT = 200;

/** messages between me and peer, in either direction */
const between = (me: string, peer: string) =>
  or(
    and(eq(imContent.sendUserId, me), eq(imContent.receiveUserId, peer)),
    and(eq(imContent.sendUserId, peer), eq(imContent.receiveUserId, me)),
  )!;

/** messages I have not cleared from my side */
const visibleTo = (me: string) =>
  or(
    and(eq(imContent.sendUserId, me), eq(imContent.deletedBySender, 0)),
    and(eq(imContent.receiveUserId, me), eq(imContent.deletedByReceiver, 0)),
  )!;

/** stores a message and brings the conversation to the top of both users' lists */
export async function storeChat(
  tx: Db | Tx,
  input: { from: string; to: string; contentType: ContentType; content: string },
): Promise<ChatRow> {
  const row: ChatRow = {
    id: newId(),
    sendUserId: input.from,
    receiveUserId: input.to,
    content: input.content,
    contentType: input.contentType,
    sendTime: Date.now(),
    receiveTime: null,
    state: 0,
    deletedBySender: 0,
    deletedByReceiver: 0,
  };
  const sides = [{ ownerUserId: input.from, peerUserId: input.to, latestTime: row.sendTime, hidden: 0 }];
  if (input.from !== input.to)
    sides.push({ ownerUserId: input.to, peerUserId: input.from, latestTime: row.sendTime, hidden: 0 });
  // one statement (the message in a WITH, both conversation rows in one upsert): one round trip and one commit
  // instead of three, which is what bounds how many messages a second the database takes (bench/sockets.mjs)
  const stored = tx.$with('stored').as(tx.insert(imContent).values(row));
  await tx
    .with(stored)
    .insert(imConversation)
    .values(sides)
    .onConflictDoUpdate({
      target: [imConversation.ownerUserId, imConversation.peerUserId],
      set: { latestTime: row.sendTime, hidden: 0 },
    });
  return row;
}

export interface HistoryQuery {
  currentPage: number;
  pageSize: number;
  /** asc: pages from the oldest message on; desc: pages from the newest back. A page reads oldest first. */
  sord: 'asc' | 'desc';
  keyword: string;
}

export async function chatHistory(db: Db, me: string, peer: string, q: HistoryQuery) {
  const conditions: SQL[] = [between(me, peer), visibleTo(me)];
  // the keyword searches what was said, not the file names inside image and voice messages
  if (q.keyword)
    conditions.push(
      and(eq(imContent.contentType, 'text'), sql`${imContent.content} ilike ${containsPattern(q.keyword)}`)!,
    );
  const where = and(...conditions);
  const order = q.sord === 'asc' ? [imContent.sendTime, imContent.id] : [desc(imContent.sendTime), desc(imContent.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(imContent)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize),
    db.select({ n: count() }).from(imContent).where(where),
  ]);
  if (q.sord === 'desc') rows.reverse();
  return {
    list: rows.map((r) =>
      pick(r, 'id', 'sendUserId', 'sendTime', 'receiveUserId', 'receiveTime', 'content', 'contentType', 'state'),
    ),
    pagination: { total: total?.n ?? 0, currentPage: q.currentPage, pageSize: q.pageSize },
  };
}

/** marks what peer sent me read; returns how many */
export async function markRead(db: Db, me: string, peer: string): Promise<number> {
  const rows = await db
    .update(imContent)
    .set({ state: 1, receiveTime: Date.now() })
    .where(and(eq(imContent.sendUserId, peer), eq(imContent.receiveUserId, me), eq(imContent.state, 0)))
    .returning({ id: imContent.id });
  return rows.length;
}

/** per sender: how many unread messages I have from them and the newest of them (initMessage) */
export async function unreadBySender(db: Db, me: string) {
  const unread = and(eq(imContent.receiveUserId, me), eq(imContent.state, 0), eq(imContent.deletedByReceiver, 0));
  const [counts, latest] = await Promise.all([
    db
      .select({ sendUserId: imContent.sendUserId, n: count() })
      .from(imContent)
      .where(unread)
      .groupBy(imContent.sendUserId),
    db
      .selectDistinctOn([imContent.sendUserId], {
        sendUserId: imContent.sendUserId,
        content: imContent.content,
        contentType: imContent.contentType,
        sendTime: imContent.sendTime,
      })
      .from(imContent)
      .where(unread)
      .orderBy(imContent.sendUserId, desc(imContent.sendTime)),
  ]);
  return counts.map((c) => {
    const newest = latest.find((l) => l.sendUserId === c.sendUserId);
    return {
      sendUserId: c.sendUserId,
      tenantId: '',
      unreadNum: c.n,
      defaultMessage: newest?.content ?? '',
      defaultMessageType: newest?.contentType ?? '',
      defaultMessageTime: newest?.sendTime ?? 0,
    };
  });
}

/** the recent-conversation list: newest first, people who were removed or disabled left out */
export async function conversations(db: Db, me: string) {
  const rows = await db
    .select()
    .from(imConversation)
    .where(and(eq(imConversation.ownerUserId, me), eq(imConversation.hidden, 0)))
    .orderBy(desc(imConversation.latestTime))
    .limit(CONVERSATION_LIMIT);
  if (!rows.length) return [];
  const peers = rows.map((r) => r.peerUserId);
  // one side is always me, so the ordered pair names the peer (and needs no bound parameter, which
  // DISTINCT ON and ORDER BY would each number differently)
  const low = sql<string>`least(${imContent.sendUserId}, ${imContent.receiveUserId})`;
  const high = sql<string>`greatest(${imContent.sendUserId}, ${imContent.receiveUserId})`;
  const [people, latest, unread] = await Promise.all([
    peopleById(db, peers),
    db
      .selectDistinctOn([low, high], {
        sendUserId: imContent.sendUserId,
        receiveUserId: imContent.receiveUserId,
        content: imContent.content,
        contentType: imContent.contentType,
        sendTime: imContent.sendTime,
      })
      .from(imContent)
      .where(
        and(
          visibleTo(me),
          or(
            and(eq(imContent.sendUserId, me), inArray(imContent.receiveUserId, peers)),
            and(eq(imContent.receiveUserId, me), inArray(imContent.sendUserId, peers)),
          ),
        ),
      )
      .orderBy(low, high, desc(imContent.sendTime)),
    db
      .select({ sendUserId: imContent.sendUserId, n: count() })
      .from(imContent)
      .where(
        and(
          eq(imContent.receiveUserId, me),
          inArray(imContent.sendUserId, peers),
          eq(imContent.state, 0),
          eq(imContent.deletedByReceiver, 0),
        ),
      )
      .groupBy(imContent.sendUserId),
  ]);
  const orgIds = [...people.values()].map((p) => p.organizeId).filter((id): id is string => !!id);
  const orgNames = new Map<string, string>();
  if (orgIds.length)
    for (const o of await db
      .select({ id: organize.id, fullName: organize.fullName })
      .from(organize)
      .where(inArray(organize.id, [...new Set(orgIds)])))
      orgNames.set(o.id, o.fullName);
  return rows.flatMap((r) => {
    const person = people.get(r.peerUserId);
    if (!person || person.enabledMark === 0) return [];
    const newest = latest.find((l) => (l.sendUserId === me ? l.receiveUserId : l.sendUserId) === r.peerUserId);
    return [
      {
        id: r.peerUserId,
        realName: person.realName,
        account: person.account,
        headIcon: avatarPath(person.headIcon),
        department: person.organizeId ? (orgNames.get(person.organizeId) ?? '') : '',
        unreadMessage: unread.find((u) => u.sendUserId === r.peerUserId)?.n ?? 0,
        latestMessage: newest?.content ?? '',
        messageType: newest?.contentType ?? '',
        latestDate: newest?.sendTime ?? r.latestTime,
      },
    ];
  });
}

/** clears my side of the history with peer (what peer sent me counts as read); rows both sides cleared go */
export async function clearHistory(db: Db, me: string, peer: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(imContent)
      .set({ deletedBySender: 1 })
      .where(and(eq(imContent.sendUserId, me), eq(imContent.receiveUserId, peer)));
    await tx
      .update(imContent)
      .set({ deletedByReceiver: 1, state: 1, receiveTime: sql`coalesce(${imContent.receiveTime}, ${Date.now()})` })
      .where(and(eq(imContent.sendUserId, peer), eq(imContent.receiveUserId, me)));
    await tx
      .delete(imContent)
      .where(and(between(me, peer), eq(imContent.deletedBySender, 1), eq(imContent.deletedByReceiver, 1)));
  });
}

/** takes the conversation off my list until the next message between us */
export async function removeConversation(db: Db, me: string, peer: string) {
  await db
    .update(imConversation)
    .set({ hidden: 1 })
    .where(and(eq(imConversation.ownerUserId, me), eq(imConversation.peerUserId, peer)));
}
