// Administrators: the account created at first start, and making exactly the chosen users administrators
// (the system configuration screen decides who).
import { md5Hex } from '@jnpf/core';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { user } from '../../db/schema/index.js';
import { newId } from '../../platform/ids.js';
import { hashPassword } from '../../platform/password.js';
import { replaceUserRelations } from '../organize/index.js';

export const ADMIN_ACCOUNT = 'admin';

/** creates the administrator account in the root organisation, with the configured first password */
export async function seedAdministrator(
  tx: Tx,
  input: { password: string; organizeId: string; systemId: string; now: number },
): Promise<void> {
  const id = newId();
  const password = await hashPassword(md5Hex(input.password));
  await tx.insert(user).values({
    id,
    account: ADMIN_ACCOUNT,
    realName: '管理员',
    passwordHash: password.hash,
    passwordSalt: password.salt,
    gender: 1,
    organizeId: input.organizeId,
    isAdministrator: 1,
    systemId: input.systemId,
    theme: 'classic',
    creatorTime: input.now,
  });
  await replaceUserRelations(tx, id, { Organize: [input.organizeId], Position: [], Role: [], Group: [] }, input.now);
}

/** makes exactly these users administrators; whoever changes gets a new authorisation stamp */
export async function setAdministrators(tx: Tx, ids: readonly string[], byUserId: string, now: number) {
  const stamp = { authStamp: sql`${user.authStamp} + 1`, lastModifyTime: now, lastModifyUserId: byUserId };
  await tx
    .update(user)
    .set({ isAdministrator: 1, ...stamp })
    .where(and(inArray(user.id, [...ids]), eq(user.isAdministrator, 0)));
  await tx
    .update(user)
    .set({ isAdministrator: 0, ...stamp })
    .where(and(eq(user.isAdministrator, 1), notInArray(user.id, [...ids])));
}
