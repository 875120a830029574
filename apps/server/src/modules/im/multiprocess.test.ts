// Two server processes over one PostgreSQL and one Redis: presence, chat, notice pushes and forced logouts
// reach users whichever process their socket is on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, parseToken } from '../../platform/sessions.js';
import { call, signIn, startPeerServer, startTestServer, type TestServer } from '../../../test/harness.js';
import { signedInUser } from '../../../test/kit/access.js';
import { connectChat } from '../../../test/kit/sockets.js';

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(pgUrl && redisUrl)('messaging across two processes', () => {
  let first: TestServer;
  let second: TestServer;
  let ann: { id: string; token: string };
  let ben: { id: string; token: string };

  beforeAll(async () => {
    first = await startTestServer({ redisUrl });
    second = await startPeerServer(first);
    ann = await signedInUser(first, { realName: '安' });
    ben = await signedInUser(first, { realName: '本' });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('users on different processes see each other online and chat', async () => {
    const a = await connectChat(first.baseUrl, ann.token);
    const b = await connectChat(second.baseUrl, ben.token);
    expect(b.init.onlineUsers).toContain(ann.id);
    await a.next('Online', (f) => f.userId === ben.id);
    a.send({ method: 'SendMessage', toUserId: ben.id, messageType: 'text', messageContent: '跨进程你好' });
    expect(await b.next('receiveMessage')).toMatchObject({ formUserId: ann.id, formMessage: '跨进程你好' });
    expect(await a.next('sendMessage')).toMatchObject({ toUserId: ben.id, toMessage: '跨进程你好' });
    // ben's second socket, on the other process, hears his own echo too
    const b2 = await connectChat(first.baseUrl, ben.token);
    b.send({ method: 'SendMessage', toUserId: ann.id, messageType: 'text', messageContent: '收到' });
    await b2.next('sendMessage', (f) => f.toMessage === '收到');
    await a.next('receiveMessage', (f) => f.formMessage === '收到');
    b.send({ method: 'MessageList', toUserId: ann.id, currentPage: 1, pageSize: 10, sord: 'asc' });
    const history = (await b.next('messageList')) as { list: { content: string }[] };
    expect(history.list.map((r) => r.content)).toEqual(['跨进程你好', '收到']);
    await b.close();
    await b2.close();
    await a.next('Offline', (f) => f.userId === ben.id);
    await a.close();
  });

  it('a user whose last sockets on both processes close at once is heard going offline, once', async () => {
    const a = await connectChat(first.baseUrl, ann.token);
    for (let round = 0; round < 4; round++) {
      const b1 = await connectChat(first.baseUrl, ben.token);
      const b2 = await connectChat(second.baseUrl, ben.token);
      await a.next('Online', (f) => f.userId === ben.id);
      a.frames.length = 0;
      // each process may still believe the other has ben: neither may leave the "Offline" unsaid
      await Promise.all([b1.close(), b2.close()]);
      await a.next('Offline', (f) => f.userId === ben.id);
      await new Promise((r) => setTimeout(r, 300));
      expect(a.frames.filter((f) => f.method === 'Offline' && f.userId === ben.id)).toHaveLength(1);
      a.frames.length = 0;
    }
    await a.close();
  });

  it('a notice released on one process reaches a socket on the other', async () => {
    const b = await connectChat(second.baseUrl, ben.token);
    const admin = await signIn(first);
    const created = await call<string>(first, 'POST', '/api/message/Notice', {
      token: admin,
      json: { title: '跨进程公告', toUserIds: ben.id },
    });
    expect(
      (await call(first, 'PUT', `/api/message/Notice/${created.data}/Actions/Release`, { token: admin })).code,
    ).toBe(200);
    expect(await b.next('messagePush')).toMatchObject({ messageType: 3, title: '跨进程公告', toUserId: ben.id });
    await b.close();
  });

  it('forcing a session offline on one process logs out its socket on the other', async () => {
    const { token } = await signedInUser(second);
    const socket = await connectChat(second.baseUrl, token);
    const admin = await signIn(first);
    await call(first, 'DELETE', `/api/system/OnlineUser/${hashToken(parseToken(token)!)}`, { token: admin });
    await socket.closed;
    expect(socket.frames.at(-1)).toMatchObject({ method: 'logout', token });
  });
});
