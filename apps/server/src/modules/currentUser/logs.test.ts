// The user's own sign-in log (/api/permission/Users/Current/SystemLog) over HTTP against a real database: paging,
// the keyword taken literally, a stable order, and the time bounds.
import { describe, expect, it } from 'vitest';
import { md5Hex } from '@jnpf/core';
import { loginLog } from '../../db/schema/index.js';
import { newId } from '../../platform/ids.js';
import {
  adminToken,
  api,
  createUser,
  ctx,
  newSignedInUser,
  signIn,
  useSignInServer,
} from '../../../test/kit/signInServer.js';

const BASE = '/api/permission/Users/Current';
useSignInServer();

describe('GET SystemLog', () => {
  type Row = {
    id: string;
    creatorTime: number;
    userName: string;
    account: string;
    ipaddress: string;
    ipaddressName: string;
    platForm: string;
    browser: string;
    loginMark: number;
    abstracts: string;
  };
  const log = (token: string, query: Record<string, string | number> = {}) =>
    api<{ list: Row[]; pagination: { currentPage: number; pageSize: number; total: number } }>(
      'GET',
      `${BASE}/SystemLog`,
      { token, query },
    );

  it('pages the caller’s own sign-ins, newest first', async () => {
    const me = await createUser({ realName: '日志' });
    const agents = [
      'Agent_1',
      'Agent%2',
      'AgentX3',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1',
    ];
    let token = '';
    for (const [i, ua] of agents.entries())
      token = await signIn(me.account, 'Passw0rd', { ip: `10.88.0.${i + 1}`, userAgent: ua });
    await api('POST', '/api/oauth/Login', {
      ip: '10.88.0.9',
      form: { account: me.account, password: md5Hex('wrong') },
    });
    await signIn(); // someone else's sign-in is not in the list

    const all = await log(token);
    expect(all.code).toBe(200);
    expect(all.data!.pagination).toEqual({ currentPage: 1, pageSize: 20, total: 5 });
    expect(all.data!.list.map((r) => [r.ipaddress, r.loginMark, r.abstracts])).toEqual([
      ['10.88.0.9', 0, 'loginFailed'],
      ['10.88.0.4', 1, 'ok'],
      ['10.88.0.3', 1, 'ok'],
      ['10.88.0.2', 1, 'ok'],
      ['10.88.0.1', 1, 'ok'],
    ]);
    expect(all.data!.list[1]).toMatchObject({
      userName: '日志',
      account: me.account,
      ipaddressName: '本地局域网',
      platForm: 'iPhone',
      browser: 'Version/17.0 Mobile/15E148 Safari',
    });

    const page2 = await log(token, { currentPage: 2, pageSize: 2 });
    expect(page2.data!.pagination).toEqual({ currentPage: 2, pageSize: 2, total: 5 });
    expect(page2.data!.list.map((r) => r.ipaddress)).toEqual(['10.88.0.3', '10.88.0.2']);
    expect((await log(token, { currentPage: 9, pageSize: 2 })).data!.list).toEqual([]);
  });

  it('matches the keyword literally: % and _ are not wildcards; case does not matter', async () => {
    const me = await createUser();
    let token = '';
    for (const [i, ua] of ['Agent_1', 'Agent%2', 'AgentX3', 'Agent\\4'].entries())
      token = await signIn(me.account, 'Passw0rd', { ip: `10.89.0.${i + 1}`, userAgent: ua });
    const browsers = async (keyword: string) => (await log(token, { keyword })).data!.list.map((r) => r.browser);
    expect(await browsers('_')).toEqual(['Agent_1']);
    expect(await browsers('%')).toEqual(['Agent%2']);
    expect(await browsers('agentx')).toEqual(['AgentX3']);
    expect(await browsers('\\')).toEqual(['Agent\\4']);
    expect(await browsers('10.89.0.2')).toEqual(['Agent%2']);
    expect(await browsers("' or 1=1 --")).toEqual([]);
    expect((await browsers('agent')).length).toBe(4);
  });

  it('rows with the same time keep one order across pages (newest id first)', async () => {
    const me = await newSignedInUser();
    const time = Date.now() - 3_600_000;
    const ids = Array.from({ length: 7 }, () => newId());
    // stored in an order unrelated to the ids, so that only an explicit tie-break gives the expected order
    const stored = [3, 0, 6, 1, 5, 2, 4].map((i) => ids[i]!);
    await ctx()
      .db.insert(loginLog)
      .values(
        stored.map((id, i) => ({
          id,
          userId: me.id,
          account: me.account,
          ip: `10.90.0.${i}`,
          success: 1,
          creatorTime: time,
        })),
      );
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++)
      seen.push(
        ...(await log(me.token, { currentPage: page, pageSize: 2, endTime: time })).data!.list.map((r) => r.id),
      );
    expect(seen).toEqual([...ids].reverse());
  });

  it('startTime and endTime bound the rows', async () => {
    const me = await newSignedInUser();
    const ids = [newId(), newId(), newId()];
    await ctx()
      .db.insert(loginLog)
      .values(
        ids.map((id, i) => ({
          id,
          userId: me.id,
          account: me.account,
          ip: '10.91.0.1',
          success: 1,
          creatorTime: 1_000_000 + i * 1000,
        })),
      );
    const rows = (await log(me.token, { startTime: 1_000_500, endTime: 1_002_000 })).data!.list.map((r) => r.id);
    expect(rows).toEqual([ids[2], ids[1]]);
  });

  it('refuses bad paging with 401', async () => {
    const queries: Record<string, string | number>[] = [
      { pageSize: 0 },
      { pageSize: 501 },
      { currentPage: 0 },
      { currentPage: 'x' },
      { keyword: 'k'.repeat(201) },
    ];
    for (const query of queries) expect((await log(adminToken, query)).code, JSON.stringify(query)).toBe(401);
  });
});
