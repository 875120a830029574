// WeCom and DingTalk over real HTTP against fake servers started here (never the internet): connection tests,
// synchronisation totals, and the synchronisation of organisations and users with every outcome recorded.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import { auditLog, organize, synThirdInfo, user, userRelation } from '../../db/schema/index.js';
import { newId } from '../../platform/ids.js';
import {
  addressSequence,
  client,
  quietPoolAtTeardown,
  signIn,
  startTestServer,
  unique,
  type Client,
  type TestServer,
} from '../../../test/harness.js';
import { headOffice } from '../../../test/kit/directory.js';
import { resetSysConfig } from '../../../test/kit/sysConfig.js';
import { syncLockKey } from './sync.js';

const BASE = '/api/system/SysConfig';
const SYN = '/api/system/SynThirdInfo';
let server: TestServer;
let adminToken: string;
/** the administrator's calls, each from a fresh address (third-party calls are rate-limited per address) */
let api: Client;
const ctx = () => server.platform.context;
const nextIp = addressSequence();

// ---- the fake third parties ---------------------------------------------------------------------------------

interface Dept {
  id: number;
  name: string;
  parent: number;
}
interface Member {
  userid: string;
  name: string;
  departments: number[];
  mobile?: string;
  email?: string;
}

/** one in-memory organisation of a third party, with the calls it received */
class FakeDirectory {
  depts = new Map<number, Dept>([[1, { id: 1, name: 'root', parent: 0 }]]);
  users = new Map<string, Member>();
  calls: { path: string; query: Record<string, string>; body: unknown }[] = [];
  private nextDept = 100;
  token = unique('tok-');

  reset() {
    this.depts = new Map([[1, { id: 1, name: 'root', parent: 0 }]]);
    this.users.clear();
    this.calls = [];
  }
  createDept(name: string, parent: number): { errcode: number; errmsg: string; id?: number } {
    if (!this.depts.has(parent)) return { errcode: 60004, errmsg: 'parent department not found' };
    if (name.includes('拒绝')) return { errcode: 60008, errmsg: 'department name exists' };
    const id = this.nextDept++;
    this.depts.set(id, { id, name, parent });
    return { errcode: 0, errmsg: 'created', id };
  }
  updateDept(id: number, name: string, parent: number) {
    const d = this.depts.get(id);
    if (!d) return { errcode: 60003, errmsg: 'department not found' };
    Object.assign(d, { name, parent });
    return { errcode: 0, errmsg: 'updated' };
  }
  deleteDept(id: number) {
    if ([...this.depts.values()].some((d) => d.parent === id))
      return { errcode: 60006, errmsg: 'not allow to delete department with sub department' };
    if (!this.depts.delete(id)) return { errcode: 60003, errmsg: 'department not found' };
    return { errcode: 0, errmsg: 'deleted' };
  }
}

const wecomFake = new FakeDirectory();
const dingFake = new FakeDirectory();
let fake: http.Server;
let fakeBase = '';
/** connections held open by the "slow" credential, released at the end */
const held: http.ServerResponse[] = [];

function reply(res: http.ServerResponse, body: unknown, raw = false) {
  res.writeHead(200, { 'content-type': raw ? 'text/html' : 'application/json' });
  res.end(raw ? String(body) : JSON.stringify(body));
}

