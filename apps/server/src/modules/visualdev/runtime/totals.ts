// Totals of large record lists, kept a moment: counting 100,000 records of a model (more so with search
// conditions over their values) costs tens of milliseconds on every page, the page itself about one. Only totals
// of recordCountKeeping.fromRecords records and more are kept, per model and condition (its SQL and
// parameters), for recordCountKeeping.ms at most; every kept total of a model is dropped in every process once a
// write to its records has committed (recordsChanged). Smaller lists are counted at every call. When a kept
// total runs out, one call counts again and the calls meanwhile wait for that count instead of counting too.
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context.js';

export const recordCountKeeping = {
  /** totals from this many records on are kept */
  fromRecords: 1000,
  /** for at most this long (tests lengthen it to see the invalidation alone) */
  ms: 1000,
};
const KEPT_PER_MODEL = 200;
/** the bus channel on which a committed write to a model's records is announced (its id) */
export const RECORDS_CHANNEL = 'visualdev:records';
const CHANNEL = RECORDS_CHANNEL;
const dialect = new PgDialect();

interface KeptTotal {
  n: number;
  until: number;
  /** the count under way once it ran out, which the calls meanwhile share */
  pending?: Promise<number>;
}

class Totals {
  /** model id → condition key → total */
  private readonly byModel = new Map<string, Map<string, KeptTotal>>();
  /** grows with every change: a count that ran across a change is not kept */
  generation = 0;

  constructor(app: AppContext) {
    app.shared.bus.subscribe(CHANNEL, (modelId) => this.drop(modelId));
  }

  of(modelId: string) {
    let kept = this.byModel.get(modelId);
    if (!kept) this.byModel.set(modelId, (kept = new Map()));
    return kept;
  }

  drop(modelId: string) {
    this.generation++;
    if (modelId === '*') this.byModel.clear();
    else this.byModel.delete(modelId);
  }
}
const totals = new WeakMap<AppContext, Totals>();

function totalsOf(app: AppContext): Totals {
  let t = totals.get(app);
  if (!t) totals.set(app, (t = new Totals(app)));
  return t;
}

/** after a write to records of `modelId` has committed: every process counts them again */
export async function recordsChanged(app: AppContext, modelId: string): Promise<void> {
  totalsOf(app).drop(modelId);
  await app.shared.bus.publish(CHANNEL, modelId);
}

/** how a list call gets its total: `kept` (known), `shared` (another call is counting) or counted by this call */
export interface TotalPlan {
  kept?: number;
  shared?: Promise<number>;
  /** this call counts: hand the total (or the failure) over; it is kept when large enough */
  settle(total: number): void;
  fail(err: unknown): void;
}

/** the total of the records of `modelId` matching `where`, as far as it is kept */
export function totalPlan(app: AppContext, modelId: string, where: SQL): TotalPlan {
  const all = totalsOf(app);
  const kept = all.of(modelId);
  const rendered = dialect.sqlToQuery(where);
  const key = `${rendered.sql}\u0000${JSON.stringify(rendered.params)}`;
  const generation = all.generation;
  const entry = kept.get(key);
  if (entry && entry.until > Date.now()) return { kept: entry.n, settle() {}, fail() {} };
  if (entry?.pending) return { shared: entry.pending, settle() {}, fail() {} };
  let resolve: ((n: number) => void) | undefined;
  let reject: ((err: unknown) => void) | undefined;
  if (entry) {
    // it ran out: the calls until this one has counted wait for its count
    entry.pending = new Promise<number>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    entry.pending.catch(() => undefined);
  }
  return {
    settle(total) {
      resolve?.(total);
      if (entry) delete entry.pending;
      if (all.generation !== generation || total < recordCountKeeping.fromRecords) {
        if (entry) kept.delete(key);
        return;
      }
      if (kept.size >= KEPT_PER_MODEL) kept.clear();
      kept.set(key, { n: total, until: Date.now() + recordCountKeeping.ms });
    },
    fail(err) {
      reject?.(err);
      if (entry) delete entry.pending;
    },
  };
}
