// printDev/Pdf over HTTP: the print preview's pages laid out as PDF by the local Chromium (the template's page
// size, Chinese text) and offered as a download; a page that tries to reach anything reaching nothing; what is
// no print document (no pages, unstorable text) refused before any browser; a layout past its time bound
// stopped with a clear answer, a batch given more time by its pages up to a ceiling; and a clear answer without
// a browser. A batch's body has its own limit (PDF_BODY_LIMIT, above the server's BODY_LIMIT) and at most 1,000
// pages; only accepted calls count towards the rate limit, refused bodies towards a looser one of their own. A
// caller who closes the connection leaves the queue, or has its layout stopped, and the next one starts at once.
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { layoutBoundMs, pdfRendererOf } from './pdf.js';
import { call, signIn, startTestServer, type TestServer } from '../../../test/harness.js';
import { signedInUser } from '../../../test/kit/access.js';
import { admin, api, server, useAdminServer } from '../../../test/kit/adminServer.js';

const PDF = '/api/system/printDev/Pdf';
const chromium = '/usr/bin/chromium';
// CI installs Chromium (.ci/run) and must run these; elsewhere they need it installed
const needsBrowser = !fs.existsSync(chromium) && process.env.CI !== 'true';
/** a 1×1 red PNG */
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const A4_LANDSCAPE = JSON.stringify({ type: '2', direction: '横向', mt: 10, mb: 10, ml: 10, mr: 10 });

/** the settings by default: BODY_LIMIT 2 MB, PDF_BODY_LIMIT 32 MB */
const defaults = loadConfig({});

useAdminServer({ pdf: { ...defaults.pdf, chromiumPath: chromium, timeoutMs: 30_000 } });

interface Download {
  name: string;
  url: string;
}

const pdfOf = (target: TestServer, token: string, body: unknown) =>
  call<Download>(target, 'POST', PDF, { token, json: body });

/** the offered file's bytes, fetched as the browser does: by its address alone */
async function fetched(target: TestServer, url: string): Promise<string> {
  const res = await fetch(new URL(url, target.baseUrl));
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer()).toString('latin1');
}

let probe: http.Server;
let probeUrl: string;
const probed: string[] = [];
beforeAll(async () => {
  probe = http.createServer((req, res) => {
    probed.push(req.url ?? '');
    res.end('x');
  });
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  probeUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
});
afterAll(async () => {
  probe.closeAllConnections();
  await new Promise((resolve) => probe.close(resolve));
});

