// The user pickers every form uses (users by organisation, position, role or id): signed-in users may call them, and they
// show names, accounts, avatars and organisations only — never hashes, secrets or private profile fields.
import type { Language } from '@jnpf/core';
import { and, count, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { organizeRelation, position, role, user, userGroup, userRelation } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { idField, idList } from '../../platform/fields.js';
import { t } from '../../platform/i18n.js';
import { containsPattern, offsetOf, pageQuery } from '../../platform/paging.js';
import { ok, page } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import {
  emptyRelations,
  iconOf,
  organizeIndex,
  POSITION_MENU,
  relationsOf,
  ROLE_MENU,
  ROOT_PARENT,
  subsetForest,
  type OrganizeIndex,
  type OrgNode,
} from '../organize/index.js';
import { POSITION_ICON } from '../position/index.js';
import { GROUP_ICON } from '../group/index.js';
import { ROLE_ICON, roleOrganizeIds } from '../role/index.js';
import { avatarUrl } from '../file/index.js';
import { organizeOffered, offeredUsers } from '../../platform/pickable.js';
import { m } from './messages.js';
import { listOrder } from './queries.js';
import { USERS_BASE } from './routes.js';
import { pickerRows, pickerUserColumns, userNode, usersByIds, type PickerUser } from './views.js';

// the users and organisations every picker offers (the rule the record check shares)
const notDisabled = offeredUsers();
const pickerOrder = listOrder;

function keywordOf(keyword: string | undefined): SQL | undefined {
  if (!keyword) return undefined;
  const like = containsPattern(keyword);
  return or(ilike(user.account, like), ilike(user.realName, like), ilike(user.mobilePhone, like));
}

/** users holding any of these objects (a subquery: the member ids never travel to the application) */
function holding(db: Db, objectIds: string[]): SQL {
  return inArray(
    user.id,
    db.select({ id: userRelation.userId }).from(userRelation).where(inArray(userRelation.objectId, objectIds)),
  );
}

/** the members (not disabled) of one organisation */
async function membersOf(db: Db, organizeId: string, keyword?: string): Promise<PickerUser[]> {
  const inOrg = db
    .select({ id: userRelation.userId })
    .from(userRelation)
    .where(and(eq(userRelation.objectType, 'Organize'), eq(userRelation.objectId, organizeId)));
  return db
    .select(pickerUserColumns)
    .from(user)
    .where(and(notDisabled, inArray(user.id, inOrg), keywordOf(keyword)))
    .orderBy(...pickerOrder)
    .limit(2000);
}

/** an organisation node of the lazy pickers */
function orgNode(index: OrganizeIndex, node: OrgNode, name = node.fullName, parentId = node.parentId) {
  return {
    id: node.id,
    parentId,
    fullName: name,
    type: node.category,
    icon: iconOf(node.category),
    enabledMark: node.enabledMark,
    organize: index.pathName(node.id),
    organizeIds: node.path,
    hasChildren: true,
    isLeaf: false,
    children: [] as unknown[],
  };
}

/** one level of the organisation → user picker: the top organisations ("0"), or the children and members of one */
async function lazyLevel(app: AppContext, index: OrganizeIndex, organizeId: string) {
  if (organizeId === '0' || organizeId === ROOT_PARENT)
    return (index.childrenOf.get(ROOT_PARENT) ?? [])
      .filter(organizeOffered)
      .map((n) => orgNode(index, n, index.pathName(n.id)));
  if (!index.get(organizeId)) return [];
  const orgs = (index.childrenOf.get(organizeId) ?? []).filter(organizeOffered).map((n) => orgNode(index, n));
  const members = await membersOf(app.db, organizeId);
  const relations = await relationsOf(
    app.db,
    members.map((u) => u.id),
  );
  return [
    ...orgs,
    ...members.map((u) => userNode(index, u, (relations.get(u.id) ?? emptyRelations()).Organize, organizeId)),
  ];
}

/** one page of the users matching `where`, as picker columns, with how many match */
async function pickerPage(app: AppContext, where: SQL | undefined, q: { currentPage: number; pageSize: number }) {
  const [rows, [total]] = await Promise.all([
    app.db
      .select(pickerUserColumns)
      .from(user)
      .where(where)
      .orderBy(...pickerOrder)
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    app.db.select({ n: count() }).from(user).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** users matching a keyword anywhere, as lazy-tree leaves, paged */
async function searchUsers(
  app: AppContext,
  index: OrganizeIndex,
  keyword: string,
  currentPage: number,
  pageSize: number,
) {
  const { rows, total } = await pickerPage(app, and(notDisabled, keywordOf(keyword)), { currentPage, pageSize });
  const relations = await relationsOf(
    app.db,
    rows.map((u) => u.id),
  );
  return {
    list: rows.map((u) => userNode(index, u, (relations.get(u.id) ?? emptyRelations()).Organize, u.organizeId ?? '')),
    total,
  };
}

/** paged picker rows of users matching `where` */
async function pagedPicker(
  app: AppContext,
  where: SQL | undefined,
  q: { currentPage: number; pageSize: number },
  lang: Language,
) {
  const [{ rows, total }, index] = await Promise.all([pickerPage(app, where, q), organizeIndex(app, lang)]);
  return page(await pickerRows(app.db, index, rows), { currentPage: q.currentPage, pageSize: q.pageSize, total });
}

const ORGANIZE_TYPES = new Set(['company', 'department', 'organize']);

/** "id--type" selections → the ids of the users they stand for */
async function selectedUserIds(db: Db, selections: string[]): Promise<string[]> {
  const users = new Set<string>();
  const objects: string[] = [];
  for (const s of selections) {
    const [id, type] = s.split('--') as [string, string | undefined];
    if (!id) continue;
    if (!type || type.toLowerCase() === 'user') users.add(id);
    else objects.push(id);
  }
  if (objects.length)
    for (const r of await db
      .selectDistinct({ id: userRelation.userId })
      .from(userRelation)
      .where(inArray(userRelation.objectId, objects)))
      users.add(r.id);
  return [...users];
}

const selectionList = z
  .array(z.string().max(100))
  .max(5000)
  .nullish()
  .transform((v) => [...new Set((v ?? []).map((s) => s.trim()).filter(Boolean))]);

const pagination = pageQuery.prefault({});

export const userPickerRoutes = [
  route({
    method: 'GET',
    url: `${USERS_BASE}/All`,
    permission: 'signedIn',
    summary: 'Every user that is not disabled (id, account, realName, headIcon, gender), filtered by keyword',
    query: z.object({ keyword: z.string().trim().max(200).default('') }),
    async handler({ app, query }) {
      const rows = await app.db
        .select(pickerUserColumns)
        .from(user)
        .where(and(notDisabled, keywordOf(query.keyword)))
        .orderBy(...pickerOrder);
      return ok({
        list: rows.map((u) => ({
          id: u.id,
          account: u.account,
          realName: u.realName,
          headIcon: avatarUrl(u.headIcon),
          gender: u.gender != null ? String(u.gender) : '',
          quickQuery: '',
        })),
      });
    },
  }),
  route({
    method: 'GET',
    url: `${USERS_BASE}/Selector`,
    permission: 'signedIn',
    summary: 'Enabled organisations with their users (by main organisation) as one tree',
    async handler({ app, lang }) {
      const index = await organizeIndex(app, lang);
      const users = await app.db
        .select(pickerUserColumns)
        .from(user)
        .where(notDisabled)
        .orderBy(...pickerOrder);
      const byOrg = new Map<string, PickerUser[]>();
      for (const u of users) {
        if (!u.organizeId) continue;
        const list = byOrg.get(u.organizeId);
        if (list) list.push(u);
        else byOrg.set(u.organizeId, [u]);
      }
      type Node = ReturnType<typeof orgNode> | ReturnType<typeof userNode>;
      const build = (node: OrgNode): Node => {
        const children: Node[] = [
          ...(index.childrenOf.get(node.id) ?? []).filter(organizeOffered).map(build),
          ...(byOrg.get(node.id) ?? []).map((u) => userNode(index, u, [node.id], node.id)),
        ];
        return { ...orgNode(index, node), hasChildren: children.length > 0, isLeaf: children.length === 0, children };
      };
      return ok({
        list: (index.childrenOf.get(ROOT_PARENT) ?? []).filter(organizeOffered).map(build),
      });
    },
  }),
  route({
    method: 'GET',
    url: `${USERS_BASE}/ImUser`,
    permission: 'signedIn',
    summary: 'Other users that are not disabled, paged (id, realName, account, headIcon, department)',
    query: pageQuery,
    async handler({ app, principal, query, lang }) {
      const where = and(notDisabled, ne(user.id, principal.userId), keywordOf(query.keyword));
      const [{ rows, total }, index] = await Promise.all([pickerPage(app, where, query), organizeIndex(app, lang)]);
      return page(
        rows.map((u) => ({
          id: u.id,
          realName: u.realName,
          account: u.account,
          headIcon: avatarUrl(u.headIcon),
          department: index.get(u.organizeId)?.fullName ?? '',
        })),
        { currentPage: query.currentPage, pageSize: query.pageSize, total },
      );
    },
  }),
  route({
    method: 'POST',
    url: `${USERS_BASE}/ImUser/Selector/:organizeId`,
    permission: 'signedIn',
    summary:
      'The lazy organisation → user picker: "0" = the top organisations, an id = its child organisations and members; a keyword gives a paged flat list of users',
    params: z.object({ organizeId: idField }),
    body: pageQuery,
    async handler({ app, params, body, lang }) {
      const index = await organizeIndex(app, lang);
      if (body.keyword) {
        const found = await searchUsers(app, index, body.keyword, body.currentPage, body.pageSize);
        return page(found.list, { currentPage: body.currentPage, pageSize: body.pageSize, total: found.total });
      }
      return ok({ list: await lazyLevel(app, index, params.organizeId) });
    },
  }),
  route({
    method: 'POST',
    url: `${USERS_BASE}/GetListByAuthorize/:organizeId`,
    permission: 'signedIn',
    summary:
      'Like ImUser/Selector for the grading screens: one level of organisations and members, or users by keyword',
    params: z.object({ organizeId: idField }),
    body: z.object({ keyword: z.string().trim().max(200).default('') }),
    async handler({ app, params, body, lang }) {
      const index = await organizeIndex(app, lang);
      if (body.keyword) return ok({ list: (await searchUsers(app, index, body.keyword, 1, 100)).list });
      return ok({ list: await lazyLevel(app, index, params.organizeId) });
    },
  }),
  route({
    method: 'POST',
    url: `${USERS_BASE}/getUserList`,
    permission: 'signedIn',
    summary: 'Users by id, in the order given (fullName "name/account", organize paths)',
    body: z.object({ ids: idList() }),
    async handler({ app, body, lang }) {
      const [users, index] = await Promise.all([usersByIds(app.db, body.ids), organizeIndex(app, lang)]);
      return ok({ list: await pickerRows(app.db, index, users) });
    },
  }),
  route({
    method: 'POST',
    url: `${USERS_BASE}/getSubordinates`,
    permission: 'signedIn',
    summary: 'The caller’s direct reports (bare array), filtered by keyword',
    body: z.object({ keyword: z.string().trim().max(200).default('') }),
    async handler({ app, principal, body, lang }) {
      const [rows, index] = await Promise.all([
        app.db
          .select(pickerUserColumns)
          .from(user)
          .where(and(notDisabled, eq(user.managerId, principal.userId), keywordOf(body.keyword)))
          .orderBy(...pickerOrder)
          .limit(2000),
        organizeIndex(app, lang),
      ]);
      return ok((await pickerRows(app.db, index, rows)).map((r) => ({ ...r, realName: r.fullName })));
    },
  }),
  route({
    method: 'POST',
    url: `${USERS_BASE}/getSelectedList`,
    permission: 'signedIn',
    summary:
      'Selected items of the organisation pickers by "id--type" (company, department, role, position, group, user; no type = user); disabled marks a disabled organisation, position, role or group',
    body: z.object({ ids: selectionList }),
    async handler({ app, body, lang }) {
      const index = await organizeIndex(app, lang);
      const parsed = body.ids.map((s) => {
        const [id, type] = s.split('--') as [string, string | undefined];
        return { id, type: (type ?? 'user').toLowerCase() };
      });
      const idsOf = (pred: (type: string) => boolean) => parsed.filter((p) => pred(p.type)).map((p) => p.id);
      const positionIds = idsOf((x) => x === 'position');
      const roleIds = idsOf((x) => x === 'role');
      const groupIds = idsOf((x) => x === 'group');
      const userIds = idsOf((x) => x === 'user');
      const [positions, roles, groups, users, roleOrgs] = await Promise.all([
        positionIds.length ? app.db.select().from(position).where(inArray(position.id, positionIds)) : [],
        roleIds.length ? app.db.select().from(role).where(inArray(role.id, roleIds)) : [],
        groupIds.length ? app.db.select().from(userGroup).where(inArray(userGroup.id, groupIds)) : [],
        usersByIds(
          app.db,
          userIds.filter((id) => id !== 'currentUser'),
        ),
        roleIds.length
          ? app.db
              .select({ organizeId: organizeRelation.organizeId, objectId: organizeRelation.objectId })
              .from(organizeRelation)
              .where(and(eq(organizeRelation.objectType, 'Role'), inArray(organizeRelation.objectId, roleIds)))
          : [],
      ]);
      const userRows = new Map((await pickerRows(app.db, index, users)).map((u) => [u.id, u]));
      const list: Record<string, unknown>[] = [];
      for (const { id, type } of parsed) {
        if (ORGANIZE_TYPES.has(type)) {
          const o = index.get(id);
          if (o)
            list.push({
              id: o.id,
              fullName: o.fullName,
              type: o.category,
              icon: iconOf(o.category),
              organize: index.pathName(o.id),
              organizeIds: o.path,
              disabled: o.enabledMark !== 1,
            });
        } else if (type === 'position') {
          const p = positions.find((x) => x.id === id);
          if (p)
            list.push({
              id: p.id,
              fullName: p.fullName,
              enCode: p.enCode,
              type: 'position',
              icon: POSITION_ICON,
              organize: index.pathName(p.organizeId),
              disabled: p.enabledMark !== 1,
            });
        } else if (type === 'role') {
          const r = roles.find((x) => x.id === id);
          if (r)
            list.push({
              id: r.id,
              fullName: r.fullName,
              enCode: r.enCode,
              type: 'role',
              icon: ROLE_ICON,
              organize: index.pathNames(roleOrgs.filter((x) => x.objectId === r.id).map((x) => x.organizeId)),
              disabled: r.enabledMark !== 1,
            });
        } else if (type === 'group') {
          const g = groups.find((x) => x.id === id);
          if (g)
            list.push({
              id: g.id,
              fullName: g.fullName,
              enCode: g.enCode,
              type: 'group',
              icon: GROUP_ICON,
              disabled: g.enabledMark !== 1,
            });
        } else if (type === 'user') {
          if (id === 'currentUser') list.push({ id, fullName: t(lang, m.currentUser), type: 'user' });
          else {
            const u = userRows.get(id);
            if (u) list.push(u);
          }
        }
      }
      return ok({ list });
    },
  }),
  route({
    method: 'POST',
    url: `${USERS_BASE}/getSelectedUserList`,
    permission: 'signedIn',
    summary: 'The users a picker selection ("id--type") stands for, paged (pagination.keyword filters)',
    body: z.object({ ids: selectionList, pagination }),
    async handler({ app, body, lang }) {
      const ids = await selectedUserIds(app.db, body.ids);
      if (!ids.length)
        return page([], { currentPage: body.pagination.currentPage, pageSize: body.pagination.pageSize, total: 0 });
      return pagedPicker(
        app,
        and(notDisabled, inArray(user.id, ids), keywordOf(body.pagination.keyword)),
        body.pagination,
        lang,
      );
    },
  }),
  route({
    method: 'POST',
    url: `${USERS_BASE}/UserCondition`,
    permission: 'signedIn',
    summary:
      'Users of the given departments, positions, roles and groups plus the given users, paged; with no objects given, the holders of any object of `type`',
    body: z.object({
      departIds: idList(),
      positionIds: idList(),
      roleIds: idList(),
      groupIds: idList(),
      userIds: idList(),
      type: z.string().trim().max(20).nullish(),
      pagination,
    }),
    async handler({ app, body, lang }) {
      const objects = [...body.departIds, ...body.positionIds, ...body.roleIds, ...body.groupIds];
      const conditions: SQL[] = [];
      if (objects.length) conditions.push(holding(app.db, objects));
      else if (body.type) {
        const type = relationTypeOf(body.type);
        if (type)
          conditions.push(
            inArray(
              user.id,
              app.db.select({ id: userRelation.userId }).from(userRelation).where(eq(userRelation.objectType, type)),
            ),
          );
      }
      if (body.userIds.length) conditions.push(inArray(user.id, body.userIds));
      if (!conditions.length)
        return page([], { currentPage: body.pagination.currentPage, pageSize: body.pagination.pageSize, total: 0 });
      return pagedPicker(
        app,
        and(notDisabled, or(...conditions), keywordOf(body.pagination.keyword)),
        body.pagination,
        lang,
      );
    },
  }),
  route({
    method: 'GET',
    url: `${USERS_BASE}/getOrganization`,
    permission: 'signedIn',
    summary: 'The members of an organisation ("0" = the caller’s own), bare array, filtered by keyword',
    query: z.object({
      organizeId: idField.default('0'),
      keyword: z.string().trim().max(200).default(''),
    }),
    async handler({ app, principal, query, lang }) {
      let organizeId = query.organizeId;
      if (organizeId === '0') {
        const profile = await app.directory.get(principal.userId);
        organizeId = profile?.mainOrganize?.id ?? '';
      }
      if (!organizeId) return ok([]);
      const [members, index] = await Promise.all([
        membersOf(app.db, organizeId, query.keyword),
        organizeIndex(app, lang),
      ]);
      return ok((await pickerRows(app.db, index, members)).map((r) => ({ ...r, realName: r.fullName })));
    },
  }),
  route({
    method: 'GET',
    url: `${USERS_BASE}/GetUsersByPositionId`,
    permission: { module: POSITION_MENU },
    summary: 'For the position-member dialog: the position’s organisation with its members as children',
    query: z.object({ positionId: idField, keyword: z.string().trim().max(200).default('') }),
    async handler({ app, query, lang }) {
      const [p] = await app.db.select().from(position).where(eq(position.id, query.positionId)).limit(1);
      const index = await organizeIndex(app, lang);
      const org = p ? index.get(p.organizeId) : undefined;
      if (!org) return ok([]);
      const members = await membersOf(app.db, org.id, query.keyword);
      const children = members.map((u) => userNode(index, u, [org.id], org.id));
      return ok([
        {
          ...orgNode(index, org, index.pathName(org.id)),
          hasChildren: children.length > 0,
          isLeaf: children.length === 0,
          children,
        },
      ]);
    },
  }),
  route({
    method: 'GET',
    url: `${USERS_BASE}/GetUsersByRoleOrgId`,
    permission: { module: ROLE_MENU },
    summary:
      'For the role-member dialog: the role’s organisations ("0" = the top ones), one level below an organisation with its members, or users by keyword',
    query: z.object({
      roleId: idField,
      organizeId: idField.default('0'),
      keyword: z.string().trim().max(200).default(''),
    }),
    async handler({ app, query, lang }) {
      const index = await organizeIndex(app, lang);
      const roleOrgs = (await roleOrganizeIds(app.db, query.roleId))
        .map((id) => index.get(id))
        .filter((n): n is OrgNode => n?.enabledMark === 1);
      if (!roleOrgs.length) return ok([]);
      if (query.keyword) {
        const inOrgs = app.db
          .select({ id: userRelation.userId })
          .from(userRelation)
          .where(
            and(
              eq(userRelation.objectType, 'Organize'),
              inArray(
                userRelation.objectId,
                roleOrgs.map((o) => o.id),
              ),
            ),
          );
        const rows = await app.db
          .select(pickerUserColumns)
          .from(user)
          .where(and(notDisabled, inArray(user.id, inOrgs), keywordOf(query.keyword)))
          .orderBy(...pickerOrder)
          .limit(500);
        const relations = await relationsOf(
          app.db,
          rows.map((u) => u.id),
        );
        return ok(rows.map((u) => userNode(index, u, (relations.get(u.id) ?? emptyRelations()).Organize, '')));
      }
      const forest = subsetForest(index, roleOrgs);
      if (query.organizeId === '0')
        return ok(forest.filter((x) => x.isRoot).map((x) => orgNode(index, x.node, x.displayName, x.parentId)));
      const below = forest
        .filter((x) => !x.isRoot && x.parentId === query.organizeId)
        .map((x) => orgNode(index, x.node, x.displayName, x.parentId));
      const members = roleOrgs.some((o) => o.id === query.organizeId) ? await membersOf(app.db, query.organizeId) : [];
      const relations = await relationsOf(
        app.db,
        members.map((u) => u.id),
      );
      return ok([
        ...members.map((u) => userNode(index, u, (relations.get(u.id) ?? emptyRelations()).Organize, query.organizeId)),
        ...below,
      ]);
    },
  }),
  route({
    method: 'GET',
    url: `${USERS_BASE}/getUsersByRoleId`,
    permission: { module: ROLE_MENU },
    summary: 'The users a role can reach, paged: everyone for a global role, else the members of its organisations',
    query: pageQuery.extend({ roleId: idField }),
    async handler({ app, query, lang }) {
      const [r] = await app.db.select({ globalMark: role.globalMark }).from(role).where(eq(role.id, query.roleId));
      if (!r) return page([], { currentPage: query.currentPage, pageSize: query.pageSize, total: 0 });
      let scope: SQL | undefined;
      if (r.globalMark !== 1) {
        const orgIds = await roleOrganizeIds(app.db, query.roleId);
        if (!orgIds.length) return page([], { currentPage: query.currentPage, pageSize: query.pageSize, total: 0 });
        scope = inArray(
          user.id,
          app.db
            .select({ id: userRelation.userId })
            .from(userRelation)
            .where(and(eq(userRelation.objectType, 'Organize'), inArray(userRelation.objectId, orgIds))),
        );
      }
      return pagedPicker(app, and(notDisabled, scope, keywordOf(query.keyword)), query, lang);
    },
  }),
];

function relationTypeOf(type: string) {
  const x = type.toLowerCase();
  if (x === 'organize' || x === 'department' || x === 'company') return 'Organize';
  if (x === 'position') return 'Position';
  if (x === 'role') return 'Role';
  if (x === 'group') return 'Group';
  return null;
}