async function handleFake(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://fake');
  const query = Object.fromEntries(url.searchParams);
  let text = '';
  for await (const chunk of req) text += String(chunk);
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  const [, side, ...rest] = url.pathname.split('/');
  const path = `/${rest.join('/')}`;
  const dir = side === 'wecom' ? wecomFake : side === 'ding' ? dingFake : null;
  if (!dir) return reply(res, 'not found', true);
  dir.calls.push({ path, query, body });
  const id = query.corpid ?? query.appkey;
  if (path === '/cgi-bin/gettoken' || path === '/gettoken') {
    const secret = query.corpsecret ?? query.appsecret;
    if (id === 'slow') return void held.push(res);
    if (id === 'html') return reply(res, '<html>gateway error</html>', true);
    if (secret !== 'good-secret') return reply(res, { errcode: 40001, errmsg: 'invalid credential' });
    return reply(res, { errcode: 0, errmsg: 'ok', access_token: dir.token, expires_in: 7200 });
  }
  if (query.access_token !== dir.token) return reply(res, { errcode: 40014, errmsg: 'invalid access_token' });
  if (side === 'wecom') {
    if (path === '/cgi-bin/department/create')
      return reply(res, dir.createDept(String(body.name), Number(body.parentid)));
    if (path === '/cgi-bin/department/update')
      return reply(res, dir.updateDept(Number(body.id), String(body.name), Number(body.parentid)));
    if (path === '/cgi-bin/department/delete') return reply(res, dir.deleteDept(Number(query.id)));
    if (path === '/cgi-bin/user/create' || path === '/cgi-bin/user/update') {
      const userid = String(body.userid);
      if (path.endsWith('update') && !dir.users.has(userid))
        return reply(res, { errcode: 60111, errmsg: 'userid not found' });
      const departments = body.department as number[];
      if (departments.some((d) => !dir.depts.has(d)))
        return reply(res, { errcode: 60003, errmsg: 'department not found' });
      dir.users.set(userid, {
        userid,
        name: String(body.name),
        departments,
        mobile: body.mobile as string,
        email: body.email as string,
      });
      return reply(res, { errcode: 0, errmsg: 'ok' });
    }
    if (path === '/cgi-bin/user/delete')
      return reply(
        res,
        dir.users.delete(query.userid!)
          ? { errcode: 0, errmsg: 'deleted' }
          : { errcode: 60111, errmsg: 'userid not found' },
      );
  } else {
    if (path === '/topapi/v2/department/create') {
      const r = dir.createDept(String(body.name), Number(body.parent_id));
      return reply(res, r.errcode ? r : { errcode: 0, errmsg: 'ok', result: { dept_id: r.id } });
    }
    if (path === '/topapi/v2/department/update')
      return reply(res, dir.updateDept(Number(body.dept_id), String(body.name), Number(body.parent_id)));
    if (path === '/topapi/v2/department/delete') return reply(res, dir.deleteDept(Number(body.dept_id)));
    if (path === '/topapi/v2/user/create' || path === '/topapi/v2/user/update') {
      const userid = String(body.userid);
      if (path.endsWith('update') && !dir.users.has(userid))
        return reply(res, { errcode: 60121, errmsg: '找不到该用户' });
      const departments = String(body.dept_id_list).split(',').map(Number);
      dir.users.set(userid, { userid, name: String(body.name), departments, mobile: body.mobile as string });
      return reply(res, { errcode: 0, errmsg: 'ok', result: { userid } });
    }
    if (path === '/topapi/v2/user/delete')
      return reply(
        res,
        dir.users.delete(String(body.userid))
          ? { errcode: 0, errmsg: 'ok' }
          : { errcode: 60121, errmsg: '找不到该用户' },
      );
  }
  return reply(res, { errcode: 404, errmsg: `no such fake API ${path}` });
}

// ---- the local organisation ---------------------------------------------------------------------------------

let rootOrgId = '';
async function addOrg(fullName: string, parentId: string) {
  const id = newId();
  await ctx()
    .db.insert(organize)
    .values({
      id,
      parentId,
      category: 'department',
      fullName,
      enCode: unique('o'),
      organizeIdTree: id,
      creatorTime: Date.now(),
    });
  return id;
}
async function addUser(fields: Partial<typeof user.$inferInsert>) {
  const id = newId();
  const account = fields.account ?? unique('u');
  await ctx()
    .db.insert(user)
    .values({
      id,
      account,
      realName: `User ${account}`,
      passwordHash: 'x',
      passwordSalt: 'x',
      creatorTime: Date.now(),
      ...fields,
    });
  if (fields.organizeId)
    await ctx()
      .db.insert(userRelation)
      .values({ userId: id, objectType: 'Organize', objectId: fields.organizeId, creatorTime: Date.now() });
  return { id, account };
}

async function configure(values: Record<string, unknown>) {
  const res = await api('PUT', BASE, { json: values });
  expect(res.code, res.msg).toBe(200);
}

