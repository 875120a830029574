// Schedules over HTTP: create with participants, list and detail for creator and participants, repeats and
// the three scopes of update and delete, and reminders that fire once — on a running server, after a
// restart, and with two servers over one database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { messageReceive, scheduledJob } from '../../db/schema/index.js';
import { holdScheduler } from '../../platform/scheduler.js';
import { startPlatform } from '../../server.js';
import { call, startPeerServer, startTestServer, type TestServer } from '../../../test/harness.js';
import { dropDatabase } from '../../../test/pg.js';
import { signedInUser } from '../../../test/kit/access.js';
import { connectChat, sleep, until } from '../../../test/kit/sockets.js';

const BASE = '/api/system/Schedule';
const MINUTE = 60_000;
type Row = { id: string; groupId: string; title: string; startDay: number; endDay: number; repetition: string };

let server: TestServer;
const ctx = () => server.platform.context;
let owner: { id: string; token: string };
let guest: { id: string; token: string };
let stranger: { id: string; token: string };

const person = (s: TestServer, realName: string) => signedInUser(s, { realName });

const day = (offsetDays: number, h = 9, m = 0) => {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  d.setHours(h, m, 0, 0);
  return d.getTime();
};

const body = (fields: Record<string, unknown> = {}) => ({
  category: '1',
  urgent: '2',
  title: '周会',
  content: '讨论进度',
  allDay: 0,
  startDay: day(1),
  startTime: '09:00',
  endDay: day(1),
  endTime: '10:00',
  toUserIds: [guest.id],
  reminderTime: -2,
  repetition: '1',
  files: '[]',
  ...fields,
});

async function create(s: TestServer, token: string, fields: Record<string, unknown> = {}) {
  const res = await call<string>(s, 'POST', BASE, { token, json: body(fields) });
  expect(res.code, res.msg).toBe(200);
  return res.data!;
}

const range = (from: number, to: number) => ({
  startTime: new Date(from).toISOString().slice(0, 10),
  endTime: String(to),
});

async function list(token: string, from = day(-1), to = day(300)) {
  const res = await call<{ list: Row[] }>(server, 'GET', BASE, { token, query: range(from, to) });
  expect(res.code, res.msg).toBe(200);
  return res.data!.list;
}

/** brings a schedule's pending reminder forward, as if its time were near */
async function remindIn(s: TestServer, scheduleId: string, ms: number) {
  const rows = await s.platform.context.db
    .update(scheduledJob)
    .set({ dueAt: Date.now() + ms })
    .where(and(eq(scheduledJob.jobKey, `schedule:${scheduleId}`), isNull(scheduledJob.doneAt)))
    .returning();
  expect(rows).toHaveLength(1);
}

const remindersOf = async (s: TestServer, scheduleId: string) =>
  s.platform.context.db
    .select()
    .from(messageReceive)
    .where(and(eq(messageReceive.sourceId, scheduleId), eq(messageReceive.type, 4)));

beforeAll(async () => {
  server = await startTestServer();
  owner = await person(server, '组织者');
  guest = await person(server, '参与者');
  stranger = await person(server, '路人');
});
afterAll(async () => {
  await server?.close();
});

