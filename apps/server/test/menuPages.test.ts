// Every built-in menu that opens a page has that page in the web app: the web serves a page menu's
// urlAddress from src/views/<urlAddress>/index.page.tsx, so a seeded menu without one would open on nothing.
// And the server seeds each built-in menu core declares, as declared.
import fs from 'node:fs';
import path from 'node:path';
import { BUILT_IN_MENUS, viewKeyOf } from '@jnpf/core';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { module, moduleButton } from '../src/db/schema/index.js';
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

  it('the server seeds each built-in menu of core with its address and buttons', async () => {
    const db = server.platform.context.db;
    for (const declared of Object.values(BUILT_IN_MENUS)) {
      const [seeded] = await db
        .select({ id: module.id, urlAddress: module.urlAddress })
        .from(module)
        .where(eq(module.enCode, declared.enCode));
      expect(seeded?.urlAddress, declared.enCode).toBe(declared.urlAddress);
      const buttons = await db
        .select({ enCode: moduleButton.enCode })
        .from(moduleButton)
        .where(eq(moduleButton.moduleId, seeded!.id))
        .orderBy(asc(moduleButton.sortCode));
      expect(
        buttons.map((b) => b.enCode),
        declared.enCode,
      ).toEqual(declared.buttons);
    }
  });
});