const recordsOf = (thirdType: number, dataType: number) =>
  ctx()
    .db.select()
    .from(synThirdInfo)
    .where(and(eq(synThirdInfo.thirdType, thirdType), eq(synThirdInfo.dataType, dataType)));

beforeAll(async () => {
  fake = http.createServer((req, res) => void handleFake(req, res));
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeBase = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  // a path prefix on the base shows that the base is used as given, not just its host
  process.env.WECOM_API_BASE = `${fakeBase}/wecom/`;
  process.env.DINGTALK_API_BASE = `${fakeBase}/ding`;
  server = await startTestServer({ trustProxy: true });
  adminToken = await signIn(server, 'admin', '123456', { ip: nextIp() });
  api = client(server, adminToken, { ip: nextIp });
  rootOrgId = (await headOffice(ctx())).id;
});
afterAll(async () => {
  if (server) quietPoolAtTeardown(server);
  for (const res of held) res.destroy();
  await server?.close();
  await new Promise((resolve) => fake?.close(resolve));
  delete process.env.WECOM_API_BASE;
  delete process.env.DINGTALK_API_BASE;
  delete process.env.THIRD_PARTY_TIMEOUT_MS;
});
beforeEach(() => {
  wecomFake.reset();
  dingFake.reset();
});
afterEach(async () => {
  await resetSysConfig(ctx());
  delete process.env.THIRD_PARTY_TIMEOUT_MS;
});

describe('POST /api/system/SysConfig/{type}/testQyWebChatConnect', () => {
  const body = {
    qyhCorpId: 'corp1',
    qyhAgentId: '1000002',
    qyhAgentSecret: 'good-secret',
    qyhCorpSecret: 'good-secret',
  };

  it('type 0 asks WeCom for a token with the app secret, type 1 with the contacts secret', async () => {
    expect(await api('POST', `${BASE}/0/testQyWebChatConnect`, { json: body })).toMatchObject({
      code: 200,
      msg: '测试发送消息连接成功',
    });
    expect(
      await api('POST', `${BASE}/1/testQyWebChatConnect`, { json: { ...body, qyhAgentSecret: 'other' } }),
    ).toMatchObject({
      code: 200,
      msg: '测试组织同步连接成功',
    });
    expect(wecomFake.calls.map((c) => [c.path, c.query])).toEqual([
      ['/cgi-bin/gettoken', { corpid: 'corp1', corpsecret: 'good-secret' }],
      ['/cgi-bin/gettoken', { corpid: 'corp1', corpsecret: 'good-secret' }],
    ]);
  });

  it('reports WeCom’s refusal with its message and code', async () => {
    const res = await api('POST', `${BASE}/0/testQyWebChatConnect`, { json: { ...body, qyhAgentSecret: 'bad' } });
    expect(res).toMatchObject({ code: 400, msg: '测试发送消息的连接失败：invalid credential（错误码40001）' });
    const sync = await api('POST', `${BASE}/1/testQyWebChatConnect`, {
      json: { ...body, qyhCorpSecret: 'bad' },
      headers: { 'jnpf-language': 'en' },
    });
    expect(sync).toMatchObject({
      code: 400,
      msg: 'WeCom synchronisation connection failed: invalid credential (code 40001)',
    });
  });

  it('reports a timeout, an answer that is not JSON and an unreachable server', async () => {
    process.env.THIRD_PARTY_TIMEOUT_MS = '300';
    const slow = await api('POST', `${BASE}/0/testQyWebChatConnect`, { json: { ...body, qyhCorpId: 'slow' } });
    expect(slow).toMatchObject({ code: 400, msg: '测试发送消息的连接失败：1秒内未响应' });
    const html = await api('POST', `${BASE}/0/testQyWebChatConnect`, { json: { ...body, qyhCorpId: 'html' } });
    expect(html).toMatchObject({ code: 400, msg: '测试发送消息的连接失败：返回的数据格式错误' });
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    process.env.WECOM_API_BASE = `http://127.0.0.1:${port}`;
    try {
      const down = await api('POST', `${BASE}/1/testQyWebChatConnect`, { json: body });
      expect(down).toMatchObject({ code: 400, msg: '测试组织同步的连接失败：无法连接到服务器' });
    } finally {
      process.env.WECOM_API_BASE = `${fakeBase}/wecom/`;
    }
  });

  it('checks its input: the type, the CorpId and the secret the type needs', async () => {
    expect(await api('POST', `${BASE}/2/testQyWebChatConnect`, { json: body })).toMatchObject({
      code: 400,
      msg: '测试连接类型错误',
    });
    const noCorp = await api<{ errors: Record<string, string> }>('POST', `${BASE}/0/testQyWebChatConnect`, {
      json: { ...body, qyhCorpId: ' ' },
    });
    expect(noCorp.code).toBe(401);
    expect(noCorp.data!.errors).toEqual({ qyhCorpId: '企业号Id不能为空' });
    const noAgentSecret = await api<{ errors: Record<string, string> }>('POST', `${BASE}/0/testQyWebChatConnect`, {
      json: { qyhCorpId: 'corp1' },
    });
    expect(noAgentSecret.data!.errors).toEqual({ qyhAgentSecret: '凭证密钥不能为空' });
    const noCorpSecret = await api<{ errors: Record<string, string> }>('POST', `${BASE}/1/testQyWebChatConnect`, {
      json: { qyhCorpId: 'corp1', qyhAgentSecret: 'x' },
    });
    expect(noCorpSecret.data!.errors).toEqual({ qyhCorpSecret: '同步密钥不能为空' });
    const wrongTypes = await api<{ errors: Record<string, string> }>('POST', `${BASE}/0/testQyWebChatConnect`, {
      json: { qyhCorpId: 42, qyhAgentSecret: ['x'] },
    });
    expect(Object.keys(wrongTypes.data!.errors).sort()).toEqual(['qyhAgentSecret', 'qyhCorpId']);
    const huge = await api('POST', `${BASE}/0/testQyWebChatConnect`, {
      json: { ...body, qyhCorpId: 'x'.repeat(10_240) },
    });
    expect(huge.code).toBe(401);
    expect(wecomFake.calls).toEqual([]);
  });
});

