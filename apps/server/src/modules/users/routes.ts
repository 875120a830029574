// /api/permission/Users: the user list, one user, and the administrator's actions on a user.
// Pickers are in pickerRoutes.ts, spreadsheets in transferRoutes.ts.
import { and, eq } from 'drizzle-orm';
import { BUTTON } from '@jnpf/core';
import { z } from 'zod';
import { user } from '../../db/schema/index.js';
import { refuse, ValidationError } from '../../platform/errors.js';
import { idField, idList, idParams } from '../../platform/fields.js';
import { offsetOf } from '../../platform/paging.js';
import { sendJsonText } from '../../platform/keptAnswers.js';
import { actorOf } from '../../platform/request.js';
import { ok } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import { blankIfNull, pick } from '../../platform/rows.js';
import { msg, translateMessage } from '../../platform/validation.js';
import { avatarUrl } from '../file/index.js';
import { emptyRelations, organizeIndex, relationsOf, USER_MENU } from '../organize/index.js';
import { userBody } from './fields.js';
import { m } from './messages.js';
import { listConditions, listPage, renderedKey, userListQuery, userPages, userScope } from './queries.js';
import {
  createUser,
  deleteUser,
  resetPassword,
  toggleUser,
  unlockUser,
  updateUser,
  workHandover,
  workOf,
} from './service.js';
import { effectiveState, safeUserColumns } from './views.js';

export const USERS_BASE = '/api/permission/Users';
const md5Field = z.string({ error: msg('passwordFormat') }).regex(/^[0-9a-fA-F]{32}$/, msg('passwordFormat'));