describe.skipIf(needsBrowser)('print pages as PDF', () => {
  it('offers the pages as a PDF download of the template page size, named as asked', async () => {
    const res = await pdfOf(server, admin, {
      pages: [
        '<h1>送货单 第1页</h1><p><img src="/api/file/Image/logo.png"></p><table><tr><td>苹果</td><td>1,234.50</td></tr></table>',
        '<h1>送货单 第2页</h1><p><img src="/api/file/Image/logo.png"></p><p>香蕉</p>',
      ],
      pictures: [{ src: '/api/file/Image/logo.png', data: `data:image/png;base64,${PIXEL}` }],
      pageParam: A4_LANDSCAPE,
      title: '送货单',
      fileName: '送货单.pdf',
    });
    expect(res.code, res.msg).toBe(200);
    expect(res.data!.name).toBe('送货单.pdf');
    expect(res.data!.url).toMatch(/^\/api\/file\/Download\/[\w-]{43}\//);
    const pdf = await fetched(server, res.data!.url);
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(2);
    // A4 landscape: 842 × 595 points
    const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf);
    expect(box && [Math.round(Number(box[1])), Math.round(Number(box[2]))]).toEqual([842, 595]);
    // the picture both pages name, sent once, is drawn
    expect(pdf).toMatch(/\/Subtype\s*\/Image/);
    // the Chinese text is drawn with a CJK font of the preview's style sheet (Noto CJK on Debian), embedded
    expect(pdf).toMatch(/\/FontName\s*\/[A-Z]{6}\+Noto(Serif|Sans)CJK/);
  }, 60_000);

  it('takes a batch above the server body limit, up to its own', async () => {
    expect(defaults.bodyLimit).toBe(2 * 1024 * 1024);
    expect(defaults.pdf.bodyLimit).toBe(32 * 1024 * 1024);
    // a 3 MB picture, as a letterhead photo of a batch may be: over BODY_LIMIT, under PDF_BODY_LIMIT
    const photo = `data:image/png;base64,${Buffer.concat([Buffer.from(PIXEL, 'base64'), Buffer.alloc(2_400_000)]).toString('base64')}`;
    const body = { pages: ['<p><img src="/p.png"> 照片</p>'], pictures: [{ src: '/p.png', data: photo }] };
    expect(JSON.stringify(body).length).toBeGreaterThan(defaults.bodyLimit);
    const res = await pdfOf(server, admin, body);
    expect(res.code, res.msg).toBe(200);
    expect((await fetched(server, res.data!.url)).startsWith('%PDF-')).toBe(true);
    // elsewhere the server's limit holds
    const elsewhere = await api.post('/api/system/printDev/BatchData', { id: 'x', formId: 'a'.repeat(3_000_000) });
    expect(elsewhere).toMatchObject({ code: 400, msg: '请求数据过大' });
  }, 60_000);

  it('runs no script and reaches nothing the pages name', async () => {
    const res = await pdfOf(server, admin, {
      pages: [
        `<img src="${probeUrl}/img"><link rel="stylesheet" href="${probeUrl}/css">` +
          `<iframe src="${probeUrl}/frame"></iframe><script>fetch('${probeUrl}/script')</script>` +
          `<img src="file:///etc/passwd">`,
      ],
    });
    expect(res.code, res.msg).toBe(200);
    expect((await fetched(server, res.data!.url)).startsWith('%PDF-')).toBe(true);
    expect(probed).toEqual([]);
  }, 60_000);

  it('refuses what is no print document, unstorable text and callers not signed in', async () => {
    for (const body of [{}, { pages: [] }, { pages: [''] }, { html: '<!doctype html><p>x</p>' }]) {
      const res = await api.post(PDF, body);
      expect(res.code, JSON.stringify(body)).toBe(401);
      expect(res.msg).toContain('请提供要生成PDF的打印页');
    }
    for (const text of ['a\u0000b', 'a\ud800b']) {
      const res = await api.post(PDF, { pages: [`<p>${text}</p>`] });
      expect(res.code).toBe(401);
      expect(res.msg).toMatch(/字符/);
    }
    expect((await api.post(PDF, { pages: ['x'], fileName: 'a\u0000' })).code).toBe(401);
    // a picture must be inline data: an address would be a request
    const fetching = await api.post(PDF, { pages: ['<img src="a">'], pictures: [{ src: 'a', data: `${probeUrl}/a` }] });
    expect(fetching.code).toBe(401);
    const anonymous = await call(server, 'POST', PDF, { json: { pages: ['x'] } });
    expect(anonymous.code).toBe(602);
  });
});

describe.skipIf(needsBrowser)('a layout past its time bound', () => {
  let hasty: TestServer;
  beforeAll(async () => {
    hasty = await startTestServer({
      pdf: { ...defaults.pdf, chromiumPath: chromium, timeoutMs: 50, pageTimeoutMs: 0 },
    });
  });
  afterAll(async () => {
    await hasty?.close();
  });

  it('is stopped and answered as too long, in the caller’s language', async () => {
    const rows = '<tr><td>苹果</td><td>1,234.50</td><td>备注备注备注</td></tr>'.repeat(2000);
    const token = await signIn(hasty);
    const started = Date.now();
    const res = await pdfOf(hasty, token, { pages: Array.from({ length: 4 }, () => `<table>${rows}</table>`) });
    expect(res.code).toBe(400);
    expect(res.msg).toBe('PDF生成超时（超过0.1秒）：文档过大或过于复杂，请减少每次下载的页数');
    expect(Date.now() - started).toBeLessThan(20_000);
    const en = await call(hasty, 'POST', PDF, {
      token,
      json: { pages: [`<table>${rows}</table>`] },
      headers: { 'jnpf-language': 'en' },
    });
    expect(en.msg).toMatch(/^Making the PDF took too long/);
  }, 60_000);
});

