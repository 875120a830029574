// printDev/Pdf over HTTP: the print preview's document laid out as PDF by the local Chromium (its page size and
// Chinese text), a document that tries to reach anything reaching nothing, and a clear answer without a browser.
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

useAdminServer({ pdfChromiumPath: chromium });

const page = (body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><style>@page { size: A4 landscape; margin: 10mm }</style></head><body>${body}</body></html>`;

const pdfOf = (html: string, fileName = '送货单') =>
  fetch(new URL(PDF, server.baseUrl), {
    method: 'POST',
    headers: { authorization: admin, 'content-type': 'application/json', 'x-forwarded-for': server.clientIp },
    body: JSON.stringify({ html, fileName }),
  });

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
  it('answers the document as a PDF of its page size, named as asked', async () => {
    const res = await pdfOf(page('<h1>送货单 第1页</h1><table><tr><td>苹果</td><td>1,234.50</td></tr></table>'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('送货单.pdf')}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A4 landscape: 842 × 595 points
    const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(bytes.toString('latin1'));
    expect(box && [Math.round(Number(box[1])), Math.round(Number(box[2]))]).toEqual([842, 595]);
    // the Chinese text is drawn with an embedded font
    expect(bytes.toString('latin1')).toMatch(/\/FontFile[23]?/);
  }, 60_000);

  it('runs no script and reaches nothing the document names', async () => {
    const res = await pdfOf(
      page(
        `<img src="${probeUrl}/img"><link rel="stylesheet" href="${probeUrl}/css">` +
          `<iframe src="${probeUrl}/frame"></iframe><script>fetch('${probeUrl}/script')</script>` +
          `<img src="file:///etc/passwd">`,
      ),
    );
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect(probed).toEqual([]);
  }, 60_000);

  it('refuses an empty document and callers not signed in', async () => {
    expect((await api.post(PDF, { html: '' })).code).toBe(401);
    const anonymous = await call(server, 'POST', PDF, { json: { html: page('x') } });
    expect(anonymous.code).toBe(602);
  });
});

describe('without a browser', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await startTestServer({ pdfChromiumPath: '/nonexistent/chromium' });
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('says PDF download is not configured, naming the path', async () => {
    const token = await signIn(bare);
    const res = await call(bare, 'POST', PDF, { token, json: { html: page('x') } });
    expect(res.code).toBe(400);
    expect(res.msg).toBe('PDF下载未配置：服务器上找不到Chromium（/nonexistent/chromium）');
  });
});
