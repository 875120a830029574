// A socket cannot flood another user's conversation: frames past the per-socket and per-user budgets are
// answered with an error frame and not stored; the budget comes back with time. Socket frames are parsed with
// the same nesting and character rules as request bodies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { imContent } from '../../db/schema/index.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { signedInUser } from '../../../test/kit/access.js';
import { connectChat, sleep, until } from '../../../test/kit/sockets.js';

let server: TestServer;
const ctx = () => server.platform.context;

const person = (realName: string) => signedInUser(server, { realName });

const stored = async (from: string, to: string) =>
  (
    await ctx()
      .db.select({ id: imContent.id })
      .from(imContent)
      .where(and(eq(imContent.sendUserId, from), eq(imContent.receiveUserId, to)))
  ).length;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('socket flood', () => {
  it('frames past the socket budget are refused with an error frame and not stored', async () => {
    const sender = await person('洪水');
    const target = await person('堤坝');
    const socket = await connectChat(server.baseUrl, sender.token);
    // in waves below the socket's queue limit (past it the socket is closed): a script paced to be stored
    const sent = 400;
    for (let wave = 0; wave < sent / 100; wave++) {
      for (let i = 0; i < 100; i++)
        socket.send({ method: 'SendMessage', toUserId: target.id, messageType: 'text', messageContent: `f${i}` });
      await until(() => socket.count('sendMessage') + socket.count('error') >= (wave + 1) * 100, 15_000);
    }
    const refused = socket.frames.filter((f) => f.method === 'error');
    expect(refused.length).toBeGreaterThan(300);
    expect(refused.every((f) => f.msg === '请求过于频繁，请稍后再试')).toBe(true);
    const kept = await stored(sender.id, target.id);
    expect(kept).toBe(socket.count('sendMessage'));
    expect(kept).toBeLessThan(100);

    // the budget refills: after a pause the next message goes through
    await sleep(500);
    socket.frames.length = 0;
    socket.send({ method: 'SendMessage', toUserId: target.id, messageType: 'text', messageContent: 'after' });
    await socket.next('sendMessage', (f) => f.toMessage === 'after');
    await socket.close();
  });

  it('a user cannot get round the socket budget by opening more sockets', async () => {
    const sender = await person('多路');
    const target = await person('收件');
    const sockets = await Promise.all(Array.from({ length: 4 }, () => connectChat(server.baseUrl, sender.token)));
    const perSocket = 60;
    const started = Date.now();
    for (let i = 0; i < perSocket; i++)
      for (const s of sockets)
        s.send({ method: 'SendMessage', toUserId: target.id, messageType: 'text', messageContent: `m${i}` });
    const answered = () => sockets.reduce((n, s) => n + s.count('sendMessage') + s.count('error'), 0);
    // every sendMessage echo reaches all of the sender's sockets, so count refusals and stored rows instead
    await until(
      async () =>
        (await stored(sender.id, target.id)) + sockets.reduce((n, s) => n + s.count('error'), 0) >= 4 * perSocket,
      15_000,
    );
    const seconds = (Date.now() - started) / 1000;
    expect(answered()).toBeGreaterThan(0);
    // the user's budget: 80 at once and 20 a second for as long as the frames took (a loaded machine takes longer);
    // without it four sockets would pass 4 × 40 at once and 4 × 10 a second
    const kept = await stored(sender.id, target.id);
    expect(kept).toBeLessThanOrEqual(Math.min(4 * perSocket, 80 + Math.ceil(20 * seconds)));
    for (const s of sockets) await s.close();
  });

  it('a frame nested 10,000 deep or holding half a surrogate pair is refused, and the socket stays usable', async () => {
    const sender = await person('深层');
    const target = await person('浅层');
    const socket = await connectChat(server.baseUrl, sender.token);
    socket.send(`{"method":"SendMessage","x":${'['.repeat(10_000)}${']'.repeat(10_000)}}`);
    await socket.next('error', (f) => f.msg === '请求数据格式错误');
    socket.frames.length = 0;
    socket.send(`{"method":"SendMessage","toUserId":"${target.id}","messageType":"text","messageContent":"a\\ud800"}`);
    await socket.next('error', (f) => f.msg === '请求数据格式错误');
    expect(await stored(sender.id, target.id)).toBe(0);
    socket.send({ method: 'SendMessage', toUserId: target.id, messageType: 'text', messageContent: 'fine' });
    await socket.next('sendMessage', (f) => f.toMessage === 'fine');
    await socket.close();
  });
});
