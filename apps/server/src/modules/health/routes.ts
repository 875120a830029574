// GET /api/health: the process is up and can reach its database (and Redis when configured).
import { ok } from '../../platform/result.js';
import { route } from '../../platform/route.js';

export const healthRoutes = [
  route({
    method: 'GET',
    url: '/api/health',
    permission: 'public',
    summary: 'Liveness with database and Redis reachability',
    async handler({ app, reply }) {
      const started = Date.now();
      const database = await app.database
        .query('select 1 as ok')
        .then(() => 'ok' as const)
        .catch(() => 'unreachable' as const);
      const redis = app.shared.redis
        ? await app.shared.redis
            .ping()
            .then(() => 'ok' as const)
            .catch(() => 'unreachable' as const)
        : 'not configured';
      const healthy = database === 'ok' && redis !== 'unreachable';
      if (!healthy) void reply.status(200);
      return ok({
        status: healthy ? 'ok' : 'degraded',
        database,
        databaseKind: app.database.kind,
        redis,
        ms: Date.now() - started,
      });
    },
  }),
];
