// Due jobs kept in the database (reminders and other timed work). A job fires once: the process that finds
// it due locks the row (for update skip locked), records the claim, runs the handler and marks it done, all
// in one transaction, so a second process skips it and a crash halfway rolls everything back for another try.
// Jobs that fell due while no process was running fire as soon as one starts. A recurring job (every()) is one
// row per period, named by the period, so that all processes together store each period once.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client.js';
import { scheduledJob } from '../db/schema/index.js';
import type { AppContext } from './context.js';
import { newId } from './ids.js';

export type JobRow = typeof scheduledJob.$inferSelect;

export interface JobContext {
  /** the transaction the claim is in: the handler's writes commit together with "done" */
  tx: Tx;
  job: JobRow;
  /** work for after the commit (socket pushes): never runs for a job that rolled back */
  after(fn: () => Promise<void> | void): void;
}

export type JobHandler = (payload: Record<string, unknown>, ctx: JobContext) => Promise<void>;

export interface SchedulerOptions {
  /** how often every process looks for due jobs */
  pollMs?: number;
  /** a job that failed this often is given up (its last error stays on the row) */
  maxAttempts?: number;
  /** jobs fired per look before yielding */
  batch?: number;
}

const DONE_KEPT_MS = 7 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;

export class Scheduler {
  /** recorded in claimed_by: which process fired a job */
  readonly processId = `${process.pid}-${randomBytes(4).toString('hex')}`;
  private readonly handlers = new Map<string, JobHandler>();
  /** recurring kinds and their intervals */
  private readonly recurring = new Map<string, number>();
  private readonly pollMs: number;
  private readonly maxAttempts: number;
  private readonly batch: number;
  private timer: NodeJS.Timeout | null = null;
  private wakeTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private recurringStored: Promise<void> | null = null;
  private stopped = true;
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
    options: SchedulerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.batch = options.batch ?? 100;
  }

  register(kind: string, handler: JobHandler) {
    this.handlers.set(kind, handler);
  }

  /**
   * A job that runs once per interval, in one process. Every run schedules the next period, and so do every
   * start and the hourly prune (a run that was given up does not end the series). A run is retried like any
   * job; a period missed while no process ran fires once, not once per missed period.
   */
  every(kind: string, intervalMs: number, handler: JobHandler) {
    if (!(intervalMs >= 1000)) throw new Error(`scheduler: interval of ${kind} too short`);
    this.recurring.set(kind, intervalMs);
    this.register(kind, async (payload, ctx) => {
      await handler(payload, ctx);
      // the period after the one that ran, even when the clock says it is not due yet
      await this.scheduleNextPeriod(ctx.tx, kind, intervalMs, Math.max(Date.now(), ctx.job.dueAt));
    });
  }

  /** stores the next period of every recurring kind unless some process already has */
  async scheduleRecurring(now = Date.now()): Promise<void> {
    for (const [kind, intervalMs] of this.recurring) await this.scheduleNextPeriod(this.db, kind, intervalMs, now);
  }

  private async scheduleNextPeriod(db: Db | Tx, kind: string, intervalMs: number, now: number) {
    const period = Math.floor(now / intervalMs) + 1;
    // the id names the period: a second process (or a second run) scheduling the same period adds nothing
    await db
      .insert(scheduledJob)
      .values({
        id: `every:${kind}:${period}`,
        kind,
        jobKey: `every:${kind}`,
        payload: {},
        dueAt: period * intervalMs,
        creatorTime: now,
      })
      .onConflictDoNothing();
  }

  /** stores a job (in the caller's transaction when given one); returns its id */
  async schedule(
    db: Db | Tx,
    job: { kind: string; dueAt: number; payload?: Record<string, unknown>; key?: string },
  ): Promise<string> {
    const id = newId();
    await db.insert(scheduledJob).values({
      id,
      kind: job.kind,
      jobKey: job.key ?? null,
      payload: job.payload ?? {},
      dueAt: job.dueAt,
      creatorTime: Date.now(),
    });
    this.wakeAt(job.dueAt);
    return id;
  }

  /** removes the pending jobs with these keys; returns how many */
  async cancel(db: Db | Tx, keys: string[]): Promise<number> {
    if (!keys.length) return 0;
    const rows = await db
      .delete(scheduledJob)
      .where(and(inArray(scheduledJob.jobKey, keys), isNull(scheduledJob.doneAt)))
      .returning({ id: scheduledJob.id });
    return rows.length;
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    if (this.recurring.size)
      this.recurringStored = this.scheduleRecurring().catch((err: unknown) => {
        if (!this.stopped) this.log.error({ err }, 'scheduler: recurring jobs not scheduled');
      });
    this.tick();
    this.timer = setInterval(() => this.tick(), this.pollMs);
    this.timer.unref();
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.timer = this.wakeTimer = null;
    await this.recurringStored;
    await this.running;
  }

  /** fires every job due now (what each poll does); returns how many fired */
  async runDue(now = Date.now()): Promise<number> {
    const kinds = [...this.handlers.keys()];
    if (!kinds.length) return 0;
    let fired = 0;
    for (let i = 0; i < this.batch; i++) {
      const outcome = await this.fireOne(kinds, now);
      if (outcome === 'none') break;
      if (outcome === 'fired') fired++;
    }
    if (now - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = now;
      await this.db.delete(scheduledJob).where(lt(scheduledJob.doneAt, now - DONE_KEPT_MS));
      await this.scheduleRecurring(now);
    }
    return fired;
  }

  private tick() {
    if (this.stopped || this.running) return;
    this.running = this.runDue()
      .then(() => undefined)
      .catch((err: unknown) => {
        if (!this.stopped) this.log.error({ err }, 'scheduler poll failed');
      })
      .finally(() => {
        this.running = null;
      });
  }

  /** a job due before the next poll wakes this process at its time (other processes find it on their poll) */
  private wakeAt(dueAt: number) {
    if (this.stopped) return;
    const wait = dueAt - Date.now();
    if (wait >= this.pollMs) return;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = setTimeout(() => this.tick(), Math.max(0, wait) + 5);
    this.wakeTimer.unref();
  }

  private async fireOne(kinds: string[], now: number): Promise<'fired' | 'failed' | 'none'> {
    const effects: (() => Promise<void> | void)[] = [];
    let current: JobRow | null = null;
    try {
      const job = await this.db.transaction(async (tx) => {
        const [due] = await tx
          .select()
          .from(scheduledJob)
          .where(
            and(
              isNull(scheduledJob.doneAt),
              isNull(scheduledJob.claimedAt),
              lte(scheduledJob.dueAt, now),
              inArray(scheduledJob.kind, kinds),
            ),
          )
          .orderBy(asc(scheduledJob.dueAt))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!due) return null;
        current = due;
        // the claim: the row lock keeps other processes out until commit; the columns say who fired it
        const [claimed] = await tx
          .update(scheduledJob)
          .set({ claimedBy: this.processId, claimedAt: Date.now() })
          .where(and(eq(scheduledJob.id, due.id), isNull(scheduledJob.claimedAt)))
          .returning();
        if (!claimed) return null;
        await this.handlers.get(claimed.kind)!(claimed.payload, { tx, job: claimed, after: (fn) => effects.push(fn) });
        await tx
          .update(scheduledJob)
          .set({ doneAt: Date.now(), attempts: sql`${scheduledJob.attempts} + 1` })
          .where(eq(scheduledJob.id, claimed.id));
        return claimed;
      });
      if (!job) return 'none';
    } catch (err) {
      const failed = current as JobRow | null;
      if (!failed) throw err;
      await this.recordFailure(failed, err);
      return 'failed';
    }
    for (const effect of effects) {
      try {
        await effect();
      } catch (err) {
        this.log.warn({ err }, 'scheduled job follow-up failed');
      }
    }
    return 'fired';
  }

  private async recordFailure(job: JobRow, err: unknown) {
    const attempts = job.attempts + 1;
    const givenUp = attempts >= this.maxAttempts;
    this.log.error({ err, jobId: job.id, kind: job.kind, attempts }, 'scheduled job failed');
    // retried later with a growing delay: 1 s, 4 s, 9 s, ...
    await this.db
      .update(scheduledJob)
      .set({
        attempts,
        lastError: String((err as Error)?.message ?? err).slice(0, 1000),
        dueAt: Date.now() + attempts * attempts * 1000,
        ...(givenUp ? { doneAt: Date.now(), claimedBy: 'failed' } : {}),
      })
      .where(eq(scheduledJob.id, job.id));
  }
}

const instances = new WeakMap<AppContext, Scheduler>();

/**
 * The app's scheduler, started on first use and stopped when the app closes. Modules register their job kinds
 * in their setup().
 */
export function schedulerOf(app: AppContext): Scheduler {
  let scheduler = instances.get(app);
  if (!scheduler) {
    scheduler = new Scheduler(app.db, app.log);
    instances.set(app, scheduler);
    const started = scheduler;
    app.realtime.onShutdown(() => {
      stoppedApps.add(app);
      return started.stop();
    });
    // started after the current setup pass, so every module has registered its kinds first
    setImmediate(() => {
      if (!stoppedApps.has(app)) started.start();
    });
  }
  return scheduler;
}

const stoppedApps = new WeakSet<AppContext>();

/** stops the app's background polling (tests use it to play a process that is down) */
export async function holdScheduler(app: AppContext): Promise<void> {
  stoppedApps.add(app);
  await instances.get(app)?.stop();
}
