// What signing in records on a user: wrong passwords counted, the lock they lead to and its end, and the last
// sign-ins. The sign-in itself (oauth) decides when.
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { user } from '../../db/schema/index.js';

/** a timed lock that has run out: the account is enabled again with no wrong passwords counted */
export async function endLock(db: Db | Tx, userId: string): Promise<void> {
  await db.update(user).set({ enabledMark: 1, logErrorCount: 0, unlockTime: null }).where(eq(user.id, userId));
}

/** a successful sign-in: counts it, moves the last sign-in to the previous one, and clears wrong passwords */
export async function recordSignIn(
  db: Db | Tx,
  row: { id: string; lastLogTime: number | null; lastLogIp: string | null },
  ip: string,
  now: number,
): Promise<void> {
  await db
    .update(user)
    .set({
      logErrorCount: 0,
      logSuccessCount: sql`${user.logSuccessCount} + 1`,
      prevLogTime: row.lastLogTime,
      prevLogIp: row.lastLogIp,
      lastLogTime: now,
      lastLogIp: ip,
    })
    .where(eq(user.id, row.id));
}

/** counts one more wrong password; answers how many there are now */
export async function countWrongPassword(db: Db | Tx, userId: string): Promise<number> {
  const [updated] = await db
    .update(user)
    .set({ logErrorCount: sql`${user.logErrorCount} + 1` })
    .where(eq(user.id, userId))
    .returning({ count: user.logErrorCount });
  return updated?.count ?? 0;
}

/** locks the account until unlockTime, or until an administrator unlocks it (null) */
export async function lockAccount(db: Db | Tx, userId: string, unlockTime: number | null): Promise<void> {
  await db.update(user).set({ enabledMark: 2, unlockTime }).where(eq(user.id, userId));
}
