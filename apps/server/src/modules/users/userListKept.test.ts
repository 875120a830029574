// The user list keeps its pages as sent: a change made over the API (a user, a membership, an organisation, a
// dictionary item, an import) shows in the very next page, in this process and in another one over the same
// PostgreSQL and Redis; a lock that runs out shows when it does; a row written past the API shows once the kept
// page ends (a second). Each test lengthens the keeping so that only the announced change can end it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { organizeChanged } from '../organize/orgIndex.js';
import { userPages } from './queries.js';
import { api, ctx, useAdminServer } from '../../../test/kit/adminServer.js';
import { createCompany, createUser } from '../../../test/kit/directoryApi.js';
import { headOffice } from '../../../test/kit/directory.js';
import { call, signIn, startPeerServer, startTestServer, type TestServer } from '../../../test/harness.js';
import { unique } from '../../../test/kit/unique.js';

const BASE = '/api/permission/Users';
const D = '/api/system/DictionaryData';
interface Row {
  id: string;
  account: string;
  realName: string;
  gender: string;
  organize: string;
  enabledMark: number;
  lockMark: number;
}
type Page = { list: Row[]; pagination: { total: number } };

useAdminServer();
const keepLong = (app = ctx()) => {
  userPages(app).options.maxAgeMs = 60_000;
};
afterEach(() => {
  userPages(ctx()).options.maxAgeMs = 1000;
});

async function listOf(organizeId: string, extra: Record<string, string | number> = {}) {
  const res = await api<Page>('GET', BASE, { query: { organizeId, currentPage: 1, pageSize: 20, ...extra } });
  expect(res.code, res.msg).toBe(200);
  return res.data!;
}

/** a company made over the API with one user in it */
async function companyWithUser() {
  const top = await headOffice(ctx());
  const name = unique('公司');
  const org = await createCompany(api, top.id, { fullName: name });
  const u = await createUser(api, org, { realName: '甲' });
  return { org, name, user: u };
}

