// Schedules (日程): each occurrence of a repeating schedule is its own row, the series shares groupId, so that
// one occurrence, it and the following ones, or the whole series can be changed or deleted (scope 1, 2, 3).
// Their creator and participants see them; only the creator changes them. Reminders are scheduler jobs that
// leave a schedule message (type 4) for everyone on the occurrence.
import type { Language } from '@jnpf/core';
import { and, asc, eq, gte, inArray, lte, ne, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { schedule, scheduleUser, user } from '../../db/schema/index.js';
import { attachmentList } from '../../platform/attachments.js';
import { TIME_MAX_MS } from '../../platform/fields.js';
import { writeAudit, type AuditActor } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { updateVersioned } from '../../platform/crud.js';
import { invalidField, refuse } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { blankIfNull, pick } from '../../platform/rows.js';
import { schedulerOf, type JobContext } from '../../platform/scheduler.js';
import { msg } from '../../platform/validation.js';
import { t } from '../../platform/i18n.js';
import {
  displayName,
  MessageType,
  peopleById,
  pushMessages,
  storeMessages,
  type StoredMessages,
} from '../message/index.js';
import { dictionaryNames } from '../dictionary/index.js';
import { checkScheduleFiles } from './files.js';
import { m } from './messages.js';
import {
  DAY,
  addDays,
  atTime,
  daysBetween,
  endOfDay,
  hhmmOf,
  occurrences,
  parseInstant,
  reminderDue,
  Repetition,
} from './time.js';

const MODULE_NAME = 'schedule';
export const REMIND_KIND = 'schedule.remind';
const jobKey = (id: string) => `schedule:${id}`;
/** a list covers at most this long and returns at most this many rows */
const MAX_RANGE_MS = 400 * DAY;
const MAX_LIST_ROWS = 5000;

export type ScheduleRow = typeof schedule.$inferSelect;

const code = (values: [string, ...string[]], fallback: string) =>
  z.preprocess((v) => (v == null || v === '' ? fallback : typeof v === 'number' ? String(v) : v), z.enum(values));
const hhmm = z
  .string()
  .regex(/^([01]?\d|2[0-3]):[0-5]\d$/, { error: msg(m.timeFormat) })
  .default('00:00');
const userIds = z
  .union([z.string().max(100_000), z.array(z.string().max(50)).max(1000)])
  .nullish()
  .transform((v) => [
    ...new Set((Array.isArray(v) ? v : (v ?? '').split(',')).map((id) => id.split('--')[0]!.trim()).filter(Boolean)),
  ]);

export const scheduleBody = z.object({
  category: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().max(50).nullish()),
  urgent: code(['1', '2', '3'], '1'),
  title: z
    .string({ error: msg(m.titleRequired) })
    .trim()
    .min(1, { error: msg(m.titleRequired) })
    .max(200, { error: msg(m.titleTooLong) }),
  content: z.string().max(5000).nullish(),
  allDay: z.coerce.number().int().min(0).max(1).default(1),
  startDay: z.coerce
    .number()
    .int()
    .min(0)
    .max(TIME_MAX_MS)
    .default(() => Date.now()),
  startTime: hhmm,
  endDay: z.coerce
    .number()
    .int()
    .min(0)
    .max(TIME_MAX_MS)
    .default(() => Date.now()),
  endTime: hhmm.default('23:59'),
  duration: z.coerce
    .number()
    .int()
    .min(-1)
    .max(60 * 24 * 31)
    .default(-1),
  toUserIds: userIds,
  color: z.string().max(20).nullish(),
  reminderTime: z.coerce
    .number()
    .int()
    .min(-2)
    .max(60 * 24 * 31)
    .default(-2),
  reminderType: z.coerce.number().int().min(1).max(2).default(1),
  send: z.string().max(50).nullish(),
  sendName: z.string().max(100).nullish(),
  repetition: code(['1', '2', '3', '4', '5'], '1'),
  repeatTime: z.coerce.number().int().min(0).max(TIME_MAX_MS).nullish(),
  files: attachmentList,
});
export type ScheduleBody = z.infer<typeof scheduleBody>;

export const scopeParam = z.object({
  id: z.string().trim().min(1).max(50),
  type: z.coerce
    .number({ error: msg(m.scopeRequired) })
    .int()
    .min(1, { error: msg(m.scopeRequired) })
    .max(3, { error: msg(m.scopeRequired) }),
});

