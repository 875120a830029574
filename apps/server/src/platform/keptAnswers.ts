// Whole answers of busy read calls (a list's page), kept as the JSON text they were sent as. A kept answer is
// dropped, in every process, by any message on the bus channels of what it shows (users, grants, organisations,
// dictionaries, records), and ends on its own after a short time: a row written past the services (a restored
// backup, another tool) shows within that time, as a lock that runs out does. The key must hold everything that
// decides what the caller sees: the rendered query with its parameters (the caller's data scope included), the
// page and the language.
// An answer whose time ran out (nothing announced a change) is still sent while one call builds it again, so
// that the calls arriving meanwhile do not all wait for that build: that wait, once a second under load, was
// the user list's p99. It is sent at most `maxAgeMs` past its time, and never past an `until` of its own.
// Answers are kept as UTF-8 bytes: a page of 10–20 kB sent as a string is measured and encoded again on every
// send, which was the largest share of a kept answer's time (profiled on CurrentUser).
import type { FastifyReply } from 'fastify';
import type { Bus } from './kv.js';

export interface KeptAnswersOptions {
  /** the bus channels whose every message drops every kept answer */
  channels: readonly string[];
  /** at most this many answers are kept (the oldest go first) */
  limit: number;
  /** an answer is kept this long at most */
  maxAgeMs: number;
}

interface Kept {
  bytes: Buffer;
  until: number;
  /** sendable while it is built again until then (its own `until` allows no such grace) */
  staleUntil: number;
}

export class KeptAnswers {
  private readonly answers = new Map<string, Kept>();
  /** answers being built: calls asking for the same key meanwhile wait for that one instead of building it too */
  private readonly building = new Map<string, Promise<Buffer>>();
  private generation = 0;

  constructor(
    bus: Bus,
    readonly options: KeptAnswersOptions,
  ) {
    for (const channel of options.channels) bus.subscribe(channel, () => this.drop());
  }

  /** the kept answer of this key while it stands */
  get(key: string): Buffer | undefined {
    const kept = this.answers.get(key);
    if (!kept) return undefined;
    const now = Date.now();
    if (kept.until > now) return kept.bytes;
    if (kept.staleUntil <= now) this.answers.delete(key);
    return undefined;
  }

  /** taken before reading what an answer is built from: a change announced after it keeps that answer out */
  mark(): number {
    return this.generation;
  }

  /** keeps the answer unless a change was announced since `mark`; `until` may end it sooner (a lock running out) */
  keep(key: string, bytes: Buffer, mark: number, until = Infinity) {
    if (mark !== this.generation) return;
    const aged = Date.now() + this.options.maxAgeMs;
    const end = Math.min(aged, until);
    this.answers.delete(key);
    if (this.answers.size >= this.options.limit) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(key, {
      bytes,
      until: end,
      staleUntil: until <= aged ? end : Math.min(aged + this.options.maxAgeMs, until),
    });
  }

  /**
   * The kept answer of `key`, the one being built for it, or the one `build` gives (kept unless `keep` is false).
   * `mark` is taken before anything the answer shows was read.
   */
  async answer(
    key: string,
    mark: number,
    build: () => Promise<{ text: string; until?: number; keep?: boolean }>,
  ): Promise<Buffer> {
    const kept = this.answers.get(key);
    const now = Date.now();
    if (kept && kept.until > now) return kept.bytes;
    const stale = kept && kept.staleUntil > now ? kept.bytes : undefined;
    const underway = this.building.get(key);
    if (underway) return stale ?? underway;
    const built = build().then(({ text, until, keep = true }) => {
      const bytes = Buffer.from(text);
      if (keep) this.keep(key, bytes, mark, until);
      return bytes;
    });
    this.building.set(key, built);
    const done = () => {
      if (this.building.get(key) === built) this.building.delete(key);
    };
    built.then(done, done);
    if (stale === undefined) return built;
    // this caller has its answer; a failed build only means the next call builds again
    built.catch(() => undefined);
    return stale;
  }

  /** forgets every answer kept in this process; calls from now on do not wait for one built before */
  drop() {
    this.generation++;
    this.answers.clear();
    this.building.clear();
  }

  get size() {
    return this.answers.size;
  }
}

/** one KeptAnswers per app and name, made on first use */
export function keptAnswersOf(app: { shared: { bus: Bus } }, name: string, options: KeptAnswersOptions): KeptAnswers {
  let byName = registry.get(app);
  if (!byName) registry.set(app, (byName = new Map()));
  let kept = byName.get(name);
  if (!kept) byName.set(name, (kept = new KeptAnswers(app.shared.bus, options)));
  return kept;
}
const registry = new WeakMap<object, Map<string, KeptAnswers>>();

/**
 * Sends JSON as it is, best as UTF-8 bytes kept from an earlier send; awaiting it waits until it is sent, so the
 * route layer adds no envelope.
 */
export async function sendJsonText(reply: FastifyReply, json: string | Buffer): Promise<void> {
  await reply.header('content-type', 'application/json; charset=utf-8').send(json);
}
