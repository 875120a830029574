// PDF of printed pages: the print preview's pages laid out by a local headless Chromium (their page size,
// margins and fonts, Chinese included), so the PDF matches the preview and the browser's print. No outside
// service: the browser runs beside the server (PDF_CHROMIUM_PATH), started on first use and kept.
// The pages come from the caller, so the document runs no script and reaches nothing: every request it makes
// other than inline data and the pictures handed over with it (each once, at PDF_PICTURE_BASE addresses,
// answered from memory) is refused. One document is laid out at a time, only a few wait, and a layout that
// takes longer than its bound is stopped and answered as too long: PDF_TIMEOUT_SECONDS and PDF_PAGE_TIMEOUT_MS
// a page (a batch of a thousand records takes a minute where one takes a second), at most
// PDF_TIMEOUT_MAX_SECONDS.
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { AppContext } from '../../platform/context.js';
import { refuse } from '../../platform/errors.js';
import { m } from './messages.js';

/** where the document finds the pictures handed over with it (a reserved name: never a real host) */
export const PDF_PICTURE_BASE = 'https://print.invalid/picture/';

/** a picture the document shows, answered from memory at its PDF_PICTURE_BASE address */
export interface PdfPicture {
  contentType: string;
  body: Buffer;
}

/** documents waiting for their turn beyond the one being laid out (with the layout bound, none waits long) */
const MAX_WAITING = 2;

class LayoutTimeout extends Error {}

/** the time bound of a PDF's layout: a base, what each page adds, and a ceiling (ms) */
export interface PdfTimeBound {
  timeoutMs: number;
  pageTimeoutMs: number;
  timeoutMaxMs: number;
}

/** how long a document of `pages` pages may take to lay out */
export const layoutBoundMs = (bound: PdfTimeBound, pages: number) =>
  Math.min(Math.max(bound.timeoutMaxMs, bound.timeoutMs), bound.timeoutMs + Math.max(0, pages) * bound.pageTimeoutMs);

export class PdfRenderer {
  private browser: Promise<Browser> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  private closed = false;

  constructor(
    private readonly chromiumPath: string,
    private readonly bound: PdfTimeBound,
    private readonly log: AppContext['log'],
  ) {}

  /** whether a browser is there to lay documents out; refuses, naming the path, when not */
  assertConfigured() {
    if (!this.chromiumPath || !fs.existsSync(this.chromiumPath))
      throw refuse(m.pdfNotConfigured, { path: this.chromiumPath || 'PDF_CHROMIUM_PATH' });
  }

  /**
   * the document of `pages` printed pages as PDF bytes, its pictures answered by address; refuses when no
   * browser is configured, too many wait or it takes longer than its pages' bound
   */
  async render(html: string, pictures: ReadonlyMap<string, PdfPicture> = new Map(), pages = 1): Promise<Buffer> {
    this.assertConfigured();
    if (this.waiting >= MAX_WAITING + 1) throw refuse(m.pdfBusy);
    this.waiting++;
    const timeoutMs = layoutBoundMs(this.bound, pages);
    const turn = this.queue.then(() => this.layOut(html, pictures, timeoutMs));
    this.queue = turn.catch(() => undefined);
    try {
      return await turn;
    } finally {
      this.waiting--;
    }
  }

  private async layOut(html: string, pictures: ReadonlyMap<string, PdfPicture>, timeoutMs: number): Promise<Buffer> {
    if (this.closed) throw refuse(m.pdfFailed);
    let browser: Browser;
    try {
      browser = await this.started();
    } catch (err) {
      this.log.warn({ err }, 'the PDF browser could not be started');
      throw refuse(m.pdfFailed);
    }
    const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
    let timer: NodeJS.Timeout | undefined;
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(timeoutMs);
      // nothing leaves the browser: a picture is inline (data:) or one handed over, answered from memory
      await page.route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith('data:')) return route.continue();
        const picture = pictures.get(url);
        return picture
          ? route.fulfill({ status: 200, contentType: picture.contentType, body: picture.body })
          : route.abort('blockedbyclient');
      });
      // page.pdf takes no timeout: the whole layout races a timer, and closing the context stops it
      const work = this.print(page, html, timeoutMs);
      work.catch(() => undefined);
      const expired = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new LayoutTimeout()), timeoutMs);
      });
      return await Promise.race([work, expired]);
    } catch (err) {
      // the layout's own bound, or Playwright's at the same moment (setContent's timeout is the same length)
      if (err instanceof LayoutTimeout || (err as { name?: unknown } | null)?.name === 'TimeoutError') {
        this.log.warn({ timeoutMs }, 'a print document took too long to lay out as PDF');
        throw refuse(m.pdfTimeout, { seconds: Math.round(timeoutMs / 100) / 10 });
      }
      // a browser that died is started again next time
      if (!(await this.browser?.then((b) => b.isConnected()).catch(() => false))) this.browser = null;
      this.log.warn({ err }, 'a print document could not be laid out as PDF');
      throw refuse(m.pdfFailed);
    } finally {
      clearTimeout(timer);
      await context.close().catch(() => undefined);
    }
  }

  private async print(page: Page, html: string, timeoutMs: number): Promise<Buffer> {
    await page.setContent(html, { waitUntil: 'load', timeout: timeoutMs });
    return page.pdf({ preferCSSPageSize: true, printBackground: true });
  }

  private started(): Promise<Browser> {
    if (!this.browser) {
      const launching = import('playwright-core').then(({ chromium }) =>
        chromium.launch({
          executablePath: this.chromiumPath,
          args: ['--no-sandbox', '--disable-gpu'],
          timeout: 30_000,
        }),
      );
      launching.catch(() => (this.browser = null));
      this.browser = launching;
    }
    return this.browser;
  }

  async close() {
    this.closed = true;
    const browser = await this.browser?.catch(() => null);
    this.browser = null;
    await browser?.close().catch(() => undefined);
  }
}

const renderers = new WeakMap<AppContext, PdfRenderer>();

/** the app's renderer, closed with the app */
export function pdfRendererOf(app: AppContext): PdfRenderer {
  let renderer = renderers.get(app);
  if (!renderer) {
    const created = new PdfRenderer(app.config.pdf.chromiumPath, app.config.pdf, app.log);
    renderers.set(app, created);
    app.realtime.onShutdown(() => created.close());
    renderer = created;
  }
  return renderer;
}
