// Seeding the menus a module declares for its screens, in its data migration. Existing menus (matched by
// enCode) and buttons are kept; a screen that moves to a new address readdresses its seeded menu.
import { BUTTON_NAMES, type BuiltInMenu } from '@jnpf/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { module, moduleButton, system } from '../../db/schema/index.js';
import { newId } from '../../platform/ids.js';
import { MAIN_SYSTEM_CODE, type MenuDeclaration } from '../../platform/menus.js';
import type { DataMigrationSpec } from '../../platform/module.js';

/**
 * the data migration `name` of a module that seeds the menus it declares for its screens, after `before` has
 * seeded what the screens need first (the dictionary a field of theirs uses)
 */
export const menuSeedMigration = (
  name: string,
  declarations: readonly MenuDeclaration[],
  before?: (tx: Tx) => Promise<unknown>,
): DataMigrationSpec => ({
  name,
  async run(tx) {
    await before?.(tx);
    await seedMenus(tx, declarations);
  },
});

export async function seedMenus(tx: Tx, declarations: readonly MenuDeclaration[], systemCode = MAIN_SYSTEM_CODE) {
  const [sys] = await tx.select({ id: system.id }).from(system).where(eq(system.enCode, systemCode)).limit(1);
  if (!sys) throw new Error(`seedMenus: system ${systemCode} does not exist`);
  const now = Date.now();
  for (const d of declarations) {
    const find = async (enCode: string) =>
      (
        await tx
          .select({ id: module.id })
          .from(module)
          .where(and(eq(module.systemId, sys.id), eq(module.category, 'Web'), eq(module.enCode, enCode)))
          .limit(1)
      )[0]?.id;
    let id = await find(d.enCode);
    if (!id) {
      const parentId = d.parent ? await find(d.parent) : '-1';
      if (!parentId) throw new Error(`seedMenus: parent ${d.parent} of ${d.enCode} is not declared`);
      id = newId();
      const isPage = d.type !== 1;
      await tx.insert(module).values({
        id,
        parentId,
        systemId: sys.id,
        category: 'Web',
        type: d.type,
        fullName: d.fullName,
        enCode: d.enCode,
        icon: d.icon,
        urlAddress: d.urlAddress ?? null,
        linkTarget: d.linkTarget ?? '_self',
        propertyJson: d.propertyJson ?? JSON.stringify({ iconBackgroundColor: '', isTree: 0 }),
        isButtonAuthorize: isPage ? 1 : 0,
        isColumnAuthorize: isPage ? 1 : 0,
        isFormAuthorize: isPage ? 1 : 0,
        isDataAuthorize: isPage ? 1 : 0,
        sortCode: d.sortCode,
        enabledMark: 1,
        creatorTime: now,
      });
    }
    for (const [i, code] of (d.buttons ?? []).entries()) {
      const [existing] = await tx
        .select({ id: moduleButton.id })
        .from(moduleButton)
        .where(and(eq(moduleButton.moduleId, id), eq(moduleButton.enCode, code)))
        .limit(1);
      if (!existing)
        await tx.insert(moduleButton).values({
          id: newId(),
          moduleId: id,
          // seeded in Chinese, as the reference stores it; shown in the caller's language (core's builtInNames)
          fullName: BUTTON_NAMES[code].zh,
          enCode: code,
          sortCode: i,
          enabledMark: 1,
          creatorTime: now,
        });
    }
  }
}

/** the data migration `name` that moves the seeded menu of `screen` from the address `from` to the one it has now */
export const menuAddressMigration = (name: string, screen: BuiltInMenu, from: string): DataMigrationSpec => ({
  name,
  run: (tx) => readdressSeededMenu(tx, { enCode: screen.enCode, from, to: screen.urlAddress }),
});

/**
 * Moves a seeded menu (matched by enCode) from the address its screen had to the one it has now, for databases
 * seeded before the move. A menu whose address an administrator changed is left as it is.
 */
export async function readdressSeededMenu(
  tx: Tx,
  move: { enCode: string; from: string; to: string },
  systemCode = MAIN_SYSTEM_CODE,
) {
  const [sys] = await tx.select({ id: system.id }).from(system).where(eq(system.enCode, systemCode)).limit(1);
  if (!sys) return;
  await tx
    .update(module)
    .set({ urlAddress: move.to, lastModifyTime: Date.now(), version: sql`${module.version} + 1` })
    .where(
      and(
        eq(module.systemId, sys.id),
        eq(module.category, 'Web'),
        eq(module.enCode, move.enCode),
        eq(module.urlAddress, move.from),
      ),
    );
}
