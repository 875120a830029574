// /api/system/Location over HTTP against a fake AMap web service started here: not configured, the calls and
// their parameters (the server's key, never the client's), AMap's refusals, timeouts and bad input.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  quietPoolAtTeardown,
  signIn,
  startTestServer,
  type CallOptions,
  type TestServer,
} from '../../../test/harness.js';

const BASE = '/api/system/Location';
let server: TestServer;
let token: string;
let fake: http.Server;
let fakeBase = '';
const received: { path: string; query: Record<string, string> }[] = [];
const held: http.ServerResponse[] = [];
const api = <T = unknown>(path: string, query: Record<string, string | number>, options: CallOptions = {}) =>
  call<T>(server, 'GET', `${BASE}${path}`, { token, query, ...options });
type Errors = { errors: Record<string, string> };

const POIS = {
  status: '1',
  info: 'OK',
  infocode: '10000',
  count: '1',
  pois: [{ id: 'B0FFG', name: '园区大厦', location: '116.48,39.99' }],
};

/** the 8-byte PNG signature and a little more: what the fake service draws */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** the raw answer of a picture call */
async function picture(query: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.baseUrl}${BASE}/staticmap?${new URLSearchParams(query)}`, {
    headers: { authorization: token, ...headers },
  });
  const type = res.headers.get('content-type') ?? '';
  const body = Buffer.from(await res.arrayBuffer());
  return {
    type,
    cache: res.headers.get('cache-control'),
    body,
    json: type.startsWith('application/json')
      ? (JSON.parse(body.toString('utf8')) as { code: number; msg: string })
      : null,
  };
}

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    received.push({ path: url.pathname, query });
    if (query.keywords === 'slow') return void held.push(res);
    if (url.pathname === '/amap/v3/staticmap' && query.key === 'server-key') {
      if (query.location === '0,0') {
        // not a picture: an HTML error page
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html>oops</html>');
      }
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(PNG);
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    if (query.key !== 'server-key')
      return res.end(JSON.stringify({ status: '0', info: 'INVALID_USER_KEY', infocode: '10001' }));
    if (url.pathname === '/amap/v3/assistant/inputtips')
      return res.end(
        JSON.stringify({
          status: '1',
          info: 'OK',
          count: '1',
          tips: [{ name: `${query.keywords}路`, district: '北京市朝阳区' }],
        }),
      );
    res.end(JSON.stringify(POIS));
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeBase = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/amap`;
  process.env.AMAP_API_BASE = fakeBase;
  server = await startTestServer();
  token = await signIn(server);
});
afterAll(async () => {
  if (server) quietPoolAtTeardown(server);
  for (const res of held) res.destroy();
  await server?.close();
  await new Promise((resolve) => fake?.close(resolve));
  delete process.env.AMAP_API_BASE;
  delete process.env.AMAP_KEY;
});
afterEach(() => {
  received.length = 0;
  delete process.env.AMAP_KEY;
  delete process.env.THIRD_PARTY_TIMEOUT_MS;
});

describe('without AMAP_KEY', () => {
  it('answers 400 地图服务未配置 in the caller’s language and calls nobody', async () => {
    expect(await api('/around', { location: '116.48,39.99' })).toMatchObject({ code: 400, msg: '地图服务未配置' });
    expect(await api('/text', { keywords: '大厦' }, { headers: { 'jnpf-language': 'zhtw' } })).toMatchObject({
      code: 400,
      msg: '地圖服務未配置',
    });
    expect(await api('/inputtips', { keywords: '大厦' }, { headers: { 'jnpf-language': 'en' } })).toMatchObject({
      code: 400,
      msg: 'The map service is not configured',
    });
    expect(received).toEqual([]);
  });
});

