// The main system, created at first start: the development platform every built-in screen belongs to.
import type { Tx } from '../../db/client.js';
import { system } from '../../db/schema/index.js';
import { newId } from '../../platform/ids.js';
import { MAIN_SYSTEM_CODE } from '../../platform/menus.js';

/** creates the main system; answers its id */
export async function seedMainSystem(tx: Tx, now: number): Promise<string> {
  const id = newId();
  await tx.insert(system).values({
    id,
    fullName: '开发平台',
    enCode: MAIN_SYSTEM_CODE,
    icon: 'icon-ym icon-ym-systemSet',
    isMain: 1,
    sortCode: 0,
    creatorTime: now,
  });
  return id;
}
