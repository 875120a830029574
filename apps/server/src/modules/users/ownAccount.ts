// Writes a signed-in user makes to their own account (profile fields, preferences, password), on behalf of the
// currentUser module: the user table and its password history belong to this module.
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { user, userPasswordHistory } from '../../db/schema/index.js';
import { newId } from '../../platform/ids.js';

export type OwnRowValues = Partial<typeof user.$inferInsert>;

/** updates fields of the user's own row */
export async function writeOwnRow(tx: Tx, userId: string, values: OwnRowValues): Promise<void> {
  await tx.update(user).set(values).where(eq(user.id, userId));
}

/** keeps the password being replaced in the history, then stores the new one */
export async function replacePassword(
  tx: Tx,
  userId: string,
  previous: { passwordHash: string; passwordSalt: string },
  next: { hash: string; salt: string },
  now = Date.now(),
): Promise<void> {
  await tx.insert(userPasswordHistory).values({
    id: newId(),
    userId,
    passwordHash: previous.passwordHash,
    passwordSalt: previous.passwordSalt,
    creatorTime: now,
  });
  await tx
    .update(user)
    .set({ passwordHash: next.hash, passwordSalt: next.salt, changePasswordDate: now, lastModifyTime: now })
    .where(eq(user.id, userId));
}
