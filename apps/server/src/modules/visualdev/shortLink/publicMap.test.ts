// The map picture and the place searches of a form link's location field (表单外链), over HTTP without signing in, against a fake AMap
// web service started here: drawn through the server's key for an open, unlocked form link whose form has a
// location field; refused for a wrong, locked or closed link, for a form without a location field, for bad input
// and when no maps key is configured.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { md5Hex } from '@jnpf/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/harness.js';
import { admin, api, server } from '../../../../test/kit/adminServer.js';
import { categoryId, useDesignServer } from '../../../../test/kit/designServer.js';
import { releaseDesign } from '../../../../test/kit/released.js';
import { designBody, field, sampleForm } from '../../../../test/kit/visualdev.js';

const LINK = '/api/visualdev/ShortLink';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
let fake: http.Server;
const received: Record<string, string>[] = [];
let withMap = '';
let withoutMap = '';
const tokens: Record<string, string> = {};

useDesignServer();

const settings = (modelId: string, patch: Record<string, unknown>) =>
  api<{ formLink: string }>('PUT', LINK, {
    json: {
      id: modelId,
      formUse: 1,
      formPassUse: 0,
      formPassword: '',
      columnUse: 0,
      columnPassUse: 0,
      columnPassword: '',
      columnCondition: '[]',
      columnText: '[]',
      ...patch,
    },
  });
const tokenOf = (link: string) => new URL(link, 'http://x').searchParams.get('encryption')!;

async function released(fields: ReturnType<typeof field>[]) {
  const id = await api.create(
    '/api/visualdev/Base',
    designBody(categoryId, 'none', {
      webType: 1,
      columnData: '',
      formData: JSON.stringify(sampleForm('none', fields)),
    }),
  );
  await releaseDesign(server, admin, id);
  tokens[id] = tokenOf((await settings(id, {})).data!.formLink);
  return id;
}

/** the raw answer of a picture call through the link of this model */
async function picture(modelId: string, query: Record<string, string>, headers: Record<string, string> = {}) {
  const search = new URLSearchParams({ encryption: tokens[modelId]!, ...query });
  const res = await fetch(`${server.baseUrl}${LINK}/${modelId}/Location/staticmap?${search}`, { headers });
  const type = res.headers.get('content-type') ?? '';
  const body = Buffer.from(await res.arrayBuffer());
  return {
    type,
    body,
    json: type.startsWith('application/json')
      ? (JSON.parse(body.toString('utf8')) as { code: number; msg: string; data?: unknown })
      : null,
  };
}

const CENTRE = { location: '116.480000,39.990000', zoom: '19', size: '80*80' };

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    received.push(Object.fromEntries(url.searchParams));
    if (url.pathname === '/amap/v3/staticmap' && url.searchParams.get('key') === 'server-key') {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(PNG);
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    if (url.pathname.startsWith('/amap/v3/place/') && url.searchParams.get('key') === 'server-key')
      return res.end(JSON.stringify({ status: '1', info: 'OK', count: '1', pois: [{ id: 'B0', name: '园区大厦' }] }));
    res.end(JSON.stringify({ status: '0', info: 'INVALID_USER_KEY', infocode: '10001' }));
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  process.env.AMAP_API_BASE = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/amap`;
  process.env.AMAP_KEY = 'server-key';
  withMap = await released([field('input', 'title', '标题'), field('location', 'place', '地点')]);
  withoutMap = await released([field('input', 'title', '标题')]);
});

afterAll(async () => {
  delete process.env.AMAP_API_BASE;
  delete process.env.AMAP_KEY;
  await new Promise((resolve) => fake.close(resolve));
});

describe('the map picture of a form link', () => {
  it('draws the picture of a form with a location field through the server key', async () => {
    received.length = 0;
    const answer = await picture(withMap, { ...CENTRE, key: 'visitor-key' });
    expect(answer.type, answer.json?.msg).toBe('image/png');
    expect(answer.body.equals(PNG)).toBe(true);
    // the server's key, never the visitor's; the link's token stays with the server
    expect(received).toEqual([
      expect.objectContaining({ key: 'server-key', location: CENTRE.location, zoom: '19', size: '80*80' }),
    ]);
    expect(received[0]).not.toHaveProperty('encryption');
  });

  it('refuses a form without a location field, bad input, and a wrong link', async () => {
    expect((await picture(withoutMap, CENTRE)).json).toMatchObject({ code: 400, msg: '该表单没有定位字段' });
    const bad = await picture(withMap, { ...CENTRE, location: 'here', size: '5000*5000' });
    expect(bad.json?.code).toBe(401);
    expect(Object.keys((bad.json?.data as { errors: Record<string, string> }).errors).sort()).toEqual([
      'location',
      'size',
    ]);
    const wrong = await fetch(
      `${server.baseUrl}${LINK}/${withMap}/Location/staticmap?${new URLSearchParams({ encryption: 'not-a-token', ...CENTRE })}`,
    );
    expect(((await wrong.json()) as { code: number; msg: string }).msg).toBe('无效链接');
  });

  it('needs the ticket of a protected link, and nothing once the link is closed', async () => {
    await settings(withMap, { formPassUse: 1, formPassword: 'abc123' });
    expect((await picture(withMap, CENTRE)).json).toMatchObject({ code: 400, msg: '该链接需要密码，请先输入密码' });
    const ticket = (
      await call<{ ticket: string }>(server, 'POST', `${LINK}/checkPwd`, {
        json: { id: withMap, type: 0, encryption: tokens[withMap], password: md5Hex('abc123') },
      })
    ).data!.ticket;
    expect((await picture(withMap, CENTRE, { 'x-link-ticket': ticket })).type).toBe('image/png');
    await settings(withMap, { formUse: 0 });
    expect((await picture(withMap, CENTRE)).json).toMatchObject({ code: 400, msg: '未开启表单外链！' });
    await settings(withMap, { formUse: 1 });
  });

  it('searches places around a point and by keywords through the link', async () => {
    const search = (modelId: string, kind: string, query: Record<string, string>, as = tokens[modelId]!) =>
      call<{ pois: { name: string }[] }>(server, 'GET', `${LINK}/${modelId}/Location/${kind}`, {
        query: { encryption: as, ...query },
      });
    received.length = 0;
    const around = await search(withMap, 'around', { location: CENTRE.location, key: 'visitor-key' });
    expect(around.code, around.msg).toBe(200);
    expect(around.data!.pois.map((p) => p.name)).toEqual(['园区大厦']);
    const text = await search(withMap, 'text', { keywords: '大厦' });
    expect(text.code, text.msg).toBe(200);
    expect(received).toEqual([
      expect.objectContaining({ key: 'server-key', location: CENTRE.location }),
      expect.objectContaining({ key: 'server-key', keywords: '大厦' }),
    ]);
    expect(received.every((q) => !('encryption' in q))).toBe(true);
    expect((await search(withMap, 'text', {})).code).toBe(401);
    expect(await search(withoutMap, 'around', { location: CENTRE.location })).toMatchObject({
      code: 400,
      msg: '该表单没有定位字段',
    });
    expect((await search(withMap, 'around', { location: CENTRE.location }, 'not-a-token')).msg).toBe('无效链接');
  });

  it('says so when no maps key is configured', async () => {
    delete process.env.AMAP_KEY;
    try {
      const answer = await picture(withMap, CENTRE);
      expect(answer.json?.code).toBe(400);
      expect(answer.type).not.toBe('image/png');
    } finally {
      process.env.AMAP_KEY = 'server-key';
    }
  });
});
