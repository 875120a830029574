// Interface authorisation over HTTP: applications (CRUD, secret sealed and shown only to editors, granted
// interfaces, usage log) and outside calls of Actions/Response — signature right, wrong, expired, replayed,
// app unknown, disabled, expired, address outside the white list, interface not granted.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { interfaceOauth } from '../../db/schema/index.js';
import { call, unique } from '../../../test/harness.js';
import { signedInUser } from '../../../test/kit/access.js';
import { api, ctx, server, useAdminServer } from '../../../test/kit/adminServer.js';
import { dictionaryItems } from '../dictionary/index.js';
import { signatureOf } from './oauth.js';

useAdminServer();

const A = '/api/system/InterfaceOauth';
const DI = '/api/system/DataInterface';
let interfaceId: string;
let otherInterface: string;

beforeAll(async () => {
  const category = (await dictionaryItems(ctx().db, 'DataInterfaceType'))[0]!.id;
  const make = (data: unknown) =>
    api.create(DI, {
      fullName: unique('外部'),
      enCode: unique('ext'),
      category,
      type: 2,
      parameterJson: JSON.stringify([{ field: 'k', dataType: 'varchar', required: 0, defaultValue: '' }]),
      dataConfigJson: JSON.stringify({ staticData: JSON.stringify(data) }),
      dataJsJson: '(d) => d',
      enabledMark: 1,
    });
  interfaceId = await make([{ id: 1, name: '甲' }]);
  otherInterface = await make([{ id: 2 }]);
});

const appBody = (patch: Record<string, unknown> = {}) => ({
  appId: unique('app'),
  appName: unique('应用'),
  appSecret: 'a-secret-of-24-characters',
  verifySignature: 1,
  usefulLife: null,
  whiteList: '',
  sortCode: 0,
  enabledMark: 1,
  description: '',
  ...patch,
});

async function makeApp(patch: Record<string, unknown> = {}) {
  const body = appBody(patch);
  const id = await api.create(A, body);
  expect((await api.post(`${A}/saveInterfaceList`, { interfaceIdentId: id, dataInterfaceIds: interfaceId })).code).toBe(
    200,
  );
  return { id, ...body };
}

function signed(
  app: { appId: string; appSecret: string },
  method: string,
  path: string,
  body = '',
  patch: Record<string, string> = {},
) {
  const timestamp = String(Date.now());
  return {
    'x-app-id': app.appId,
    'x-timestamp': timestamp,
    'x-nonce': randomUUID(),
    'x-signature': signatureOf(app.appSecret, method, path, timestamp, body),
    ...patch,
  };
}

const responsePath = (id = interfaceId) => `${DI}/${id}/Actions/Response`;

describe('applications', () => {
  it('creates, lists, reads (secret for editors only), grants interfaces, updates and deletes', async () => {
    const app = await makeApp();
    const [stored] = await ctx().db.select().from(interfaceOauth).where(eq(interfaceOauth.id, app.id));
    expect(stored!.appSecretCipher).not.toContain(app.appSecret);
    const list = await api.get<{ list: Record<string, unknown>[] }>(A, { query: { keyword: app.appId } });
    expect(list.data!.list[0]).toMatchObject({ appId: app.appId, verifySignature: 1, usefulLife: null });
    expect(JSON.stringify(list.data)).not.toContain(app.appSecret);
    const info = await api.get<{ appSecret: string; list: { id: string }[] }>(`${A}/${app.id}`);
    expect(info.data!.appSecret).toBe(app.appSecret);
    expect(info.data!.list.map((i) => i.id)).toEqual([interfaceId]);
    const viewer = await signedInUser(server, {}, { grants: { 'systemData.interfaceAuth': [] } });
    const seen = await api.get<{ appSecret: string }>(`${A}/${app.id}`, { token: viewer.token });
    expect(seen.data!.appSecret).toBe('');
    expect((await api.post(A, appBody(), { token: viewer.token })).msg).toBe('没有访问权限');
    const secret = await api.get<string>(`${A}/getAppSecret`);
    expect(secret.data!.length).toBeGreaterThanOrEqual(24);
    expect((await api.post(A, appBody({ appId: app.appId }))).msg).toBe('appId已存在');
    expect((await api.post(A, appBody({ appSecret: 'short' }))).code).toBe(401);
    expect((await api.post(A, appBody({ appId: 'bad id!' }))).code).toBe(401);
    // an update with an empty secret keeps it
    expect(
      (await api.put(`${A}/${app.id}`, { ...appBody({ appId: app.appId }), appSecret: '', version: 1 })).code,
    ).toBe(200);
    expect((await api.get<{ appSecret: string }>(`${A}/${app.id}`)).data!.appSecret).toBe(app.appSecret);
    expect((await api.delete(`${A}/${app.id}`)).msg).toBe('删除成功');
  });
});

