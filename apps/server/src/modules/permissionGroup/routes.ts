// /api/permission/PermissionGroup: permission groups, their members and state.
// A group's grants reach its members at their next call: every change clears the grant caches everywhere.
// Someone who is not an administrator may only decide who receives a group whose grants they hold themselves.
import { and, asc, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { BUILT_IN_MENUS, type ButtonCode } from '@jnpf/core';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import {
  organize,
  permissionGroup,
  permissionGroupMember,
  position,
  role,
  user,
  userGroup,
  userRelation,
} from '../../db/schema/index.js';
import type { AppContext, Principal } from '../../platform/context.js';
import { writeAudit } from '../../platform/audit.js';
import {
  createRow,
  deleteAudited,
  insertAudited,
  refuseTakenNameOrCode,
  requireRow,
  toggleEnabled,
  updateVersioned,
} from '../../platform/crud.js';
import { refuse, invalidField } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { nameOrCodeContains, pageOfRows, pageQuery } from '../../platform/paging.js';
import { actorOf } from '../../platform/request.js';
import { ok, page } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import { msg } from '../../platform/validation.js';
import {
  coercedVersionField,
  flag01,
  idText,
  NAME_MAX,
  optionalText,
  requiredCode,
  requiredText,
  sortCode,
} from '../../platform/fields.js';
import { menuMessages } from '../menu/index.js';
import {
  copyGrants,
  grantsOf,
  ITEM_TYPES,
  memberKey,
  membersOf,
  NO_GRANTS,
  objectGrants,
  parseMember,
  removeGrantsHeldBy,
  removeMembersOf,
  replaceMembers,
  stepTree,
  viewMembers,
  withinOperator,
  type ItemType,
  type Member,
} from '../permissionKernel/index.js';
import { m } from './messages.js';

/** the screen that guards grant management */
export const AUTHORIZE_SCREEN = BUILT_IN_MENUS.authorize.enCode;

const BASE = '/api/permission/PermissionGroup';
const read = { module: AUTHORIZE_SCREEN };
const write = (button: ButtonCode) => ({ module: AUTHORIZE_SCREEN, button });
const ICON = 'icon-ym icon-ym-authGroup';

type GroupRow = typeof permissionGroup.$inferSelect;

const groupBody = z.object({
  fullName: requiredText(menuMessages.nameRequired),
  enCode: requiredCode(menuMessages.codeRequired),
  sortCode,
  enabledMark: flag01(1),
  description: optionalText(500),
  version: coercedVersionField,
});

const groupInfo = (g: GroupRow) => ({
  id: g.id,
  fullName: g.fullName,
  enCode: g.enCode,
  sortCode: g.sortCode,
  enabledMark: g.enabledMark,
  description: g.description ?? '',
  creatorTime: g.creatorTime,
  version: g.version,
});

const requireGroup = (db: Tx | AppContext['db'], id: string, key = 'notFound'): Promise<GroupRow> =>
  requireRow(db, permissionGroup, id, key);

/** handing a group to people is only for those who hold everything it grants */
async function assertWithinOperator(tx: Tx, app: AppContext, principal: Principal, groupId: string) {
  if (principal.isAdministrator) return;
  const [cat, operator, held] = await Promise.all([
    app.catalogue.get(),
    grantsOf(app, principal),
    objectGrants(tx, 'PermissionGroup', groupId),
  ]);
  if (!withinOperator(cat, operator, held)) throw refuse(m.beyondOperator);
}

/** the objects a "view permissions" call may ask about, by the reference's lowercase type names */
const viewTypes = {
  company: { table: organize, member: 'Organize' },
  department: { table: organize, member: 'Organize' },
  organize: { table: organize, member: 'Organize' },
  position: { table: position, member: 'Position' },
  role: { table: role, member: 'Role' },
  group: { table: userGroup, member: 'Group' },
  user: { table: user, member: 'User' },
} as const;
type ViewType = keyof typeof viewTypes;
const viewType = z.preprocess(
  (v) => (typeof v === 'string' ? v.toLowerCase() : v),
  z.enum(Object.keys(viewTypes) as [ViewType, ...ViewType[]], { error: `@${m.objectTypeInvalid}` }),
);

/** the groups an object is a member of; a user's include those through its roles, positions, organisations and groups */
async function groupsOfObject(app: AppContext, type: ViewType, id: string): Promise<GroupRow[]> {
  const { table, member } = viewTypes[type];
  const [exists] = await app.db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  if (!exists) throw refuse('notFound');
  const subjects: SQL[] = [and(eq(permissionGroupMember.memberType, member), eq(permissionGroupMember.memberId, id))!];
  if (type === 'user') {
    const relations = await app.db
      .select({ objectType: userRelation.objectType, objectId: userRelation.objectId })
      .from(userRelation)
      .where(eq(userRelation.userId, id));
    const [u] = await app.db.select({ organizeId: user.organizeId }).from(user).where(eq(user.id, id));
    if (u?.organizeId) relations.push({ objectType: 'Organize', objectId: u.organizeId });
    for (const r of relations)
      subjects.push(
        and(eq(permissionGroupMember.memberType, r.objectType), eq(permissionGroupMember.memberId, r.objectId))!,
      );
  }
  const groupIds = [
    ...new Set(
      (
        await app.db
          .select({ groupId: permissionGroupMember.groupId })
          .from(permissionGroupMember)
          .where(or(...subjects))
      ).map((r) => r.groupId),
    ),
  ];
  if (!groupIds.length) return [];
  return app.db
    .select()
    .from(permissionGroup)
    .where(and(inArray(permissionGroup.id, groupIds), eq(permissionGroup.enabledMark, 1)))
    .orderBy(asc(permissionGroup.sortCode), desc(permissionGroup.creatorTime));
}

export const permissionGroupRoutes = [
  route({
    method: 'GET',
    url: BASE,
    permission: read,
    summary: 'Permission groups, paged; keyword matches name or code; permissionMember lists the member names',
    query: pageQuery.extend({
      enabledMark: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(1).optional()),
    }),
    async handler({ app, query }) {
      const where = and(
        nameOrCodeContains(permissionGroup, query.keyword),
        query.enabledMark !== undefined ? eq(permissionGroup.enabledMark, query.enabledMark) : undefined,
      );
      const { rows, pagination } = await pageOfRows(app.db, permissionGroup, where, query, [
        asc(permissionGroup.sortCode),
        desc(permissionGroup.creatorTime),
      ]);
      const members = await membersOf(
        app.db,
        rows.map((r) => r.id),
      );
      const views = await viewMembers(app.db, members);
      return page(
        rows.map((g) => ({
          ...groupInfo(g),
          permissionMember: members
            .filter((x) => x.groupId === g.id)
            .map((x) => views.get(memberKey(x))?.fullName)
            .filter(Boolean)
            .join(','),
        })),
        pagination,
      );
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/Selector`,
    permission: read,
    summary: 'Enabled permission groups for pickers',
    async handler({ app }) {
      const rows = await app.db
        .select({ id: permissionGroup.id, fullName: permissionGroup.fullName, enCode: permissionGroup.enCode })
        .from(permissionGroup)
        .where(eq(permissionGroup.enabledMark, 1))
        .orderBy(asc(permissionGroup.sortCode), desc(permissionGroup.creatorTime));
      return ok({ list: rows.map((r) => ({ ...r, icon: ICON })) });
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/PermissionMember/:id`,
    permission: read,
    summary: 'Members of a group: id is "<id>--<type>", type user | role | position | department | company | group',
    params: z.object({ id: idText }),
    async handler({ app, params }) {
      await requireGroup(app.db, params.id, 'deleteNotFound');
      const members = await membersOf(app.db, [params.id]);
      const views = await viewMembers(app.db, members);
      return ok({ list: members.map((x) => views.get(memberKey(x))).filter(Boolean) });
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/PermissionMember/:id`,
    permission: write('btn_member'),
    summary:
      'Replace the members of a group: ids ["<id>--user", "<id>--role", …]; takes effect at the members’ next call',
    params: z.object({ id: idText }),
    // a missing list is a mistake, never "remove everyone": clearing takes an explicit []
    body: z.object({
      ids: z.array(z.string().max(100), { error: msg(m.membersRequired) }).max(10_000, msg(m.memberInvalid)),
    }),
    async handler({ app, req, principal, params, body }) {
      const wanted: Member[] = [];
      for (const text of body.ids) {
        const member = parseMember(text);
        if (!member) throw invalidField('ids', m.memberInvalid);
        if (!wanted.some((w) => memberKey(w) === memberKey(member))) wanted.push(member);
      }
      await app.db.transaction(async (tx) => {
        await requireGroup(tx, params.id, 'deleteNotFound');
        await assertWithinOperator(tx, app, principal, params.id);
        const views = await viewMembers(tx, wanted);
        if (wanted.some((w) => !views.has(memberKey(w)))) throw refuse(m.memberNotFound);
        const before = await membersOf(tx, [params.id]);
        await replaceMembers(tx, params.id, wanted);
        await writeAudit(tx, actorOf(req), {
          moduleName: 'permissionGroup',
          action: 'members',
          recordId: params.id,
          before: before.map(({ memberType, memberId }) => ({ memberType, memberId })),
          after: wanted,
        });
      });
      await app.grants.changed();
      return ok(undefined, 'saved');
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/getPermissionGroup`,
    permission: read,
    summary:
      'Enabled groups an object belongs to (objectType company | department | position | role | group | user; a user’s include those through its roles, positions, organisations and groups); type 1 = some, 2 = none',
    query: z.object({ id: idText, objectType: viewType }),
    async handler({ app, query }) {
      const groups = await groupsOfObject(app, query.objectType, query.id);
      return ok({
        list: groups.map((g) => ({ id: g.id, fullName: g.fullName, enCode: g.enCode, icon: ICON })),
        type: groups.length ? 1 : 2,
      });
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/getPermission`,
    permission: read,
    summary:
      'What one group grants, as a tree for one item type (system | module | button | column | form | resource), for an object of it',
    query: z.object({
      id: idText,
      objectType: viewType,
      permissionId: idText,
      itemType: z.enum(ITEM_TYPES).default('module'),
    }),
    async handler({ app, query, lang }) {
      const groups = await groupsOfObject(app, query.objectType, query.id);
      if (!groups.some((g) => g.id === query.permissionId)) await requireGroup(app.db, query.permissionId);
      const [cat, held] = await Promise.all([
        app.catalogue.get(),
        objectGrants(app.db, 'PermissionGroup', query.permissionId),
      ]);
      const step: ItemType = query.itemType;
      // the view shows the group's own grants: the systems of its menus, the menus of its items
      const selected = new Set<string>();
      if (step === 'module') {
        for (const id of held.system) selected.add(id);
        for (const x of cat.modules) if (held.module.has(x.id)) selected.add(x.systemId);
      } else if (step !== 'system') {
        const items = {
          button: cat.buttonsByModule,
          column: cat.columnsByModule,
          form: cat.formsByModule,
          resource: cat.schemesByModule,
        }[step];
        for (const [moduleId, list] of items) if (list.some((i) => held[step].has(i.id))) selected.add(moduleId);
      }
      return ok(stepTree(cat, NO_GRANTS, held, step, selected, true, lang).list);
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/:id`,
    permission: read,
    summary: 'One permission group',
    params: z.object({ id: idText }),
    async handler({ app, params }) {
      return ok(groupInfo(await requireGroup(app.db, params.id, 'deleteNotFound')));
    },
  }),
  route({
    method: 'POST',
    url: BASE,
    permission: write('btn_add'),
    summary: 'Create a permission group (names and codes are unique)',
    body: groupBody,
    async handler({ app, req, body }) {
      const { version: _v, ...values } = body;
      const audit = { actor: actorOf(req), moduleName: 'permissionGroup' };
      const id = await createRow(app.db, permissionGroup, audit, async (tx) => {
        await refuseTakenNameOrCode(tx, permissionGroup, body);
        return values;
      });
      return ok(id, 'created');
    },
  }),
  route({
    method: 'PUT',
    url: `${BASE}/:id`,
    permission: write('btn_edit'),
    summary: 'Update a permission group; disabling it takes its grants from every member at their next call',
    params: z.object({ id: idText }),
    body: groupBody,
    async handler({ app, req, principal, params, body }) {
      const { version, ...values } = body;
      const before = await app.db.transaction(async (tx) => {
        const row = await requireGroup(tx, params.id, 'updateNotFound');
        await refuseTakenNameOrCode(tx, permissionGroup, { ...body, id: row.id });
        if (row.enabledMark !== 1 && values.enabledMark === 1) await assertWithinOperator(tx, app, principal, row.id);
        await updateVersioned(
          tx,
          permissionGroup,
          row.id,
          version,
          { ...values, lastModifyTime: Date.now(), lastModifyUserId: principal.userId },
          { actor: actorOf(req), moduleName: 'permissionGroup' },
        );
        return row;
      });
      if (before.enabledMark !== values.enabledMark) await app.grants.changed();
      return ok(undefined, 'updated');
    },
  }),
  route({
    method: 'PUT',
    url: `${BASE}/:id/Actions/State`,
    permission: write('btn_edit'),
    summary: 'Enable or disable a permission group (flips enabledMark); members feel it at their next call',
    params: z.object({ id: idText }),
    async handler({ app, req, principal, params }) {
      await app.db.transaction((tx) =>
        toggleEnabled(
          tx,
          permissionGroup,
          params.id,
          { actor: actorOf(req), moduleName: 'permissionGroup', action: 'state' },
          async (row) => {
            // enabling hands the group's grants to its members again
            if (row.enabledMark !== 1) await assertWithinOperator(tx, app, principal, row.id);
          },
        ),
      );
      await app.grants.changed();
      return ok(undefined, 'updated');
    },
  }),
  route({
    method: 'DELETE',
    url: `${BASE}/:id`,
    permission: write('btn_remove'),
    summary: 'Delete a permission group with its members and grants',
    params: z.object({ id: idText }),
    async handler({ app, req, params }) {
      await app.db.transaction(async (tx) => {
        await removeMembersOf(tx, params.id);
        await removeGrantsHeldBy(tx, 'PermissionGroup', params.id);
        await deleteAudited(tx, permissionGroup, params.id, { actor: actorOf(req), moduleName: 'permissionGroup' });
      });
      await app.grants.changed();
      return ok(undefined, 'deleted');
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/:id/Actions/Copy`,
    permission: write('btn_copy'),
    summary: 'Copy a group with its grants (not its members); the copy is disabled, named "<name>.副本xxxxx"',
    params: z.object({ id: idText }),
    async handler({ app, req, principal, params }) {
      await app.db.transaction(async (tx) => {
        const source = await requireGroup(tx, params.id, m.copyNotFound);
        const suffix = newId().slice(-5);
        const fullName = `${source.fullName}.副本${suffix}`;
        if (fullName.length > NAME_MAX) throw refuse(m.copyTooLong);
        const id = newId();
        const now = Date.now();
        await insertAudited(
          tx,
          permissionGroup,
          {
            id,
            fullName,
            enCode: `${source.enCode}.${suffix}`,
            sortCode: source.sortCode,
            description: source.description,
            enabledMark: 0,
            creatorTime: now,
            creatorUserId: principal.userId,
          },
          { actor: actorOf(req), moduleName: 'permissionGroup', recordId: id, action: 'copy' },
        );
        await copyGrants(tx, 'PermissionGroup', source.id, id, now);
      });
      return ok(undefined, 'copied');
    },
  }),
];
