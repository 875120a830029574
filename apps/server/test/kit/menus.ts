// The seeded application and menus, looked up by their codes.
import { and, eq } from 'drizzle-orm';
import { module, system } from '../../src/db/schema/index.js';
import type { AppContext } from '../../src/platform/context.js';
import { MAIN_SYSTEM_CODE } from '../../src/platform/menus.js';

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
