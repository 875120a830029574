// /api/system/InterfaceOauth: outside applications (接口认证) behind their menu; and the outside call
// GET|POST /api/system/DataInterface/{id}/Actions/Response, public but signed (oauth.ts), logged per app.
import { and, ilike, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { interfaceOauth } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { refuse } from '../../platform/errors.js';
import { commaIds, idParams } from '../../platform/fields.js';
import { containsPattern, pageOfRows, pageQuery } from '../../platform/paging.js';
import { createRoute, recordWriteRoutes } from '../../platform/recordRoutes.js';
import { actorOf } from '../../platform/request.js';
import { ok, page } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import { interfaceById } from './interfaces.js';
import { logged, logsOfApp } from './logs.js';
import { AUTH_MENU } from './menus.js';
import { creatorNames } from './names.js';
import {
  authenticateApp,
  createOauth,
  deleteOauth,
  newAppSecret,
  oauthBody,
  oauthById,
  oauthInfo,
  saveInterfaceList,
  signedHeaders,
  toggleOauth,
  updateOauth,
} from './oauth.js';
import { m } from './messages.js';
import { executeInterface, paramValues } from './runtime.js';

const BASE = '/api/system/InterfaceOauth';
const read = { module: AUTH_MENU };

async function mayEdit(app: AppContext, req: FastifyRequest) {
  try {
    await app.guard.check(req, { module: AUTH_MENU, button: 'btn_edit' }, app);
    return true;
  } catch {
    return false;
  }
}

async function respond(app: AppContext, req: FastifyRequest, id: string, input: unknown) {
  const oauth = await authenticateApp(app, req, id);
  const row = await interfaceById(app.db, id);
  if (!row) throw refuse('notFound');
  if (row.enabledMark !== 1) throw refuse(m.disabled);
  const source = (input ?? {}) as Record<string, unknown>;
  const params = Array.isArray(source.paramList)
    ? paramValues(source.paramList as { field?: string; defaultValue?: unknown }[])
    : source;
  const data = await logged(
    app,
    req,
    { interfaceId: row.id, userId: null, userName: oauth.appId, oauthAppId: oauth.id, method: req.method },
    () => executeInterface({ app, caller: null }, row, { params }),
  );
  return ok(data ?? null, m.requested);
}

const responseInput = z.record(z.string().max(100), z.unknown()).default({});

export const authRoutes = [
  route({
    method: 'GET',
    url: BASE,
    permission: read,
    summary: 'Outside applications, paged (keyword: appId, name)',
    query: pageQuery,
    async handler({ app, query }) {
      const conditions: (SQL | undefined)[] = [];
      if (query.keyword) {
        const like = containsPattern(query.keyword);
        conditions.push(or(ilike(interfaceOauth.appId, like), ilike(interfaceOauth.appName, like)));
      }
      const { rows, pagination } = await pageOfRows(app.db, interfaceOauth, and(...conditions), query);
      const names = await creatorNames(
        app.db,
        rows.map((r) => r.creatorUserId),
      );
      return page(
        rows.map((r) => ({
          id: r.id,
          appId: r.appId,
          appName: r.appName,
          usefulLife: r.usefulLife,
          verifySignature: r.verifySignature,
          enabledMark: r.enabledMark,
          sortCode: r.sortCode,
          creatorTime: r.creatorTime,
          creatorUser: names.get(r.creatorUserId ?? '') ?? '',
        })),
        pagination,
      );
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/getAppSecret`,
    permission: read,
    summary: 'A new random secret',
    async handler() {
      return ok(newAppSecret());
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/saveInterfaceList`,
    permission: { module: AUTH_MENU, button: 'btn_edit' },
    summary: 'Sets the interfaces an application may call',
    body: z.object({
      interfaceIdentId: z.string().min(1).max(64),
      dataInterfaceIds: z.union([commaIds(500), z.array(z.string().max(64)).max(500)]).default([]),
    }),
    async handler({ app, req, body }) {
      const ids = Array.isArray(body.dataInterfaceIds) ? body.dataInterfaceIds : [];
      await saveInterfaceList(app, actorOf(req), body.interfaceIdentId, ids);
      return ok(undefined, 'saved');
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/dataInterfaceLog/:id`,
    permission: read,
    summary: "An application's calls, newest first",
    params: idParams,
    query: pageQuery,
    async handler({ app, params, query }) {
      const { list, pagination } = await logsOfApp(app, params.id, query);
      return page(list, pagination);
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/:id`,
    permission: read,
    summary: 'One application with its interfaces; the secret only for holders of btn_edit',
    params: idParams,
    async handler({ app, req, params }) {
      const row = await oauthById(app.db, params.id);
      if (!row) throw refuse('notFound');
      return ok(await oauthInfo(app, row, await mayEdit(app, req)));
    },
  }),
  createRoute({
    base: BASE,
    permission: { module: AUTH_MENU, button: 'btn_add' },
    summary: 'Create an application (the secret is stored encrypted)',
    body: oauthBody,
    create: createOauth,
  }),
  ...recordWriteRoutes({
    base: BASE,
    permission: (button) => ({ module: AUTH_MENU, button }),
    params: idParams,
    body: oauthBody,
    summaries: {
      update: 'Update an application; an empty secret keeps the stored one',
      remove: 'Delete an application',
      state: 'Enable or disable an application',
    },
    update: updateOauth,
    remove: deleteOauth,
    toggle: toggleOauth,
  }),
  route({
    method: 'POST',
    url: '/api/system/DataInterface/Actions/GetAuth',
    permission: { module: AUTH_MENU, button: 'btn_edit' },
    summary: "Signed headers for one outside GET call of an interface by an app (the reference's intefaceId spelling)",
    query: z.object({ appId: z.string().trim().min(1).max(100), intefaceId: z.string().trim().min(1).max(64) }),
    async handler({ app, query }) {
      return ok(await signedHeaders(app, query.appId, query.intefaceId));
    },
  }),
  route({
    method: 'GET',
    url: '/api/system/DataInterface/:id/Actions/Response',
    permission: 'public',
    summary:
      'Outside call of an interface (X-App-Id, X-Timestamp, X-Nonce, X-Signature); query keys are its parameters',
    params: idParams,
    query: responseInput,
    rateLimit: { max: 600, timeWindowMs: 60_000 },
    async handler({ app, req, params, query }) {
      return respond(app, req, params.id, query);
    },
  }),
  route({
    method: 'POST',
    url: '/api/system/DataInterface/:id/Actions/Response',
    permission: 'public',
    summary: 'Outside call of an interface (signed); the JSON body gives its parameters (or paramList)',
    params: idParams,
    body: responseInput,
    rateLimit: { max: 600, timeWindowMs: 60_000 },
    async handler({ app, req, params, body }) {
      return respond(app, req, params.id, body);
    },
  }),
];
