// The collector of the web's API calls on a small app of its own: the ways the web names a path, what it
// cannot follow, and the route matching the contract test relies on.
import { beforeAll, describe, expect, it } from 'vitest';
import { collectWebApiCalls, routeServing, type WebApiCalls } from './webApiCalls.js';

const WEB_ROOT = decodeURIComponent(new URL('../../web', import.meta.url).pathname);

const SOURCES = {
  'src/platform/request.ts': `
    export function buildUrl(url: string) { return url + '?n=1'; }
    async function request(options: { url: string; method?: 'GET' | 'POST'; data?: unknown }) {
      const { url } = options;
      const method = options.method ?? 'GET';
      return fetch(buildUrl(url), { method });
    }
    export const http = {
      get: (url: string) => request({ url, method: 'GET' }),
      post: (url: string, data?: unknown) => request({ url, method: 'POST', data }),
    };`,
  'src/components/List.tsx': `
    import { http } from '../platform/request';
    export function List({ url }: { url: string }) { void http.get(url); return null; }`,
  'src/views/thing/api.ts': `
    import { http } from '../../platform/request';
    const BASE = '/api/system/Thing';
    type Kind = 'Fields' | 'List';
    export const thingApi = {
      listUrl: BASE,
      info: (id: string) => http.get(\`\${BASE}/\${id}\`),
      state: (id: string) => http.post(\`\${BASE}/\${id}/Actions/State\`),
      items: (kind: Kind, id: string) => http.get(\`\${BASE}/\${id}/\${kind === 'Fields' ? 'Fields' : 'List'}\`),
      online: () => http.get('/api/permission/OnlineUser'),
    };`,
  'src/views/thing/ThingPage.tsx': `
    import { List } from '../../components/List';
    import { thingApi } from './api';
    export const ThingPage = () => <List url={thingApi.listUrl} />;`,
  'src/views/thing/loose.ts': `
    import { http } from '../../platform/request';
    export function load(where: string) { return http.get(where); }
    export const loaders = [load];
    export const NOTED = '/api/system/Unused';
    export const fromStorage = () => http.get(localStorage.getItem('where') ?? '/api/system/Thing');`,
};

const ROUTES = [
  { method: 'GET', url: '/api/system/Thing' },
  { method: 'GET', url: '/api/system/Thing/:id' },
  { method: 'GET', url: '/api/system/Thing/:id/Fields' },
  { method: 'GET', url: '/api/system/Thing/:id/List' },
  { method: 'PUT', url: '/api/system/Thing/:id/Actions/State' },
  { method: 'GET', url: '/api/system/OnlineUser' },
];

let web: WebApiCalls;
beforeAll(() => {
  web = collectWebApiCalls({ webRoot: WEB_ROOT, sources: SOURCES });
}, 120_000);

describe('collecting the web API calls', () => {
  it('finds calls through the request layer, helpers and component props, with their method', () => {
    expect(web.calls.map((c) => `${c.method} ${c.path} ${c.at}`)).toEqual([
      'GET /api/permission/OnlineUser src/views/thing/api.ts:10',
      'GET /api/system/Thing src/views/thing/ThingPage.tsx:4',
      'GET /api/system/Thing/{param} src/views/thing/api.ts:7',
      'POST /api/system/Thing/{param}/Actions/State src/views/thing/api.ts:8',
      'GET /api/system/Thing/{param}/Fields src/views/thing/api.ts:9',
      'GET /api/system/Thing/{param}/List src/views/thing/api.ts:9',
    ]);
  });

  it('reports what it cannot work out, with its place', () => {
    expect(web.unresolved.map((u) => u.at).sort()).toEqual([
      'src/views/thing/loose.ts:3',
      'src/views/thing/loose.ts:5',
      'src/views/thing/loose.ts:6',
      'src/views/thing/loose.ts:6',
    ]);
    const reasons = web.unresolved.map((u) => u.reason).join('\n');
    expect(reasons).toMatch(/load is passed as a value/);
    expect(reasons).toMatch(/the address buildUrl\(url\) is not worked out \(a call of getItem/);
    // an '/api/' text that reaches no request: one unused, one in an address that was not worked out
    expect(reasons).toMatch(/'\/api\/system\/Unused' names an API path/);
    expect(reasons).toMatch(/'\/api\/system\/Thing' names an API path/);
  });

  it('finds a wrong prefix or a wrong method unserved', () => {
    const unserved = web.calls.filter((c) => !routeServing(ROUTES, c.method, c.path)).map((c) => c.path);
    expect(unserved).toEqual(['/api/permission/OnlineUser', '/api/system/Thing/{param}/Actions/State']);
  });
});

describe('matching a route', () => {
  const routes = [
    { method: 'GET', url: '/api/x/:id' },
    { method: 'GET', url: '/api/x/All' },
    { method: 'GET,HEAD', url: '/api/file/*' },
  ];
  it('prefers a fixed segment, as Fastify does', () => {
    expect(routeServing(routes, 'GET', '/api/x/All')?.url).toBe('/api/x/All');
    expect(routeServing(routes, 'GET', '/api/x/7')?.url).toBe('/api/x/:id');
  });
  it('matches a value the web leaves open only with a route parameter', () => {
    expect(routeServing([{ method: 'GET', url: '/api/x/All' }], 'GET', '/api/x/{param}')).toBeUndefined();
    expect(routeServing(routes, 'GET', '/api/x/{param}?keyword=a')?.url).toBe('/api/x/:id');
  });
  it('takes a wildcard and a list of methods', () => {
    expect(routeServing(routes, 'HEAD', '/api/file/a/b.png')?.url).toBe('/api/file/*');
    expect(routeServing(routes, 'POST', '/api/file/a')).toBeUndefined();
  });
});
