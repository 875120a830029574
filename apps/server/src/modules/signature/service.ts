// Electronic seals: the rules (unique name and code, existing users, a real image) and the transactions.
import { and, asc, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { signature, signatureUser, user } from '../../db/schema/index.js';
import { writeAudit, type AuditActor } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { invalidField, refuse } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { nameOrCodeContains, pageOfRows, pageQuery } from '../../platform/paging.js';
import { updateVersioned } from '../../platform/crud.js';
import { msg } from '../../platform/validation.js';
import { m } from './messages.js';

/** decoded size limit of an image sent inline */
export const MAX_ICON_BYTES = 1024 * 1024;
const MAX_ICON_REF_LENGTH = 500;

const DATA_URL = /^data:image\/(png|jpeg|gif|webp|bmp);base64,([A-Za-z0-9+/]+={0,2})$/;
// an uploaded image: a file name, a path on this site or an http(s) address, ending in an image extension
const IMAGE_REF = /^(?:https?:\/\/[^\s"'<>\\]+|\/?[^\s"'<>\\:]+)\.(?:png|jpe?g|gif|webp|bmp)(?:\?[^\s"'<>\\]*)?$/i;

/** the file's first bytes must be what its declared type says */
const MAGIC: Record<string, (b: Buffer) => boolean> = {
  png: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpeg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  gif: (b) => b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a',
  webp: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  bmp: (b) => b.subarray(0, 2).toString('latin1') === 'BM',
};

export function validIcon(icon: string): boolean {
  const data = DATA_URL.exec(icon);
  if (data) {
    const [, type, base64] = data as unknown as [string, string, string];
    // base64 length tells the decoded size before decoding anything large
    if (Math.floor((base64.length * 3) / 4) > MAX_ICON_BYTES + 2) return false;
    const bytes = Buffer.from(base64, 'base64');
    return bytes.length > 0 && bytes.length <= MAX_ICON_BYTES && MAGIC[type]!(bytes);
  }
  return icon.length <= MAX_ICON_REF_LENGTH && IMAGE_REF.test(icon) && !/^\/\//.test(icon);
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

export const signatureBody = z.object({
  fullName: z
    .string({ error: msg(m.fullNameRequired) })
    .trim()
    .min(1, { error: msg(m.fullNameRequired) })
    .max(50, { error: msg(m.fullNameTooLong) })
    .refine((v) => !CONTROL.test(v), { error: msg(m.textInvalid) }),
  enCode: z
    .string({ error: msg(m.enCodeRequired) })
    .trim()
    .min(1, { error: msg(m.enCodeRequired) })
    .max(50, { error: msg(m.enCodeFormat) })
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, { error: msg(m.enCodeFormat) }),
  userIds: z
    .array(z.string().trim().min(1).max(50), { error: msg(m.userIdsRequired) })
    .min(1, { error: msg(m.userIdsRequired) })
    .max(500),
  icon: z
    .string({ error: msg(m.iconRequired) })
    .min(1, { error: msg(m.iconRequired) })
    // a 1 MB image is about 1.4 MB of base64
    .max(1_500_000, { error: msg(m.iconInvalid) })
    .refine(validIcon, { error: msg(m.iconInvalid) }),
  sortCode: z.coerce.number().int().min(0).max(999_999).default(0),
  description: z
    .string()
    .max(500)
    .refine((v) => !CONTROL.test(v.replace(/[\r\n\t]/g, '')), { error: msg(m.textInvalid) })
    .nullish(),
});
export type SignatureBody = z.infer<typeof signatureBody>;

export const signatureListQuery = pageQuery.extend({ userId: z.string().trim().max(50).default('') });

/** what the audit log keeps of a seal: the image itself can be a megabyte, its size is enough */
const auditView = (s: Partial<typeof signature.$inferSelect>, userIds?: string[]) => ({
  ...s,
  icon: s.icon === undefined ? undefined : s.icon.startsWith('data:') ? `<image ${s.icon.length} characters>` : s.icon,
  ...(userIds ? { userIds } : {}),
});

/** the unique index a failed insert or update ran into, if that is why it failed */
function violatedConstraint(err: unknown): string | null {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

async function checkUnique(tx: Tx, body: SignatureBody, exceptId?: string) {
  const notSelf = exceptId ? ne(signature.id, exceptId) : undefined;
  const [byName] = await tx
    .select({ id: signature.id })
    .from(signature)
    .where(and(eq(signature.fullName, body.fullName), notSelf))
    .limit(1);
  if (byName) throw refuse('nameExists');
  const [byCode] = await tx
    .select({ id: signature.id })
    .from(signature)
    .where(and(eq(signature.enCode, body.enCode), notSelf))
    .limit(1);
  if (byCode) throw refuse('codeExists');
}

async function checkUsers(tx: Tx, userIds: string[]) {
  const ids = [...new Set(userIds)];
  const [found] = await tx.select({ n: count() }).from(user).where(inArray(user.id, ids));
  if ((found?.n ?? 0) !== ids.length) throw invalidField('userIds', m.userMissing);
  return ids;
}

/** runs a write; a concurrent duplicate caught by the unique index gets the same refusal as the check */
async function uniquely<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const constraint = violatedConstraint(err);
    if (constraint === null) throw err;
    throw refuse(constraint === 'base_signature_code_uq' ? 'codeExists' : 'nameExists');
  }
}

