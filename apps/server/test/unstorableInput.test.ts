// Input no database can store, or nested too deep to walk, is refused with 401 and a clear message on the calls
// where it used to answer 500 (or was stored mangled): one rule in the validation layer, one JSON reader.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestServer, type TestServer } from './harness.js';

let server: TestServer;
let admin = '';
const api = <T = unknown>(method: string, path: string, json?: unknown) =>
  call<T>(server, method, path, { token: admin, ...(json === undefined ? {} : { json }) });

const LONE = 'a\ud800b';
const DEEP = '['.repeat(10_000) + ']'.repeat(10_000);

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server);
});
afterAll(async () => {
  await server?.close();
});

describe('strings no database can store', () => {
  it('the own profile refuses half a surrogate pair by field, and keeps the stored value', async () => {
    const before = await api<{ realName: string }>('GET', '/api/permission/Users/Current/BaseInfo');
    const res = await api<{ errors: Record<string, string> }>('PUT', '/api/permission/Users/Current/BaseInfo', {
      realName: LONE,
      gender: 1,
    });
    expect(res.code).toBe(401);
    expect(res.data?.errors).toEqual({ realName: '含有不允许的字符' });
    const after = await api<{ realName: string }>('GET', '/api/permission/Users/Current/BaseInfo');
    expect(after.data?.realName).toBe(before.data?.realName);
  });

  it('a schedule with half a surrogate pair in its title is refused', async () => {
    const day = Date.now() + 86_400_000;
    const res = await api('POST', '/api/system/Schedule', {
      category: '1',
      urgent: '2',
      title: `周会${LONE}`,
      allDay: 1,
      startDay: day,
      endDay: day,
      repetition: '1',
    });
    expect(res).toMatchObject({ code: 401 });
  });

  it('a permission group keeps its name rather than storing U+FFFD', async () => {
    const created = await api<string>('POST', '/api/permission/PermissionGroup', {
      fullName: '字符组',
      enCode: 'charGroup',
      enabledMark: 1,
      sortCode: 1,
    });
    expect(created.code, created.msg).toBe(200);
    const res = await api('PUT', `/api/permission/PermissionGroup/${created.data}`, {
      fullName: `字符组${LONE}`,
      enCode: 'charGroup',
      enabledMark: 1,
      sortCode: 1,
    });
    expect(res.code).toBe(401);
    const info = await api<{ fullName: string }>('GET', `/api/permission/PermissionGroup/${created.data}`);
    expect(info.data?.fullName).toBe('字符组');
  });

  it('a key or a value deep inside the body counts too, and JSON text carrying \\ud800 escapes', async () => {
    const res = await api<{ errors: Record<string, string> }>('POST', '/api/system/Menu', {
      parentId: '-1',
      category: 'Web',
      type: 1,
      fullName: '目录',
      enCode: 'charDir',
      enabledMark: 1,
      sortCode: 1,
      propertyJson: { a: { b: [{ [`k${LONE}`]: 1 }] } },
    });
    expect(res.code).toBe(401);
    expect(Object.keys(res.data?.errors ?? {})[0]).toMatch(/^propertyJson\.a\.b\.0\./);
    const escaped = await api('POST', '/api/system/Menu', {
      parentId: '-1',
      category: 'Web',
      type: 1,
      fullName: '目录二',
      enCode: 'charDir2',
      enabledMark: 1,
      sortCode: 1,
      propertyJson: '{"iconBackgroundColor":"\\ud800"}',
    });
    expect(escaped.code).toBe(401);
  });
});

describe('JSON nested too deep', () => {
  it('propertyJson, formData and columnData sent as values nested 10,000 deep are refused with their own message', async () => {
    const raw = (path: string, body: string) =>
      fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: admin, 'content-type': 'application/json', 'x-forwarded-for': server.clientIp },
        body,
      }).then((res) => res.json());
    const tooDeep = { code: 401, msg: '请求数据嵌套层级过深' };
    expect(await raw('/api/system/Menu', `{"fullName":"深","propertyJson":${DEEP}}`)).toMatchObject(tooDeep);
    expect(await raw('/api/system/System', `{"fullName":"深","propertyJson":${DEEP}}`)).toMatchObject(tooDeep);
    expect(await raw('/api/visualdev/Base', `{"fullName":"深","formData":${DEEP}}`)).toMatchObject(tooDeep);
    expect(await raw('/api/visualdev/Base', `{"fullName":"深","columnData":${DEEP}}`)).toMatchObject(tooDeep);
  });

  it('propertyJson, formData and columnData holding JSON text nested 10,000 deep are refused', async () => {
    const menu = await api('POST', '/api/system/Menu', {
      parentId: '-1',
      category: 'Web',
      type: 1,
      fullName: '深目录',
      enCode: 'deepDir',
      enabledMark: 1,
      sortCode: 1,
      propertyJson: DEEP,
    });
    expect(menu.code).toBe(401);
    const app = await api('POST', '/api/system/System', {
      fullName: '深系统',
      enCode: 'deepSystem',
      enabledMark: 1,
      sortCode: 1,
      propertyJson: DEEP,
    });
    expect(app.code).toBe(401);
    const category = (await api<Array<{ id: string }>>('GET', '/api/system/DictionaryData/All/webDesign')).data?.[0]
      ?.id;
    for (const field of ['formData', 'columnData']) {
      const design = await api('POST', '/api/visualdev/Base', {
        fullName: `深功能${field}`,
        enCode: `deep${field}`,
        type: 1,
        webType: 2,
        category: category ?? 'x',
        sortCode: 0,
        formData: '{"fields":[],"formRef":"formRef"}',
        columnData: '{"columnList":[]}',
        [field]: `{"fields":${DEEP}}`,
      });
      expect(design.code, `${field}: ${design.msg}`).toBeGreaterThanOrEqual(400);
      expect(design.code).toBeLessThan(500);
    }
  });
});

describe('addresses the router cannot decode', () => {
  it('answer with the envelope, not a bare 400', async () => {
    const res = await fetch(`${server.baseUrl}/api/system/Menu/%ED%A0%80x`, {
      method: 'PUT',
      headers: { authorization: admin, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: 401, msg: '请求地址无效' });
    const page = await fetch(`${server.baseUrl}/%E0%A4%A.js`);
    expect(page.status).not.toBe(500);
  });
});
