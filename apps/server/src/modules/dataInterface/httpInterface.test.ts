// HTTP (API) interfaces against a local fake server: method, headers, query and every body type with values
// from parameters, variables, literals and page parameters (injection stays encoded); a server that hangs,
// answers 10 MB or fails; and the destination rule (loopback, link-local, private refused unless allowed).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../../../test/harness.js';
import { api, ctx, useAdminServer } from '../../../test/kit/adminServer.js';
import { dictionaryItems } from '../dictionary/index.js';
import { isSpecialAddress } from './outbound.js';

useAdminServer({ dataInterface: { allowHosts: ['127.0.0.1'], logDays: 30 } });

const DI = '/api/system/DataInterface';
let fake: http.Server;
let base: string;
let category: string;
const hanging = new Set<http.ServerResponse>();

beforeAll(async () => {
  category = (await dictionaryItems(ctx().db, 'DataInterfaceType'))[0]!.id;
  fake = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (url.pathname === '/hang') {
        hanging.add(res);
        return;
      }
      if (url.pathname === '/huge') {
        res.writeHead(200, { 'content-type': 'application/json' });
        const block = Buffer.alloc(1024 * 1024, 'a');
        let sent = 0;
        const push = () => {
          while (sent < 10 && res.write(block)) sent++;
          if (sent >= 10) res.end();
          else res.once('drain', push);
        };
        push();
        return;
      }
      if (url.pathname === '/fail') {
        res.writeHead(500);
        res.end('boom');
        return;
      }
      if (url.pathname === '/token') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ token: 'tk-42' }));
        return;
      }
      if (url.pathname === '/rows') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            code: 200,
            data: Array.from({ length: 12 }, (_, i) => ({ id: `h${i}`, fullName: `远程${i}` })),
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          method: req.method,
          headers: req.headers,
          query: Object.fromEntries(url.searchParams),
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  fake.closeAllConnections();
  await new Promise((resolve) => fake.close(resolve));
});

const apiBody = (apiData: Record<string, unknown>, patch: Record<string, unknown> = {}) => ({
  fullName: unique('api'),
  enCode: unique('api'),
  category,
  type: 3,
  parameterJson: JSON.stringify([
    { field: 'q', fieldName: 'q', dataType: 'varchar', required: 0, defaultValue: 'dflt' },
    { field: 'n', fieldName: 'n', dataType: 'int', required: 0, defaultValue: '' },
  ]),
  dataConfigJson: JSON.stringify({ apiData: { method: 1, ...apiData } }),
  enabledMark: 1,
  ...patch,
});

const preview = <T = Record<string, unknown>>(id: string, paramList: unknown[] = []) =>
  api.post<T>(`${DI}/${id}/Actions/Preview`, { paramList });