describe('POST /api/system/SysConfig/testDingTalkConnect', () => {
  it('asks DingTalk for a token and reports success or the refusal', async () => {
    const ok = await api('POST', `${BASE}/testDingTalkConnect`, {
      json: { dingSynAppKey: 'key1', dingSynAppSecret: 'good-secret', dingAgentId: '1' },
    });
    expect(ok).toMatchObject({ code: 200, msg: '测试钉钉连接成功' });
    expect(dingFake.calls[0]).toMatchObject({ path: '/gettoken', query: { appkey: 'key1', appsecret: 'good-secret' } });
    const bad = await api('POST', `${BASE}/testDingTalkConnect`, {
      json: { dingSynAppKey: 'key1', dingSynAppSecret: 'nope' },
    });
    expect(bad).toMatchObject({ code: 400, msg: '测试钉钉连接失败：invalid credential（错误码40001）' });
    const missing = await api<{ errors: Record<string, string> }>('POST', `${BASE}/testDingTalkConnect`, { json: {} });
    expect(missing.data!.errors).toEqual({ dingSynAppKey: '应用凭证不能为空', dingSynAppSecret: '凭证密钥不能为空' });
  });
});

describe('GET /api/system/SynThirdInfo/getSynThirdTotal/{type}', () => {
  it('answers one row for organisations and one for users, zero counts before any synchronisation', async () => {
    await ctx().db.delete(synThirdInfo);
    const [[orgs], [users]] = await Promise.all([
      ctx().db.select({ n: count() }).from(organize),
      ctx().db.select({ n: count() }).from(user),
    ]);
    for (const type of [1, 2]) {
      const res = await api('GET', `${SYN}/getSynThirdTotal/${type}`);
      expect(res.code).toBe(200);
      expect(res.data).toEqual([
        { synType: '组织', recordTotal: orgs!.n, synSuccessCount: 0, synFailCount: 0, unSynCount: 0, synDate: null },
        { synType: '用户', recordTotal: users!.n, synSuccessCount: 0, synFailCount: 0, unSynCount: 0, synDate: null },
      ]);
    }
    for (const bad of ['3', '0', 'abc', '1.5'])
      expect((await api('GET', `${SYN}/getSynThirdTotal/${bad}`)).code, bad).toBe(401);
  });
});

