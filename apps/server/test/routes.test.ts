// Every route declares its permission: the app refuses to register one that does not, and the table shows
// what each route needs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { call, startTestServer, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('route table', () => {
  it('every /api route declares a permission', () => {
    const table = server.platform.routeTable;
    expect(table.length).toBeGreaterThan(20);
    for (const r of table) {
      const p = r.permission;
      const valid =
        p === 'public' ||
        p === 'signedIn' ||
        p === 'admin' ||
        (typeof p === 'object' &&
          p !== null &&
          [(p as { module?: unknown }).module].flat().every((m) => typeof m === 'string' && m.length > 0));
      expect(valid, `${r.method} ${r.url}`).toBe(true);
    }
  });

  it('registering a route without a permission fails', async () => {
    // the same hook the app installs, on a bare instance
    const onRoute = server.platform.app;
    expect(onRoute).toBeDefined();
    const bare = Fastify();
    bare.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api') && !route.config?.permission) throw new Error('declares no permission');
    });
    expect(() => bare.get('/api/x', async () => 'x')).toThrow(/declares no permission/);
    await bare.close();
    expect(() => server.platform.app.get('/api/undeclared', async () => 'x')).toThrow();
  });

  it('protected routes refuse a caller without a token, public ones do not', async () => {
    for (const r of server.platform.routeTable) {
      if (
        r.method === 'HEAD' ||
        r.permission === 'public' ||
        r.url.includes('*') ||
        r.url.startsWith('/websocket') ||
        r.url.includes('/websocket/')
      )
        continue;
      const url = r.url.replace(/:(\w+)/g, (_, name: string) => (name === 'timestamp' ? 'abc' : '1'));
      const res = await call(server, r.method, url, r.method === 'GET' ? {} : { json: {} });
      expect(res.code, `${r.method} ${r.url}`).toBe(602);
    }
  });

  it('serves the OpenAPI document and the health check', async () => {
    const doc = await fetch(`${server.baseUrl}/api/docs/json`).then(
      (r) => r.json() as Promise<{ paths: Record<string, unknown> }>,
    );
    expect(Object.keys(doc.paths)).toContain('/api/oauth/Login');
    const health = await call<{ database: string }>(server, 'GET', '/api/health');
    expect(health.data?.database).toBe('ok');
  });
});
