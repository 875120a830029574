// /api/system/OnlineUser: live sessions, and forcing them offline. A row's key
// ("userId", as the reference's clients read it) is the session id: the sha-256 of the token, never the token.
// A forced session ends everywhere at once: its next call answers 601 and its sockets get "logout".
import { and, count, desc, eq, gt, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { BUILT_IN_MENUS } from '@jnpf/core';
import { z } from 'zod';
import { session, user } from '../../db/schema/index.js';
import type { AppContext, Principal } from '../../platform/context.js';
import { writeAudit } from '../../platform/audit.js';
import { refuse } from '../../platform/errors.js';
import { containsPattern, offsetOf, pageQuery } from '../../platform/paging.js';
import { actorOf, browserOf, placeOf } from '../../platform/request.js';
import { ok, page } from '../../platform/result.js';
import { route, type Permission } from '../../platform/route.js';
import { m } from './messages.js';

const BASE = '/api/system/OnlineUser';
const ONLINE_USER_SCREEN = BUILT_IN_MENUS.onlineUser.enCode;
const sessionId = z.string().regex(/^[0-9a-f]{64}$/);
const forceOffline: Permission = { module: ONLINE_USER_SCREEN, button: 'btn_offline' };

const live = (now: number) => and(isNull(session.endedAt), gt(session.expiresAt, now))!;

/** ends the live ones of these sessions, refusing the caller's own */
async function kick(app: AppContext, req: Parameters<typeof actorOf>[0], principal: Principal, ids: string[]) {
  const rows = await app.db
    .select({ id: session.id, userId: session.userId })
    .from(session)
    .where(and(inArray(session.id, [...new Set(ids)]), live(Date.now())));
  if (rows.some((r) => r.userId === principal.userId)) throw refuse(m.notYourself);
  const byUser = new Map<string, string[]>();
  for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r.id]);
  for (const [userId, sessionIds] of byUser) {
    await app.sessions.end(sessionIds, userId, 'kicked');
    await writeAudit(app.db, actorOf(req), {
      moduleName: 'onlineUser',
      action: 'kick',
      recordId: userId,
      after: { sessions: sessionIds.length },
    });
  }
}

export const onlineUserRoutes = [
  route({
    method: 'GET',
    url: BASE,
    permission: { module: ONLINE_USER_SCREEN },
    summary: 'Live sessions, newest sign-in first; keyword matches name, account or address',
    query: pageQuery,
    async handler({ app, query }) {
      const conditions: SQL[] = [live(Date.now())];
      if (query.keyword) {
        const like = containsPattern(query.keyword);
        conditions.push(or(ilike(user.realName, like), ilike(user.account, like), ilike(session.ip, like))!);
      }
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        app.db
          .select({
            id: session.id,
            userId: session.userId,
            origin: session.origin,
            ip: session.ip,
            userAgent: session.userAgent,
            createdAt: session.createdAt,
            lastSeenAt: session.lastSeenAt,
            realName: user.realName,
            account: user.account,
          })
          .from(session)
          .innerJoin(user, eq(user.id, session.userId))
          .where(where)
          .orderBy(desc(session.createdAt))
          .limit(query.pageSize)
          .offset(offsetOf(query)),
        app.db.select({ n: count() }).from(session).innerJoin(user, eq(user.id, session.userId)).where(where),
      ]);
      const list = await Promise.all(
        rows.map(async (r) => {
          const { browser, platform } = browserOf(r.userAgent);
          const profile = await app.directory.get(r.userId);
          return {
            userId: r.id,
            sessionId: r.id,
            accountId: r.userId,
            userName: `${r.realName}/${r.account}`,
            account: r.account,
            loginTime: r.createdAt,
            lastTime: r.lastSeenAt,
            loginIPAddress: r.ip,
            loginAddress: placeOf(r.ip),
            loginSystem: platform,
            loginBrowser: browser,
            device: r.origin,
            organize: profile?.mainOrganize?.pathName ?? '',
          };
        }),
      );
      return page(list, { currentPage: query.currentPage, pageSize: query.pageSize, total: total?.n ?? 0 });
    },
  }),
  route({
    method: 'DELETE',
    url: `${BASE}/:id`,
    permission: forceOffline,
    summary: 'Force one session offline (not your own)',
    params: z.object({ id: sessionId }),
    async handler({ app, req, principal, params }) {
      await kick(app, req, principal, [params.id]);
      return ok(undefined, 'done');
    },
  }),
  route({
    method: 'DELETE',
    url: BASE,
    permission: forceOffline,
    summary: 'Force several sessions offline: body {ids} (none of them your own)',
    body: z.object({ ids: z.array(sessionId).min(1, `@${m.idsRequired}`).max(1000) }),
    async handler({ app, req, principal, body }) {
      await kick(app, req, principal, body.ids);
      return ok(undefined, 'done');
    },
  }),
];
