// /api/permission/Group: user groups. The screen's calls need its menu; the calls pickers use
// (Selector, GroupCondition) only need a signed-in user.
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { userGroup } from '../../db/schema/index.js';
import { requireRow } from '../../platform/crud.js';
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
import { pick } from '../../platform/rows.js';
import { msg } from '../../platform/validation.js';
import { offeredGroups } from '../../platform/pickable.js';
import { flagFilter, formTailFields, GROUP_MENU } from '../organize/index.js';
import { dictionaryItems, type DictionaryItem } from '../dictionary/index.js';
import { codeField, idList, idParams, nameField } from '../../platform/fields.js';
import { GROUP_TYPE_DICTIONARY } from './menus.js';
import { m } from './messages.js';
import { createGroup, deleteGroup, toggleGroup, updateGroup } from './service.js';

const BASE = '/api/permission/Group';
export const GROUP_ICON = 'icon-ym icon-ym-generator-group1';

const groupBody = z.object({
  fullName: nameField(m.nameRequired),
  enCode: codeField(m.codeRequired),
  type: z
    .string({ error: msg(m.typeRequired) })
    .trim()
    .min(1, msg(m.typeRequired))
    .max(64, msg(m.typeMissing)),
  ...formTailFields,
});

type GroupRow = typeof userGroup.$inferSelect;

/** group types holding groups, each with its groups as children (type "0" for a type, "group" for a group) */
function groupTree(types: DictionaryItem[], groups: GroupRow[]) {
  return types
    .map((t) => {
      const children = groups
        .filter((g) => g.type === t.id)
        .map((g) => ({
          id: g.id,
          parentId: t.id,
          fullName: g.fullName,
          enCode: g.enCode,
          type: 'group',
          icon: GROUP_ICON,
          sortCode: g.sortCode,
          enabledMark: g.enabledMark,
          hasChildren: false,
          isLeaf: true,
          children: [],
        }));
      return {
        id: t.id,
        parentId: '-1',
        fullName: t.fullName,
        enCode: t.enCode,
        type: '0',
        icon: '',
        num: children.length,
        sortCode: t.sortCode,
        hasChildren: children.length > 0,
        isLeaf: children.length === 0,
        children,
      };
    })
    .filter((t) => t.num > 0);
}

const enabledGroups = (db: Db, ids?: string[]) =>
  db
    .select()
    .from(userGroup)
    .where(and(eq(userGroup.enabledMark, 1), ids ? inArray(userGroup.id, ids) : undefined))
    .orderBy(asc(userGroup.sortCode), desc(userGroup.creatorTime), asc(userGroup.id));

/** the groups the pickers offer (the rule the record check shares), in order */
const offeredGroupRows = (db: Db) =>
  db
    .select()
    .from(userGroup)
    .where(offeredGroups(db))
    .orderBy(asc(userGroup.sortCode), desc(userGroup.creatorTime), asc(userGroup.id));

