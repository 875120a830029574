// /api/permission/Position: the positions of each organisation. The screen's calls need its menu; the calls pickers use
// (All, Selector, getListByOrgIds, PositionCondition) only need a signed-in user.
import type { Language } from '@jnpf/core';
import { and, asc, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { position } from '../../db/schema/index.js';
import { requireRow } from '../../platform/crud.js';
import {
  containsPattern,
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
import { blankIfNull, pick } from '../../platform/rows.js';
import { msg } from '../../platform/validation.js';
import { offeredPositions } from '../../platform/pickable.js';
import {
  assembleTree,
  byOrder,
  flagFilter,
  formTailFields,
  iconOf,
  inSubtree,
  organizeIndex,
  type OrganizeIndex,
  POSITION_MENU,
  subsetForest,
} from '../organize/index.js';
import { dictionaryItems } from '../dictionary/index.js';
import { codeField, idField, idList, idParams, nameField } from '../../platform/fields.js';
import { POSITION_TYPE_DICTIONARY } from './menus.js';
import { m } from './messages.js';
import { createPosition, deletePosition, togglePosition, updatePosition } from './service.js';

const BASE = '/api/permission/Position';
export const POSITION_ICON = 'icon-ym icon-ym-tree-position1';

const positionBody = z.object({
  organizeId: z
    .string({ error: msg(m.organizeRequired) })
    .trim()
    .min(1, msg(m.organizeRequired))
    .max(64, msg(m.organizeMissing))
    .regex(/^[\w-]+$/, msg(m.organizeMissing)),
  fullName: nameField(m.nameRequired),
  enCode: codeField(m.codeRequired),
  // the reference declares an Integer: the enCode of a PositionType dictionary item
  type: z
    .union([z.number().int().min(0).max(999_999_999), z.string().trim().max(50)], { error: msg(m.typeRequired) })
    .transform((v) => String(v))
    .refine((v) => v.length > 0, msg(m.typeRequired)),
  ...formTailFields,
});

type PositionRow = typeof position.$inferSelect;

async function typeNames(app: Parameters<typeof dictionaryItems>[0], lang: Language) {
  const items = await dictionaryItems(app, POSITION_TYPE_DICTIONARY, lang);
  return new Map(items.map((i) => [i.enCode, i.fullName]));
}

/** a position as a node of a selector tree */
function positionNode(index: OrganizeIndex, p: PositionRow, parentId = p.organizeId) {
  return {
    id: p.id,
    parentId,
    fullName: p.fullName,
    enCode: p.enCode,
    type: 'position',
    icon: POSITION_ICON,
    sortCode: p.sortCode,
    enabledMark: p.enabledMark,
    organizeId: p.organizeId,
    organize: index.pathName(p.organizeId),
    organizeIds: index.get(p.organizeId)?.path ?? [],
  };
}

/** positions under their organisations; organisations without positions below them are left out */
function positionTree(index: OrganizeIndex, positions: PositionRow[], gaps: boolean) {
  const live = positions.filter((p) => index.get(p.organizeId)?.enabledMark === 1).sort(byOrder);
  const orgIds = new Set<string>();
  for (const p of live) for (const id of gaps ? [p.organizeId] : (index.get(p.organizeId)?.path ?? [])) orgIds.add(id);
  const orgNodes = [...orgIds].map((id) => index.get(id)!).filter((n) => n.enabledMark === 1);
  // with gaps (a chosen subset) each organisation hangs under its nearest chosen ancestor, named by the path between
  const orgs = gaps
    ? subsetForest(index, orgNodes).map((x) => ({ node: x.node, parentId: x.parentId, name: x.displayName }))
    : orgNodes.sort(byOrder).map((node) => ({ node, parentId: node.parentId, name: node.fullName }));
  const items = [
    ...live.map((p) => positionNode(index, p)),
    ...orgs.map(({ node, parentId, name }) => ({
      id: node.id,
      parentId,
      fullName: name,
      enCode: node.enCode,
      type: node.category as string,
      icon: iconOf(node.category),
      sortCode: node.sortCode,
      enabledMark: node.enabledMark,
      organizeId: node.id,
      organize: index.pathName(node.id),
      organizeIds: node.path,
    })),
  ];
  return assembleTree(
    items,
    (i) => i.id,
    (i) => i.parentId,
  );
}

export const positionRoutes = [
  route({
    method: 'GET',
    url: BASE,
    permission: { module: POSITION_MENU },
    summary:
      'Positions, paged (keyword, organizeId = that organisation and below, enabledMark, type = a PositionType item id)',
    query: pageQuery.extend({
      organizeId: z.union([z.literal(''), idField]).optional(),
      enabledMark: flagFilter,
      type: z.string().trim().max(64).optional(),
    }),
    async handler({ app, query, lang }) {
      const [index, types] = await Promise.all([
        organizeIndex(app, lang),
        dictionaryItems(app.db, POSITION_TYPE_DICTIONARY, lang),
      ]);
      const conditions: (SQL | undefined)[] = [nameOrCodeContains(position, query.keyword)];
      if (query.organizeId) {
        const org = index.get(query.organizeId);
        if (!org) return page([], { currentPage: query.currentPage, pageSize: query.pageSize, total: 0 });
        conditions.push(inSubtree(position.organizeId, org.organizeIdTree));
      }
      if (query.enabledMark !== undefined && query.enabledMark !== '')
        conditions.push(eq(position.enabledMark, query.enabledMark));
      if (query.type) {
        const code = types.find((t) => t.id === query.type || t.enCode === query.type)?.enCode ?? query.type;
        conditions.push(eq(position.type, code));
      }
      const where = and(...conditions);
      const { rows, pagination } = await pageOfRows(app.db, position, where, query);
      const typeName = new Map(types.map((t) => [t.enCode, t.fullName]));
      return page(
        rows.map((p) => ({
          ...pick(p, 'id', 'fullName', 'enCode'),
          type: typeName.get(p.type ?? '') ?? p.type ?? '',
          creatorTime: p.creatorTime,
          description: p.description ?? '',
          department: index.pathName(p.organizeId),
          ...pick(p, 'enabledMark', 'sortCode', 'organizeId'),
        })),
        pagination,
      );
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/All`,
    permission: 'signedIn',
    summary: 'Every enabled position (flat)',
    async handler({ app, lang }) {
      const [index, rows, names] = await Promise.all([
        organizeIndex(app, lang),
        app.db
          .select()
          .from(position)
          .where(eq(position.enabledMark, 1))
          .orderBy(asc(position.sortCode), desc(position.creatorTime)),
        typeNames(app.db, lang),
      ]);
      return ok({
        list: rows.map((p) => ({
          ...pick(p, 'id', 'fullName', 'enCode'),
          type: names.get(p.type ?? '') ?? p.type ?? '',
          organizeId: p.organizeId,
          department: index.pathName(p.organizeId),
          sortCode: p.sortCode,
          enabledMark: p.enabledMark,
        })),
      });
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/Selector`,
    permission: 'signedIn',
    summary: 'Enabled positions under their organisations, as a tree (positions type "position")',
    async handler({ app, lang }) {
      const [index, rows] = await Promise.all([
        organizeIndex(app, lang),
        app.db.select().from(position).where(offeredPositions(app.db)),
      ]);
      return ok({ list: positionTree(index, rows, false) });
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/SearchSelector`,
    permission: 'signedIn',
    summary:
      "The positions Selector offers (enabled, in an enabled organisation) whose name or code holds the keyword, flat and paged in their order (sort code, then newest first), each with its organisation's path (organize)",
    query: pickerSearchQuery,
    async handler({ app, query, lang }) {
      const [index, rows] = await Promise.all([
        organizeIndex(app, lang),
        app.db
          .select()
          .from(position)
          .where(offeredPositions(app.db))
          .orderBy(asc(position.sortCode), desc(position.creatorTime), asc(position.id)),
      ]);
      const found = rows.filter((p) => index.get(p.organizeId)?.enabledMark === 1 && nameOrCodeHolds(p, query.keyword));
      const { rows: shown, pagination } = pageOfList(found, query);
      return page(
        shown.map((p) => ({ ...positionNode(index, p), hasChildren: false, isLeaf: true })),
        pagination,
      );
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/getListByOrgIds`,
    permission: 'signedIn',
    summary: 'For each organisation id: the organisation with its enabled positions as children',
    body: z.object({ organizeIds: idList(500) }),
    async handler({ app, body, lang }) {
      const index = await organizeIndex(app, lang);
      const orgs = body.organizeIds.map((id) => index.get(id)).filter((o) => !!o);
      const rows = orgs.length
        ? await app.db
            .select()
            .from(position)
            .where(
              and(
                inArray(
                  position.organizeId,
                  orgs.map((o) => o.id),
                ),
                eq(position.enabledMark, 1),
              ),
            )
            .orderBy(asc(position.sortCode), desc(position.creatorTime))
        : [];
      return ok({
        list: orgs.map((o) => ({
          id: o.id,
          fullName: o.fullName,
          organize: index.pathName(o.id),
          type: o.category,
          icon: iconOf(o.category),
          hasChildren: true,
          isLeaf: false,
          children: rows
            .filter((p) => p.organizeId === o.id)
            .map((p) => ({ ...positionNode(index, p), hasChildren: false, isLeaf: true, children: [] })),
        })),
      });
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/PositionCondition`,
    permission: 'signedIn',
    summary: 'The given positions, and the positions of the given organisations (ids, "id--type" allowed), as a tree',
    body: z.object({ ids: idList(), keyword: z.string().trim().max(200).default('') }),
    async handler({ app, body, lang }) {
      if (!body.ids.length) return ok({ list: [] });
      const index = await organizeIndex(app, lang);
      const rows = await app.db
        .select()
        .from(position)
        .where(
          and(
            eq(position.enabledMark, 1),
            or(inArray(position.id, body.ids), inArray(position.organizeId, body.ids)),
            body.keyword
              ? or(
                  ilike(position.fullName, containsPattern(body.keyword)),
                  ilike(position.enCode, containsPattern(body.keyword)),
                )
              : undefined,
          ),
        );
      return ok({ list: positionTree(index, rows, true) });
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/getList/:organizeId`,
    permission: { module: POSITION_MENU },
    summary: 'The positions of one organisation (bare array)',
    params: z.object({ organizeId: idField }),
    async handler({ app, params }) {
      const rows = await app.db
        .select()
        .from(position)
        .where(eq(position.organizeId, params.organizeId))
        .orderBy(asc(position.sortCode), desc(position.creatorTime));
      return ok(
        rows.map((p) => ({
          ...pick(p, 'id', 'fullName', 'enCode'),
          ...blankIfNull(p, 'type'),
          ...pick(p, 'organizeId', 'enabledMark', 'sortCode'),
        })),
      );
    },
  }),
  createRoute({
    base: BASE,
    permission: { module: POSITION_MENU, button: 'btn_add' },
    summary: 'Create a position',
    body: positionBody,
    create: createPosition,
  }),
  route({
    method: 'GET',
    url: `${BASE}/:id`,
    permission: { module: POSITION_MENU },
    summary: 'A position; organizeIdTree = the ids from the top down to its organisation',
    params: idParams,
    async handler({ app, params }) {
      const p = await requireRow(app.db, position, params.id, 'notFound');
      const index = await organizeIndex(app);
      return ok({
        ...pick(p, 'id', 'organizeId', 'fullName', 'enCode'),
        type: p.type ?? '',
        enabledMark: p.enabledMark,
        description: p.description ?? '',
        sortCode: p.sortCode,
        organizeIdTree: index.get(p.organizeId)?.path ?? [],
        ...pick(p, 'creatorTime', 'lastModifyTime', 'version'),
      });
    },
  }),
  ...recordWriteRoutes({
    base: BASE,
    permission: (button) => ({ module: POSITION_MENU, button }),
    params: idParams,
    body: positionBody,
    summaries: {
      update: 'Update a position (its organisation cannot change while users hold it)',
      remove: 'Delete a position nobody holds',
      state: 'Enable or disable a position (flips enabledMark)',
    },
    update: updatePosition,
    remove: deletePosition,
    toggle: togglePosition,
  }),
];
