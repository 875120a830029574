// The audit log every write goes through: who, when, from where, which module and record, before and after.
import type { Db, Tx } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';
import { newId } from './ids.js';

export interface AuditEntry {
  moduleName: string;
  action: string;
  recordId?: string | null;
  before?: unknown;
  after?: unknown;
}

export interface AuditActor {
  userId: string | null;
  userName: string | null;
  ip: string;
  requestId: string;
}

const SECRET_KEYS = /password|secret|token|salt|hash|key$/i;

/** values written to the audit log never carry secrets */
export function redact(value: unknown, depth = 0): unknown {
  if (value == null || typeof value !== 'object' || depth > 6) return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.test(k) ? '***' : redact(v, depth + 1);
  return out;
}

export async function writeAudit(db: Db | Tx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    id: newId(),
    userId: actor.userId,
    userName: actor.userName,
    ip: actor.ip,
    requestId: actor.requestId,
    moduleName: entry.moduleName,
    action: entry.action,
    recordId: entry.recordId ?? null,
    before: entry.before === undefined ? null : redact(entry.before),
    after: entry.after === undefined ? null : redact(entry.after),
    creatorTime: Date.now(),
  });
}
