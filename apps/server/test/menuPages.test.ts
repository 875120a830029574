// Every built-in menu that opens a page has that page in the web app: the web serves a page menu's
// urlAddress from src/views/<urlAddress>/index.page.tsx, so a seeded menu without one would open on nothing.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewKeyOf } from '../../web/src/app/routes/buildRoutes.ts';
import { module } from '../src/db/schema/index.js';
import { startTestServer, type TestServer } from './harness.js';

const VIEWS = decodeURIComponent(new URL('../../web/src/views', import.meta.url).pathname);
/** the menu type whose urlAddress names a page of the web app (the others are directories, runtimes, links) */
const PAGE_TYPE = 2;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('built-in menus', () => {
  it('each page menu the server seeds has its web page', async () => {
    const seeded = await server.platform.context.db
      .select({ enCode: module.enCode, urlAddress: module.urlAddress })
      .from(module)
      .where(eq(module.type, PAGE_TYPE));
    expect(seeded.length).toBeGreaterThan(15);
    const withoutPage = seeded
      .filter((menu) => !fs.existsSync(path.join(VIEWS, viewKeyOf(menu.urlAddress ?? ''), 'index.page.tsx')))
      .map((menu) => `${menu.enCode} → views/${menu.urlAddress ?? '(no urlAddress)'}/index.page.tsx`);
    expect(withoutPage).toEqual([]);
  });
});