describe('HTTP interfaces', () => {
  it('GET with headers and query from parameters, literals, page parameters and variables', async () => {
    const tokenSource = await api.create(DI, apiBody({ url: `${base}/token` }));
    const variable = unique('token');
    const variableId = await api.create('/api/system/DataInterfaceVariate', {
      interfaceId: tokenSource,
      fullName: variable,
      expression: 'data.token',
    });
    const id = await api.create(
      DI,
      apiBody({
        url: `${base}/echo?fixed=1`,
        header: [
          { field: 'X-Q', source: 1, defaultValue: 'q' },
          { field: 'Authorization', source: 2, defaultValue: variableId },
          { field: 'X-Lit', source: 3, defaultValue: 'literal' },
        ],
        query: [
          { field: 'q', source: 1, defaultValue: 'q' },
          { field: 'page', source: 4, defaultValue: 'currentPage' },
        ],
      }),
    );
    const res = await preview<{ method: string; headers: Record<string, string>; query: Record<string, string> }>(id, [
      { field: 'q', defaultValue: 'a&b=c\r\nX-Evil: 1' },
    ]);
    expect(res.code, res.msg).toBe(200);
    expect(res.data!.method).toBe('GET');
    expect(res.data!.query).toEqual({ fixed: '1', q: 'a&b=c\r\nX-Evil: 1', page: '1' });
    expect(res.data!.headers['x-q']).toBe('a&b=c  X-Evil: 1');
    expect(res.data!.headers['x-evil']).toBeUndefined();
    expect(res.data!.headers.authorization).toBe('tk-42');
    expect(res.data!.headers['x-lit']).toBe('literal');
    // the variable keeps the value it computed
    const info = await api.get<{ value: string }>(`/api/system/DataInterfaceVariate/${variableId}/Info`);
    expect(info.data!.value).toBe('tk-42');
  });

  it('POST bodies: urlencoded, form-data, JSON and XML with values encoded, never raw', async () => {
    const post = async (bodyType: number, body: unknown) => {
      const id = await api.create(DI, apiBody({ url: `${base}/echo`, method: 2, bodyType, body }));
      const res = await preview<{ method: string; headers: Record<string, string>; body: string }>(id, [
        { field: 'q', defaultValue: `x"}, "admin": true, "y": "<b>&` },
      ]);
      expect(res.code, res.msg).toBe(200);
      expect(res.data!.method).toBe('POST');
      return res.data!;
    };
    const urlencoded = await post(2, [{ field: 'q', source: 1, defaultValue: 'q' }]);
    expect(urlencoded.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(urlencoded.body).get('q')).toBe(`x"}, "admin": true, "y": "<b>&`);
    const multipart = await post(1, [{ field: 'q', source: 1, defaultValue: 'q' }]);
    expect(multipart.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(multipart.body).toContain('name="q"');
    const json = await post(3, '{"q": "{q}", "n": 1}');
    expect(JSON.parse(json.body)).toEqual({ q: `x"}, "admin": true, "y": "<b>&`, n: 1 });
    const xml = await post(4, '<r><q>{q}</q></r>');
    expect(xml.body).toBe('<r><q>x&quot;}, &quot;admin&quot;: true, &quot;y&quot;: &quot;&lt;b&gt;&amp;</q></r>');
    expect(xml.headers['content-type']).toBe('application/xml');
  });

  it('transforms the answer and pages it; the exception check sees the raw answer', async () => {
    const id = await api.create(
      DI,
      apiBody(
        { url: `${base}/rows` },
        { dataJsJson: '(res) => res.data', dataExceptionJson: '(res) => res.code === 200' },
      ),
    );
    const page = await api.post<{ list: { id: string }[]; pagination: { total: number } }>(`${DI}/${id}/Actions/List`, {
      pageSize: 5,
      currentPage: 3,
    });
    expect(page.data!.pagination.total).toBe(12);
    expect(page.data!.list.map((r) => r.id)).toEqual(['h10', 'h11']);
    expect((await api.post<unknown[]>(`${DI}/${id}/Actions/InfoByIds`, { ids: ['h3'] })).data).toEqual([
      { id: 'h3', fullName: '远程3' },
    ]);
  });

  it('a server that fails, answers 10 MB or hangs is a clear refusal, and the server keeps serving', async () => {
    const failing = await api.create(DI, apiBody({ url: `${base}/fail` }));
    expect((await preview(failing)).msg).toBe('接口返回HTTP状态500');
    const huge = await api.create(DI, apiBody({ url: `${base}/huge` }));
    expect((await preview(huge)).msg).toBe('接口返回数据超过5MB');
    const hang = await api.create(DI, apiBody({ url: `${base}/hang` }));
    const started = Date.now();
    const [hung, meanwhile] = await Promise.all([preview(hang), api.get(DI)]);
    expect(meanwhile.code).toBe(200);
    expect(hung.msg).toBe('接口请求超时（超过10秒）');
    expect(Date.now() - started).toBeLessThan(13_000);
    const logs = await api.get<{ list: { success: number }[] }>(`/api/system/DataInterfaceLog/${hang}`);
    expect(logs.data!.list[0]!.success).toBe(0);
  }, 30_000);

  it('refuses loopback by name, link-local, private and metadata addresses', async () => {
    const port = (fake.address() as AddressInfo).port;
    for (const url of [
      `http://localhost:${port}/echo`,
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.1/',
      'http://[::1]/',
      'http://192.168.1.1/',
    ]) {
      const id = await api.create(DI, apiBody({ url }));
      const res = await preview(id);
      expect(res.msg, url).toMatch(/^不允许访问该地址：/);
    }
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.0.1',
      '169.254.1.1',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '100.64.0.1',
    ])
      expect(isSpecialAddress(ip), ip).toBe(true);
    for (const ip of ['8.8.8.8', '1.1.1.1', '2606:4700::1111']) expect(isSpecialAddress(ip), ip).toBe(false);
  });
});
