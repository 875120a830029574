// Saving the configuration and choosing the administrators: the rules and the transactions.
import { eq, inArray } from 'drizzle-orm';
import type { Language } from '@jnpf/core';
import { user } from '../../db/schema/index.js';
import type { AuditActor } from '../../platform/audit.js';
import { writeAudit } from '../../platform/audit.js';
import type { AppContext, Principal } from '../../platform/context.js';
import { invalidField, refuse } from '../../platform/errors.js';
import { ipAllowed } from '../../platform/request.js';
import { sysConfigSchema, type SysConfigValues } from '../../platform/sysConfig.js';
import { validate } from '../../platform/validation.js';
import { setAdministrators } from '../users/index.js';
import { m } from './messages.js';

/** keys the reference sets itself on every save, whatever the client sends */
const FORCED = { isLog: '1', sysTheme: '1', pageSize: 30, lastLoginTime: 1 } satisfies Partial<SysConfigValues>;

/**
 * Applies the keys sent over the current configuration (keys not sent keep their value), forces the
 * reference's fixed keys and the version (read-only on the screen), checks every key and their combinations,
 * and saves in one transaction with an audit row of what changed. Every process applies it at once.
 */
export async function saveConfig(
  app: AppContext,
  actor: AuditActor,
  lang: Language,
  ip: string,
  sent: Partial<SysConfigValues>,
): Promise<SysConfigValues> {
  const current = await app.sysConfig.get();
  const provided = Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== undefined));
  const next = validate(
    sysConfigSchema,
    { ...current, ...provided, ...FORCED, sysVersion: current.sysVersion },
    lang,
    'body',
  );
  // the whitelist applies at sign-in: saving one that leaves out the saver would lock them out
  if (next.whitelistSwitch === 1 && !ipAllowed(ip, next.whiteListIp))
    throw invalidField('whiteListIp', m.whitelistExcludesYou, { ip: ip.replace(/^::ffff:/, '') });
  const changed = (Object.keys(next) as (keyof SysConfigValues)[]).filter(
    (k) => String(current[k]) !== String(next[k]),
  );
  await app.db.transaction(async (tx) => {
    await app.sysConfig.save(tx, next);
    // secrets among the keys are redacted by the audit layer
    await writeAudit(tx, actor, {
      moduleName: 'sysConfig',
      action: 'update',
      recordId: 'SysConfig',
      before: Object.fromEntries(changed.map((k) => [k, current[k]])),
      after: Object.fromEntries(changed.map((k) => [k, next[k]])),
    });
  });
  await app.sysConfig.changed();
  return next;
}

export async function adminList(app: AppContext) {
  return app.db
    .select({ id: user.id, account: user.account, realName: user.realName })
    .from(user)
    .where(eq(user.isAdministrator, 1))
    .orderBy(user.sortCode, user.creatorTime);
}

/**
 * Makes exactly these users the administrators. Only an administrator may do it (it grants everything), and
 * never so that they lose the right themselves or no enabled administrator remains.
 */
export async function setAdminList(app: AppContext, actor: AuditActor, principal: Principal, adminIds: string[]) {
  const ids = [...new Set(adminIds)];
  if (!principal.isAdministrator) throw refuse(m.adminOnly);
  if (!ids.includes(principal.userId)) throw refuse(m.adminKeepSelf);
  await app.db.transaction(async (tx) => {
    const chosen = await tx
      .select({ id: user.id, enabledMark: user.enabledMark })
      .from(user)
      .where(inArray(user.id, ids));
    if (chosen.length !== ids.length) throw invalidField('adminIds', m.adminUserMissing);
    if (!chosen.some((u) => u.enabledMark === 1)) throw refuse(m.adminNoneEnabled);
    const before = (await tx.select({ id: user.id }).from(user).where(eq(user.isAdministrator, 1))).map((u) => u.id);
    await setAdministrators(tx, ids, principal.userId, Date.now());
    await writeAudit(tx, actor, {
      moduleName: 'sysConfig',
      action: 'setAdminList',
      recordId: 'adminList',
      before: { adminIds: before },
      after: { adminIds: ids },
    });
  });
  // administrators are granted everything: every cached profile and grant set must be recomputed
  await app.directory.changed('*');
  await app.grants.changed('*');
}
