// /api/permission/Role: roles, global or tied to organisations. The screen's calls need its menu; the calls pickers use
// (Selector, SelectorByPermission, getListByOrgIds, RoleCondition) only need a signed-in user.
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Language } from '@jnpf/core';
import type { Db } from '../../db/client.js';
import { organizeRelation, role } from '../../db/schema/index.js';
import type { AppContext, Principal } from '../../platform/context.js';
import { requireRow } from '../../platform/crud.js';
import { t } from '../../platform/i18n.js';
import {
  nameOrCodeContains,
  nameOrCodeHolds,
  pageOfList,
  pageOfRows,
  pageQuery,
  pickerSearchQuery,
} from '../../platform/paging.js';
import { ok, page } from '../../platform/result.js';
import { createRoute, recordWriteRoutes } from '../../platform/recordRoutes.js';
import { route } from '../../platform/route.js';
import { msg } from '../../platform/validation.js';
import { offeredRoles } from '../../platform/pickable.js';
import {
  assembleTree,
  byOrder,
  flagFilter,
  formTailFields,
  iconOf,
  organizeIndex,
  type OrganizeIndex,
  type OrgNode,
  ROLE_MENU,
  subsetForest,
} from '../organize/index.js';
import { codeField, idField, idList, idParams, nameField, numeric } from '../../platform/fields.js';
import { m } from './messages.js';
import { createRole, deleteRole, roleOrganizeIds, toggleRole, updateRole } from './service.js';

const BASE = '/api/permission/Role';
export const ROLE_ICON = 'icon-ym icon-ym-generator-role';
const GLOBAL_ICON = 'icon-ym icon-ym-global-role';

const roleBody = z.object({
  fullName: nameField(m.nameRequired),
  enCode: codeField(m.codeRequired),
  globalMark: z.preprocess(
    numeric,
    z
      .number({ error: msg(m.globalMark) })
      .int(msg(m.globalMark))
      .min(0, msg(m.globalMark))
      .max(1, msg(m.globalMark))
      .nullish()
      .transform((v) => v ?? 0),
  ),
  organizeIdsTree: z
    .array(z.array(idField).max(64), { error: msg(m.organizeRequired) })
    .max(500)
    .nullish()
    .transform((v) => v ?? []),
  ...formTailFields,
});

type RoleRow = typeof role.$inferSelect;
type Relation = { organizeId: string; objectId: string };

async function relationsOf(db: Db, roleIds?: string[]): Promise<Relation[]> {
  if (roleIds && !roleIds.length) return [];
  return db
    .select({ organizeId: organizeRelation.organizeId, objectId: organizeRelation.objectId })
    .from(organizeRelation)
    .where(
      and(eq(organizeRelation.objectType, 'Role'), roleIds ? inArray(organizeRelation.objectId, roleIds) : undefined),
    );
}

const orgKey = (id: string) => `organize_${id}`;

/**
 * Roles under the organisations they belong to, plus a "全局" node holding the global roles. With gaps (a chosen
 * subset) organisations hang under their nearest listed ancestor; otherwise under their real parents.
 */
