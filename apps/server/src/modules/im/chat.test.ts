// Chat over real WebSockets: connection and presence, sending (stored before delivery), history pages, unread
// counts and read marks, conversations, bad frames, chat pictures, and logout on a forced offline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { imContent, user } from '../../db/schema/index.js';
import { hashToken, parseToken } from '../../platform/sessions.js';
import { call, signIn, startTestServer, type TestServer } from '../../../test/harness.js';
import { signedInUser } from '../../../test/kit/access.js';
import { connectChat, openSocket, until, type Frame } from '../../../test/kit/sockets.js';
import { PNG, upload as uploadFiles } from '../../../test/kit/uploads.js';

let server: TestServer;
const ctx = () => server.platform.context;
let alice: { id: string; token: string };
let bob: { id: string; token: string };

const person = (realName: string) => signedInUser(server, { realName });

const upload = (token: string | null, bytes: Buffer, fileName: string, lang = 'zh') =>
  uploadFiles<{ name: string; url: string }>(server, '/api/file/Uploader/IM', [{ name: fileName, content: bytes }], {
    token,
    headers: { 'jnpf-language': lang },
  });

beforeAll(async () => {
  server = await startTestServer();
  alice = await person('爱丽丝');
  bob = await person('鲍勃');
});
afterAll(async () => {
  await server?.close();
});