describe('kept pages of the user list', () => {
  it('are kept: a user written past the API shows only once the kept page ends', async () => {
    const { org } = await companyWithUser();
    const raw = async () => {
      const id = unique('raw');
      await ctx().database.query(
        `insert into base_user (id, account, real_name, organize_id, password_hash, password_salt, creator_time, sort_code)
         values ($1, $1, $1, $2, 'x', 'y', 0, 99)`,
        [id, org],
      );
      await ctx().database.query(
        `insert into base_user_relation (user_id, object_type, object_id, sort_code, creator_time) values ($1, 'Organize', $2, 0, 0)`,
        [id, org],
      );
    };
    keepLong();
    expect((await listOf(org)).pagination.total).toBe(1);
    await raw();
    expect((await listOf(org)).pagination.total).toBe(1);
    // kept for a second from now on
    userPages(ctx()).options.maxAgeMs = 1000;
    userPages(ctx()).drop();
    expect((await listOf(org)).pagination.total).toBe(2);
    await raw();
    await expect.poll(async () => (await listOf(org)).pagination.total, { timeout: 3000, interval: 100 }).toBe(3);
  });

  it('show a user disabled, created or renamed over the API in the very next page', async () => {
    const { org, user } = await companyWithUser();
    keepLong();
    expect((await listOf(org)).list.map((r) => [r.account, r.enabledMark])).toEqual([[user.account, 1]]);
    expect((await api('PUT', `${BASE}/${user.id}/Actions/State`)).code).toBe(200);
    expect((await listOf(org)).list.map((r) => [r.account, r.enabledMark])).toEqual([[user.account, 0]]);

    const second = await createUser(api, org, { realName: '乙', sortCode: 9 });
    expect((await listOf(org)).list.map((r) => r.account)).toEqual([user.account, second.account]);

    const info = await api<Record<string, unknown>>('GET', `${BASE}/${second.id}`);
    const renamed = await api('PUT', `${BASE}/${second.id}`, { json: { ...info.data, realName: '丙' } });
    expect(renamed.code, renamed.msg).toBe(200);
    expect((await listOf(org)).list.map((r) => r.realName)).toEqual(['甲', '丙']);
  });

  it('show an organisation renamed over the API in the very next page', async () => {
    const { org, name } = await companyWithUser();
    keepLong();
    expect((await listOf(org)).list[0]!.organize).toContain(name);
    const info = await api<Record<string, unknown>>('GET', `/api/permission/Organize/${org}`);
    const renamed = unique('改名');
    const res = await api('PUT', `/api/permission/Organize/${org}`, { json: { ...info.data, fullName: renamed } });
    expect(res.code, res.msg).toBe(200);
    expect((await listOf(org)).list[0]!.organize).toContain(renamed);
  });

  it('show a dictionary item renamed over the API in the very next page', async () => {
    const { org } = await companyWithUser();
    const items = await api<{ list: { id: string; enCode: string }[] }>('GET', `${D}/sex/Data/Selector`);
    const male = items.data!.list.find((i) => i.enCode === '1')!;
    keepLong();
    expect((await listOf(org)).list[0]!.gender).toBe('男');
    const info = await api<Record<string, unknown>>('GET', `${D}/${male.id}/Info`);
    const res = await api('PUT', `${D}/${male.id}`, { json: { ...info.data, fullName: '男士' } });
    expect(res.code, res.msg).toBe(200);
    try {
      expect((await listOf(org)).list[0]!.gender).toBe('男士');
    } finally {
      const again = await api<Record<string, unknown>>('GET', `${D}/${male.id}/Info`);
      await api('PUT', `${D}/${male.id}`, { json: { ...again.data, fullName: '男' } });
    }
  });

  it('show users imported over the API in the very next page', async () => {
    const { org, name } = await companyWithUser();
    keepLong();
    expect((await listOf(org)).pagination.total).toBe(1);
    const account = unique('imp');
    const res = await api<{ snum: number }>('POST', `${BASE}/ImportData`, {
      json: { list: [{ account, realName: '导入', gender: '男', organizeId: `智慧园区集团/${name}` }] },
    });
    expect(res.code, res.msg).toBe(200);
    expect(res.data!.snum).toBe(1);
    expect((await listOf(org)).list.map((r) => r.account)).toContain(account);
  });

  it('show a lock as running out when it does', async () => {
    const { org, user } = await companyWithUser();
    await ctx().database.query(`update base_user set enabled_mark = 2, unlock_time = $1 where id = $2`, [
      Date.now() + 1500,
      user.id,
    ]);
    await organizeChanged(ctx());
    keepLong();
    expect((await listOf(org)).list.map((r) => r.lockMark)).toEqual([1]);
    await new Promise((r) => setTimeout(r, 1600));
    expect((await listOf(org)).list.map((r) => [r.enabledMark, r.lockMark])).toEqual([[1, 0]]);
  });

  it('are not shared between languages or pages', async () => {
    const { org } = await companyWithUser();
    await createUser(api, org, { realName: '乙' });
    keepLong();
    expect((await listOf(org, { pageSize: 1 })).list).toHaveLength(1);
    expect((await listOf(org, { pageSize: 2 })).list).toHaveLength(2);
    const en = await api<Page>('GET', BASE, {
      query: { organizeId: org, currentPage: 1, pageSize: 20 },
      headers: { 'jnpf-language': 'en' },
    });
    expect([en.msg, en.data!.list[0]!.gender]).toEqual(['Success', 'Male']);
    expect((await listOf(org)).list[0]!.gender).toBe('男');
  });

  it('refuse a bad page size as before', async () => {
    expect((await api('GET', BASE, { query: { currentPage: 1, pageSize: 'x' } })).code).toBe(401);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(pgUrl && redisUrl)('kept pages in two processes sharing PostgreSQL and Redis', () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await startTestServer({ redisUrl });
    second = await startPeerServer(first);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('a user disabled in one process shows in the next page of the other', async () => {
    const token = await signIn(first);
    const top = await headOffice(first.platform.context);
    const org = (
      await call<string>(first, 'POST', '/api/permission/Organize', {
        token,
        json: { parentId: top.id, fullName: unique('公司'), enCode: unique('C'), enabledMark: 1, sortCode: 0 },
      })
    ).data!;
    const u = await call<string>(first, 'POST', BASE, {
      token,
      json: { account: unique('u'), realName: '甲', organizeId: org, gender: 1 },
    });
    expect(u.code, u.msg).toBe(200);
    userPages(first.platform.context).options.maxAgeMs = 60_000;
    const states = async () =>
      (
        await call<Page>(first, 'GET', BASE, { token, query: { organizeId: org, currentPage: 1, pageSize: 20 } })
      ).data!.list.map((r) => r.enabledMark);
    expect(await states()).toEqual([1]);
    expect((await call(second, 'PUT', `${BASE}/${u.data!}/Actions/State`, { token })).code).toBe(200);
    await expect.poll(states, { timeout: 2000, interval: 20 }).toEqual([0]);
  });
});