/** the first occurrence's start and end instants */
function instantsOf(body: ScheduleBody): { start: number; end: number } {
  const start = atTime(body.startDay, body.allDay ? '00:00' : body.startTime);
  const end = body.allDay
    ? endOfDay(body.endDay) - 59_999 // 23:59 of the last day
    : body.duration > 0
      ? start + body.duration * 60_000
      : atTime(body.endDay, body.endTime);
  if (end < start) throw invalidField('endDay', m.endBeforeStart);
  if (body.repetition !== Repetition.none && body.repeatTime != null && endOfDay(body.repeatTime) < start)
    throw invalidField('repeatTime', m.repeatBeforeStart);
  return { start, end };
}

async function checkParticipants(tx: Tx, ids: string[]) {
  if (!ids.length) return;
  const found = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(inArray(user.id, ids), ne(user.enabledMark, 0)));
  if (found.length !== ids.length) throw invalidField('toUserIds', m.userMissing);
}

async function participantsOf(tx: Tx | AppContext['db'], ids: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!ids.length) return out;
  for (const r of await tx.select().from(scheduleUser).where(inArray(scheduleUser.scheduleId, ids)))
    out.set(r.scheduleId, [...(out.get(r.scheduleId) ?? []), r.userId]);
  return out;
}

async function remindAt(
  app: AppContext,
  tx: Tx,
  row: { id: string; startDay: number; allDay: number; reminderTime: number },
) {
  const due = reminderDue(row.startDay, row.allDay === 1, row.reminderTime);
  // a reminder whose time has passed is not sent late
  if (due == null || due < Date.now() - 1000) return;
  await schedulerOf(app).schedule(tx, { kind: REMIND_KIND, dueAt: due, payload: { id: row.id }, key: jobKey(row.id) });
}

/** the columns of an occurrence of the body from `start` to `end` */
const occurrenceValues = (body: ScheduleBody, start: number, end: number) => ({
  category: body.category || null,
  urgent: body.urgent,
  title: body.title,
  content: body.content ?? null,
  allDay: body.allDay,
  startDay: start,
  startTime: hhmmOf(start),
  endDay: end,
  endTime: hhmmOf(end),
  duration: body.duration,
  color: body.color ?? null,
  reminderTime: body.reminderTime,
  reminderType: body.reminderType,
  send: body.send || null,
  sendName: body.sendName ?? null,
  repetition: body.repetition,
  repeatTime: body.repetition === Repetition.none ? null : (body.repeatTime ?? null),
  files: body.files,
});

/** writes the occurrences of a schedule from its body; returns their ids, the first first */
async function createSeries(
  app: AppContext,
  tx: Tx,
  actor: AuditActor,
  body: ScheduleBody,
  groupId = newId(),
): Promise<string[]> {
  const { start, end } = instantsOf(body);
  await checkParticipants(tx, body.toUserIds);
  const now = Date.now();
  const ids: string[] = [];
  for (const o of occurrences(start, end, body.repetition, body.repeatTime)) {
    const id = newId();
    ids.push(id);
    const row = {
      id,
      groupId,
      ...occurrenceValues(body, o.start, o.end),
      creatorTime: now,
      creatorUserId: actor.userId,
    };
    await tx.insert(schedule).values(row);
    if (body.toUserIds.length)
      await tx.insert(scheduleUser).values(body.toUserIds.map((userId) => ({ scheduleId: id, userId })));
    await remindAt(app, tx, row);
  }
  await writeAudit(tx, actor, {
    moduleName: MODULE_NAME,
    action: 'create',
    recordId: ids[0],
    after: { ...body, groupId, occurrences: ids.length },
  });
  return ids;
}

/** removes occurrences with their participants and pending reminders */
async function removeOccurrences(app: AppContext, tx: Tx, ids: string[]) {
  if (!ids.length) return;
  await schedulerOf(app).cancel(tx, ids.map(jobKey));
  await tx.delete(scheduleUser).where(inArray(scheduleUser.scheduleId, ids));
  await tx.delete(schedule).where(inArray(schedule.id, ids));
}

/** the occurrence, locked, when the caller created it */
async function ownOccurrence(tx: Tx, id: string, userId: string, missing: string): Promise<ScheduleRow> {
  const [row] = await tx.select().from(schedule).where(eq(schedule.id, id)).limit(1).for('update');
  if (!row) throw refuse(missing);
  if (row.creatorUserId !== userId) throw refuse(m.notCreator);
  return row;
}

