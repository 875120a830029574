// /api/system/Menu: menus per system. Lists and selectors show an administrator every
// menu and anyone else the menus granted to them, as the reference does.
import { and, eq, inArray } from 'drizzle-orm';
import type { ButtonCode, Language } from '@jnpf/core';
import { z } from 'zod';
import {
  authorize,
  module,
  moduleButton,
  moduleColumn,
  moduleDataScheme,
  moduleForm,
  permissionGroup,
} from '../../db/schema/index.js';
import { writeAudit } from '../../platform/audit.js';
import { refuse } from '../../platform/errors.js';
import { actorOf } from '../../platform/request.js';
import { ok } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import { describeMembers, grantsOf } from '../permissionKernel/index.js';
import { exportMenu, importMenu } from './exchange.js';
import {
  coercedVersionField,
  fieldMessages,
  flag01,
  idText,
  integerIn,
  jsonText,
  optionalText,
  requiredCode,
  requiredText,
  sortCode,
} from '../../platform/fields.js';
import { MENU_SCREEN } from './menus.js';
import { rowRoutes, stateRoute, withoutVersion } from './tableRoutes.js';
import { m, panelNames } from './messages.js';
import { menuProperties } from './target.js';
import {
  checkMenuUnique,
  findMenu,
  mainSystem,
  menuInfo,
  menusWhere,
  reachableOnly,
  removeMenusWithItems,
  requireMenu,
  requireSystem,
  selectorNode,
  shownMenu,
  shownSystem,
  subtreeIds,
  systemNode,
  tree,
  visibleMenu,
  withAncestors,
} from './service.js';

const BASE = '/api/system/Menu';
const read = { module: MENU_SCREEN };
const write = (button: ButtonCode) => ({ module: MENU_SCREEN, button });

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const categoryQuery = z.preprocess(blankToUndefined, z.enum(['Web', 'App']).optional());
const idParams = z.object({ id: idText });

const menuBody = z.object({
  parentId: idText.default('-1'),
  systemId: idText,
  category: z.enum(['Web', 'App']).default('Web'),
  type: integerIn(1, 8, fieldMessages.numberInvalid),
  fullName: requiredText(m.nameRequired),
  enCode: requiredCode(m.codeRequired),
  icon: optionalText(200),
  urlAddress: optionalText(1000).transform((v) => v?.trim() || null),
  linkTarget: z.preprocess(blankToUndefined, z.enum(['_self', '_blank']).default('_self')),
  description: optionalText(500),
  enabledMark: flag01(1),
  sortCode,
  isButtonAuthorize: flag01(0),
  isColumnAuthorize: flag01(0),
  isFormAuthorize: flag01(0),
  isDataAuthorize: flag01(0),
  propertyJson: jsonText(4000),
  version: coercedVersionField,
});
type MenuBody = z.infer<typeof menuBody>;

/** the parent must be a menu of the same system and side, and (on update) not the menu or below it */
async function checkParent(tx: Parameters<typeof findMenu>[0], body: MenuBody, selfId?: string) {
  await requireSystem(tx, body.systemId);
  if (body.parentId === '-1') return;
  const parent = await findMenu(tx, body.parentId);
  if (!parent || parent.systemId !== body.systemId || parent.category !== body.category) throw refuse(m.parentNotFound);
  if (selfId) {
    const all = await menusWhere(tx, eq(module.systemId, body.systemId));
    if (subtreeIds(selfId, all).has(body.parentId)) throw refuse(m.parentIsSelf);
  }
}