describe.skipIf(needsBrowser)('a caller who goes away', () => {
  let target: TestServer;
  beforeAll(async () => {
    // a bound long enough for the slow document below: only its caller's leaving stops it
    target = await startTestServer({
      pdf: { ...defaults.pdf, chromiumPath: chromium, timeoutMs: 120_000, pageTimeoutMs: 0 },
    });
  });
  afterAll(async () => {
    await target?.close();
  });

  /** waits until `done` holds, checking every 20 ms, for at most `ms` */
  async function until(done: () => boolean, what: string, ms = 30_000) {
    const end = Date.now() + ms;
    while (!done()) {
      if (Date.now() > end) throw new Error(`still waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** a PDF call sent on a socket of its own, which the caller closes when it likes */
  function rawCall(token: string, body: unknown): net.Socket {
    const { hostname, port } = new URL(target.baseUrl);
    const text = JSON.stringify(body);
    const socket = net.connect(Number(port), hostname);
    socket.on('error', () => undefined);
    socket.write(
      `POST ${PDF} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nAuthorization: ${token}\r\njnpf-origin: pc\r\n` +
        `X-Forwarded-For: ${target.clientIp}\r\n\r\n${text}`,
    );
    return socket;
  }

  it('has its running layout stopped and its waiting one never run; the next starts at once', async () => {
    const renderer = pdfRendererOf(target.platform.context);
    const token = await signIn(target);
    const rows = '<tr><td>苹果</td><td>1,234.50</td><td>备注备注备注</td></tr>'.repeat(2000);
    // a deliberately slow document: seconds of layout
    const slow = { pages: Array.from({ length: 12 }, () => `<table>${rows}</table>`) };

    // how long it takes when its caller waits; a finished answer is no caller gone
    let started = Date.now();
    const whole = await pdfOf(target, token, slow);
    const full = Date.now() - started;
    expect(whole.code, whole.msg).toBe(200);
    expect(renderer.stats).toMatchObject({ started: 1, finished: 1, stopped: 0, left: 0, running: false });

    // A: the slow document again, its caller aborting once its layout runs
    const abort = new AbortController();
    const a = fetch(new URL(PDF, target.baseUrl), {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json', 'x-forwarded-for': target.clientIp },
      body: JSON.stringify(slow),
      signal: abort.signal,
    }).then(
      () => 'answered',
      (err: Error) => err.name,
    );
    await until(() => renderer.stats.started === 2, 'A to be laid out');
    // B waits behind it on a socket of its own; C behind B
    const b = rawCall(token, { pages: ['<p>B</p>'] });
    await until(() => renderer.stats.waiting === 1, 'B to wait');
    let cAnswered = 0;
    const c = pdfOf(target, token, { pages: ['<p>C</p>'] }).then((res) => {
      cAnswered = Date.now();
      return res;
    });
    await until(() => renderer.stats.waiting === 2, 'C to wait');

    // B's caller closes its connection: B leaves the queue, A still runs
    b.destroy();
    await until(() => renderer.stats.left === 1, 'B to leave the queue');
    expect(renderer.stats).toMatchObject({ running: true, waiting: 1, started: 2, stopped: 0 });

    // A's caller gives up: its layout stops and C, next, is laid out long before A would have finished
    started = Date.now();
    abort.abort();
    const next = await c;
    expect(next.code, next.msg).toBe(200);
    expect((await fetched(target, next.data!.url)).startsWith('%PDF-')).toBe(true);
    expect(await a).toBe('AbortError');
    expect(cAnswered - started, `A alone took ${full} ms`).toBeLessThan(full / 2);
    // B never ran: A, C and the first were the only layouts; A was stopped
    expect(renderer.stats).toMatchObject({ started: 3, finished: 2, stopped: 1, left: 1, running: false, waiting: 0 });
  }, 120_000);
});

describe('the time bound of a batch', () => {
  it('grows with the pages from the base, up to the ceiling; by default 1,000 pages get two minutes', () => {
    expect(defaults.pdf).toMatchObject({ timeoutMs: 30_000, pageTimeoutMs: 100, timeoutMaxMs: 120_000 });
    expect(layoutBoundMs(defaults.pdf, 1)).toBe(30_100);
    expect(layoutBoundMs(defaults.pdf, 100)).toBe(40_000);
    expect(layoutBoundMs(defaults.pdf, 1000)).toBe(120_000);
    // a ceiling below the base is the base
    expect(layoutBoundMs({ timeoutMs: 30_000, pageTimeoutMs: 100, timeoutMaxMs: 1_000 }, 10)).toBe(30_000);
    // configured: the ceiling at least the base
    const set = loadConfig({ PDF_TIMEOUT_SECONDS: '60', PDF_PAGE_TIMEOUT_MS: '0', PDF_TIMEOUT_MAX_SECONDS: '10' });
    expect(set.pdf).toMatchObject({ timeoutMs: 60_000, pageTimeoutMs: 0, timeoutMaxMs: 60_000 });
  });
});

describe.skipIf(needsBrowser)('a batch laid out within the time its pages give it', () => {
  let patient: TestServer;
  let capped: TestServer;
  // the base alone (50 ms) is too short for the pages below, as above; each page adds 10 s
  const bound = { chromiumPath: chromium, timeoutMs: 50, pageTimeoutMs: 10_000 };
  beforeAll(async () => {
    patient = await startTestServer({ pdf: { ...defaults.pdf, ...bound, timeoutMaxMs: 60_000 } });
    capped = await startTestServer({ pdf: { ...defaults.pdf, ...bound, timeoutMaxMs: 200 } });
  });
  afterAll(async () => {
    await patient?.close();
    await capped?.close();
  });

  it('lays out a batch the base alone would stop; past the ceiling it stops, naming the ceiling', async () => {
    const rows = '<tr><td>苹果</td><td>1,234.50</td><td>备注备注备注</td></tr>'.repeat(2000);
    const pages = Array.from({ length: 4 }, () => `<table>${rows}</table>`);
    const res = await pdfOf(patient, await signIn(patient), { pages });
    expect(res.code, res.msg).toBe(200);
    expect((await fetched(patient, res.data!.url)).startsWith('%PDF-')).toBe(true);
    const stopped = await pdfOf(capped, await signIn(capped), { pages });
    expect(stopped).toMatchObject({
      code: 400,
      msg: 'PDF生成超时（超过0.2秒）：文档过大或过于复杂，请减少每次下载的页数',
    });
  }, 90_000);
});

describe('without a browser', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await startTestServer({ pdf: { ...defaults.pdf, chromiumPath: '/nonexistent/chromium' } });
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('says PDF download is not configured, naming the path; a body that is no document is refused first', async () => {
    const token = await signIn(bare);
    const res = await pdfOf(bare, token, { pages: ['<p>x</p>'] });
    expect(res.code).toBe(400);
    expect(res.msg).toBe('PDF下载未配置：服务器上找不到Chromium（/nonexistent/chromium）');
    expect((await pdfOf(bare, token, { pages: [] })).msg).toContain('请提供要生成PDF的打印页');
  });
});

describe('the body limit and the rate limit of its own', () => {
  let small: TestServer;
  beforeAll(async () => {
    // small limits, so the bodies stay small: the server's 64 KB, the PDF's 256 KB (no browser: an accepted
    // body is answered at once that PDF is not configured)
    small = await startTestServer({
      bodyLimit: 64 * 1024,
      pdf: { ...defaults.pdf, chromiumPath: '/nonexistent/chromium', bodyLimit: 256 * 1024 },
    });
  });
  afterAll(async () => {
    await small?.close();
  });

  it('reads a body above the server limit and under its own; refuses a larger one, naming the limit', async () => {
    const token = await signIn(small);
    // kb of pages: 3 bytes a character
    const pages = (kb: number) => ({ pages: [`<p>${'页'.repeat(Math.round((kb * 1024) / 3))}</p>`] });
    // 100 KB of pages: past the server's 64 KB, which still holds elsewhere
    const elsewhere = await call(small, 'POST', '/api/system/printDev/BatchData', {
      token,
      json: { id: 'x', formId: 'a'.repeat(100 * 1024) },
    });
    expect(elsewhere).toMatchObject({ code: 400, msg: '请求数据过大' });
    const accepted = await pdfOf(small, token, pages(100));
    expect(accepted).toMatchObject({
      code: 400,
      msg: 'PDF下载未配置：服务器上找不到Chromium（/nonexistent/chromium）',
    });
    // 300 KB: past the PDF's own 256 KB
    const refused = await pdfOf(small, token, pages(300));
    expect(refused).toMatchObject({
      code: 400,
      msg: '要生成PDF的打印页和图片过大（超过256 KB），请减少每次下载的页数或图片',
    });
    const en = await call(small, 'POST', PDF, { token, json: pages(300), headers: { 'jnpf-language': 'en' } });
    expect(en.msg).toBe(
      'The printed pages and pictures to make the PDF of are too large (over 256 KB); download fewer pages or pictures at a time',
    );
  });

  it('counts only accepted calls: 20 a minute, whatever was refused at validation', async () => {
    // a user of its own: the limit is per user
    const { token } = await signedInUser(small);
    // refused at validation: none of them counts
    for (let i = 0; i < 25; i++) {
      const res = await pdfOf(small, token, { pages: [] });
      expect(res.code).toBe(401);
    }
    for (let i = 0; i < 20; i++) {
      const res = await pdfOf(small, token, { pages: ['<p>x</p>'] });
      expect(res.msg, `call ${i + 1}`).toMatch(/^PDF下载未配置/);
    }
    expect(await pdfOf(small, token, { pages: ['<p>x</p>'] })).toMatchObject({
      code: 400,
      msg: '请求过于频繁，请稍后再试',
    });
    // a body refused at validation is still told what is wrong with it
    expect((await pdfOf(small, token, { pages: [] })).msg).toContain('请提供要生成PDF的打印页');
  });

  it('refuses more than 1,000 pages up front, naming the limit', async () => {
    const { token } = await signedInUser(small);
    const pages = Array.from({ length: 1001 }, () => 'x');
    expect(await pdfOf(small, token, { pages })).toMatchObject({
      code: 401,
      msg: expect.stringContaining('一次最多下载1000页PDF，请分批下载'),
    });
    for (const [lang, text] of [
      ['zhtw', '一次最多下載1000頁PDF，請分批下載'],
      ['en', 'At most 1000 pages can be downloaded as one PDF; download them in parts'],
    ] as const) {
      const res = await call(small, 'POST', PDF, { token, json: { pages }, headers: { 'jnpf-language': lang } });
      expect(res.msg).toContain(text);
    }
    // 1,000 go through to the layout
    expect((await pdfOf(small, token, { pages: pages.slice(1) })).msg).toMatch(/^PDF下载未配置/);
  });

  it('counts refused bodies apart, 60 a minute: past them the caller is refused before the body is read', async () => {
    const [{ token }, other] = await Promise.all([signedInUser(small), signedInUser(small)]);
    /** a body as sent, read or not */
    const raw = async (text: string) => {
      const res = await fetch(new URL(PDF, small.baseUrl), {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json', 'x-forwarded-for': small.clientIp },
        body: text,
      });
      return (await res.json()) as { code: number; msg: string };
    };
    const tooLarge = JSON.stringify({ pages: [`<p>${'页'.repeat(100_000)}</p>`] });
    // unreadable, invalid and too large bodies, each told what is wrong with it, up to the 60th
    for (let i = 0; i < 20; i++) {
      expect(await raw('{"pages": [')).toMatchObject({ code: 401, msg: '请求数据格式错误' });
      expect((await pdfOf(small, token, { pages: [] })).msg).toContain('请提供要生成PDF的打印页');
      expect((await raw(tooLarge)).msg).toMatch(/^要生成PDF的打印页和图片过大/);
    }
    // they left the accepted calls alone
    for (let i = 0; i < 20; i++)
      expect((await pdfOf(small, token, { pages: ['<p>x</p>'] })).msg, `call ${i + 1}`).toMatch(/^PDF下载未配置/);
    // the 61st refused body is still answered; after it every call is too many, its body not even read (a body
    // too large is not told so)
    expect((await pdfOf(small, token, { pages: [] })).msg).toContain('请提供要生成PDF的打印页');
    for (const body of ['{"pages": [', tooLarge, JSON.stringify({ pages: ['<p>x</p>'] })])
      expect(await raw(body)).toMatchObject({ code: 400, msg: '请求过于频繁，请稍后再试' });
    // another user is not held back
    expect((await pdfOf(small, other.token, { pages: ['<p>x</p>'] })).msg).toMatch(/^PDF下载未配置/);
    expect((await pdfOf(small, other.token, { pages: [] })).msg).toContain('请提供要生成PDF的打印页');
    expect((await pdfOf(small, other.token, { pages: ['<p>x</p>'] })).msg).toMatch(/^PDF下载未配置/);
  });
});
