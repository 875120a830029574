// Sessions: opaque random tokens, stored as their sha-256 with user, address, device and times. Validated
// from an in-process cache; ending a session anywhere reaches every process through the bus at once.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { ResultCode } from '@jnpf/core';
import type { Db } from '../db/client.js';
import { session } from '../db/schema/index.js';
import type { Bus } from './kv.js';
import type { SysConfigService } from './sysConfig.js';

export type EndReason = 'logout' | 'password' | 'kicked' | 'replaced' | 'disabled' | 'expired';

export interface SessionInfo {
  id: string;
  userId: string;
  origin: string;
  ip: string;
  userAgent: string | null;
  createdAt: number;
}

interface Cached extends SessionInfo {
  lastSeenAt: number;
  persistedAt: number;
}

export type Resolution =
  | { ok: true; session: SessionInfo }
  | { ok: false; code: number; msgKey: 'sessionOverdue' | 'sessionOffline' | 'sessionKicked' | 'tokenInvalid' };

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const PERSIST_EVERY_MS = 60_000;
const CACHE_LIMIT = 200_000;
export const TOKEN_SCHEME = 'bearer ';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** the raw token from an Authorization value, with or without the scheme; null when malformed */
export function parseToken(value: string | undefined): string | null {
  if (!value) return null;
  let token = value.trim();
  if (/^bearer\s+/i.test(token)) token = token.replace(/^bearer\s+/i, '');
  return TOKEN_PATTERN.test(token) ? token : null;
}

export class SessionService {
  private readonly cache = new Map<string, Cached>();
  private readonly endedListeners: ((ids: string[], userId: string, reason: EndReason) => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly sysConfig: SysConfigService,
  ) {
    bus.subscribe('session:ended', (message) => {
      const { ids, userId, reason } = JSON.parse(message) as { ids: string[]; userId: string; reason: EndReason };
      for (const id of ids) this.cache.delete(id);
      for (const listener of this.endedListeners) listener(ids, userId, reason);
    });
    bus.subscribe('session:forgetAll', () => this.cache.clear());
  }

  /**
   * Forgets every cached session in every process: after the whole session table was replaced (a restored
   * backup), each session is read again from the table, which decides whether it still exists.
   */
  async forgetAll(): Promise<void> {
    this.cache.clear();
    await this.bus.publish('session:forgetAll', '');
  }

  /** realtime and other layers hear about every ended session, from any process */
  onEnded(listener: (ids: string[], userId: string, reason: EndReason) => void) {
    this.endedListeners.push(listener);
  }

  async create(input: { userId: string; origin: string; ip: string; userAgent: string | null }): Promise<{
    token: string;
    sessionId: string;
  }> {
    const token = randomBytes(32).toString('base64url');
    const id = hashToken(token);
    const now = Date.now();
    const config = await this.sysConfig.get();
    const timeoutMs = config.tokenTimeout * 60_000;
    await this.db.insert(session).values({
      id,
      userId: input.userId,
      origin: input.origin,
      ip: input.ip,
      userAgent: input.userAgent,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: now + timeoutMs,
    });
    if (config.singleLogin === 1)
      await this.endAllForUser(input.userId, 'replaced', { exceptId: id, origin: input.origin });
    this.remember({ ...input, id, createdAt: now, lastSeenAt: now, persistedAt: now });
    return { token: TOKEN_SCHEME + token, sessionId: id };
  }

  async resolve(authorization: string | undefined): Promise<Resolution> {
    const token = parseToken(authorization);
    if (!token) return { ok: false, code: ResultCode.SessionError, msgKey: 'tokenInvalid' };
    const id = hashToken(token);
    const timeoutMs = (await this.sysConfig.get()).tokenTimeout * 60_000;
    const now = Date.now();
    let entry = this.cache.get(id);
    if (!entry) {
      const [row] = await this.db.select().from(session).where(eq(session.id, id)).limit(1);
      if (!row) return { ok: false, code: ResultCode.SessionError, msgKey: 'tokenInvalid' };
      if (row.endedAt != null) return ended(row.endReason as EndReason);
      entry = {
        id,
        userId: row.userId,
        origin: row.origin,
        ip: row.ip,
        userAgent: row.userAgent,
        createdAt: row.createdAt,
        lastSeenAt: row.lastSeenAt,
        persistedAt: row.lastSeenAt,
      };
      this.remember(entry);
    }
    if (now - entry.lastSeenAt > timeoutMs) {
      await this.end([id], entry.userId, 'expired');
      return { ok: false, code: ResultCode.SessionOverdue, msgKey: 'sessionOverdue' };
    }
    entry.lastSeenAt = now;
    if (now - entry.persistedAt > PERSIST_EVERY_MS) {
      entry.persistedAt = now;
      // sliding expiry, written at most once a minute per session; losing one write costs nothing
      void this.db
        .update(session)
        .set({ lastSeenAt: now, expiresAt: now + timeoutMs })
        .where(eq(session.id, id))
        .catch(() => undefined);
    }
    return { ok: true, session: entry };
  }

  async end(ids: string[], userId: string, reason: EndReason): Promise<void> {
    if (!ids.length) return;
    const now = Date.now();
    for (const id of ids) {
      await this.db
        .update(session)
        .set({ endedAt: now, endReason: reason })
        .where(and(eq(session.id, id), isNull(session.endedAt)));
      this.cache.delete(id);
    }
    await this.bus.publish('session:ended', JSON.stringify({ ids, userId, reason }));
  }

  async endAllForUser(
    userId: string,
    reason: EndReason,
    options: { exceptId?: string; origin?: string } = {},
  ): Promise<string[]> {
    const conditions = [eq(session.userId, userId), isNull(session.endedAt)];
    if (options.exceptId) conditions.push(ne(session.id, options.exceptId));
    if (options.origin) conditions.push(eq(session.origin, options.origin));
    const rows = await this.db
      .update(session)
      .set({ endedAt: Date.now(), endReason: reason })
      .where(and(...conditions))
      .returning({ id: session.id });
    const ids = rows.map((r) => r.id);
    for (const id of ids) this.cache.delete(id);
    if (ids.length) await this.bus.publish('session:ended', JSON.stringify({ ids, userId, reason }));
    return ids;
  }

  private remember(entry: Cached) {
    if (this.cache.size >= CACHE_LIMIT) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(entry.id, entry);
  }
}

function ended(reason: EndReason | null): Resolution {
  if (reason === 'replaced') return { ok: false, code: ResultCode.SessionOffLine, msgKey: 'sessionOffline' };
  if (reason === 'kicked') return { ok: false, code: ResultCode.SessionOffLine, msgKey: 'sessionKicked' };
  return { ok: false, code: ResultCode.SessionOverdue, msgKey: 'sessionOverdue' };
}