describe('synchronisation to WeCom', () => {
  it('answers "not configured" while the keys are empty, and refuses the unsupported direction', async () => {
    for (const name of ['synAllOrganizeSysToQy', 'synAllUserSysToQy'])
      expect(await api('GET', `${SYN}/${name}`)).toMatchObject({
        code: 400,
        msg: '企业微信未配置：请先填写并保存企业号Id和同步密钥',
      });
    for (const name of ['synAllOrganizeSysToDing', 'synAllUserSysToDing'])
      expect(await api('GET', `${SYN}/${name}`, { query: { type: 0 } })).toMatchObject({
        code: 400,
        msg: '钉钉未配置：请先填写并保存应用凭证和凭证密钥',
      });
    expect(await api('GET', `${SYN}/synAllOrganizeSysToQy`, { query: { type: 1 } })).toMatchObject({
      code: 400,
      msg: '暂不支持从企业微信同步到本系统',
    });
    expect((await api('GET', `${SYN}/synAllOrganizeSysToQy`, { query: { type: 2 } })).code).toBe(401);
    expect(wecomFake.calls).toEqual([]);
  });

  it('sends organisations parents first, records failures, updates and deletes on later runs', async () => {
    await ctx().db.delete(synThirdInfo);
    await configure({ qyhCorpId: 'corp1', qyhCorpSecret: 'good-secret' });
    const a = await addOrg('研发部', rootOrgId);
    const b = await addOrg('前端组', a);
    const refused = await addOrg('拒绝部', rootOrgId);
    const orphan = await addOrg('孤儿组', refused);
    const [{ n: total }] = (await ctx().db.select({ n: count() }).from(organize)) as [{ n: number }];

    const first = await api<Record<string, unknown>>('GET', `${SYN}/synAllOrganizeSysToQy`, { query: { type: 0 } });
    expect(first).toMatchObject({ code: 200, msg: '同步完成' });
    expect(first.data).toMatchObject({
      synType: '组织',
      recordTotal: total,
      synSuccessCount: total - 2,
      synFailCount: 2,
      unSynCount: 0,
    });
    expect(first.data!.synDate).toEqual(expect.any(Number));

    const records = new Map((await recordsOf(1, 1)).map((r) => [r.sysObjId, r]));
    const third = (id: string) => Number(records.get(id)!.thirdObjId);
    expect(wecomFake.depts.get(third(rootOrgId))).toMatchObject({ parent: 1 });
    expect(wecomFake.depts.get(third(a))).toMatchObject({ name: '研发部', parent: third(rootOrgId) });
    expect(wecomFake.depts.get(third(b))).toMatchObject({ name: '前端组', parent: third(a) });
    expect(records.get(refused)).toMatchObject({
      synState: 2,
      thirdObjId: null,
      description: 'department name exists（60008）',
    });
    expect(records.get(orphan)).toMatchObject({ synState: 2, description: '上级组织未同步' });

    // the totals call agrees
    const totals = await api<Record<string, unknown>[]>('GET', `${SYN}/getSynThirdTotal/1`);
    expect(totals.data![0]).toEqual(first.data);

    // a second run updates in place; a renamed organisation is renamed there, a deleted one deleted there
    await ctx().db.update(organize).set({ fullName: '研发中心' }).where(eq(organize.id, a));
    await ctx().db.delete(organize).where(eq(organize.id, b));
    const deptsBefore = wecomFake.depts.size;
    const second = await api<Record<string, unknown>>('GET', `${SYN}/synAllOrganizeSysToQy`);
    expect(second.data).toMatchObject({ synSuccessCount: total - 3, synFailCount: 2 });
    expect(wecomFake.depts.get(third(a))?.name).toBe('研发中心');
    expect(wecomFake.depts.has(third(b))).toBe(false);
    expect(wecomFake.depts.size).toBe(deptsBefore - 1);
    expect((await recordsOf(1, 1)).some((r) => r.sysObjId === b)).toBe(false);

    // a department removed at WeCom by hand is created again
    wecomFake.depts.delete(third(a));
    await api('GET', `${SYN}/synAllOrganizeSysToQy`);
    const again = (await recordsOf(1, 1)).find((r) => r.sysObjId === a)!;
    expect(again.synState).toBe(1);
    expect(wecomFake.depts.get(Number(again.thirdObjId))?.name).toBe('研发中心');

    // a deleted parent and child go too, whatever order they are met in (WeCom refuses a parent first)
    const parent = await addOrg('临时部', rootOrgId);
    const child = await addOrg('临时组', parent);
    await api('GET', `${SYN}/synAllOrganizeSysToQy`);
    const temp = new Map((await recordsOf(1, 1)).map((r) => [r.sysObjId, Number(r.thirdObjId)]));
    expect(wecomFake.depts.get(temp.get(child)!)?.parent).toBe(temp.get(parent));
    await ctx().db.delete(organize).where(eq(organize.id, parent));
    await ctx().db.delete(organize).where(eq(organize.id, child));
    expect((await api('GET', `${SYN}/synAllOrganizeSysToQy`)).code).toBe(200);
    expect(wecomFake.depts.has(temp.get(parent)!)).toBe(false);
    expect(wecomFake.depts.has(temp.get(child)!)).toBe(false);
    expect((await recordsOf(1, 1)).filter((r) => r.sysObjId === parent || r.sysObjId === child)).toEqual([]);

    await ctx().db.delete(organize).where(eq(organize.id, orphan));
    await ctx().db.delete(organize).where(eq(organize.id, refused));
    await ctx().db.delete(organize).where(eq(organize.id, a));
  });

  it('sends users into their departments; a user WeCom cannot take is recorded as failed', async () => {
    await ctx().db.delete(synThirdInfo);
    await configure({ qyhCorpId: 'corp1', qyhCorpSecret: 'good-secret' });
    expect(await api('GET', `${SYN}/synAllUserSysToQy`)).toMatchObject({ code: 400, msg: '请先同步组织到企业微信' });
    const dept = await addOrg('销售部', rootOrgId);
    await api('GET', `${SYN}/synAllOrganizeSysToQy`);
    const withPhone = await addUser({ account: 'sales1', mobilePhone: '13800000001', organizeId: dept });
    const noContact = await addUser({ organizeId: dept });
    const noOrg = await addUser({ mobilePhone: '13800000002' });

    const res = await api<Record<string, number>>('GET', `${SYN}/synAllUserSysToQy`, { query: { type: '0' } });
    expect(res).toMatchObject({ code: 200, msg: '同步完成' });
    const records = new Map((await recordsOf(1, 2)).map((r) => [r.sysObjId, r]));
    const deptThirdId = Number((await recordsOf(1, 1)).find((r) => r.sysObjId === dept)!.thirdObjId);
    expect(wecomFake.users.get('sales1')).toMatchObject({
      name: 'User sales1',
      departments: [deptThirdId],
      mobile: '13800000001',
    });
    expect(records.get(withPhone.id)).toMatchObject({ synState: 1, thirdObjId: 'sales1' });
    expect(records.get(noContact.id)).toMatchObject({ synState: 2, description: '手机号码和邮箱不能同时为空' });
    expect(records.get(noOrg.id)).toMatchObject({ synState: 2, description: '所属组织未同步' });
    const [{ n: users }] = (await ctx().db.select({ n: count() }).from(user)) as [{ n: number }];
    const ok = [...records.values()].filter((r) => r.synState === 1).length;
    expect(res.data).toMatchObject({
      synType: '用户',
      recordTotal: users,
      synSuccessCount: ok,
      synFailCount: users - ok,
      unSynCount: 0,
    });

    // deleting the user here deletes it there on the next run
    await ctx().db.delete(user).where(eq(user.id, withPhone.id));
    await api('GET', `${SYN}/synAllUserSysToQy`);
    expect(wecomFake.users.has('sales1')).toBe(false);
    expect((await recordsOf(1, 2)).some((r) => r.sysObjId === withPhone.id)).toBe(false);
    await ctx().db.delete(user).where(eq(user.id, noContact.id));
    await ctx().db.delete(user).where(eq(user.id, noOrg.id));
  });

  it('refuses plainly when WeCom refuses the token, and one run at a time', async () => {
    await configure({ qyhCorpId: 'corp1', qyhCorpSecret: 'wrong-secret' });
    expect(await api('GET', `${SYN}/synAllOrganizeSysToQy`)).toMatchObject({
      code: 400,
      msg: '获取企业微信access_token失败：invalid credential（错误码40001）',
    });
    await configure({ qyhCorpSecret: 'good-secret' });
    await ctx().shared.kv.incr(syncLockKey(1, 1), 60_000);
    try {
      expect(await api('GET', `${SYN}/synAllOrganizeSysToQy`)).toMatchObject({
        code: 400,
        msg: '正在进行同步，请稍后再试',
      });
    } finally {
      await ctx().shared.kv.del(syncLockKey(1, 1));
    }
    expect((await api('GET', `${SYN}/synAllOrganizeSysToQy`)).code).toBe(200);
    const [row] = await ctx()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.moduleName, 'synThirdInfo'), eq(auditLog.action, 'synAllOrganizeSysToQy')))
      .orderBy(desc(auditLog.creatorTime))
      .limit(1);
    expect(row?.after).toMatchObject({ synType: '组织' });
  });
});

