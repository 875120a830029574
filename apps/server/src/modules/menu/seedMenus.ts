// Seeding the menus a module declares for its screens, in its data migration. Existing menus (matched by
// enCode) and buttons are kept.
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { module, moduleButton, system } from '../../db/schema/index.js';
import { newId } from '../../platform/ids.js';
import { MAIN_SYSTEM_CODE, type MenuDeclaration } from '../../platform/menus.js';

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
    for (const [i, b] of (d.buttons ?? []).entries()) {
      const [existing] = await tx
        .select({ id: moduleButton.id })
        .from(moduleButton)
        .where(and(eq(moduleButton.moduleId, id), eq(moduleButton.enCode, b.enCode)))
        .limit(1);
      if (!existing)
        await tx.insert(moduleButton).values({
          id: newId(),
          moduleId: id,
          fullName: b.fullName,
          enCode: b.enCode,
          sortCode: i,
          enabledMark: 1,
          creatorTime: now,
        });
    }
  }
}