describe('schedules', () => {
  it('the creator and participants see a schedule; others do not', async () => {
    const id = await create(server, owner.token, { title: '项目评审' });
    for (const who of [owner, guest]) expect((await list(who.token)).map((r) => r.id)).toContain(id);
    expect((await list(stranger.token)).map((r) => r.id)).not.toContain(id);
    const info = await call<Record<string, unknown>>(server, 'GET', `${BASE}/${id}`, { token: guest.token });
    expect(info.data).toMatchObject({
      id,
      title: '项目评审',
      urgent: '2',
      toUserIds: [guest.id],
      startDay: day(1),
      endDay: day(1, 10),
      version: 0,
    });
    const row = (await list(owner.token)).find((r) => r.id === id)!;
    const detail = await call<Record<string, unknown>>(server, 'GET', `${BASE}/detail`, {
      token: guest.token,
      query: { groupId: row.groupId, id },
    });
    expect(detail.data).toMatchObject({
      title: '项目评审',
      category: '会议',
      urgent: '重要',
      creatorUserId: expect.stringMatching(/^组织者\//),
      toUserIds: [expect.stringMatching(/^参与者\//)],
      type: 2,
    });
    expect((await call(server, 'GET', `${BASE}/detail`, { token: owner.token, query: { id } })).data).toMatchObject({
      type: 1,
    });
    expect((await call(server, 'GET', `${BASE}/detail`, { token: stranger.token, query: { id } })).msg).toBe(
      '该日程已被删除',
    );
    expect((await call(server, 'GET', `${BASE}/${id}`, { token: stranger.token })).msg).toBe('数据不存在');
  });

  it('refuses a missing title, an end before the start, unknown participants and changes by non-creators', async () => {
    const refuse = async (fields: Record<string, unknown>) =>
      (await call(server, 'POST', BASE, { token: owner.token, json: body(fields) })).msg;
    expect(await refuse({ title: '' })).toContain('日程标题不能为空');
    expect(await refuse({ endTime: '08:00' })).toContain('结束时间不能早于开始时间');
    expect(await refuse({ toUserIds: ['nobody'] })).toContain('所选参与人不存在');
    expect(await refuse({ startTime: '25:00' })).toContain('时间格式错误');
    const id = await create(server, owner.token);
    expect((await call(server, 'PUT', `${BASE}/${id}/1`, { token: guest.token, json: body() })).msg).toBe(
      '只有创建人可以修改或删除日程',
    );
    expect((await call(server, 'DELETE', `${BASE}/${id}/1`, { token: guest.token })).msg).toBe(
      '只有创建人可以修改或删除日程',
    );
    expect((await call(server, 'DELETE', `${BASE}/${id}/9`, { token: owner.token })).msg).toContain('请选择日程');
    expect((await call(server, 'DELETE', `${BASE}/nope/1`, { token: owner.token })).msg).toBe('删除失败，数据不存在');
  });

  it('repeats, and updates and deletes one occurrence, it and the following, or all', async () => {
    const first = await create(server, owner.token, {
      title: '晨会',
      repetition: '2',
      repeatTime: day(5),
      startDay: day(1),
      endDay: day(1),
    });
    const series = () => list(owner.token).then((rows) => rows.filter((r) => r.title.startsWith('晨会')));
    let rows = await series();
    expect(rows.map((r) => r.startDay)).toEqual([1, 2, 3, 4, 5].map((d) => day(d)));
    expect(new Set(rows.map((r) => r.groupId)).size).toBe(1);
    expect(rows[0]!.id).toBe(first);
    // scope 1: the second occurrence alone moves and leaves the series
    const second = rows[1]!;
    const moved = await call(server, 'PUT', `${BASE}/${second.id}/1`, {
      token: owner.token,
      json: body({
        title: '晨会（改）',
        startDay: day(2),
        startTime: '11:00',
        endDay: day(2),
        endTime: '11:30',
        repetition: '2',
        version: 0,
      }),
    });
    expect(moved.msg).toBe('更新成功');
    rows = await series();
    const single = rows.find((r) => r.id === second.id)!;
    expect(single).toMatchObject({ title: '晨会（改）', startDay: day(2, 11), repetition: '1' });
    expect(single.groupId).not.toBe(rows[0]!.groupId);
    // scope 2 from the fourth: the third stays, the fourth and fifth are gone
    const fourth = rows.find((r) => r.startDay === day(4))!;
    expect((await call(server, 'DELETE', `${BASE}/${fourth.id}/2`, { token: owner.token })).msg).toBe('删除成功');
    expect((await series()).map((r) => r.startDay)).toEqual([day(1), day(2, 11), day(3)]);
    // scope 3: the whole series (first and third) is rewritten from the body, keeping its group
    const group = rows[0]!.groupId;
    const rewritten = await call(server, 'PUT', `${BASE}/${first}/3`, {
      token: owner.token,
      json: body({
        title: '晨会',
        startDay: day(1),
        startTime: '08:00',
        endDay: day(1),
        endTime: '08:30',
        repetition: '3',
        repeatTime: day(15),
      }),
    });
    expect(rewritten.msg).toBe('更新成功');
    rows = await series();
    const inGroup = rows.filter((r) => r.groupId === group);
    expect(inGroup.map((r) => r.startDay)).toEqual([day(1, 8), day(8, 8), day(15, 8)]);
    // the participant hears when the series is deleted
    const socket = await connectChat(server.baseUrl, guest.token);
    expect((await call(server, 'DELETE', `${BASE}/${inGroup[1]!.id}/3`, { token: owner.token })).msg).toBe('删除成功');
    const push = await socket.next('messagePush', (f) => f.messageType === 4);
    expect(push.title).toBe('日程已取消：晨会');
    expect((await series()).map((r) => r.id)).toEqual([second.id]);
    const [message] = await ctx()
      .db.select()
      .from(messageReceive)
      .where(eq(messageReceive.id, push.id as string));
    expect(JSON.parse(message!.bodyText!)).toMatchObject({ type: 3, groupId: group });
    await socket.close();
  });

  it('changing all occurrences from a later one keeps the series where it began', async () => {
    await create(server, owner.token, {
      title: '站会',
      repetition: '2',
      repeatTime: day(24),
      startDay: day(20),
      endDay: day(20, 9, 15),
      endTime: '09:15',
    });
    const series = () => list(owner.token).then((rows) => rows.filter((r) => r.title.startsWith('站会')));
    const third = (await series())[2]!;
    expect(third.startDay).toBe(day(22));
    const res = await call(server, 'PUT', `${BASE}/${third.id}/3`, {
      token: owner.token,
      json: body({
        title: '站会（改）',
        startDay: day(22),
        startTime: '10:00',
        endDay: day(22),
        endTime: '10:30',
        repetition: '2',
        repeatTime: day(24),
      }),
    });
    expect(res.msg).toBe('更新成功');
    const rows = await series();
    expect(rows.map((r) => [r.title, r.startDay, r.endDay])).toEqual(
      [20, 21, 22, 23, 24].map((d) => ['站会（改）', day(d, 10), day(d, 10, 30)]),
    );
    expect(new Set(rows.map((r) => r.groupId))).toEqual(new Set([third.groupId]));
  });

  it('a reminder leaves one schedule message for the creator and each participant and pushes it', async () => {
    const id = await create(server, owner.token, { title: '提醒测试', startDay: day(1), reminderTime: 10 });
    const [job] = await ctx()
      .db.select()
      .from(scheduledJob)
      .where(eq(scheduledJob.jobKey, `schedule:${id}`));
    expect(job!.dueAt).toBe(day(1) - 10 * MINUTE);
    const socket = await connectChat(server.baseUrl, guest.token);
    await remindIn(server, id, 200);
    const push = await socket.next('messagePush', (f) => f.title === '提醒测试', 8000);
    expect(push).toMatchObject({ messageType: 4, userId: owner.id });
    await sleep(1500);
    const messages = await remindersOf(server, id);
    expect(messages.map((m) => m.userId).sort()).toEqual([owner.id, guest.id].sort());
    expect(JSON.parse(messages[0]!.bodyText!)).toMatchObject({ type: 1, id });
    const mine = await call<{ list: { title: string; type: number }[] }>(server, 'GET', '/api/message', {
      token: guest.token,
      query: { type: 4, keyword: '提醒测试' },
    });
    expect(mine.data!.list).toEqual([expect.objectContaining({ title: '提醒测试', type: 4 })]);
    await socket.close();
    // deleting a schedule takes its pending reminder with it
    const other = await create(server, owner.token, { title: '不再提醒', reminderTime: 5 });
    await call(server, 'DELETE', `${BASE}/${other}/1`, { token: owner.token });
    expect(
      await ctx()
        .db.select()
        .from(scheduledJob)
        .where(eq(scheduledJob.jobKey, `schedule:${other}`)),
    ).toEqual([]);
  });
});

describe('reminders across restarts and processes', () => {
  it('a reminder that fell due while the server was down fires once when one starts', async () => {
    const first = await startTestServer();
    const creator = await person(first, '重启者');
    const id = await create(first, creator.token, { title: '重启提醒', toUserIds: [], reminderTime: 5 });
    // the server "goes down": nothing polls while the reminder falls due
    await holdScheduler(first.platform.context);
    await remindIn(first, id, -1000);
    let second: TestServer;
    let cleanup: () => Promise<void>;
    if (first.config.databaseUrl) {
      await first.platform.close();
      second = await startPeerServer(first);
      const name = new URL(first.config.databaseUrl).pathname.slice(1);
      cleanup = async () => {
        await second.close();
        await dropDatabase(process.env.TEST_DATABASE_URL!, name);
      };
    } else {
      const image = await first.platform.database.dump!();
      await first.close();
      const platform = await startPlatform(first.config, { logger: false, loadDataDir: image, memory: true });
      second = { ...first, platform, baseUrl: '', close: () => platform.close() };
      cleanup = () => second.close();
    }
    try {
      await until(async () => (await remindersOf(second, id)).length > 0, 10_000);
      await sleep(1500);
      const messages = await remindersOf(second, id);
      expect(messages.map((m) => m.userId)).toEqual([creator.id]);
      const [job] = await second.platform.context.db
        .select()
        .from(scheduledJob)
        .where(eq(scheduledJob.jobKey, `schedule:${id}`));
      expect(job!.doneAt).not.toBeNull();
      expect(job!.claimedBy).toBeTruthy();
    } finally {
      await cleanup();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('with two servers over one database, each reminder fires once', async () => {
    const peer = await startPeerServer(server);
    try {
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push(await create(server, owner.token, { title: `双实例${i}`, reminderTime: 5 }));
      for (const id of ids) await remindIn(server, id, 300);
      await until(async () => {
        const rows = await ctx().db.select().from(messageReceive).where(inArray(messageReceive.sourceId, ids));
        return rows.length >= ids.length * 2;
      }, 10_000);
      await sleep(1500);
      const rows = await ctx().db.select().from(messageReceive).where(inArray(messageReceive.sourceId, ids));
      expect(rows).toHaveLength(ids.length * 2);
      const jobs = await ctx()
        .db.select()
        .from(scheduledJob)
        .where(
          inArray(
            scheduledJob.jobKey,
            ids.map((id) => `schedule:${id}`),
          ),
        );
      expect(jobs.every((j) => j.doneAt !== null && j.attempts === 1)).toBe(true);
    } finally {
      await peer.close();
    }
  });
});