describe('with AMAP_KEY', () => {
  it('around: forwards the point and paging with the server’s key and answers AMap’s JSON', async () => {
    process.env.AMAP_KEY = 'server-key';
    const res = await api('/around', { key: 'client-key', location: '116.48,39.99', radius: -1, offset: 20, page: 2 });
    expect(res).toMatchObject({ code: 200, data: POIS });
    expect(received).toEqual([
      {
        path: '/amap/v3/place/around',
        query: { key: 'server-key', output: 'JSON', location: '116.48,39.99', radius: '-1', offset: '20', page: '2' },
      },
    ]);
  });

  it('text and inputtips forward their keywords', async () => {
    process.env.AMAP_KEY = 'server-key';
    expect(await api('/text', { keywords: '园区 大厦', city: '北京' })).toMatchObject({ code: 200, data: POIS });
    expect(received[0]).toEqual({
      path: '/amap/v3/place/text',
      query: { key: 'server-key', output: 'JSON', keywords: '园区 大厦', city: '北京', offset: '20', page: '1' },
    });
    const tips = await api<{ tips: { name: string }[] }>('/inputtips', { keywords: '望京', location: '116.48,39.99' });
    expect(tips.data!.tips[0]!.name).toBe('望京路');
    expect(received[1]).toMatchObject({
      path: '/amap/v3/assistant/inputtips',
      query: { keywords: '望京', location: '116.48,39.99' },
    });
  });

  it('reports AMap’s refusal, a timeout and an unreachable service', async () => {
    process.env.AMAP_KEY = 'revoked-key';
    expect(await api('/text', { keywords: '大厦' })).toMatchObject({
      code: 400,
      msg: '地图服务请求失败：INVALID_USER_KEY（10001）',
    });
    process.env.AMAP_KEY = 'server-key';
    process.env.THIRD_PARTY_TIMEOUT_MS = '300';
    expect(await api('/inputtips', { keywords: 'slow' })).toMatchObject({
      code: 400,
      msg: '地图服务请求失败：1秒内未响应',
    });
    process.env.AMAP_API_BASE = 'http://127.0.0.1:1';
    try {
      expect(await api('/inputtips', { keywords: '大厦' })).toMatchObject({
        code: 400,
        msg: '地图服务请求失败：无法连接到服务器',
      });
    } finally {
      process.env.AMAP_API_BASE = fakeBase;
    }
  });

  it('checks its input before calling anyone', async () => {
    process.env.AMAP_KEY = 'server-key';
    const cases: [string, Record<string, string | number>, Record<string, string>][] = [
      ['/around', {}, { location: '坐标格式错误，应为“经度,纬度”' }],
      ['/around', { location: '116.48;39.99' }, { location: '坐标格式错误，应为“经度,纬度”' }],
      ['/around', { location: "1,2' or 1=1" }, { location: '坐标格式错误，应为“经度,纬度”' }],
      ['/text', {}, { keywords: '关键字不能为空' }],
      ['/inputtips', { keywords: '  ' }, { keywords: '关键字不能为空' }],
    ];
    for (const [path, query, errors] of cases) {
      const res = await api<Errors>(path, query);
      expect(res.code, `${path} ${JSON.stringify(query)}`).toBe(401);
      expect(res.data!.errors).toEqual(errors);
    }
    for (const query of [
      { keywords: 'k'.repeat(10_240) },
      { keywords: 'x', offset: 0 },
      { keywords: 'x', page: 'abc' },
      { keywords: 'x', radius: 50_001 },
    ] as Record<string, string | number>[])
      expect((await api('/text', query)).code, JSON.stringify(query).slice(0, 40)).toBe(401);
    expect(received).toEqual([]);
  });

  it('staticmap answers the picture for a point, zoom and size, with the server’s key', async () => {
    const none = await picture({ location: '116.48,39.99' });
    expect(none.json).toMatchObject({ code: 400, msg: '地图服务未配置' });
    process.env.AMAP_KEY = 'server-key';
    const drawn = await picture({ key: 'client-key', location: '116.48,39.99', zoom: '15', size: '552*260' });
    expect([drawn.type, drawn.cache]).toEqual(['image/png', 'private, max-age=86400']);
    expect(drawn.body.equals(PNG)).toBe(true);
    expect(received).toEqual([
      {
        path: '/amap/v3/staticmap',
        query: { key: 'server-key', location: '116.48,39.99', zoom: '15', size: '552*260', scale: '1' },
      },
    ]);
    // the defaults: zoom 16, 600*300
    await picture({ location: '116.48,39.99' });
    expect(received[1]!.query).toMatchObject({ zoom: '16', size: '600*300' });
  });

  it('staticmap reports a refusal or an answer that is not a picture, and checks its input first', async () => {
    process.env.AMAP_KEY = 'revoked-key';
    expect((await picture({ location: '116.48,39.99' })).json).toMatchObject({
      code: 400,
      msg: '地图服务请求失败：INVALID_USER_KEY（10001）',
    });
    process.env.AMAP_KEY = 'server-key';
    expect((await picture({ location: '0,0' }, { 'jnpf-language': 'en' })).json).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/^The map service failed: /),
    });
    received.length = 0;
    for (const query of [
      { location: '116.48,39.99', size: '2000*10' },
      { location: '116.48,39.99', size: '0*10' },
      { location: '116.48,39.99', size: '600x300' },
      { location: '116.48,39.99', zoom: '25' },
      { location: '116.48,39.99', scale: '3' },
      { location: 'x' },
    ] as Record<string, string>[]) {
      const refused = await picture(query);
      expect(refused.json?.code, JSON.stringify(query)).toBe(401);
    }
    const wrongSize = await picture({ location: '116.48,39.99', size: '2000*10' });
    expect(wrongSize.json).toMatchObject({
      data: { errors: { size: '图片尺寸格式错误，应为“宽*高”，每边1到1024像素' } },
    });
    expect(received).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    process.env.AMAP_KEY = 'server-key';
    expect((await call(server, 'GET', `${BASE}/around`, { query: { location: '116.48,39.99' } })).code).toBe(602);
  });
});
