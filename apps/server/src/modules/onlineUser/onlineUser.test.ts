// /api/system/OnlineUser over HTTP: live sessions, and forcing them offline (601 at the next call, socket logout).
import { BUILT_IN_MENUS } from '@jnpf/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { module } from '../../db/schema/index.js';
import { hashToken, parseToken } from '../../platform/sessions.js';
import { call, signIn } from '../../../test/harness.js';
import { signedInUser } from '../../../test/kit/access.js';
import { admin as token, api, ctx, server, useAdminServer } from '../../../test/kit/adminServer.js';
import { openSocket } from '../../../test/kit/sockets.js';
import { onlineUserAddressMove } from './menus.js';

const sessionOf = (t: string) => hashToken(parseToken(t)!);

useAdminServer();

interface Row {
  userId: string;
  sessionId: string;
  accountId: string;
  userName: string;
  account: string;
  loginTime: number;
  lastTime: number;
  loginIPAddress: string;
  loginBrowser: string;
  device: string;
}

describe('online users', () => {
  it('lists live sessions with the user, address, times and device; keyword narrows', async () => {
    const { token: userToken, ...u } = await signedInUser(server, { realName: '李四', account: 'lisi' });
    const page = await api<{ list: Row[]; pagination: { total: number } }>('GET', '/api/system/OnlineUser', {
      query: { keyword: 'lisi', currentPage: 1, pageSize: 20 },
    });
    expect(page.data!.pagination.total).toBe(1);
    expect(page.data!.list[0]).toMatchObject({
      userId: sessionOf(userToken),
      sessionId: sessionOf(userToken),
      accountId: u.id,
      userName: '李四/lisi',
      account: 'lisi',
      loginIPAddress: server.clientIp,
      device: 'pc',
    });
    expect(page.data!.list[0]!.loginTime).toBeGreaterThan(Date.now() - 60_000);
    const all = await api<{ list: Row[] }>('GET', '/api/system/OnlineUser');
    expect(all.data!.list.map((r) => r.account)).toEqual(expect.arrayContaining(['admin', 'lisi']));
    // the token itself never appears
    expect(JSON.stringify(all.data)).not.toContain(parseToken(userToken)!);
    // ended sessions are not listed
    await call(server, 'GET', '/api/oauth/Logout', { token: userToken });
    const after = await api<{ list: Row[] }>('GET', '/api/system/OnlineUser', { query: { keyword: 'lisi' } });
    expect(after.data!.list).toEqual([]);
  });

  it('forces one session offline: 601 at its next call, logout on its socket', async () => {
    const { token: userToken, ...u } = await signedInUser(server);
    const other = await signIn(server, u.account, u.password);
    const socket = await openSocket(server.baseUrl, userToken);
    expect(await api('DELETE', `/api/system/OnlineUser/${sessionOf(userToken)}`)).toMatchObject({
      code: 200,
      msg: '操作成功',
    });
    await socket.closed;
    expect(socket.frames.at(-1)).toMatchObject({ method: 'logout', msg: '您已被管理员强制下线' });
    expect(await call(server, 'GET', '/api/oauth/CurrentUser', { token: userToken })).toMatchObject({ code: 601 });
    // the user's other session goes on
    expect((await call(server, 'GET', '/api/oauth/CurrentUser', { token: other })).code).toBe(200);
    // an already ended or unknown session: nothing to do
    expect(await api('DELETE', `/api/system/OnlineUser/${sessionOf(userToken)}`)).toMatchObject({ code: 200 });
  });

  it('forces several sessions offline at once', async () => {
    const tokens = [];
    for (let i = 0; i < 3; i++) {
      tokens.push((await signedInUser(server)).token);
    }
    expect(await api('DELETE', '/api/system/OnlineUser', { json: { ids: tokens.map(sessionOf) } })).toMatchObject({
      code: 200,
    });
    for (const t of tokens) expect((await call(server, 'GET', '/api/oauth/CurrentUser', { token: t })).code).toBe(601);
  });

  it('refuses forcing yourself offline, alone or in a batch, and bad ids', async () => {
    const own = sessionOf(token);
    expect(await api('DELETE', `/api/system/OnlineUser/${own}`)).toMatchObject({ code: 400, msg: '不能强制下线自己' });
    const { token: userToken } = await signedInUser(server);
    expect(await api('DELETE', '/api/system/OnlineUser', { json: { ids: [sessionOf(userToken), own] } })).toMatchObject(
      {
        code: 400,
        msg: '不能强制下线自己',
      },
    );
    // nothing happened to the other one either
    expect((await call(server, 'GET', '/api/oauth/CurrentUser', { token: userToken })).code).toBe(200);
    expect((await api('GET', '/api/oauth/CurrentUser')).code).toBe(200);
    expect(await api('DELETE', '/api/system/OnlineUser/not-a-session')).toMatchObject({ code: 401 });
    const empty = await api<{ errors: Record<string, string> }>('DELETE', '/api/system/OnlineUser', {
      json: { ids: [] },
    });
    expect(empty.code).toBe(401);
    expect(empty.data!.errors.ids).toBe('请选择要下线的用户');
    const bad = await api<{ errors: Record<string, string> }>('DELETE', '/api/system/OnlineUser', {
      json: { ids: ['x'] },
    });
    expect(Object.keys(bad.data!.errors)).toEqual(['ids.0']);
  });
});

describe('the screen menu', () => {
  const SCREEN = BUILT_IN_MENUS.onlineUser.enCode;
  const addressOf = async () =>
    (await ctx().db.select({ urlAddress: module.urlAddress }).from(module).where(eq(module.enCode, SCREEN)))[0]
      ?.urlAddress;
  const setAddress = (urlAddress: string) =>
    ctx().db.update(module).set({ urlAddress }).where(eq(module.enCode, SCREEN));
  const migrate = () => ctx().db.transaction((tx) => onlineUserAddressMove.run(tx, { config: server.config }));

  it('moves a menu seeded at the old address to permission/userOnline, keeping one an administrator changed', async () => {
    expect(await addressOf()).toBe('permission/userOnline');
    await setAddress('permission/onlineUser');
    await migrate();
    expect(await addressOf()).toBe('permission/userOnline');
    await setAddress('custom/online');
    await migrate();
    expect(await addressOf()).toBe('custom/online');
    await setAddress('permission/userOnline');
  });
});