/** the occurrences a scope names: 1 this one, 2 this and the following ones, 3 the whole series */
async function inScope(tx: Tx, row: ScheduleRow, scope: number): Promise<ScheduleRow[]> {
  if (scope === 1) return [row];
  return tx
    .select()
    .from(schedule)
    .where(and(eq(schedule.groupId, row.groupId), scope === 2 ? gte(schedule.startDay, row.startDay) : undefined))
    .for('update');
}

export async function createSchedule(app: AppContext, actor: AuditActor, body: ScheduleBody): Promise<string> {
  await checkScheduleFiles(app, actor.userId ?? '', body.files);
  const ids = await app.db.transaction((tx) => createSeries(app, tx, actor, body));
  return ids[0]!;
}

export async function updateSchedule(
  app: AppContext,
  actor: AuditActor,
  id: string,
  scope: number,
  body: ScheduleBody & { version?: number | null },
) {
  await checkScheduleFiles(app, actor.userId ?? '', body.files);
  await app.db.transaction(async (tx) => {
    const row = await ownOccurrence(tx, id, actor.userId ?? '', 'updateNotFound');
    if (body.version != null && body.version !== row.version) throw refuse('versionConflict');
    if (scope === 1) {
      // this occurrence alone leaves its series and stops repeating
      const single = { ...body, repetition: Repetition.none, repeatTime: null };
      const { start, end } = instantsOf(single);
      await checkParticipants(tx, body.toUserIds);
      const updated = await updateVersioned(
        tx,
        schedule,
        id,
        row.version,
        {
          groupId: newId(),
          ...occurrenceValues(single, start, end),
          lastModifyTime: Date.now(),
          lastModifyUserId: actor.userId,
        },
        { actor, moduleName: MODULE_NAME },
      );
      await tx.delete(scheduleUser).where(eq(scheduleUser.scheduleId, id));
      if (body.toUserIds.length)
        await tx.insert(scheduleUser).values(body.toUserIds.map((userId) => ({ scheduleId: id, userId })));
      await schedulerOf(app).cancel(tx, [jobKey(id)]);
      await remindAt(app, tx, updated);
      return;
    }
    const rows = await inScope(tx, row, scope);
    await removeOccurrences(
      app,
      tx,
      rows.map((r) => r.id),
    );
    if (scope === 2) {
      // "this and following" becomes a series of its own
      await createSeries(app, tx, actor, body, newId());
      return;
    }
    // the whole series keeps its group; changed from a later occurrence it keeps the earlier ones too: the
    // changed times move back by as many days as that occurrence lay after the series' first
    const first = rows.reduce((a, b) => (b.startDay < a.startDay ? b : a), row);
    const back = daysBetween(row.startDay, first.startDay);
    const series = back
      ? { ...body, startDay: addDays(body.startDay, back), endDay: addDays(body.endDay, back) }
      : body;
    await createSeries(app, tx, actor, series, row.groupId);
  });
}

export async function deleteSchedule(app: AppContext, actor: AuditActor, id: string, scope: number) {
  const stored = await app.db.transaction(async (tx) => {
    const row = await ownOccurrence(tx, id, actor.userId ?? '', 'deleteNotFound');
    const rows = await inScope(tx, row, scope);
    const ids = rows.map((r) => r.id);
    const participants = [...new Set([...(await participantsOf(tx, ids)).values()].flat())].filter(
      (userId) => userId !== actor.userId,
    );
    await removeOccurrences(app, tx, ids);
    await writeAudit(tx, actor, { moduleName: MODULE_NAME, action: 'delete', recordId: id, after: { scope, ids } });
    if (!participants.length) return null;
    // participants hear that it is off; the message opens nothing (type 3 = deleted)
    return storeMessages(tx, participants, {
      type: MessageType.schedule,
      title: t('zh', m.removedTitle, { title: row.title }),
      bodyText: JSON.stringify({ type: 3, groupId: row.groupId, id: row.id }),
      sourceId: row.id,
      senderId: actor.userId,
    });
  });
  if (stored) await pushMessages(app, stored);
}

/** the occurrence when the user created it or takes part in it */
async function visibleOccurrence(app: AppContext, userId: string, id: string): Promise<ScheduleRow | null> {
  const [row] = await app.db.select().from(schedule).where(eq(schedule.id, id)).limit(1);
  if (!row) return null;
  if (row.creatorUserId === userId) return row;
  const [member] = await app.db
    .select()
    .from(scheduleUser)
    .where(and(eq(scheduleUser.scheduleId, id), eq(scheduleUser.userId, userId)))
    .limit(1);
  return member ? row : null;
}

