// PDF of printed pages: the print preview's pages laid out by a local headless Chromium (their page size,
// margins and fonts, Chinese included), so the PDF matches the preview and the browser's print. No outside
// service: the browser runs beside the server (PDF_CHROMIUM_PATH), started on first use and kept.
// The pages come from the caller, so the document runs no script and reaches nothing: every request it makes
// other than inline data and the pictures handed over with it (each once, at PDF_PICTURE_BASE addresses,
// answered from memory) is refused. One document is laid out at a time, only a few wait, and a layout that
// takes longer than its bound is stopped and answered as too long: PDF_TIMEOUT_SECONDS and PDF_PAGE_TIMEOUT_MS
// a page (a batch of a thousand records takes a minute where one takes a second), at most
// PDF_TIMEOUT_MAX_SECONDS. A document whose caller went away (the dialog closed, the browser gave up) leaves the
// queue if it waits, and its layout is stopped if it runs, so the next one starts at once.
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
class CallerGone extends Error {}

/** what the renderer did since it started: layouts begun and finished, those given up as their caller left */
export interface PdfRendererStats {
  /** laying out a document now */
  running: boolean;
  /** documents waiting for their turn */
  waiting: number;
  /** layouts begun */
  started: number;
  /** layouts that made their PDF */
  finished: number;
  /** layouts stopped as their caller went away */
  stopped: number;
  /** documents whose caller went away before their layout began (most while they waited): never laid out */
  left: number;
}

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
  /** a document is being laid out */
  private busy = false;
  /** the documents waiting for their turn, first come first served: each starts when woken */
  private readonly queue: (() => void)[] = [];
  private closed = false;
  private readonly counts = { started: 0, finished: 0, stopped: 0, left: 0 };

  constructor(
    private readonly chromiumPath: string,
    private readonly bound: PdfTimeBound,
    private readonly log: AppContext['log'],
  ) {}

  get stats(): PdfRendererStats {
    return { running: this.busy, waiting: this.queue.length, ...this.counts };
  }

  /** whether a browser is there to lay documents out; refuses, naming the path, when not */
  assertConfigured() {
    if (!this.chromiumPath || !fs.existsSync(this.chromiumPath))
      throw refuse(m.pdfNotConfigured, { path: this.chromiumPath || 'PDF_CHROMIUM_PATH' });
  }

  /**
   * the document of `pages` printed pages as PDF bytes, its pictures answered by address; refuses when no
   * browser is configured, too many wait or it takes longer than its pages' bound. `gone` aborts when the caller
   * went away: the document then leaves the queue, or its layout is stopped, and it is refused as cancelled.
   */
  async render(
    html: string,
    pictures: ReadonlyMap<string, PdfPicture> = new Map(),
    pages = 1,
    gone?: AbortSignal,
  ): Promise<Buffer> {
    this.assertConfigured();
    if (gone?.aborted) throw refuse(m.pdfCancelled);
    if (this.queue.length >= MAX_WAITING) throw refuse(m.pdfBusy);
    await this.turn(gone);
    try {
      return await this.layOut(html, pictures, layoutBoundMs(this.bound, pages), gone);
    } finally {
      // the context is closed: the next document's turn
      const next = this.queue.shift();
      if (next) next();
      else this.busy = false;
    }
  }

  /** resolves when it is this document's turn (at once when none is laid out); refuses when its caller left */
  private turn(gone?: AbortSignal): Promise<void> {
    if (!this.busy) {
      this.busy = true;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const start = () => {
        gone?.removeEventListener('abort', leave);
        resolve();
      };
      const leave = () => {
        const at = this.queue.indexOf(start);
        if (at < 0) return;
        this.queue.splice(at, 1);
        this.counts.left++;
        this.log.info('a print document left the PDF queue: its caller went away');
        reject(refuse(m.pdfCancelled));
      };
      this.queue.push(start);
      gone?.addEventListener('abort', leave, { once: true });
    });
  }

  private async layOut(
    html: string,
    pictures: ReadonlyMap<string, PdfPicture>,
    timeoutMs: number,
    gone?: AbortSignal,
  ): Promise<Buffer> {
    if (this.closed) throw refuse(m.pdfFailed);
    let browser: Browser;
    try {
      browser = await this.started();
    } catch (err) {
      this.log.warn({ err }, 'the PDF browser could not be started');
      throw refuse(m.pdfFailed);
    }
    // gone while the browser started: nothing begun
    if (gone?.aborted) {
      this.counts.left++;
      throw refuse(m.pdfCancelled);
    }
    this.counts.started++;
    const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
    let timer: NodeJS.Timeout | undefined;
    let stop: (() => void) | undefined;
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
      // page.pdf takes no timeout and no signal: the whole layout races a timer and the caller's leaving, and
      // closing the context (finally, below) stops it in the browser
      const work = this.print(page, html, timeoutMs);
      work.catch(() => undefined);
      const expired = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new LayoutTimeout()), timeoutMs);
      });
      const left = new Promise<never>((_, reject) => {
        stop = () => reject(new CallerGone());
        if (gone?.aborted) stop();
        else gone?.addEventListener('abort', stop, { once: true });
      });
      const pdf = await Promise.race([work, expired, left]);
      this.counts.finished++;
      return pdf;
    } catch (err) {
      if (err instanceof CallerGone || gone?.aborted) {
        this.counts.stopped++;
        this.log.info('a PDF layout was stopped: its caller went away');
        throw refuse(m.pdfCancelled);
      }
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
      if (stop) gone?.removeEventListener('abort', stop);
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