describe('synchronisation to DingTalk', () => {
  it('sends organisations and users with DingTalk’s calls', async () => {
    await ctx().db.delete(synThirdInfo);
    await configure({ dingSynAppKey: 'key1', dingSynAppSecret: 'good-secret' });
    const dept = await addOrg('财务部', rootOrgId);
    const orgs = await api<Record<string, number>>('GET', `${SYN}/synAllOrganizeSysToDing`, { query: { type: 0 } });
    expect(orgs).toMatchObject({ code: 200, data: { synType: '组织', synFailCount: 0 } });
    const deptThirdId = Number((await recordsOf(2, 1)).find((r) => r.sysObjId === dept)!.thirdObjId);
    expect(dingFake.depts.get(deptThirdId)).toMatchObject({ name: '财务部' });
    expect(dingFake.calls.filter((c) => c.path === '/topapi/v2/department/create').length).toBe(
      orgs.data!.synSuccessCount,
    );

    const member = await addUser({ account: 'fin1', mobilePhone: '13900000001', organizeId: dept });
    const noPhone = await addUser({ organizeId: dept, email: 'a@example.com' });
    const users = await api<Record<string, number>>('GET', `${SYN}/synAllUserSysToDing`);
    expect(users).toMatchObject({ code: 200, data: { synType: '用户' } });
    expect(dingFake.users.get('fin1')).toMatchObject({ departments: [deptThirdId], mobile: '13900000001' });
    const records = new Map((await recordsOf(2, 2)).map((r) => [r.sysObjId, r]));
    expect(records.get(member.id)).toMatchObject({ synState: 1, thirdObjId: 'fin1' });
    expect(records.get(noPhone.id)).toMatchObject({ synState: 2, description: '手机号码不能为空' });
    // WeCom records are separate
    expect(await recordsOf(1, 2)).toEqual([]);
    expect(await api('GET', `${SYN}/synAllUserSysToDing`, { query: { type: 1 } })).toMatchObject({
      msg: '暂不支持从钉钉同步到本系统',
    });

    const totals = await api<Record<string, number>[]>('GET', `${SYN}/getSynThirdTotal/2`);
    expect(totals.data!.map((r) => r.synSuccessCount)).toEqual([
      orgs.data!.synSuccessCount,
      users.data!.synSuccessCount,
    ]);
    await ctx().db.delete(user).where(eq(user.id, member.id));
    await ctx().db.delete(user).where(eq(user.id, noPhone.id));
    await ctx().db.delete(organize).where(eq(organize.id, dept));
  });
});