export async function listSignatures(app: AppContext, q: z.infer<typeof signatureListQuery>) {
  const conditions: (SQL | undefined)[] = [nameOrCodeContains(signature, q.keyword)];
  if (q.userId) {
    const ids = app.db
      .select({ id: signatureUser.signatureId })
      .from(signatureUser)
      .where(eq(signatureUser.userId, q.userId));
    conditions.push(inArray(signature.id, ids));
  }
  const where = and(...conditions);
  const { rows, pagination } = await pageOfRows(app.db, signature, where, q);
  const users = rows.length
    ? await app.db
        .select({ signatureId: signatureUser.signatureId, realName: user.realName, account: user.account })
        .from(signatureUser)
        .innerJoin(user, eq(user.id, signatureUser.userId))
        .where(
          inArray(
            signatureUser.signatureId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(user.account))
    : [];
  const list = rows.map((r) => ({
    id: r.id,
    fullName: r.fullName,
    enCode: r.enCode,
    creatorTime: r.creatorTime,
    // the reference shows the authorised users as "name/account", separated by "；"
    userIds: users
      .filter((u) => u.signatureId === r.id)
      .map((u) => `${u.realName}/${u.account}`)
      .join('；'),
  }));
  return { list, pagination };
}

const selectorColumns = {
  id: signature.id,
  fullName: signature.fullName,
  enCode: signature.enCode,
  icon: signature.icon,
};

export async function selector(app: AppContext) {
  return app.db
    .select(selectorColumns)
    .from(signature)
    .where(eq(signature.enabledMark, 1))
    .orderBy(asc(signature.sortCode), desc(signature.creatorTime));
}

/** the seals among ids that the caller may use */
export async function listByIds(app: AppContext, userId: string, ids: string[]) {
  if (!ids.length) return [];
  return app.db
    .select(selectorColumns)
    .from(signature)
    .innerJoin(signatureUser, and(eq(signatureUser.signatureId, signature.id), eq(signatureUser.userId, userId)))
    .where(and(inArray(signature.id, [...new Set(ids)]), eq(signature.enabledMark, 1)))
    .orderBy(asc(signature.sortCode), desc(signature.creatorTime));
}

export async function signatureInfo(app: AppContext, id: string) {
  const [row] = await app.db.select().from(signature).where(eq(signature.id, id)).limit(1);
  if (!row) throw refuse('notFound');
  const users = await app.db
    .select({ userId: signatureUser.userId })
    .from(signatureUser)
    .where(eq(signatureUser.signatureId, id))
    .orderBy(asc(signatureUser.creatorTime), asc(signatureUser.userId));
  return {
    id: row.id,
    fullName: row.fullName,
    enCode: row.enCode,
    userIds: users.map((u) => u.userId),
    icon: row.icon,
    sortCode: row.sortCode,
    description: row.description ?? '',
    creatorTime: row.creatorTime,
    version: row.version,
  };
}

export async function createSignature(app: AppContext, actor: AuditActor, body: SignatureBody): Promise<string> {
  const id = newId();
  await uniquely(() =>
    app.db.transaction(async (tx) => {
      await checkUnique(tx, body);
      const userIds = await checkUsers(tx, body.userIds);
      const now = Date.now();
      const row = {
        id,
        fullName: body.fullName,
        enCode: body.enCode,
        icon: body.icon,
        sortCode: body.sortCode,
        description: body.description ?? null,
        creatorTime: now,
        creatorUserId: actor.userId,
      };
      await tx.insert(signature).values(row);
      await tx.insert(signatureUser).values(userIds.map((userId) => ({ signatureId: id, userId, creatorTime: now })));
      await writeAudit(tx, actor, {
        moduleName: 'signature',
        action: 'create',
        recordId: id,
        after: auditView(row, userIds),
      });
    }),
  );
  return id;
}

export async function updateSignature(
  app: AppContext,
  actor: AuditActor,
  id: string,
  body: SignatureBody & { version?: number | null | undefined },
) {
  await uniquely(() =>
    app.db.transaction(async (tx) => {
      const [before] = await tx.select().from(signature).where(eq(signature.id, id)).limit(1);
      if (!before) throw refuse('updateNotFound');
      await checkUnique(tx, body, id);
      const userIds = await checkUsers(tx, body.userIds);
      const beforeUsers = (await tx.select().from(signatureUser).where(eq(signatureUser.signatureId, id))).map(
        (u) => u.userId,
      );
      const after = await updateVersioned(tx, signature, id, body.version, {
        fullName: body.fullName,
        enCode: body.enCode,
        icon: body.icon,
        sortCode: body.sortCode,
        description: body.description ?? null,
        lastModifyTime: Date.now(),
        lastModifyUserId: actor.userId,
      });
      await tx.delete(signatureUser).where(eq(signatureUser.signatureId, id));
      const now = Date.now();
      await tx.insert(signatureUser).values(userIds.map((userId) => ({ signatureId: id, userId, creatorTime: now })));
      await writeAudit(tx, actor, {
        moduleName: 'signature',
        action: 'update',
        recordId: id,
        before: auditView(before, beforeUsers),
        after: auditView(after, userIds),
      });
    }),
  );
}

export async function deleteSignature(app: AppContext, actor: AuditActor, id: string) {
  await app.db.transaction(async (tx) => {
    const [before] = await tx.delete(signature).where(eq(signature.id, id)).returning();
    if (!before) throw refuse('deleteNotFound');
    const users = await tx.delete(signatureUser).where(eq(signatureUser.signatureId, id)).returning();
    await writeAudit(tx, actor, {
      moduleName: 'signature',
      action: 'delete',
      recordId: id,
      before: auditView(
        before,
        users.map((u) => u.userId),
      ),
    });
  });
}
