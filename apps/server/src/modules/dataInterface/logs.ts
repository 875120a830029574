// Call logs (§6.3): every call of an interface with its time, caller, address, device, method and duration,
// kept DATA_INTERFACE_LOG_DAYS days (purged hourly).
import { and, count, desc, eq, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { dataInterface, dataInterfaceLog } from '../../db/schema/index.js';
import type { Db, Tx } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/ids.js';
import { containsPattern, offsetOf, type PageQuery } from '../../platform/paging.js';
import { browserOf, userAgentOf } from '../../platform/request.js';

export interface CallRecord {
  interfaceId: string;
  userId: string | null;
  userName: string | null;
  oauthAppId?: string | null;
  method: string;
  startedAt: number;
  success: boolean;
  error?: string | null;
}

const deviceOf = (req: FastifyRequest) => {
  const ua = userAgentOf(req);
  const { browser, platform } = browserOf(ua);
  return `${platform} ${browser}`.trim().slice(0, 200);
};

/** records a call; a failure to record never fails the call */
export async function recordCall(app: AppContext, req: FastifyRequest, rec: CallRecord) {
  try {
    await app.db.insert(dataInterfaceLog).values({
      id: newId(),
      interfaceId: rec.interfaceId,
      invokTime: rec.startedAt,
      userId: rec.userId,
      userName: rec.userName,
      invokIp: req.ip,
      invokDevice: deviceOf(req),
      invokType: rec.method,
      invokWasteTime: Date.now() - rec.startedAt,
      oauthAppId: rec.oauthAppId ?? null,
      success: rec.success ? 1 : 0,
      errorText: rec.error?.slice(0, 500) ?? null,
    });
  } catch (err) {
    app.log.warn({ err }, 'data interface call log not written');
  }
}

/** runs `call` and records it, answered or refused */
export async function logged<T>(
  app: AppContext,
  req: FastifyRequest,
  base: Omit<CallRecord, 'startedAt' | 'success'>,
  call: () => Promise<T>,
): Promise<T> {
  const startedAt = Date.now();
  try {
    const result = await call();
    await recordCall(app, req, { ...base, startedAt, success: true });
    return result;
  } catch (err) {
    await recordCall(app, req, { ...base, startedAt, success: false, error: String((err as Error)?.message ?? err) });
    throw err;
  }
}

const logRow = (r: typeof dataInterfaceLog.$inferSelect) => ({
  id: r.id,
  invokTime: r.invokTime,
  userId: r.userName ?? r.userId ?? '',
  invokIp: r.invokIp ?? '',
  invokDevice: r.invokDevice ?? '',
  invokType: r.invokType,
  invokWasteTime: r.invokWasteTime,
  success: r.success,
  errorText: r.errorText ?? '',
});

async function pageOf(app: AppContext, where: SQL | undefined, q: PageQuery) {
  const [rows, [total]] = await Promise.all([
    app.db
      .select({ log: dataInterfaceLog, fullName: dataInterface.fullName })
      .from(dataInterfaceLog)
      .leftJoin(dataInterface, eq(dataInterface.id, dataInterfaceLog.interfaceId))
      .where(where)
      .orderBy(desc(dataInterfaceLog.invokTime), desc(dataInterfaceLog.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    app.db
      .select({ n: count() })
      .from(dataInterfaceLog)
      .leftJoin(dataInterface, eq(dataInterface.id, dataInterfaceLog.interfaceId))
      .where(where),
  ]);
  return {
    list: rows.map((r) => ({ ...logRow(r.log), fullName: r.fullName ?? '' })),
    pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: total?.n ?? 0 },
  };
}

const keywordOf = (keyword: string) =>
  keyword
    ? or(
        ilike(dataInterfaceLog.userName, containsPattern(keyword)),
        ilike(dataInterfaceLog.invokIp, containsPattern(keyword)),
        ilike(dataInterface.fullName, containsPattern(keyword)),
      )
    : undefined;

export const logsOfInterface = (app: AppContext, interfaceId: string, q: PageQuery) =>
  pageOf(app, and(eq(dataInterfaceLog.interfaceId, interfaceId), keywordOf(q.keyword)), q);

export const logsOfApp = (app: AppContext, appId: string, q: PageQuery) =>
  pageOf(app, and(eq(dataInterfaceLog.oauthAppId, appId), keywordOf(q.keyword)), q);

/** drops logs older than the configured days; answers how many */
export async function purgeLogs(app: AppContext, db: Db | Tx = app.db): Promise<number> {
  const before = Date.now() - app.config.dataInterface.logDays * 24 * 3600 * 1000;
  const gone = await db
    .delete(dataInterfaceLog)
    .where(lt(dataInterfaceLog.invokTime, before))
    .returning({ id: dataInterfaceLog.id });
  return gone.length;
}
