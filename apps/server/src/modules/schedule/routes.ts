// /api/system/Schedule: every signed-in user's own
// schedules. Update and delete take the scope: 1 this occurrence, 2 this and the following ones, 3 all.
import { z } from 'zod';
import { actorOf } from '../../platform/request.js';
import { createRoute } from '../../platform/recordRoutes.js';
import { ok } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import { scheduleFileRoutes } from './files.js';
import {
  createSchedule,
  deleteSchedule,
  listQuery,
  listSchedules,
  scheduleBody,
  scheduleDetail,
  scheduleInfo,
  scopeParam,
  updateSchedule,
} from './service.js';

const BASE = '/api/system/Schedule';
export const scheduleRoutes = [
  // attachments: read by the uploader and whoever sees a schedule naming them (files.ts)
  ...scheduleFileRoutes(BASE),
  route({
    method: 'GET',
    url: BASE,
    permission: 'signedIn',
    summary:
      'My schedules (created or taking part) overlapping startTime..endTime ("YYYY-MM-DD HH:mm" or ms; default this month): {list}',
    query: listQuery,
    async handler({ app, principal, query }) {
      return ok(await listSchedules(app, principal.userId, query));
    },
  }),
  createRoute({
    base: BASE,
    permission: 'signedIn',
    summary: 'Create a schedule; a repeating one makes an occurrence per repeat until repeatTime',
    body: scheduleBody,
    create: createSchedule,
  }),
  route({
    method: 'GET',
    url: `${BASE}/detail`,
    permission: 'signedIn',
    summary: 'The detail dialog: names instead of codes; "该日程已被删除" when it is gone',
    query: z.object({ id: z.string().trim().min(1).max(50), groupId: z.string().trim().max(50).default('') }),
    async handler({ app, principal, query, lang }) {
      return ok(await scheduleDetail(app, principal.userId, query.id, query.groupId, lang));
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/:id`,
    permission: 'signedIn',
    summary: 'One occurrence as the form edits it: body keys, toUserIds, files, version',
    params: z.object({ id: z.string().trim().min(1).max(50) }),
    async handler({ app, principal, params }) {
      return ok(await scheduleInfo(app, principal.userId, params.id));
    },
  }),
  route({
    method: 'PUT',
    url: `${BASE}/:id/:type`,
    permission: 'signedIn',
    summary: 'Change a schedule I created: type 1 this occurrence (it stops repeating), 2 this and following, 3 all',
    params: scopeParam,
    body: scheduleBody.extend({ version: z.coerce.number().int().min(0).nullish() }),
    async handler({ app, req, params, body }) {
      await updateSchedule(app, actorOf(req), params.id, params.type, body);
      return ok(undefined, 'updated');
    },
  }),
  route({
    method: 'DELETE',
    url: `${BASE}/:id/:type`,
    permission: 'signedIn',
    summary: 'Delete a schedule I created: type 1 this occurrence, 2 this and following, 3 all; participants are told',
    params: scopeParam,
    async handler({ app, req, params }) {
      await deleteSchedule(app, actorOf(req), params.id, params.type);
      return ok(undefined, 'deleted');
    },
  }),
];
