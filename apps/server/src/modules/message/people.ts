// Names of the users a list mentions, loaded once per list: "Name/account" as the reference shows them.
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

/** "Name/account", or '' for nobody */
export const displayName = (p: Person | undefined) => (p ? `${p.realName}/${p.account}` : '');
