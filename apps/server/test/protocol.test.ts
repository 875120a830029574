// The envelope and its codes for what can go wrong outside a handler's rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ok } from '../src/platform/result.js';
import { route } from '../src/platform/route.js';
import { call, signIn, startTestServer, type TestServer } from './harness.js';
import { signedInUser } from './kit/access.js';

let server: TestServer;
const probe = {
  name: 'probe',
  routes: [
    route({
      method: 'GET',
      url: '/api/test/boom',
      permission: 'public',
      summary: 'throws',
      async handler() {
        throw new Error('secret internals at /srv/app.ts:12');
      },
    }),
    route({
      method: 'POST',
      url: '/api/test/echo',
      permission: 'signedIn',
      summary: 'echoes',
      body: z.object({ name: z.string().max(10), count: z.number().int().min(0) }),
      async handler({ body }) {
        return ok(body);
      },
    }),
    route({
      method: 'GET',
      url: '/api/test/admin',
      permission: 'admin',
      summary: 'administrators',
      async handler() {
        return ok('yes');
      },
    }),
  ],
};

beforeAll(async () => {
  server = await startTestServer({}, [probe]);
});
afterAll(async () => {
  await server?.close();
});

describe('protocol envelope', () => {
  it('an unexpected error answers 500 系统异常 with a request id and no internals', async () => {
    const res = await call<{ requestId: string }>(server, 'GET', '/api/test/boom');
    expect(res.status).toBe(200);
    expect(res.code).toBe(500);
    expect(res.msg).toBe('系统异常');
    expect(res.data?.requestId).toBe(res.headers.get('x-request-id'));
    expect(JSON.stringify(res)).not.toContain('secret internals');
  });

  it('malformed JSON, a wrong content type and an oversize body get clear answers', async () => {
    const token = await signIn(server);
    const bad = await fetch(`${server.baseUrl}/api/test/echo`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: '{"name": ',
    }).then((r) => r.json() as Promise<{ code: number; msg: string }>);
    expect(bad).toEqual({ code: 401, msg: '请求数据格式错误' });
    const huge = await fetch(`${server.baseUrl}/api/test/echo`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024), count: 1 }),
    }).then((r) => r.json() as Promise<{ code: number; msg: string }>);
    expect(huge.code).toBe(400);
    expect(huge.msg).toBe('请求数据过大');
  });

  it('validation reports every field, ignores unknown keys and the n cache-buster', async () => {
    const token = await signIn(server);
    const res = await call<{ errors: Record<string, string> }>(server, 'POST', '/api/test/echo', {
      token,
      json: { name: 'x'.repeat(10_000), count: -1 },
      headers: { 'jnpf-language': 'zhtw' },
    });
    expect(res.code).toBe(401);
    expect(Object.keys(res.data!.errors).sort()).toEqual(['count', 'name']);
    expect(res.msg).toMatch(/^參數校驗失敗/);
    const fine = await call(server, 'POST', '/api/test/echo', {
      token,
      json: { name: 'ok', count: 1, extra: 'ignored' },
      query: { n: 1700000000 },
    });
    expect(fine.code).toBe(200);
    expect(fine.data).toEqual({ name: 'ok', count: 1 });
  });

  it('messages follow jnpf-language, then Accept-Language, default zh', async () => {
    expect((await call(server, 'GET', '/api/nope', { headers: { 'jnpf-language': 'en' } })).msg).toBe('No such API');
    expect((await call(server, 'GET', '/api/nope', { headers: { 'accept-language': 'zh-TW,zh;q=0.9' } })).msg).toBe(
      '接口不存在',
    );
    expect((await call(server, 'GET', '/api/nope', { headers: { 'accept-language': 'en-US' } })).msg).toBe(
      'No such API',
    );
    expect((await call(server, 'GET', '/api/nope')).msg).toBe('接口不存在');
  });

  it('sends security headers and no-store on API answers', async () => {
    const res = await fetch(`${server.baseUrl}/api/health`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('an admin-only route refuses other signed-in users', async () => {
    const token = await signIn(server);
    expect((await call(server, 'GET', '/api/test/admin', { token })).data).toBe('yes');
    const staff = (await signedInUser(server, { account: 'staff1', realName: 'Staff' })).token;
    const refused = await call(server, 'GET', '/api/test/admin', { token: staff });
    expect(refused.code).toBe(400);
    expect(refused.msg).toBe('没有访问权限');
    expect((await call(server, 'POST', '/api/test/echo', { token: staff, json: { name: 'a', count: 0 } })).code).toBe(
      200,
    );
  });
});