export const groupRoutes = [
  route({
    method: 'GET',
    url: BASE,
    permission: { module: GROUP_MENU },
    summary: 'User groups, paged (keyword, enabledMark, type = a group-type dictionary item id)',
    query: pageQuery.extend({
      enabledMark: flagFilter,
      type: z.string().trim().max(64).optional(),
    }),
    async handler({ app, query, lang }) {
      const conditions: (SQL | undefined)[] = [nameOrCodeContains(userGroup, query.keyword)];
      if (query.enabledMark !== undefined && query.enabledMark !== '')
        conditions.push(eq(userGroup.enabledMark, query.enabledMark));
      if (query.type) conditions.push(eq(userGroup.type, query.type));
      const where = and(...conditions);
      const [{ rows, pagination }, types] = await Promise.all([
        pageOfRows(app.db, userGroup, where, query),
        dictionaryItems(app.db, GROUP_TYPE_DICTIONARY, lang),
      ]);
      const typeName = new Map(types.map((t) => [t.id, t.fullName]));
      return page(
        rows.map((g) => ({
          ...pick(g, 'id', 'fullName', 'enCode'),
          type: typeName.get(g.type ?? '') ?? g.type ?? '',
          description: g.description ?? '',
          sortCode: g.sortCode,
          creatorTime: g.creatorTime,
          enabledMark: g.enabledMark,
        })),
        pagination,
      );
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/Selector`,
    permission: 'signedIn',
    summary: 'Enabled groups under their group types (bare array)',
    async handler({ app, lang }) {
      const [types, groups] = await Promise.all([
        dictionaryItems(app.db, GROUP_TYPE_DICTIONARY, lang),
        offeredGroupRows(app.db),
      ]);
      return ok(groupTree(types, groups));
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/SearchSelector`,
    permission: 'signedIn',
    summary:
      "The groups Selector offers (enabled, of a listed group type) whose name or code holds the keyword, flat and paged in their order (sort code, then newest first), each with its group type's name (organize)",
    query: pickerSearchQuery,
    async handler({ app, query, lang }) {
      const [types, groups] = await Promise.all([
        dictionaryItems(app.db, GROUP_TYPE_DICTIONARY, lang),
        offeredGroupRows(app.db),
      ]);
      const typeName = new Map(types.map((t) => [t.id, t.fullName]));
      const found = groups.filter((g) => typeName.has(g.type ?? '') && nameOrCodeHolds(g, query.keyword));
      const { rows, pagination } = pageOfList(found, query);
      return page(
        rows.map((g) => ({
          id: g.id,
          fullName: g.fullName,
          enCode: g.enCode,
          type: 'group',
          icon: GROUP_ICON,
          organize: typeName.get(g.type ?? '') ?? '',
          hasChildren: false,
          isLeaf: true,
        })),
        pagination,
      );
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/GroupCondition`,
    permission: 'signedIn',
    summary: 'The given enabled groups (ids, "id--group" allowed) under their group types',
    body: z.object({ ids: idList(), keyword: z.string().trim().max(200).default('') }),
    async handler({ app, body, lang }) {
      if (!body.ids.length) return ok({ list: [] });
      const [types, groups] = await Promise.all([
        dictionaryItems(app.db, GROUP_TYPE_DICTIONARY, lang),
        enabledGroups(app.db, body.ids),
      ]);
      const k = body.keyword.toLowerCase();
      const chosen = k
        ? groups.filter((g) => g.fullName.toLowerCase().includes(k) || g.enCode.toLowerCase().includes(k))
        : groups;
      return ok({ list: groupTree(types, chosen) });
    },
  }),
  createRoute({
    base: BASE,
    permission: { module: GROUP_MENU, button: 'btn_add' },
    summary: 'Create a user group',
    body: groupBody,
    create: createGroup,
    message: m.created,
  }),
  route({
    method: 'GET',
    url: `${BASE}/:id`,
    permission: { module: GROUP_MENU },
    summary: 'A user group (sortCode as a string, as the reference declares it)',
    params: idParams,
    async handler({ app, params }) {
      const g = await requireRow(app.db, userGroup, params.id, 'notFound');
      return ok({
        id: g.id,
        fullName: g.fullName,
        enCode: g.enCode,
        type: g.type ?? '',
        description: g.description ?? '',
        sortCode: String(g.sortCode),
        enabledMark: g.enabledMark,
        creatorTime: g.creatorTime,
        lastModifyTime: g.lastModifyTime,
        version: g.version,
      });
    },
  }),
  ...recordWriteRoutes({
    base: BASE,
    permission: (button) => ({ module: GROUP_MENU, button }),
    params: idParams,
    body: groupBody,
    summaries: {
      update: 'Update a user group',
      remove: 'Delete a user group and its memberships',
      state: 'Enable or disable a user group (flips enabledMark)',
    },
    update: updateGroup,
    remove: deleteGroup,
    toggle: toggleGroup,
  }),
];
