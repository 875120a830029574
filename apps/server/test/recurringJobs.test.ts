// Every recurring job of the platform (the hourly purge of interface call logs, the sweep of unheld uploads)
// fires at the top of the hour without holding the database up. A job runs inside the scheduler's transaction:
// on the embedded database a statement outside it waits for that transaction to end, so a job reaching past its
// transaction stopped the whole server at HH:00 (seen in CI as every later call of a test file timing out).
import { and, inArray, isNull, lte } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { scheduledJob } from '../src/db/schema/index.js';
import { schedulerOf } from '../src/platform/scheduler.js';
import { api, ctx, useAdminServer } from './kit/adminServer.js';

useAdminServer();

const RECURRING = ['dataInterface.purgeLogs', 'file.chunkSweep'];

describe('recurring jobs', () => {
  it('fire at the top of the hour, and the server keeps answering', async () => {
    const later = Date.now() + 2 * 3600_000;
    const due = () =>
      ctx()
        .db.select({ kind: scheduledJob.kind })
        .from(scheduledJob)
        .where(and(inArray(scheduledJob.kind, RECURRING), isNull(scheduledJob.doneAt), lte(scheduledJob.dueAt, later)));
    // each start schedules the next period of every recurring job
    expect((await due()).map((j) => j.kind).sort()).toEqual([...RECURRING].sort());
    await Promise.race([
      schedulerOf(ctx()).runDue(later),
      new Promise((_, reject) => setTimeout(() => reject(new Error('a recurring job held the database')), 20_000)),
    ]);
    expect(await due()).toEqual([]);
    expect((await api.get('/api/oauth/CurrentUser')).code).toBe(200);
  }, 60_000);
});
