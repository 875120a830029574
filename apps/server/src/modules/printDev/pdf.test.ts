// printDev/Pdf over HTTP: the print preview's pages laid out as PDF by the local Chromium (the template's page
// size, Chinese text) and offered as a download; a page that tries to reach anything reaching nothing; what is
// no print document (no pages, unstorable text) refused before any browser; a layout past its time bound
// stopped with a clear answer; and a clear answer without a browser.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestServer, type TestServer } from '../../../test/harness.js';
import { admin, api, server, useAdminServer } from '../../../test/kit/adminServer.js';

const PDF = '/api/system/printDev/Pdf';
const chromium = '/usr/bin/chromium';
// CI installs Chromium (.ci/run) and must run these; elsewhere they need it installed
const needsBrowser = !fs.existsSync(chromium) && process.env.CI !== 'true';
/** a 1×1 red PNG */
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const A4_LANDSCAPE = JSON.stringify({ type: '2', direction: '横向', mt: 10, mb: 10, ml: 10, mr: 10 });

useAdminServer({ pdf: { chromiumPath: chromium, timeoutMs: 30_000 } });

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
    hasty = await startTestServer({ pdf: { chromiumPath: chromium, timeoutMs: 50 } });
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

describe('without a browser', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await startTestServer({ pdf: { chromiumPath: '/nonexistent/chromium', timeoutMs: 30_000 } });
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
