// Changing one's own password. While the strength policy is on, the new password also comes AES-encrypted so
// that its plain text can be checked; the old one must match; when the policy says so, the new one must not
// repeat the recent ones. The previous hash goes to the history and the user's other sessions end.
import { desc, eq } from 'drizzle-orm';
import { aesEcbDecryptHex, checkPasswordPolicy, md5Hex, passwordMessages, type Language } from '@jnpf/core';
import { user, userPasswordHistory } from '../../db/schema/index.js';
import { writeAudit, type AuditActor } from '../../platform/audit.js';
import type { AppContext, Principal } from '../../platform/context.js';
import { invalidField, ValidationError } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/password.js';
import type { SysConfigValues } from '../../platform/sysConfig.js';
import { MODULE_NAME } from './service.js';
import { replacePassword } from '../users/index.js';

export interface PasswordChange {
  /** md5 hex of the current password */
  oldPassword: string;
  /** md5 hex of the new password */
  password: string;
  /** the new plain password, AES-encrypted like the sign-in cipher */
  encryptPassword?: string | undefined;
}

/** the new password against the strength policy, when it is on */
function checkStrength(
  app: AppContext,
  config: SysConfigValues,
  input: PasswordChange,
  newMd5: string,
  lang: Language,
) {
  if (config.passwordStrengthLimit !== 1) return;
  const plain = input.encryptPassword ? aesEcbDecryptHex(input.encryptPassword, app.config.cipherKey) : null;
  if (plain === null || md5Hex(plain) !== newMd5) throw invalidField('password', 'passwordFormat');
  const violations = checkPasswordPolicy(plain, config);
  if (violations.length) {
    const v = violations[0]!;
    const text = passwordMessages[v.key][lang].replace('{n}', String(v.params?.n ?? ''));
    throw new ValidationError({ password: text });
  }
}

export async function changeOwnPassword(
  app: AppContext,
  actor: AuditActor,
  principal: Principal,
  input: PasswordChange,
  lang: Language,
) {
  const config = await app.sysConfig.get();
  const newMd5 = input.password.toLowerCase();
  checkStrength(app, config, input, newMd5, lang);
  const [row] = await app.db.select().from(user).where(eq(user.id, principal.userId)).limit(1);
  if (!row || !(await verifyPassword(input.oldPassword, row.passwordHash, row.passwordSalt)))
    throw invalidField('oldPassword', 'oldPasswordWrong');
  if (config.disableOldPassword === 1) {
    const n = config.disableTheNumberOfOldPasswords;
    const history = await app.db
      .select()
      .from(userPasswordHistory)
      .where(eq(userPasswordHistory.userId, principal.userId))
      .orderBy(desc(userPasswordHistory.creatorTime))
      .limit(Math.max(0, n - 1));
    const previous = [{ passwordHash: row.passwordHash, passwordSalt: row.passwordSalt }, ...history];
    for (const h of previous.slice(0, n))
      if (await verifyPassword(newMd5, h.passwordHash, h.passwordSalt))
        throw invalidField('password', 'passwordReused', { n });
  }
  const next = await hashPassword(newMd5);
  const now = Date.now();
  await app.db.transaction(async (tx) => {
    await replacePassword(tx, row.id, row, next, now);
    await writeAudit(tx, actor, { moduleName: MODULE_NAME, action: 'modifyPassword', recordId: row.id });
  });
  await app.directory.changed(row.id);
  // every other session of this user ends at once; this one continues
  await app.sessions.endAllForUser(row.id, 'password', { exceptId: principal.sessionId });
}
