// "Name/account" of the users who created the listed rows.
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { user } from '../../db/schema/index.js';

export async function creatorNames(db: Db, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((i): i is string => !!i))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: user.id, realName: user.realName, account: user.account })
    .from(user)
    .where(inArray(user.id, wanted));
  return new Map(rows.map((r) => [r.id, `${r.realName}/${r.account}`]));
}
