// PDF of printed pages: the very document the print preview shows, laid out by a local headless Chromium (its
// page size, margins and fonts, Chinese included), so the PDF matches the preview and the browser's print. No
// outside service: the browser runs beside the server (PDF_CHROMIUM_PATH), started on first use and kept.
// The document comes from the caller, so it runs no script and reaches nothing: every request it makes other
// than inline data is refused; one document is laid out at a time and only a few wait.
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import type { AppContext } from '../../platform/context.js';
import { refuse } from '../../platform/errors.js';
import { m } from './messages.js';

/** the longest a document may take to lay out */
const RENDER_TIMEOUT_MS = 30_000;
/** documents waiting for their turn beyond the one being laid out */
const MAX_WAITING = 4;

class PdfRenderer {
  private browser: Promise<Browser> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  private closed = false;

  constructor(
    private readonly chromiumPath: string,
    private readonly log: AppContext['log'],
  ) {}

  /** the document as PDF bytes; refuses when no browser is configured or too many wait */
  async render(html: string): Promise<Buffer> {
    if (!this.chromiumPath || !fs.existsSync(this.chromiumPath))
      throw refuse(m.pdfNotConfigured, { path: this.chromiumPath || 'PDF_CHROMIUM_PATH' });
    if (this.waiting >= MAX_WAITING) throw refuse(m.pdfBusy);
    this.waiting++;
    const turn = this.queue.then(() => this.layOut(html));
    this.queue = turn.catch(() => undefined);
    try {
      return await turn;
    } finally {
      this.waiting--;
    }
  }

  private async layOut(html: string): Promise<Buffer> {
    if (this.closed) throw refuse(m.pdfFailed);
    const browser = await this.started();
    const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(RENDER_TIMEOUT_MS);
      // nothing leaves the browser: pictures must be inline (data:), as the preview's download makes them
      await page.route('**/*', (route) =>
        route.request().url().startsWith('data:') ? route.continue() : route.abort('blockedbyclient'),
      );
      await page.setContent(html, { waitUntil: 'load' });
      return await page.pdf({ preferCSSPageSize: true, printBackground: true });
    } catch (err) {
      // a browser that died is started again next time
      if (!(await this.browser?.then((b) => b.isConnected()).catch(() => false))) this.browser = null;
      this.log.warn({ err }, 'a print document could not be laid out as PDF');
      throw refuse(m.pdfFailed);
    } finally {
      await context.close().catch(() => undefined);
    }
  }

  private started(): Promise<Browser> {
    if (!this.browser) {
      const launching = import('playwright-core').then(({ chromium }) =>
        chromium.launch({ executablePath: this.chromiumPath, args: ['--no-sandbox', '--disable-gpu'] }),
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
    const created = new PdfRenderer(app.config.pdfChromiumPath, app.log);
    renderers.set(app, created);
    app.realtime.onShutdown(() => created.close());
    renderer = created;
  }
  return renderer;
}
