// The message centre over HTTP: a user's own messages listed, filtered and paged, read one by one or all at
// once, deleted, counted; every new message pushed to the user's sockets as messagePush.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../../test/harness.js';
import { signedInUser } from '../../../test/kit/access.js';
import { adminId as seededAdminId } from '../../../test/kit/directory.js';
import { connectChat } from '../../../test/kit/sockets.js';
import { MessageType, sendMessages } from './service.js';

let server: TestServer;
const ctx = () => server.platform.context;
type Row = { id: string; title: string; type: number; isRead: number; releaseUser: string; releaseTime: number };
type Page = { list: Row[]; pagination: { currentPage: number; pageSize: number; total: number } };

let reader: { id: string; token: string };
let other: { id: string; token: string };
let adminId: string;

beforeAll(async () => {
  server = await startTestServer();
  adminId = await seededAdminId(ctx());
  reader = await signedInUser(server, { realName: 'reader' });
  other = await signedInUser(server, { realName: 'other' });
});
afterAll(async () => {
  await server?.close();
});

describe('message centre', () => {
  it('pushes messagePush when a message is created for the user, and counts it in initMessage', async () => {
    const socket = await connectChat(server.baseUrl, reader.token);
    const stored = await sendMessages(ctx(), [reader.id], {
      type: MessageType.system,
      title: '系统维护通知',
      bodyText: '<p>今晚维护</p>',
      senderId: adminId,
    });
    const push = await socket.next('messagePush');
    expect(push).toEqual({
      method: 'messagePush',
      unreadNoticeCount: 1,
      messageType: 1,
      userId: adminId,
      toUserId: reader.id,
      title: '系统维护通知',
      id: stored.recipients[0]!.id,
      messageDefaultTime: stored.createdAt,
    });
    await socket.close();
    const again = await connectChat(server.baseUrl, reader.token);
    expect(again.init).toMatchObject({
      unreadSystemMessageCount: 1,
      unreadTotalCount: 1,
      messageDefaultText: '系统维护通知',
      messageDefaultTime: stored.createdAt,
    });
    await again.close();
  });

  it('lists my messages only, newest first, by keyword, type and read state, in pages', async () => {
    for (let i = 1; i <= 5; i++)
      await sendMessages(ctx(), [reader.id], { type: MessageType.schedule, title: `日程提醒${i}`, senderId: adminId });
    await sendMessages(ctx(), [other.id], { type: MessageType.system, title: '别人的消息', senderId: adminId });
    const all = await call<Page>(server, 'GET', '/api/message', {
      token: reader.token,
      query: { currentPage: 1, pageSize: 20 },
    });
    expect(all.data!.pagination.total).toBe(6);
    expect(all.data!.list.map((r) => r.title)).not.toContain('别人的消息');
    expect(all.data!.list[0]).toMatchObject({ title: '日程提醒5', type: 4, isRead: 0, releaseUser: '管理员/admin' });
    const schedules = await call<Page>(server, 'GET', '/api/message', {
      token: reader.token,
      query: { type: 4, keyword: '提醒', currentPage: 2, pageSize: 2, isRead: '' },
    });
    expect(schedules.data!.list.map((r) => r.title)).toEqual(['日程提醒3', '日程提醒2']);
    expect(schedules.data!.pagination).toEqual({ currentPage: 2, pageSize: 2, total: 5 });
    const bad = await call(server, 'GET', '/api/message', { token: reader.token, query: { isRead: 7 } });
    expect(bad.code).toBe(401);
  });

  it('sorts by title, type, read state or time (sidx, sort); an unknown column sorts by time', async () => {
    const rows = async (sidx: string, sort: string) =>
      (
        await call<Page>(server, 'GET', '/api/message', {
          token: reader.token,
          query: { type: 4, sidx, sort, pageSize: 20 },
        })
      ).data!.list;
    const ascending = (values: number[]) => values.every((v, i) => i === 0 || values[i - 1]! <= v);
    expect((await rows('title', 'asc')).map((r) => r.title)).toEqual([
      '日程提醒1',
      '日程提醒2',
      '日程提醒3',
      '日程提醒4',
      '日程提醒5',
    ]);
    expect((await rows('title', 'desc')).map((r) => r.title)[0]).toBe('日程提醒5');
    expect(ascending((await rows('releaseTime', 'asc')).map((r) => r.releaseTime))).toBe(true);
    expect(ascending((await rows('nothing', 'asc')).map((r) => r.releaseTime))).toBe(true);
    expect(ascending((await rows('', 'desc')).map((r) => -r.releaseTime))).toBe(true);
    const byType = await call<Page>(server, 'GET', '/api/message', {
      token: reader.token,
      query: { sidx: 'type', sort: 'asc' },
    });
    expect(byType.data!.list.map((r) => r.type)).toEqual([1, 4, 4, 4, 4, 4]);
  });

  it('ReadInfo marks one read and returns it; others’ messages are not found', async () => {
    const list = await call<Page>(server, 'GET', '/api/message', {
      token: reader.token,
      query: { keyword: '日程提醒1' },
    });
    const id = list.data!.list[0]!.id;
    const info = await call<Record<string, unknown>>(server, 'GET', `/api/message/ReadInfo/${id}`, {
      token: reader.token,
    });
    expect(info.data).toMatchObject({ id, title: '日程提醒1', type: 4, isRead: 1, releaseUser: '管理员/admin' });
    const unread = await call<Page>(server, 'GET', '/api/message', {
      token: reader.token,
      query: { isRead: 0, type: 4 },
    });
    expect(unread.data!.pagination.total).toBe(4);
    expect((await call(server, 'GET', `/api/message/ReadInfo/${id}`, { token: other.token })).msg).toBe('数据不存在');
  });

  it('ReadAll marks what matches read, then answers 暂无未读消息; getUnReadMsgNum counts by type', async () => {
    const counts = await call<Record<string, string>>(server, 'GET', '/api/message/getUnReadMsgNum', {
      token: reader.token,
    });
    expect(counts.data).toEqual({
      unReadMsg: '0',
      unReadNotice: '0',
      unReadSchedule: '4',
      unReadSystemMsg: '1',
      unReadNum: '5',
    });
    const res = await call(server, 'POST', '/api/message/Actions/ReadAll', {
      token: reader.token,
      json: { type: 4, keyword: '' },
    });
    expect(res).toMatchObject({ code: 200, msg: '操作成功' });
    const after = await call<Record<string, string>>(server, 'GET', '/api/message/getUnReadMsgNum', {
      token: reader.token,
    });
    expect(after.data).toMatchObject({ unReadSchedule: '0', unReadSystemMsg: '1', unReadNum: '1' });
    const none = await call(server, 'POST', '/api/message/Actions/ReadAll', { token: reader.token, json: { type: 4 } });
    expect(none).toMatchObject({ code: 400, msg: '暂无未读消息' });
    expect((await call(server, 'POST', '/api/message/Actions/ReadAll', { token: reader.token, json: {} })).code).toBe(
      200,
    );
  });

  it('Record deletes some of my messages from a comma string; others’ stay', async () => {
    const mine = await call<Page>(server, 'GET', '/api/message', { token: reader.token, query: { pageSize: 3 } });
    const theirs = await call<Page>(server, 'GET', '/api/message', { token: other.token });
    const ids = [...mine.data!.list.map((r) => r.id), theirs.data!.list[0]!.id].join(',');
    const res = await call(server, 'DELETE', '/api/message/Record', { token: reader.token, json: { ids } });
    expect(res).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await call<Page>(server, 'GET', '/api/message', { token: reader.token })).data!.pagination.total).toBe(3);
    expect((await call<Page>(server, 'GET', '/api/message', { token: other.token })).data!.pagination.total).toBe(1);
    expect((await call(server, 'DELETE', '/api/message/Record', { token: reader.token, json: { ids: '' } })).code).toBe(
      400,
    );
  });
});
