// The signed-in user's handwritten signatures: at most ten, one of them the default (the first one added is).
// Changes to the count or the default lock the user's row first, so concurrent requests are counted one after
// another.
import { and, count, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { user, userSignImg } from '../../db/schema/index.js';
import { writeAudit, type AuditActor } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { refuse } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { MODULE_NAME } from './service.js';

const SIGN_LIMIT = 10;

async function lockSignatures(tx: Tx, userId: string) {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
}

/** a change of the user's signatures, audited in its transaction; the cached profile is refreshed after */
async function changeSignatures(
  app: AppContext,
  actor: AuditActor,
  userId: string,
  change: (tx: Tx) => Promise<{ recordId: string; action: string } | null>,
): Promise<void> {
  const done = await app.db.transaction(async (tx) => {
    const audit = await change(tx);
    if (audit) await writeAudit(tx, actor, { moduleName: MODULE_NAME, ...audit });
    return audit !== null;
  });
  if (!done) throw refuse('notFound');
  await app.directory.changed(userId);
}

export async function ownSignatures(app: AppContext, userId: string) {
  return app.db
    .select({
      id: userSignImg.id,
      signImg: userSignImg.signImg,
      isDefault: userSignImg.isDefault,
      creatorTime: userSignImg.creatorTime,
    })
    .from(userSignImg)
    .where(eq(userSignImg.userId, userId))
    .orderBy(desc(userSignImg.creatorTime));
}

/** adds a signature (a data URL); it becomes the default when asked or when it is the first. Answers its id */
export async function addSignature(
  app: AppContext,
  actor: AuditActor,
  userId: string,
  signImg: string,
  isDefault: boolean,
): Promise<string> {
  const id = newId();
  await changeSignatures(app, actor, userId, async (tx) => {
    await lockSignatures(tx, userId);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(userSignImg).where(eq(userSignImg.userId, userId));
    if (n >= SIGN_LIMIT) throw refuse('signImgLimit', { n: SIGN_LIMIT });
    const makeDefault = isDefault || n === 0;
    if (makeDefault) await tx.update(userSignImg).set({ isDefault: 0 }).where(eq(userSignImg.userId, userId));
    await tx
      .insert(userSignImg)
      .values({ id, userId, signImg, isDefault: makeDefault ? 1 : 0, creatorTime: Date.now() });
    return { recordId: id, action: 'addSignImg' };
  });
  return id;
}

export async function deleteSignature(app: AppContext, actor: AuditActor, userId: string, id: string) {
  await changeSignatures(app, actor, userId, async (tx) => {
    const rows = await tx
      .delete(userSignImg)
      .where(and(eq(userSignImg.id, id), eq(userSignImg.userId, userId)))
      .returning({ id: userSignImg.id });
    return rows.length ? { recordId: id, action: 'deleteSignImg' } : null;
  });
}

export async function makeDefaultSignature(app: AppContext, actor: AuditActor, userId: string, id: string) {
  await changeSignatures(app, actor, userId, async (tx) => {
    await lockSignatures(tx, userId);
    const [row] = await tx
      .select({ id: userSignImg.id })
      .from(userSignImg)
      .where(and(eq(userSignImg.id, id), eq(userSignImg.userId, userId)));
    if (!row) return null;
    await tx.update(userSignImg).set({ isDefault: 0 }).where(eq(userSignImg.userId, userId));
    await tx.update(userSignImg).set({ isDefault: 1 }).where(eq(userSignImg.id, id));
    return { recordId: id, action: 'defaultSignImg' };
  });
}
