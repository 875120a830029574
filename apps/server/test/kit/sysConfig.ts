// System settings changed straight in the store for a test, and put back after it.
import type { AppContext } from '../../src/platform/context.js';
import { sysConfigDefaults, type SysConfigValues } from '../../src/platform/sysConfig.js';

/** saves these settings over the current ones; every server sees them at once */
export async function setSysConfig(app: AppContext, patch: Partial<SysConfigValues>) {
  const values = { ...(await app.sysConfig.get()), ...patch };
  await app.db.transaction(async (tx) => app.sysConfig.save(tx, values));
  await app.sysConfig.changed();
}

/** puts every setting back to its default */
export async function resetSysConfig(app: AppContext) {
  await app.db.transaction(async (tx) => app.sysConfig.save(tx, sysConfigDefaults()));
  await app.sysConfig.changed();
}
