// Applications (systems) and menus: the seeded ones looked up by their codes, new ones written straight into the
// database for tests that need them but do not test how they are made.
import { and, eq } from 'drizzle-orm';
import type { moduleButton, moduleColumn, moduleForm } from '../../src/db/schema/index.js';
import { module, system } from '../../src/db/schema/index.js';
import type { AppContext } from '../../src/platform/context.js';
import { newId } from '../../src/platform/ids.js';
import { MAIN_SYSTEM_CODE } from '../../src/platform/menus.js';
import { unique } from './unique.js';

/** the id of the main application (system) */
export async function mainSystemId(app: AppContext): Promise<string> {
  const [row] = await app.db.select().from(system).where(eq(system.enCode, MAIN_SYSTEM_CODE));
  return row!.id;
}

/** the id of the menu with this code (in this application when given) */
export async function findMenuId(app: AppContext, enCode: string, systemId?: string): Promise<string> {
  const where = systemId ? and(eq(module.enCode, enCode), eq(module.systemId, systemId)) : eq(module.enCode, enCode);
  const [row] = await app.db.select().from(module).where(where);
  if (!row) throw new Error(`no menu ${enCode}`);
  return row.id;
}

/** an application written straight into the database, enabled unless the fields say otherwise */
export async function insertSystem(app: AppContext, fields: Partial<typeof system.$inferInsert> = {}): Promise<string> {
  const id = newId();
  await app.db.insert(system).values({
    id,
    fullName: `System ${id}`,
    enCode: unique('sys'),
    icon: 'icon-sys',
    enabledMark: 1,
    workflowEnabled: 0,
    sortCode: 10,
    creatorTime: Date.now(),
    ...fields,
  });
  return id;
}

/** a Web menu of an application written straight into the database: a directory (type 1) or a page (type 2) */
export async function insertMenu(
  app: AppContext,
  fields: Partial<typeof module.$inferInsert> & { systemId: string; type: number },
): Promise<string> {
  const id = newId();
  await app.db.insert(module).values({
    id,
    parentId: '-1',
    category: 'Web',
    fullName: `Menu ${id}`,
    enCode: unique('m'),
    icon: 'icon-ym',
    urlAddress: fields.type === 2 ? 'system/test/index' : null,
    propertyJson: '{"iconBackgroundColor":"","isTree":0}',
    sortCode: 100,
    enabledMark: 1,
    creatorTime: Date.now(),
    ...fields,
  });
  return id;
}

/** a button, list column or form field of a menu, named by its code */
export async function insertMenuItem(
  app: AppContext,
  table: typeof moduleButton | typeof moduleColumn | typeof moduleForm,
  moduleId: string,
  enCode: string,
): Promise<string> {
  const id = newId();
  await app.db.insert(table).values({ id, moduleId, fullName: enCode, enCode, creatorTime: Date.now() });
  return id;
}
