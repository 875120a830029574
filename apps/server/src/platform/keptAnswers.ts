// Whole answers of busy read calls (a list's page), kept as the JSON text they were sent as. A kept answer is
// dropped, in every process, by any message on the bus channels of what it shows (users, grants, organisations,
// dictionaries, records), and ends on its own after a short time: a row written past the services (a restored
// backup, another tool) shows within that time, as a lock that runs out does. The key must hold everything that
// decides what the caller sees: the rendered query with its parameters (the caller's data scope included), the
// page and the language.
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
  text: string;
  until: number;
}

export class KeptAnswers {
  private readonly answers = new Map<string, Kept>();
  /** answers being built: calls asking for the same key meanwhile wait for that one instead of building it too */
  private readonly building = new Map<string, Promise<string>>();
  private generation = 0;

  constructor(
    bus: Bus,
    readonly options: KeptAnswersOptions,
  ) {
    for (const channel of options.channels) bus.subscribe(channel, () => this.drop());
  }

  /** the kept text of this key while it stands */
  get(key: string): string | undefined {
    const kept = this.answers.get(key);
    if (!kept) return undefined;
    if (kept.until > Date.now()) return kept.text;
    this.answers.delete(key);
    return undefined;
  }

  /** taken before reading what an answer is built from: a change announced after it keeps that answer out */
  mark(): number {
    return this.generation;
  }

  /** keeps the answer unless a change was announced since `mark`; `until` may end it sooner (a lock running out) */
  keep(key: string, text: string, mark: number, until = Infinity) {
    if (mark !== this.generation) return;
    const end = Math.min(Date.now() + this.options.maxAgeMs, until);
    this.answers.delete(key);
    if (this.answers.size >= this.options.limit) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(key, { text, until: end });
  }

  /**
   * The kept answer of `key`, the one being built for it, or the one `build` gives (kept unless `keep` is false).
   * `mark` is taken before anything the answer shows was read.
   */
  async answer(
    key: string,
    mark: number,
    build: () => Promise<{ text: string; until?: number; keep?: boolean }>,
  ): Promise<string> {
    const kept = this.get(key);
    if (kept !== undefined) return kept;
    const underway = this.building.get(key);
    if (underway) return underway;
    const built = build().then(({ text, until, keep = true }) => {
      if (keep) this.keep(key, text, mark, until);
      return text;
    });
    this.building.set(key, built);
    const done = () => {
      if (this.building.get(key) === built) this.building.delete(key);
    };
    built.then(done, done);
    return built;
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

/** sends JSON text as it is; awaiting it waits until it is sent, so the route layer adds no envelope */
export async function sendJsonText(reply: FastifyReply, text: string): Promise<void> {
  await reply.header('content-type', 'application/json; charset=utf-8').send(text);
}
