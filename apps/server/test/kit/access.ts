// Grants written straight into the database (authorize rows of one user), and signed-in users holding them,
// for tests of who may call what.
import { and, eq } from 'drizzle-orm';
import { authorize, module, moduleButton } from '../../src/db/schema/index.js';
import type { AppContext } from '../../src/platform/context.js';
import { signIn, type TestServer } from '../harness.js';
import { insertUser, type UserFields } from './directory.js';

/** menus by code, each with the codes of the buttons granted with it: `{ 'system.area': ['btn_add'] }` */
export type MenuGrants = Record<string, string[]>;

/** grants a user these items (module, button, column, form, resource ids) directly */
export async function grantItems(app: AppContext, userId: string, items: [itemType: string, itemId: string][]) {
  if (items.length)
    await app.db
      .insert(authorize)
      .values(
        items.map(([itemType, itemId]) => ({
          objectType: 'User',
          objectId: userId,
          itemType,
          itemId,
          creatorTime: Date.now(),
        })),
      )
      .onConflictDoNothing();
  await app.grants.changed(userId);
}

/** grants a user menus and some of their buttons directly */
export async function grantMenus(app: AppContext, userId: string, grants: MenuGrants) {
  const items: [string, string][] = [];
  for (const [menuCode, buttons] of Object.entries(grants)) {
    const [menu] = await app.db.select().from(module).where(eq(module.enCode, menuCode));
    if (!menu) throw new Error(`no menu ${menuCode}`);
    items.push(['module', menu.id]);
    for (const code of buttons) {
      const [button] = await app.db
        .select()
        .from(moduleButton)
        .where(and(eq(moduleButton.moduleId, menu.id), eq(moduleButton.enCode, code)));
      if (!button) throw new Error(`no button ${code} on menu ${menuCode}`);
      items.push(['button', button.id]);
    }
  }
  await grantItems(app, userId, items);
}

/** a new user (not an administrator unless the fields say so), granted these menus, with a session */
export async function signedInUser(
  server: TestServer,
  fields: UserFields = {},
  options: { grants?: MenuGrants; ip?: string } = {},
): Promise<{ id: string; account: string; password: string; token: string }> {
  const app = server.platform.context;
  const created = await insertUser(app, fields);
  if (options.grants) await grantMenus(app, created.id, options.grants);
  const token = await signIn(server, created.account, created.password, options.ip ? { ip: options.ip } : {});
  return { ...created, token };
}