function roleTree(
  index: OrganizeIndex,
  lang: Language,
  roles: RoleRow[],
  relations: Relation[],
  options: { withGlobal: boolean; gaps: boolean },
) {
  const byId = new Map(roles.map((r) => [r.id, r]));
  const placed = relations
    .filter((rel) => byId.has(rel.objectId) && index.get(rel.organizeId)?.enabledMark === 1)
    .map((rel) => ({ role: byId.get(rel.objectId)!, organizeId: rel.organizeId }))
    .sort((a, b) => byOrder(a.role, b.role));
  const orgIds = new Set<string>();
  for (const p of placed)
    for (const id of options.gaps ? [p.organizeId] : (index.get(p.organizeId)?.path ?? [])) orgIds.add(id);
  const orgNodes = [...orgIds].map((id) => index.get(id)).filter((n): n is OrgNode => n?.enabledMark === 1);
  const orgs = options.gaps
    ? subsetForest(index, orgNodes).map((x) => ({ node: x.node, parentId: x.parentId, name: x.displayName }))
    : orgNodes.sort(byOrder).map((node) => ({ node, parentId: node.parentId, name: node.fullName }));
  const items = [
    ...placed.map(({ role: r, organizeId }) => ({
      id: r.id,
      parentId: organizeId,
      onlyId: `role_${organizeId}_${r.id}`,
      fullName: r.fullName,
      enCode: r.enCode,
      type: 'role',
      icon: ROLE_ICON,
      sortCode: r.sortCode,
      globalMark: r.globalMark,
      organize: index.pathName(organizeId),
      organizeIds: index.get(organizeId)?.path ?? [],
    })),
    ...orgs.map(({ node, parentId, name }) => ({
      id: node.id,
      parentId,
      onlyId: orgKey(node.id),
      fullName: name,
      enCode: node.enCode,
      type: node.category as string,
      icon: iconOf(node.category),
      sortCode: node.sortCode,
      globalMark: 0,
      organize: index.pathName(node.id),
      organizeIds: node.path,
    })),
  ];
  const tree = assembleTree(
    items,
    (i) => i.onlyId,
    (i) => orgKey(i.parentId),
  );
  if (!options.withGlobal) return tree;
  const globals = roles
    .filter((r) => r.globalMark === 1)
    .sort(byOrder)
    .map((r) => ({
      id: r.id,
      parentId: '1',
      onlyId: `global_${r.id}`,
      fullName: r.fullName,
      enCode: r.enCode,
      type: 'role',
      icon: ROLE_ICON,
      sortCode: r.sortCode,
      globalMark: 1,
      organize: '',
      organizeIds: [] as string[],
      hasChildren: false,
      isLeaf: true,
      children: [],
    }));
  return [
    ...tree,
    {
      id: '1',
      parentId: '-1',
      onlyId: 'organizeList_0',
      fullName: t(lang, m.typeGlobal),
      enCode: '',
      type: 'global',
      icon: GLOBAL_ICON,
      sortCode: 0,
      globalMark: 1,
      organize: '',
      organizeIds: [] as string[],
      hasChildren: globals.length > 0,
      isLeaf: false,
      children: globals,
    },
  ];
}

const enabledRoles = (db: Db, ids?: string[]) =>
  db
    .select()
    .from(role)
    .where(and(eq(role.enabledMark, 1), ids ? inArray(role.id, ids) : undefined))
    .orderBy(asc(role.sortCode), desc(role.creatorTime), asc(role.id));

/** the roles the pickers offer (the rule the record check shares), in order */
const offeredRoleRows = (db: Db) =>
  db.select().from(role).where(offeredRoles(db)).orderBy(asc(role.sortCode), desc(role.creatorTime), asc(role.id));

/** the organisations (with what lies below them) a user who is not an administrator may pick roles in */
async function ownOrganizations(app: AppContext, principal: Principal, index: OrganizeIndex) {
  const profile = await app.directory.get(principal.userId);
  const ids = new Set<string>();
  for (const o of profile?.organizes ?? []) for (const n of index.subtree(o.id)) ids.add(n.id);
  return ids;
}