describe('chat over the socket', () => {
  it('OnConnection answers initMessage, and the others hear Online and Offline', async () => {
    const a = await connectChat(server.baseUrl, alice.token);
    expect(a.init).toMatchObject({
      method: 'initMessage',
      userId: alice.id,
      unreadNums: [],
      unreadTotalCount: 0,
      unreadNoticeCount: 0,
      unreadSystemMessageCount: 0,
      unreadScheduleCount: 0,
      unreadMessageCount: 0,
    });
    const b = await connectChat(server.baseUrl, bob.token);
    expect(b.init.onlineUsers).toContain(alice.id);
    expect(b.init.onlineUsers).not.toContain(bob.id);
    await a.next('Online', (f) => f.userId === bob.id);
    await b.close();
    await a.next('Offline', (f) => f.userId === bob.id);
    await a.close();
  });

  it('a message is stored, echoed to all the sender’s sockets and delivered to the recipient', async () => {
    const a1 = await connectChat(server.baseUrl, alice.token);
    const a2 = await connectChat(server.baseUrl, alice.token);
    const b = await connectChat(server.baseUrl, bob.token);
    a1.send({
      method: 'SendMessage',
      toUserId: bob.id,
      messageType: 'text',
      messageContent: 'hi <b>bob</b> [微笑]',
      token: alice.token,
    });
    const received = await b.next('receiveMessage');
    expect(received).toMatchObject({
      formUserId: alice.id,
      messageType: 'text',
      formMessage: 'hi &lt;b&gt;bob&lt;/b&gt; [微笑]',
      realName: '爱丽丝',
      headIcon: '/api/file/Image/userAvatar/001.png',
    });
    // what a client was shown is already in the history
    const stored = await ctx()
      .db.select()
      .from(imContent)
      .where(and(eq(imContent.sendUserId, alice.id), eq(imContent.receiveUserId, bob.id)));
    expect(stored.map((r) => r.content)).toContain('hi &lt;b&gt;bob&lt;/b&gt; [微笑]');
    for (const socket of [a1, a2]) {
      const echo = await socket.next('sendMessage');
      expect(echo).toMatchObject({
        UserId: alice.id,
        toUserId: bob.id,
        toRealName: '鲍勃',
        messageType: 'text',
        toMessage: 'hi &lt;b&gt;bob&lt;/b&gt; [微笑]',
      });
      expect(echo.dateTime).toBe(received.dateTime);
    }
    expect(b.count('sendMessage')).toBe(0);
    for (const s of [a1, a2, b]) await s.close();
  });

  it('refuses empty messages, unknown recipients and types on the asking socket only, storing nothing', async () => {
    const a = await connectChat(server.baseUrl, alice.token);
    const b = await connectChat(server.baseUrl, bob.token);
    const before = (await ctx().db.select().from(imContent)).length;
    a.send({ method: 'SendMessage', toUserId: bob.id, messageType: 'text', messageContent: '   ' });
    expect((await a.next('error')).msg).toBe('消息内容不能为空');
    a.frames.length = 0;
    a.send({ method: 'SendMessage', toUserId: 'nobody', messageType: 'text', messageContent: 'hello?' });
    expect((await a.next('error')).msg).toBe('接收人不存在');
    a.frames.length = 0;
    a.send({ method: 'SendMessage', toUserId: bob.id, messageType: 'video', messageContent: 'x' });
    expect((await a.next('error')).msg).toBe('不支持的消息类型');
    a.frames.length = 0;
    a.send({ method: 'SendMessage', toUserId: bob.id, messageType: 'text', messageContent: 'x'.repeat(5001) });
    expect((await a.next('error')).msg).toBe('消息内容不能超过5000个字符');
    expect((await ctx().db.select().from(imContent)).length).toBe(before);
    expect(b.count('receiveMessage')).toBe(0);
    await a.close();
    await b.close();
  });

  it('a renamed or disabled user is seen at the next message (the per-process person cache is dropped)', async () => {
    const carol = await person('卡罗尔');
    const a = await connectChat(server.baseUrl, alice.token);
    const c = await connectChat(server.baseUrl, carol.token);
    a.send({ method: 'SendMessage', toUserId: carol.id, messageType: 'text', messageContent: 'one' });
    expect((await a.next('sendMessage')).toRealName).toBe('卡罗尔');
    await ctx().db.update(user).set({ realName: '卡萝' }).where(eq(user.id, carol.id));
    await ctx().directory.changed(carol.id);
    a.frames.length = 0;
    a.send({ method: 'SendMessage', toUserId: carol.id, messageType: 'text', messageContent: 'two' });
    expect((await a.next('sendMessage')).toRealName).toBe('卡萝');
    await ctx().db.update(user).set({ enabledMark: 0 }).where(eq(user.id, carol.id));
    await ctx().directory.changed(carol.id);
    a.frames.length = 0;
    a.send({ method: 'SendMessage', toUserId: carol.id, messageType: 'text', messageContent: 'three' });
    expect((await a.next('error')).msg).toBe('接收人不存在');
    await a.close();
    await c.close();
  });

  it('history pages newest-back (desc) or oldest-on (asc), each page oldest first, with a keyword', async () => {
    const carol = await person('卡萝');
    const dave = await person('戴夫');
    const c = await connectChat(server.baseUrl, carol.token);
    for (let i = 1; i <= 35; i++) {
      c.send({ method: 'SendMessage', toUserId: dave.id, messageType: 'text', messageContent: `m${i}` });
      await c.next('sendMessage', (f) => f.toMessage === `m${i}`);
    }
    const page = async (frame: Record<string, unknown>) => {
      c.frames.length = 0;
      c.send({ method: 'MessageList', toUserId: dave.id, formUserId: carol.id, ...frame });
      return (await c.next('messageList')) as Frame & {
        list: { content: string; sendUserId: string; contentType: string; state: number }[];
        pagination: { total: number; currentPage: number; pageSize: number };
      };
    };
    const latest = await page({ currentPage: 1, pageSize: 30, sord: 'desc' });
    expect(latest.pagination).toEqual({ total: 35, currentPage: 1, pageSize: 30 });
    // the answer names what it answers
    expect(latest).toMatchObject({ toUserId: dave.id, keyword: '', sord: 'desc' });
    expect(latest.list.map((r) => r.content)).toEqual(Array.from({ length: 30 }, (_, i) => `m${i + 6}`));
    expect(latest.list[0]).toMatchObject({ sendUserId: carol.id, contentType: 'text', state: 0 });
    expect((await page({ currentPage: 2, pageSize: 30, sord: 'desc' })).list.map((r) => r.content)).toEqual([
      'm1',
      'm2',
      'm3',
      'm4',
      'm5',
    ]);
    const oldest = await page({ currentPage: 1, pageSize: 10, sord: 'asc' });
    expect(oldest.list.map((r) => r.content)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i + 1}`));
    const search = await page({ currentPage: 1, pageSize: 50, sord: 'asc', keyword: 'm3' });
    expect(search.list.map((r) => r.content)).toEqual(['m3', 'm30', 'm31', 'm32', 'm33', 'm34', 'm35']);
    expect(search.pagination.total).toBe(7);
    expect(search).toMatchObject({ toUserId: dave.id, keyword: 'm3', sord: 'asc' });
    // text is stored escaped; the keyword finds it as it was typed
    c.send({ method: 'SendMessage', toUserId: dave.id, messageType: 'text', messageContent: 'a <b> & c' });
    await c.next('sendMessage', (f) => f.toMessage === 'a &lt;b&gt; &amp; c');
    const escaped = await page({ currentPage: 1, pageSize: 50, sord: 'desc', keyword: '<b> &' });
    expect(escaped.list.map((r) => r.content)).toEqual(['a &lt;b&gt; &amp; c']);
    expect(escaped.keyword).toBe('<b> &');
    // someone else's conversation is not readable by naming it
    const eve = await person('伊芙');
    const e = await connectChat(server.baseUrl, eve.token);
    e.send({ method: 'MessageList', toUserId: dave.id, formUserId: carol.id, currentPage: 1, pageSize: 50 });
    expect(((await e.next('messageList')) as { list: unknown[] }).list).toEqual([]);
    await c.close();
    await e.close();
  });

  it('unread counts, read marks, conversations, clearing one side and removing a conversation', async () => {
    const frank = await person('弗兰克');
    const grace = await person('格蕾丝');
    const f = await connectChat(server.baseUrl, frank.token);
    for (const text of ['one', 'two', 'three']) {
      f.send({ method: 'SendMessage', toUserId: grace.id, messageType: 'text', messageContent: text });
      await f.next('sendMessage', (x) => x.toMessage === text);
    }
    const g = await connectChat(server.baseUrl, grace.token);
    expect(g.init.unreadNums).toEqual([
      expect.objectContaining({
        sendUserId: frank.id,
        unreadNum: 3,
        defaultMessage: 'three',
        defaultMessageType: 'text',
      }),
    ]);
    const replies = await call<{ list: Record<string, unknown>[] }>(server, 'GET', '/api/message/imreply', {
      token: grace.token,
    });
    expect(replies.data?.list, JSON.stringify(replies)).toEqual([
      expect.objectContaining({
        id: frank.id,
        realName: '弗兰克',
        unreadMessage: 3,
        latestMessage: 'three',
        messageType: 'text',
      }),
    ]);
    g.send({ method: 'UpdateReadMessage', formUserId: frank.id });
    await until(async () => {
      const r = await call<{ list: { unreadMessage: number }[] }>(server, 'GET', '/api/message/imreply', {
        token: grace.token,
      });
      return r.data!.list[0]?.unreadMessage === 0;
    });
    // grace clears her side: frank still has his
    expect(
      (await call(server, 'DELETE', `/api/message/imreply/deleteChatRecord/${frank.id}`, { token: grace.token })).code,
    ).toBe(200);
    const history = async (probe: typeof f, peer: string) => {
      probe.frames.length = 0;
      probe.send({ method: 'MessageList', toUserId: peer, currentPage: 1, pageSize: 50, sord: 'asc' });
      return ((await probe.next('messageList')) as { list: { content: string }[] }).list.map((r) => r.content);
    };
    expect(await history(g, frank.id)).toEqual([]);
    expect(await history(f, grace.id)).toEqual(['one', 'two', 'three']);
    const cleared = await call<{ list: Record<string, unknown>[] }>(server, 'GET', '/api/message/imreply', {
      token: grace.token,
    });
    expect(cleared.data!.list[0]).toMatchObject({ id: frank.id, latestMessage: '', unreadMessage: 0 });
    // frank clears too: the rows are gone
    await call(server, 'DELETE', `/api/message/imreply/deleteChatRecord/${grace.id}`, { token: frank.token });
    const left = await ctx().db.select().from(imContent).where(eq(imContent.sendUserId, frank.id));
    expect(left).toEqual([]);
    // removing the conversation takes it off the list until the next message
    await call(server, 'DELETE', `/api/message/imreply/relocation/${frank.id}`, { token: grace.token });
    expect(
      (await call<{ list: unknown[] }>(server, 'GET', '/api/message/imreply', { token: grace.token })).data!.list,
    ).toEqual([]);
    f.send({ method: 'SendMessage', toUserId: grace.id, messageType: 'text', messageContent: 'back' });
    await g.next('receiveMessage', (x) => x.formMessage === 'back');
    const back = await call<{ list: Record<string, unknown>[] }>(server, 'GET', '/api/message/imreply', {
      token: grace.token,
    });
    expect(back.data!.list).toEqual([
      expect.objectContaining({ id: frank.id, latestMessage: 'back', unreadMessage: 1 }),
    ]);
    await f.close();
    await g.close();
  });

  it('bad frames get an error on that socket; it and everyone else’s stay open', async () => {
    const a = await connectChat(server.baseUrl, alice.token);
    const b = await connectChat(server.baseUrl, bob.token);
    for (const bad of [
      'not json',
      '[1,2]',
      '"text"',
      JSON.stringify({ method: 'Nope' }),
      JSON.stringify({ noMethod: 1 }),
    ])
      a.send(bad);
    await until(() => a.count('error') >= 5);
    a.send({ method: 'SendMessage', toUserId: bob.id, messageType: 'text', messageContent: 'still here' });
    await b.next('receiveMessage', (x) => x.formMessage === 'still here');
    expect(a.socket.readyState).toBe(a.socket.OPEN);
    expect(b.socket.readyState).toBe(b.socket.OPEN);
    // a frame carrying another session's token closes only the socket that sent it
    a.send({ method: 'MessageList', token: bob.token, toUserId: bob.id });
    await a.closed;
    expect(a.frames.at(-1)).toEqual({ method: 'closeSocket' });
    expect(b.socket.readyState).toBe(b.socket.OPEN);
    await b.close();
  });

  it('an invalid token gets closeSocket; a forced offline gets logout with the reason', async () => {
    const invalid = await openSocket(server.baseUrl, 'bearer nonsense');
    await invalid.closed;
    expect(invalid.frames).toEqual([{ method: 'closeSocket' }]);
    const victim = await person('被踢');
    const v = await connectChat(server.baseUrl, victim.token);
    const admin = await signIn(server);
    const sessionId = hashToken(parseToken(victim.token)!);
    expect((await call(server, 'DELETE', `/api/system/OnlineUser/${sessionId}`, { token: admin })).code).toBe(200);
    await v.closed;
    expect(v.frames.at(-1)).toEqual({ method: 'logout', token: victim.token, msg: '您已被管理员强制下线' });
  });
});

describe('chat pictures', () => {
  it('uploads an image, serves it to the two parties of the message showing it, and sends it as an image message', async () => {
    const res = await upload(alice.token, PNG, 'dot.png');
    expect(res.code, res.msg).toBe(200);
    const name = res.data!.name;
    expect(name).toMatch(/^\d{8}_[0-9a-f]{32}\.png$/);
    expect(res.data!.url).toBe(`/api/file/Image/IM/${name}`);
    const fetchAs = (token: string) =>
      fetch(`${server.baseUrl}/api/file/Image/IM/${name}`, { headers: { authorization: token } });
    // not sent yet: its uploader reads it, nobody else
    expect((await fetchAs(alice.token)).status).toBe(200);
    expect((await call(server, 'GET', `/api/file/Image/IM/${name}`, { token: bob.token })).msg).toBe('数据不存在');
    const anonymous = await call(server, 'GET', `/api/file/Image/IM/${name}`);
    expect(anonymous.code).toBe(602);
    for (const probe of ['..%2F..%2Fetc%2Fpasswd', '20250101_abc.png%00', '..', 'x.png'])
      expect((await call(server, 'GET', `/api/file/Image/IM/${probe}`, { token: bob.token })).code).not.toBe(200);
    const a = await connectChat(server.baseUrl, alice.token);
    const b = await connectChat(server.baseUrl, bob.token);
    a.send({
      method: 'SendMessage',
      toUserId: bob.id,
      messageType: 'image',
      messageContent: { name, width: 1, height: 1 },
    });
    const got = await b.next('receiveMessage');
    expect(got).toMatchObject({
      messageType: 'image',
      formMessage: { path: `/api/file/Image/IM/${name}`, width: 1, height: 1 },
    });
    b.send({ method: 'MessageList', toUserId: alice.id, currentPage: 1, pageSize: 1, sord: 'desc' });
    const list = (await b.next('messageList')) as { list: { content: string; contentType: string }[] };
    expect(list.list[0]!.contentType).toBe('image');
    expect(JSON.parse(list.list[0]!.content)).toEqual({ path: `/api/file/Image/IM/${name}`, width: 1, height: 1 });
    // sent: the receiver reads it too, with its type; a third user does not
    const image = await fetchAs(bob.token);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    const carol = await person('卡罗尔');
    expect((await call(server, 'GET', `/api/file/Image/IM/${name}`, { token: carol.token })).msg).toBe('数据不存在');
    // nor can the third user make it theirs by sending its name in a message of their own
    const c = await connectChat(server.baseUrl, carol.token);
    c.send({ method: 'SendMessage', toUserId: carol.id, messageType: 'image', messageContent: { name } });
    expect((await c.next('error')).msg).toBe('文件不存在');
    await c.close();
    expect((await call(server, 'GET', `/api/file/Image/IM/${name}`, { token: carol.token })).msg).toBe('数据不存在');
    // a picture that was never uploaded is refused
    a.send({
      method: 'SendMessage',
      toUserId: bob.id,
      messageType: 'image',
      messageContent: JSON.stringify({ name: '20250101_ffff.png' }),
    });
    expect((await a.next('error')).msg).toBe('文件不存在');
    await a.close();
    await b.close();
  });

  it('refuses what is not an image by its content, pictures of 5 MB or more, and callers without a token', async () => {
    const fake = await upload(alice.token, Buffer.from('<script>alert(1)</script>'), 'evil.png');
    expect(fake).toMatchObject({ code: 400, msg: '只能上传图片（png、jpg、gif、webp、bmp）' });
    const huge = Buffer.concat([PNG, Buffer.alloc(5_242_880 - PNG.length)]);
    expect(await upload(alice.token, huge, 'big.png')).toMatchObject({ code: 400, msg: '图片大小不能超过5M' });
    expect((await upload(alice.token, huge, 'big.png', 'en')).msg).toBe('Picture size cannot exceed 5M');
    expect((await upload(alice.token, huge, 'big.png', 'zhtw')).msg).toBe('圖片大小不能超過5M');
    const justUnder = Buffer.concat([PNG, Buffer.alloc(5_242_879 - PNG.length)]);
    expect((await upload(alice.token, justUnder, 'ok.png')).code).toBe(200);
    expect((await upload(null, PNG, 'dot.png')).code).toBe(602);
  });
});