export const userRoutes = [
  route({
    method: 'GET',
    url: USERS_BASE,
    permission: { module: USER_MENU },
    summary:
      'Users, paged (keyword on account, name and mobile; organizeId = that organisation and below; roleId; enabledMark 0/1/2; gender)',
    query: userListQuery,
    async handler({ app, principal, query, lang, reply }) {
      const pages = userPages(app);
      const mark = pages.mark();
      const [index, scope] = await Promise.all([organizeIndex(app, lang), userScope(app, principal)]);
      // the page follows from the query, the organisations (a change of them drops every page) and the caller's
      // data scope, rendered with its parameters
      const key = `${lang}\u0000${JSON.stringify(query)}\u0000${scope ? renderedKey(scope) : ''}`;
      const text = await pages.answer(key, mark, async () => {
        const filters = listConditions(query, index);
        const where = filters && and(filters, scope);
        const pagination = { currentPage: query.currentPage, pageSize: query.pageSize, total: 0 };
        if (!where) return { text: JSON.stringify(app.envelope(lang, 200, 'success', { list: [], pagination })) };
        const { list, total, until } = await listPage(app, index, where, query.pageSize, offsetOf(query), lang);
        const answer = app.envelope(lang, 200, 'success', { list, pagination: { ...pagination, total } });
        // the state filter compares with the time of the call: such a page is never asked for again
        return { text: JSON.stringify(answer), until, keep: query.enabledMark !== 1 && query.enabledMark !== 2 };
      });
      return sendJsonText(reply, text);
    },
  }),
  route({
    method: 'POST',
    url: USERS_BASE,
    permission: { module: USER_MENU, button: BUTTON.add },
    summary:
      'Create a user. The password is the configured default for new users (newUserDefaultPassword), to be changed at the first sign-in.',
    body: userBody,
    async handler({ app, req, body, lang }) {
      return ok(await createUser(app, actorOf(req), body, lang), 'created');
    },
  }),
  route({
    method: 'GET',
    url: `${USERS_BASE}/:id`,
    permission: { module: USER_MENU },
    summary: 'One user, with its organisations as paths (organizeIdTree); enabledMark 2 while locked',
    params: idParams,
    async handler({ app, params }) {
      const [u] = await app.db.select(safeUserColumns).from(user).where(eq(user.id, params.id)).limit(1);
      if (!u) throw refuse(m.userNotFound);
      const [index, relations] = await Promise.all([organizeIndex(app), relationsOf(app.db, [u.id])]);
      const rel = relations.get(u.id) ?? emptyRelations();
      return ok({
        ...pick(u, 'id', 'account', 'realName'),
        organizeId: rel.Organize.join(','),
        organizeIdTree: rel.Organize.map((id) => index.get(id)?.path ?? [id]),
        managerId: u.managerId ?? '',
        positionId: rel.Position.join(','),
        roleId: rel.Role.join(','),
        groupId: rel.Group.join(','),
        description: u.description ?? '',
        gender: u.gender != null ? String(u.gender) : '',
        ...blankIfNull(u, 'nation', 'nativePlace'),
        entryDate: u.entryDate,
        ...blankIfNull(u, 'certificatesType', 'certificatesNumber', 'education'),
        birthday: u.birthday,
        ...blankIfNull(
          u,
          'telePhone',
          'landline',
          'mobilePhone',
          'email',
          'urgentContacts',
          'urgentTelePhone',
          'postalAddress',
        ),
        headIcon: avatarUrl(u.headIcon),
        enabledMark: effectiveState(u),
        sortCode: u.sortCode,
        ranks: u.ranks ?? '',
        ...pick(u, 'isAdministrator', 'handoverMark', 'creatorTime', 'lastModifyTime', 'version'),
      });
    },
  }),
  route({
    method: 'PUT',
    url: `${USERS_BASE}/:id`,
    permission: { module: USER_MENU, button: BUTTON.edit },
    summary:
      'Update a user and replace its organisations, positions, roles and groups. Administrators are protected; disabling or locking ends the user’s sessions.',
    params: idParams,
    body: userBody,
    async handler({ app, req, principal, params, body, lang }) {
      await updateUser(app, actorOf(req), principal, params.id, body, lang);
      return ok(undefined, 'updated');
    },
  }),
  route({
    method: 'DELETE',
    url: `${USERS_BASE}/:id`,
    permission: { module: USER_MENU, button: BUTTON.remove },
    summary: 'Delete a user (not an administrator, not yourself, not a department manager, nobody reporting to it)',
    params: idParams,
    async handler({ app, req, principal, params }) {
      await deleteUser(app, actorOf(req), principal, params.id);
      return ok(undefined, 'deleted');
    },
  }),
  route({
    method: 'POST',
    url: `${USERS_BASE}/:id/Actions/ResetPassword`,
    permission: { module: USER_MENU, button: BUTTON.resetPassword },
    summary:
      'Set a user’s password: userPassword and validatePassword are the md5 hex of the new password. Ends the user’s sessions.',
    params: idParams,
    body: z.object({ id: z.string().max(64).optional(), userPassword: md5Field, validatePassword: md5Field }),
    async handler({ app, req, principal, params, body, lang }) {
      if (body.userPassword.toLowerCase() !== body.validatePassword.toLowerCase())
        throw new ValidationError({ validatePassword: translateMessage(msg('mismatch'), lang) });
      await resetPassword(app, actorOf(req), principal, params.id, body.userPassword);
      return ok(undefined, 'done');
    },
  }),
  route({
    method: 'PUT',
    url: `${USERS_BASE}/:id/Actions/State`,
    permission: { module: USER_MENU, button: BUTTON.edit },
    summary: 'Disable a user (ends its sessions) or enable it again',
    params: idParams,
    async handler({ app, req, principal, params }) {
      await toggleUser(app, actorOf(req), principal, params.id);
      return ok(undefined, 'done');
    },
  }),
  route({
    method: 'PUT',
    url: `${USERS_BASE}/:id/Actions/unlock`,
    permission: { module: USER_MENU, button: BUTTON.unlock },
    summary: 'End a lock after too many wrong passwords',
    params: idParams,
    async handler({ app, req, params }) {
      await unlockUser(app, actorOf(req), params.id);
      return ok(undefined, 'done');
    },
  }),
  route({
    method: 'GET',
    url: `${USERS_BASE}/getWorkByUser`,
    permission: { module: USER_MENU },
    summary:
      'What a user could hand over: waiting and owned flows (none without a workflow engine) and permission groups',
    query: z.object({ fromId: idField }),
    async handler({ app, query }) {
      return ok(await workOf(app, query.fromId));
    },
  }),
  route({
    method: 'POST',
    url: `${USERS_BASE}/workHandover`,
    permission: { module: USER_MENU, button: BUTTON.handover },
    summary: 'Hand the chosen permission groups (permissionList) of fromId over to toId; marks fromId as handed over',
    body: z.object({
      fromId: idField,
      toId: idField,
      waitList: idList().optional(),
      chargeList: idList().optional(),
      flowList: idList().optional(),
      circulateList: idList().optional(),
      permissionList: idList(),
    }),
    async handler({ app, req, body }) {
      await workHandover(app, actorOf(req), body);
      return ok(undefined, m.handoverDone);
    },
  }),
];