export const roleRoutes = [
  route({
    method: 'GET',
    url: BASE,
    permission: { module: ROLE_MENU },
    summary:
      'Roles, paged (keyword; organizeId "0" = global roles, an id = roles of that organisation; enabledMark; type 1 global, 0 organisation)',
    query: pageQuery.extend({
      organizeId: z.union([z.literal(''), idField]).optional(),
      enabledMark: flagFilter,
      type: flagFilter,
    }),
    async handler({ app, query, lang }) {
      const conditions: (SQL | undefined)[] = [nameOrCodeContains(role, query.keyword)];
      if (query.organizeId === '0') conditions.push(eq(role.globalMark, 1));
      else if (query.organizeId) {
        const inOrg = app.db
          .select({ id: organizeRelation.objectId })
          .from(organizeRelation)
          .where(and(eq(organizeRelation.objectType, 'Role'), eq(organizeRelation.organizeId, query.organizeId)));
        conditions.push(inArray(role.id, inOrg));
      }
      if (query.enabledMark !== undefined && query.enabledMark !== '')
        conditions.push(eq(role.enabledMark, query.enabledMark));
      if (query.type !== undefined && query.type !== '') conditions.push(eq(role.globalMark, query.type));
      const where = and(...conditions);
      const [{ rows, pagination }, index] = await Promise.all([
        pageOfRows(app.db, role, where, query),
        organizeIndex(app, lang),
      ]);
      const relations = await relationsOf(
        app.db,
        rows.map((r) => r.id),
      );
      return page(
        rows.map((r) => ({
          id: r.id,
          fullName: r.fullName,
          enCode: r.enCode,
          globalMark: r.globalMark,
          type: t(lang, r.globalMark === 1 ? m.typeGlobal : m.typeOrganize),
          organizeInfo:
            r.globalMark === 1
              ? ''
              : index.pathNames(relations.filter((x) => x.objectId === r.id).map((x) => x.organizeId)),
          description: r.description ?? '',
          enabledMark: r.enabledMark,
          creatorTime: r.creatorTime,
          sortCode: r.sortCode,
        })),
        pagination,
      );
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/Selector`,
    permission: 'signedIn',
    summary: 'Enabled roles under their organisations, plus the 全局 node with the global roles',
    async handler({ app, lang }) {
      const [index, roles, relations] = await Promise.all([
        organizeIndex(app, lang),
        offeredRoleRows(app.db),
        relationsOf(app.db),
      ]);
      return ok({ list: roleTree(index, lang, roles, relations, { withGlobal: true, gaps: false }) });
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/SearchSelector`,
    permission: 'signedIn',
    summary:
      "The roles Selector offers (enabled; global, or in an enabled organisation) whose name or code holds the keyword, flat and paged in their order (sort code, then newest first), each with where it belongs (organize: 全局, or its organisations' paths)",
    query: pickerSearchQuery,
    async handler({ app, query, lang }) {
      const [index, roles, relations] = await Promise.all([
        organizeIndex(app, lang),
        offeredRoleRows(app.db),
        relationsOf(app.db),
      ]);
      const orgsOf = new Map<string, string[]>();
      for (const rel of relations) {
        if (index.get(rel.organizeId)?.enabledMark !== 1) continue;
        const orgs = orgsOf.get(rel.objectId);
        if (orgs) orgs.push(rel.organizeId);
        else orgsOf.set(rel.objectId, [rel.organizeId]);
      }
      const found = roles.filter((r) => (r.globalMark === 1 || orgsOf.has(r.id)) && nameOrCodeHolds(r, query.keyword));
      const { rows, pagination } = pageOfList(found, query);
      return page(
        rows.map((r) => ({
          id: r.id,
          fullName: r.fullName,
          enCode: r.enCode,
          type: 'role',
          icon: ROLE_ICON,
          globalMark: r.globalMark,
          organize: r.globalMark === 1 ? t(lang, m.typeGlobal) : index.pathNames(orgsOf.get(r.id) ?? []),
          hasChildren: false,
          isLeaf: true,
        })),
        pagination,
      );
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/SelectorByPermission`,
    permission: 'signedIn',
    summary:
      'Roles the caller may assign: everything for administrators; otherwise the roles of the caller’s own organisations and those below them (no global roles)',
    async handler({ app, principal, lang }) {
      const [index, roles, relations] = await Promise.all([
        organizeIndex(app, lang),
        enabledRoles(app.db),
        relationsOf(app.db),
      ]);
      if (principal.isAdministrator)
        return ok({ list: roleTree(index, lang, roles, relations, { withGlobal: true, gaps: false }) });
      const own = await ownOrganizations(app, principal, index);
      const mine = relations.filter((r) => own.has(r.organizeId));
      return ok({ list: roleTree(index, lang, roles, mine, { withGlobal: false, gaps: true }) });
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/getListByOrgIds`,
    permission: 'signedIn',
    summary: 'For each organisation id its enabled roles, and a 全局 node ("0") with the global roles',
    body: z.object({ organizeIds: idList(500) }),
    async handler({ app, body, lang }) {
      const index = await organizeIndex(app, lang);
      const orgs = body.organizeIds.map((id) => index.get(id)).filter((o): o is OrgNode => !!o);
      const relations = orgs.length
        ? await app.db
            .select({ organizeId: organizeRelation.organizeId, objectId: organizeRelation.objectId })
            .from(organizeRelation)
            .where(
              and(
                eq(organizeRelation.objectType, 'Role'),
                inArray(
                  organizeRelation.organizeId,
                  orgs.map((o) => o.id),
                ),
              ),
            )
        : [];
      const roles = await enabledRoles(app.db);
      const node = (r: RoleRow, parentId: string) => ({
        id: r.id,
        parentId,
        fullName: r.fullName,
        enCode: r.enCode,
        type: 'role',
        icon: ROLE_ICON,
        globalMark: r.globalMark,
        hasChildren: false,
        isLeaf: true,
        children: [],
      });
      const list = orgs.map((o) => {
        const ids = new Set(relations.filter((r) => r.organizeId === o.id).map((r) => r.objectId));
        const children = roles.filter((r) => r.globalMark !== 1 && ids.has(r.id)).map((r) => node(r, o.id));
        return {
          id: o.id,
          fullName: o.fullName,
          organize: index.pathName(o.id),
          type: o.category as string,
          icon: iconOf(o.category),
          hasChildren: children.length > 0,
          isLeaf: false,
          children,
        };
      });
      const globals = roles.filter((r) => r.globalMark === 1).map((r) => node(r, '0'));
      list.push({
        id: '0',
        fullName: t(lang, m.typeGlobal),
        organize: '',
        type: 'global',
        icon: GLOBAL_ICON,
        hasChildren: globals.length > 0,
        isLeaf: false,
        children: globals,
      });
      return ok({ list });
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/RoleCondition`,
    permission: 'signedIn',
    summary: 'The given enabled roles (ids, "id--role" allowed) as a tree like the selector',
    body: z.object({ ids: idList(), keyword: z.string().trim().max(200).default('') }),
    async handler({ app, body, lang }) {
      if (!body.ids.length) return ok({ list: [] });
      const index = await organizeIndex(app, lang);
      let roles = await enabledRoles(app.db, body.ids);
      if (body.keyword) {
        const k = body.keyword.toLowerCase();
        roles = roles.filter((r) => r.fullName.toLowerCase().includes(k) || r.enCode.toLowerCase().includes(k));
      }
      const relations = await relationsOf(
        app.db,
        roles.map((r) => r.id),
      );
      return ok({
        list: roleTree(index, lang, roles, relations, {
          withGlobal: roles.some((r) => r.globalMark === 1),
          gaps: true,
        }),
      });
    },
  }),
  createRoute({
    base: BASE,
    permission: { module: ROLE_MENU, button: 'btn_add' },
    summary: 'Create a role (global, or with its organisations as paths in organizeIdsTree)',
    body: roleBody,
    create: createRole,
  }),
  route({
    method: 'GET',
    url: `${BASE}/:id`,
    permission: { module: ROLE_MENU },
    summary: 'A role with its organisations as paths (organizeIdsTree)',
    params: idParams,
    async handler({ app, params, lang }) {
      const r = await requireRow(app.db, role, params.id, 'notFound');
      const [index, orgIds] = await Promise.all([organizeIndex(app), roleOrganizeIds(app.db, r.id)]);
      return ok({
        id: r.id,
        fullName: r.fullName,
        enCode: r.enCode,
        globalMark: r.globalMark,
        type: t(lang, r.globalMark === 1 ? m.typeGlobal : m.typeOrganize),
        organizeIdsTree: orgIds.map((id) => index.get(id)?.path ?? [id]),
        enabledMark: r.enabledMark,
        description: r.description ?? '',
        sortCode: r.sortCode,
        creatorTime: r.creatorTime,
        lastModifyTime: r.lastModifyTime,
        version: r.version,
      });
    },
  }),
  ...recordWriteRoutes({
    base: BASE,
    permission: (button) => ({ module: ROLE_MENU, button }),
    params: idParams,
    body: roleBody,
    summaries: {
      update: 'Update a role (type, state and organisations of its holders stay while users hold it)',
      remove: 'Delete a role nobody holds',
      state: 'Enable or disable a role nobody holds (flips enabledMark)',
    },
    update: updateRole,
    remove: deleteRole,
    toggle: toggleRole,
    stateMessage: 'done',
  }),
];