const rowView = (r: ScheduleRow) => ({
  ...pick(r, 'id', 'groupId', 'urgent', 'title', 'allDay', 'startDay', 'startTime', 'endDay', 'endTime', 'duration'),
  ...pick(r, 'reminderTime', 'reminderType', 'repetition', 'repeatTime', 'creatorUserId'),
  ...blankIfNull(r, 'category', 'content', 'color', 'send', 'sendName'),
});

export async function scheduleInfo(app: AppContext, userId: string, id: string) {
  const row = await visibleOccurrence(app, userId, id);
  if (!row) throw refuse('notFound');
  const participants = await participantsOf(app.db, [id]);
  return { ...rowView(row), toUserIds: participants.get(id) ?? [], files: row.files ?? '[]', version: row.version };
}

/** the detail dialog's copy: names instead of codes and ids, seeded dictionary items in the caller's language */
export async function scheduleDetail(
  app: AppContext,
  userId: string,
  id: string,
  groupId: string,
  lang: Language = 'zh',
) {
  const row = await visibleOccurrence(app, userId, id);
  if (!row || (groupId && row.groupId !== groupId)) throw refuse(m.deleted);
  const participantIds = (await participantsOf(app.db, [id])).get(id) ?? [];
  const [people, categories, urgency] = await Promise.all([
    peopleById(app.db, [row.creatorUserId, ...participantIds]),
    dictionaryNames(app.db, 'scheduleCategory', lang),
    dictionaryNames(app.db, 'urgency', lang),
  ]);
  return {
    ...rowView(row),
    category: row.category ? (categories.get(row.category) ?? row.category) : '',
    urgent: urgency.get(row.urgent) ?? row.urgent,
    creatorUserId: displayName(people.get(row.creatorUserId ?? ''), lang),
    toUserIds: participantIds.map((p) => displayName(people.get(p), lang)).filter(Boolean),
    files: row.files ?? '[]',
    /** 1: the caller created it and may delete it; 2: the caller takes part */
    type: row.creatorUserId === userId ? 1 : 2,
  };
}

export const listQuery = z.object({
  startTime: z.string().max(40).default(''),
  endTime: z.string().max(40).default(''),
});

/** the caller's occurrences (created or taking part) that overlap the range, by start */
export async function listSchedules(app: AppContext, userId: string, q: z.infer<typeof listQuery>) {
  const now = new Date();
  const from = q.startTime ? parseInstant(q.startTime) : new Date(now.getFullYear(), now.getMonth(), 1).getTime();
  const to = q.endTime ? parseInstant(q.endTime) : new Date(now.getFullYear(), now.getMonth() + 1, 1).getTime() - 1;
  if (from == null || to == null || to < from || to - from > MAX_RANGE_MS) throw refuse(m.rangeInvalid);
  const mine = app.db.select({ id: scheduleUser.scheduleId }).from(scheduleUser).where(eq(scheduleUser.userId, userId));
  const rows = await app.db
    .select()
    .from(schedule)
    .where(
      and(
        or(eq(schedule.creatorUserId, userId), inArray(schedule.id, mine)),
        lte(schedule.startDay, to),
        gte(schedule.endDay, from),
      ),
    )
    .orderBy(asc(schedule.startDay), asc(schedule.id))
    .limit(MAX_LIST_ROWS);
  return { list: rows.map(rowView) };
}

/** the reminder job: a schedule message for the creator and every participant, pushed after commit */
export function remindHandler(app: AppContext) {
  return async (payload: Record<string, unknown>, { tx, after }: JobContext) => {
    const id = typeof payload.id === 'string' ? payload.id : '';
    const [row] = await tx.select().from(schedule).where(eq(schedule.id, id)).limit(1);
    if (!row) return;
    const participants = (await participantsOf(tx, [id])).get(id) ?? [];
    const recipients = [...new Set([row.creatorUserId, ...participants].filter((u): u is string => !!u))];
    const enabled = recipients.length
      ? (
          await tx
            .select({ id: user.id })
            .from(user)
            .where(and(inArray(user.id, recipients), ne(user.enabledMark, 0)))
        ).map((u) => u.id)
      : [];
    if (!enabled.length) return;
    const stored: StoredMessages = await storeMessages(tx, enabled, {
      type: MessageType.schedule,
      title: row.title,
      excerpt: row.content ? row.content.slice(0, 200) : null,
      bodyText: JSON.stringify({ type: 1, groupId: row.groupId, id: row.id }),
      sourceId: row.id,
      senderId: row.creatorUserId,
    });
    after(() => pushMessages(app, stored));
  };
}
