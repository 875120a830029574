// Names of the users a list mentions, loaded once per list: "Name/account" as the reference shows them.
import { userRealName, type Language } from '@jnpf/core';
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { user } from '../../db/schema/index.js';

export interface Person {
  id: string;
  realName: string;
  account: string;
  headIcon: string;
  enabledMark: number;
  organizeId: string | null;
}

export const avatarPath = (name: string | null | undefined) => `/api/file/Image/userAvatar/${name || '001.png'}`;

export async function peopleById(db: Db | Tx, ids: (string | null | undefined)[]): Promise<Map<string, Person>> {
  const unique = [...new Set(ids.filter((id): id is string => !!id))];
  const out = new Map<string, Person>();
  for (let i = 0; i < unique.length; i += 1000) {
    const rows = await db
      .select({
        id: user.id,
        realName: user.realName,
        account: user.account,
        headIcon: user.headIcon,
        enabledMark: user.enabledMark,
        organizeId: user.organizeId,
      })
      .from(user)
      .where(inArray(user.id, unique.slice(i, i + 1000)));
    for (const r of rows) out.set(r.id, r);
  }
  return out;
}

/** "Name/account", or '' for nobody; a seeded user's name in the caller's language */
export const displayName = (p: Pick<Person, 'realName' | 'account'> | undefined, lang: Language = 'zh') =>
  p ? `${userRealName(p.account, p.realName, lang)}/${p.account}` : '';

/** at most this many people are remembered; past it the cache starts over */
const PERSON_CACHE_MAX = 20_000;

/**
 * The chat's view of people (name, account, avatar, state), remembered per process: sending a message needs its
 * sender and recipient, and asking the database twice per message is most of the embedded database's work at
 * hundreds of messages a second. A change to a user ("directory:changed" on the bus, from any process) drops it.
 */
export class PersonCache {
  private readonly people = new Map<string, Person>();

  constructor(
    private readonly db: Db,
    bus: { subscribe(channel: string, handler: (message: string) => void): void },
  ) {
    bus.subscribe('directory:changed', (userId) => {
      if (userId === '*') this.people.clear();
      else this.people.delete(userId);
    });
  }

  async get(ids: string[]): Promise<Map<string, Person>> {
    const missing = ids.filter((id) => id && !this.people.has(id));
    if (missing.length) {
      const found = await peopleById(this.db, missing);
      if (this.people.size + found.size > PERSON_CACHE_MAX) this.people.clear();
      for (const [id, person] of found) this.people.set(id, person);
    }
    const out = new Map<string, Person>();
    for (const id of ids) {
      const person = this.people.get(id);
      if (person) out.set(id, person);
    }
    return out;
  }
}