export const menuRoutes = [
  route({
    method: 'GET',
    url: `${BASE}/ModuleBySystem/:id`,
    permission: read,
    summary: 'Menu tree of one system; a keyword also brings the ancestors of each hit',
    params: idParams,
    query: z.object({
      category: categoryQuery,
      keyword: z.string().trim().max(100).default(''),
      type: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(8).optional()),
      enabledMark: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(1).optional()),
    }),
    async handler({ app, principal, params, query, lang }) {
      const grants = await grantsOf(app, principal);
      const all = (
        await menusWhere(
          app.db,
          eq(module.systemId, params.id),
          query.category ? eq(module.category, query.category) : undefined,
        )
      )
        .filter(visibleMenu(grants))
        .map(shownMenu(lang));
      const keyword = query.keyword.toLowerCase();
      const hits = all.filter(
        (r) =>
          (!keyword ||
            r.fullName.toLowerCase().includes(keyword) ||
            r.enCode.toLowerCase().includes(keyword) ||
            (r.urlAddress ?? '').toLowerCase().includes(keyword)) &&
          (query.type === undefined || r.type === query.type) &&
          (query.enabledMark === undefined || r.enabledMark === query.enabledMark),
      );
      const rows = keyword ? withAncestors(hits, all) : hits;
      return ok({ list: tree(rows.map(menuInfo)) });
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/Selector/All`,
    permission: read,
    summary: 'Every enabled system with its enabled menus (hasModule marks pages)',
    query: z.object({ category: categoryQuery }),
    async handler({ app, principal, query, lang }) {
      const grants = await grantsOf(app, principal);
      const cat = await app.catalogue.get();
      const systems = cat.systems
        .map(shownSystem(lang))
        .filter(
          (s) =>
            grants.all ||
            grants.systems.has(s.id) ||
            cat.modules.some((x) => x.systemId === s.id && grants.modules.has(x.id)),
        );
      const ids = new Set(systems.map((s) => s.id));
      const menus = cat.modules
        .filter((r) => ids.has(r.systemId) && (!query.category || r.category === query.category))
        .filter(visibleMenu(grants))
        .map(shownMenu(lang))
        .map((r) =>
          selectorNode(r, { parentId: r.parentId === '-1' ? r.systemId : r.parentId, hasModule: r.type !== 1 }),
        );
      const roots = systems.map((s) => systemNode(s, { hasModule: false }));
      return ok({ list: tree(reachableOnly([...roots, ...menus])) });
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/SystemSelector`,
    permission: read,
    summary: 'The main system with its enabled menus',
    async handler({ app, principal, lang }) {
      const grants = await grantsOf(app, principal);
      const main = await mainSystem(app.db);
      if (!main) return ok({ list: [] });
      const cat = await app.catalogue.get();
      const menus = cat.modules
        .filter((r) => r.systemId === main.id)
        .filter(visibleMenu(grants))
        .map(shownMenu(lang))
        .map((r) => selectorNode(r, { parentId: r.parentId === '-1' ? main.id : r.parentId }));
      return ok({ list: tree(reachableOnly([systemNode(shownSystem(lang)(main)), ...menus])) });
    },
  }),
  ...[`${BASE}/Selector/:id`, `${BASE}/SelectorFilter/:id`].map((url) =>
    route({
      method: 'GET',
      url,
      permission: read,
      summary:
        'Parent picker: enabled directories of the caller’s current system, without the menu {id} and its subtree ("0" = none)',
      params: idParams,
      query: z.object({ category: categoryQuery }),
      async handler({ app, principal, params, query, lang }) {
        const profile = await app.directory.get(principal.userId);
        const systemId =
          (query.category === 'App' ? profile?.user.appSystemId : profile?.user.systemId) ??
          (await mainSystem(app.db))?.id ??
          '';
        return ok({ list: await directoryTree(app, principal, systemId, query.category, params.id, lang) });
      },
    }),
  ),
  route({
    method: 'GET',
    url: `${BASE}/Selector/:id/:systemId`,
    permission: read,
    summary:
      'Parent picker for a system: its enabled directories without {id} and its subtree; systemId "0" = every other system as a type-0 root',
    params: z.object({ id: idText, systemId: idText }),
    query: z.object({ category: categoryQuery }),
    async handler({ app, principal, params, query, lang }) {
      if (params.systemId !== '0')
        return ok({ list: await directoryTree(app, principal, params.systemId, query.category, params.id, lang) });
      const grants = await grantsOf(app, principal);
      const cat = await app.catalogue.get();
      const systems = cat.systems.filter((s) => s.isMain !== 1).map(shownSystem(lang));
      const ids = new Set(systems.map((s) => s.id));
      const exclude = params.id === '0' ? new Set<string>() : subtreeIds(params.id, cat.modules);
      const menus = cat.modules
        .filter((r) => ids.has(r.systemId) && r.type === 1 && !exclude.has(r.id))
        .filter((r) => !query.category || r.category === query.category)
        .filter(visibleMenu(grants))
        .map(shownMenu(lang))
        .map((r) => selectorNode(r, { parentId: r.parentId === '-1' ? r.systemId : r.parentId }));
      return ok({ list: tree(reachableOnly([...systems.map((s) => systemNode(s)), ...menus])) });
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/getPermissionGroup/:id`,
    permission: read,
    summary:
      'Permission groups that grant this menu; type 0 = the menu has no permission items, 1 = groups found, 2 = none',
    params: idParams,
    async handler({ app, params }) {
      const menu = await requireMenu(app.db, params.id, 'notFound');
      const [buttons, columns, forms, schemes] = await Promise.all(
        [moduleButton, moduleColumn, moduleForm, moduleDataScheme].map((t) =>
          app.db.select({ id: t.id }).from(t).where(eq(t.moduleId, menu.id)).limit(1),
        ),
      );
      if (!buttons!.length && !columns!.length && !forms!.length && !schemes!.length) return ok({ list: [], type: 0 });
      const groups = await groupsGranting(app, menu.id);
      return ok({ list: groups, type: groups.length ? 1 : 2 });
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/getPermission/:id/:permissionId`,
    permission: read,
    summary: 'What one permission group grants on this menu: members, buttons, columns, forms, data schemes',
    params: z.object({ id: idText, permissionId: idText }),
    async handler({ app, params }) {
      const menu = await requireMenu(app.db, params.id, 'notFound');
      const granted = new Set(
        (
          await app.db
            .select({ itemId: authorize.itemId })
            .from(authorize)
            .where(and(eq(authorize.objectType, 'PermissionGroup'), eq(authorize.objectId, params.permissionId)))
        ).map((r) => r.itemId),
      );
      const members = await describeMembers(app, params.permissionId);
      if (!members) throw refuse('notFound');
      const panel = async (
        table: typeof moduleButton | typeof moduleColumn | typeof moduleForm | typeof moduleDataScheme,
        fullName: string,
      ) => {
        const rows = await app.db
          .select({ id: table.id, fullName: table.fullName, enCode: table.enCode })
          .from(table)
          .where(eq(table.moduleId, menu.id));
        const list = rows.filter((r) => granted.has(r.id));
        return rows.length ? { fullName, type: list.length ? 1 : 2, list } : { fullName, list: [] };
      };
      return ok({
        permissionMember: { fullName: panelNames.permissionMember, type: 1, list: members },
        buttonAuthorize: await panel(moduleButton, panelNames.buttonAuthorize),
        columnAuthorize: await panel(moduleColumn, panelNames.columnAuthorize),
        formAuthorize: await panel(moduleForm, panelNames.formAuthorize),
        dataAuthorize: await panel(moduleDataScheme, panelNames.dataAuthorize),
      });
    },
  }),
  ...rowRoutes({
    base: BASE,
    table: module,
    auditName: 'menu',
    summaries: {
      one: 'One menu',
      create:
        'Create a menu; types 3, 4, 5 name in propertyJson (JSON text) the released form, dictionary category (its isTree taken) or report they open: {moduleId, isTree 0/1}',
      update: 'Update a menu (a directory with children keeps its type; propertyJson as on create)',
    },
    body: menuBody,
    info: menuInfo,
    async values(tx, body, before) {
      if (before?.type === 1 && body.type !== 1) {
        const [child] = await tx.select({ id: module.id }).from(module).where(eq(module.parentId, before.id)).limit(1);
        if (child) throw refuse(m.directoryHasData);
      }
      await checkParent(tx, body, before?.id);
      await checkMenuUnique(tx, { ...body, ...(before ? { id: before.id } : {}) });
      return { ...withoutVersion(body), propertyJson: await menuProperties(tx, body.type, body.propertyJson) };
    },
  }),
  route({
    method: 'DELETE',
    url: `${BASE}/:id`,
    permission: write('btn_remove'),
    summary: 'Delete a menu without children, with its permission items and their grants',
    params: idParams,
    async handler({ app, req, params }) {
      await app.db.transaction(async (tx) => {
        const before = await requireMenu(tx, params.id, 'deleteNotFound');
        const [child] = await tx.select({ id: module.id }).from(module).where(eq(module.parentId, before.id)).limit(1);
        if (child) throw refuse(m.hasChildren);
        await removeMenusWithItems(tx, [before.id]);
        await writeAudit(tx, actorOf(req), { moduleName: 'menu', action: 'delete', recordId: before.id, before });
      });
      await Promise.all([app.catalogue.changed(), app.grants.changed()]);
      return ok(undefined, 'deleted');
    },
  }),
  stateRoute(BASE, module, 'menu', 'Enable or disable a menu (flips enabledMark)'),
  route({
    method: 'GET',
    url: `${BASE}/:id/Actions/Export`,
    permission: write('btn_export'),
    summary: 'Export a menu with its permission items as a .bm file: answers {name, url}; the url is valid ten minutes',
    params: idParams,
    async handler({ app, req, params }) {
      return ok(await exportMenu(app, req, params.id));
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/:systemId/Actions/Import`,
    permission: write('btn_import'),
    summary:
      'Import a .bm menu file (multipart: file, parentId, category, type 0 = refuse duplicates, 1 = import as copies)',
    params: z.object({ systemId: idText }),
    async handler({ app, req, principal, params }) {
      await importMenu(app, req, principal, params.systemId);
      await app.catalogue.changed();
      return ok(undefined, m.imported);
    },
  }),
];

/** enabled directories of one system (the caller's visible ones), without one menu and its subtree */
async function directoryTree(
  app: Parameters<typeof grantsOf>[0],
  principal: Parameters<typeof grantsOf>[1],
  systemId: string,
  category: 'Web' | 'App' | undefined,
  excludeId: string,
  lang: Language,
) {
  const grants = await grantsOf(app, principal);
  const cat = await app.catalogue.get();
  const exclude = excludeId === '0' ? new Set<string>() : subtreeIds(excludeId, cat.modules);
  const rows = cat.modules
    .filter((r) => r.systemId === systemId && r.type === 1 && !exclude.has(r.id))
    .filter((r) => !category || r.category === category)
    .filter(visibleMenu(grants))
    .map((r) => selectorNode(shownMenu(lang)(r)));
  return tree(reachableOnly(rows));
}

/** enabled permission groups holding a grant of this menu */
async function groupsGranting(app: Parameters<typeof grantsOf>[0], moduleId: string) {
  const objectIds = (
    await app.db
      .select({ objectId: authorize.objectId })
      .from(authorize)
      .where(
        and(
          eq(authorize.itemType, 'module'),
          eq(authorize.itemId, moduleId),
          eq(authorize.objectType, 'PermissionGroup'),
        ),
      )
  ).map((r) => r.objectId);
  if (!objectIds.length) return [];
  const rows = await app.db
    .select({ id: permissionGroup.id, fullName: permissionGroup.fullName, enCode: permissionGroup.enCode })
    .from(permissionGroup)
    .where(inArray(permissionGroup.id, objectIds));
  return rows.map((r) => ({ ...r, icon: 'icon-ym icon-ym-authGroup' }));
}