describe('Actions/GetAuth', () => {
  const getAuth = (appId: string, intefaceId: string, token?: string) =>
    api.post<{ method: string; path: string; headers: Record<string, string>; expiresAt: number }>(
      `${DI}/Actions/GetAuth`,
      undefined,
      { query: { appId, intefaceId }, ...(token ? { token } : {}) },
    );

  it('gives signed headers that call the interface once', async () => {
    const app = await makeApp();
    const auth = await getAuth(app.appId, interfaceId);
    expect(auth.code).toBe(200);
    expect(auth.data!.path).toBe(responsePath());
    expect(JSON.stringify(auth.data)).not.toContain(app.appSecret);
    expect(auth.data!.expiresAt).toBeGreaterThan(Date.now());
    const send = () => call(server, 'GET', auth.data!.path, { headers: auth.data!.headers });
    expect(await send()).toMatchObject({ code: 200, data: [{ id: 1, name: '甲' }] });
    expect((await send()).msg).toBe('重复的请求（nonce已使用）');
  });

  it('refuses an unknown app, an interface not granted, bad input and callers without the edit button', async () => {
    const app = await makeApp();
    expect((await getAuth('no-such-app', interfaceId)).msg).toBe('应用不存在或已停用');
    expect((await getAuth(app.appId, otherInterface)).msg).toBe('该应用无权调用此接口');
    expect((await getAuth('', interfaceId)).code).toBe(401);
    const viewer = await signedInUser(server, {}, { grants: { 'systemData.interfaceAuth': [] } });
    expect((await getAuth(app.appId, interfaceId, viewer.token)).msg).toBe('没有访问权限');
  });
});

describe('outside calls (Actions/Response)', () => {
  it('answers a signed GET and POST, and logs them per app', async () => {
    const app = await makeApp();
    const get = await call<unknown[]>(server, 'GET', responsePath(), {
      headers: signed(app, 'GET', responsePath()),
      query: { k: 'v' },
    });
    expect(get).toMatchObject({ code: 200, data: [{ id: 1, name: '甲' }] });
    const body = JSON.stringify({ k: 'v' });
    const post = await fetch(`${server.baseUrl}${responsePath()}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': server.clientIp,
        ...signed(app, 'POST', responsePath(), body),
      },
      body,
    });
    expect(await post.json()).toMatchObject({ code: 200 });
    const log = await api.get<{ list: { fullName: string; userId: string }[]; pagination: { total: number } }>(
      `${A}/dataInterfaceLog/${app.id}`,
    );
    expect(log.data!.pagination.total).toBe(2);
    expect(log.data!.list[0]).toMatchObject({ userId: app.appId });
    expect(log.data!.list[0]!.fullName).toMatch(/^外部/);
  });

  it('refuses a wrong, expired or replayed signature, and missing headers', async () => {
    const app = await makeApp();
    const send = (headers: Record<string, string>, path = responsePath()) => call(server, 'GET', path, { headers });
    expect((await send({})).msg).toMatch(/^缺少认证信息/);
    expect((await send(signed({ ...app, appSecret: 'another-secret-entirely' }, 'GET', responsePath()))).msg).toBe(
      '签名错误',
    );
    expect((await send(signed(app, 'POST', responsePath()))).msg).toBe('签名错误');
    const old = String(Date.now() - 6 * 60 * 1000);
    expect(
      (
        await send({
          ...signed(app, 'GET', responsePath()),
          'x-timestamp': old,
          'x-signature': signatureOf(app.appSecret, 'GET', responsePath(), old, ''),
        })
      ).msg,
    ).toBe('请求时间戳无效或已过期');
    const once = signed(app, 'GET', responsePath());
    expect((await send(once)).code).toBe(200);
    expect((await send(once)).msg).toBe('重复的请求（nonce已使用）');
    // a tampered path (another interface) with the same signature
    expect((await send(signed(app, 'GET', responsePath()), responsePath(otherInterface))).msg).toBe('签名错误');
  });

  it('refuses unknown, disabled and expired apps, outside addresses and interfaces not granted', async () => {
    const app = await makeApp();
    const send = (a: { appId: string; appSecret: string }, path = responsePath(), ip?: string) =>
      call(server, 'GET', path, { headers: signed(a, 'GET', path), ...(ip ? { ip } : {}) });
    expect((await send({ appId: 'no-such-app', appSecret: 'x'.repeat(20) })).msg).toBe('应用不存在或已停用');
    expect((await send(app, responsePath(otherInterface))).msg).toBe('该应用无权调用此接口');
    const expired = await makeApp({ usefulLife: Date.now() - 1000 });
    expect((await send(expired)).msg).toBe('应用已过有效期');
    const listed = await makeApp({ whiteList: '203.0.113.7' });
    expect((await send(listed, responsePath(), '198.51.100.1')).msg).toBe('请求地址不在白名单内');
    expect((await send(listed, responsePath(), '203.0.113.7')).code).toBe(200);
    await api.put(`${A}/${app.id}/Actions/State`);
    expect((await send(app)).msg).toBe('应用不存在或已停用');
    // an app that does not verify signatures sends its secret
    const plain = await makeApp({ verifySignature: 0 });
    expect(
      (
        await call(server, 'GET', responsePath(), {
          headers: { 'x-app-id': plain.appId, 'x-app-secret': plain.appSecret },
        })
      ).code,
    ).toBe(200);
    expect(
      (await call(server, 'GET', responsePath(), { headers: { 'x-app-id': plain.appId, 'x-app-secret': 'wrong' } }))
        .msg,
    ).toBe('签名错误');
  });
});
