// The scheduler over a real database: due jobs fire once, future ones wait, failures are retried and then
// given up, effects wait for the commit, and several schedulers racing over one table share the work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { auditLog, scheduledJob } from '../db/schema/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { writeAudit } from './audit.js';
import { Scheduler, type JobHandler } from './scheduler.js';

let server: TestServer;
const ctx = () => server.platform.context;
const actor = { userId: null, userName: 'scheduler', ip: '', requestId: 'test' };

/** a handler that leaves an audit row per firing, so firings can be counted */
const recording =
  (kind: string): JobHandler =>
  async (_payload, { tx, job }) => {
    await writeAudit(tx, actor, { moduleName: 'schedulerTest', action: kind, recordId: job.id });
  };

async function firings(ids: string[]) {
  const rows = await ctx()
    .db.select({ recordId: auditLog.recordId })
    .from(auditLog)
    .where(and(eq(auditLog.moduleName, 'schedulerTest'), inArray(auditLog.recordId, ids)));
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.recordId!, (counts.get(r.recordId!) ?? 0) + 1);
  return counts;
}

const jobRow = async (id: string) => (await ctx().db.select().from(scheduledJob).where(eq(scheduledJob.id, id)))[0]!;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('scheduler', () => {
  it('fires due jobs once, leaves future ones, and records who fired them', async () => {
    const s = new Scheduler(ctx().db, ctx().log);
    s.register('t.once', recording('t.once'));
    const due = await s.schedule(ctx().db, { kind: 't.once', dueAt: Date.now() - 1000, payload: { a: 1 } });
    const later = await s.schedule(ctx().db, { kind: 't.once', dueAt: Date.now() + 60_000 });
    expect(await s.runDue()).toBe(1);
    expect(await s.runDue()).toBe(0);
    expect(await firings([due, later])).toEqual(new Map([[due, 1]]));
    const row = await jobRow(due);
    expect(row.claimedBy).toBe(s.processId);
    expect(row.doneAt).not.toBeNull();
    expect(row.attempts).toBe(1);
    expect((await jobRow(later)).doneAt).toBeNull();
    // a job of a kind this scheduler does not know waits for one that does
    const foreign = await s.schedule(ctx().db, { kind: 't.unknown', dueAt: Date.now() - 1 });
    expect(await s.runDue()).toBe(0);
    expect((await jobRow(foreign)).claimedAt).toBeNull();
  });

  it('cancels pending jobs by key', async () => {
    const s = new Scheduler(ctx().db, ctx().log);
    s.register('t.cancel', recording('t.cancel'));
    const id = await s.schedule(ctx().db, { kind: 't.cancel', dueAt: Date.now() - 1, key: 'thing:1' });
    expect(await s.cancel(ctx().db, ['thing:1'])).toBe(1);
    expect(await s.runDue()).toBe(0);
    expect(await firings([id])).toEqual(new Map());
  });

  it('rolls a failed job back (its effects and follow-ups too), retries it later, then gives up', async () => {
    const s = new Scheduler(ctx().db, ctx().log, { maxAttempts: 2 });
    let followUps = 0;
    s.register('t.fail', async (_p, { tx, job, after }) => {
      await writeAudit(tx, actor, { moduleName: 'schedulerTest', action: 'fail', recordId: job.id });
      after(() => {
        followUps++;
      });
      throw new Error('boom');
    });
    const id = await s.schedule(ctx().db, { kind: 't.fail', dueAt: Date.now() - 1 });
    await s.runDue();
    let row = await jobRow(id);
    expect(row).toMatchObject({ attempts: 1, lastError: 'boom', claimedAt: null, doneAt: null });
    expect(row.dueAt).toBeGreaterThan(Date.now());
    expect(await firings([id])).toEqual(new Map());
    expect(followUps).toBe(0);
    await s.runDue(row.dueAt + 1);
    row = await jobRow(id);
    expect(row).toMatchObject({ attempts: 2, claimedBy: 'failed' });
    expect(row.doneAt).not.toBeNull();
    expect(await s.runDue(Date.now() + 3_600_000)).toBe(0);
  });

  it('runs follow-ups after the commit', async () => {
    const s = new Scheduler(ctx().db, ctx().log);
    const seen: boolean[] = [];
    s.register('t.after', async (_p, { job, after }) => {
      after(async () => {
        seen.push((await jobRow(job.id)).doneAt !== null);
      });
    });
    await s.schedule(ctx().db, { kind: 't.after', dueAt: Date.now() - 1 });
    await s.runDue();
    expect(seen).toEqual([true]);
  });

  it('several schedulers racing over one table fire every job exactly once', async () => {
    const schedulers = Array.from({ length: 3 }, () => new Scheduler(ctx().db, ctx().log, { pollMs: 20 }));
    for (const s of schedulers)
      s.register('t.race', async (payload, c) => {
        await new Promise((r) => setTimeout(r, 2));
        await recording('t.race')(payload, c);
      });
    const ids: string[] = [];
    for (let i = 0; i < 30; i++)
      ids.push(await schedulers[0]!.schedule(ctx().db, { kind: 't.race', dueAt: Date.now() - 1 }));
    for (const s of schedulers) s.start();
    const end = Date.now() + 15_000;
    while ((await firings(ids)).size < ids.length && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    for (const s of schedulers) await s.stop();
    const counts = await firings(ids);
    expect(counts.size).toBe(ids.length);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const claimers = await ctx()
      .db.select({ by: scheduledJob.claimedBy })
      .from(scheduledJob)
      .where(inArray(scheduledJob.id, ids));
    expect(claimers.every((c) => schedulers.some((s) => s.processId === c.by))).toBe(true);
  });

  it('stores each period of a recurring job once however many processes schedule it, and runs it once', async () => {
    const hour = 3600_000;
    const runs: number[] = [];
    const schedulers = Array.from({ length: 2 }, () => new Scheduler(ctx().db, ctx().log));
    for (const s of schedulers)
      s.every('t.every', hour, async (_payload, { job }) => {
        runs.push(job.dueAt);
      });
    // far ahead of the real clock, so that no period of it is due in the background
    const now = (Math.floor(Date.now() / hour) + 1000) * hour + 1234;
    await Promise.all(schedulers.map((s) => s.scheduleRecurring(now)));
    await schedulers[0]!.scheduleRecurring(now);
    const pending = async () =>
      (await ctx().db.select().from(scheduledJob).where(eq(scheduledJob.jobKey, 'every:t.every')))
        .filter((j) => j.doneAt === null)
        .map((j) => j.dueAt);
    const next = Math.ceil(now / hour) * hour;
    expect(await pending()).toEqual([next]);
    expect(await schedulers[1]!.runDue(next - 1)).toBe(0);
    expect(await schedulers[1]!.runDue(next + 1)).toBe(1);
    expect(await schedulers[0]!.runDue(next + 2)).toBe(0);
    expect(runs).toEqual([next]);
    // the run scheduled the period after its own
    expect(await pending()).toEqual([next + hour]);
    expect(() => schedulers[0]!.every('t.fast', 10, async () => undefined)).toThrow();
  });
});
