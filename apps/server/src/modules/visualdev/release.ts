// Release (同步菜单): the draft becomes the released copy the runtime reads, and the design gets its Web menu —
// type 3, urlAddress model/<enCode>, propertyJson {moduleId} — under the chosen parent, with a button per list
// button (btn_<value>) and a column per list column (enCode = prop). Releasing again updates that menu and its
// buttons and columns to the design; items the design no longer has are removed with their grants. The menu
// checks buttons when the list's useBtnPermission is not false, so the runtime guard follows the release.
import { and, eq, inArray } from 'drizzle-orm';
import { buttonCode, parseDesignJson, type ColumnDataJson } from '@jnpf/core';
import type { Tx } from '../../db/client.js';
import { module, moduleButton, moduleColumn, visualDev, visualRelease } from '../../db/schema/index.js';
import { writeAudit, type AuditActor } from '../../platform/audit.js';
import { insertAudited, updateVersioned } from '../../platform/crud.js';
import { AppError, refuse } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { checkMenuUnique, findMenu, removeGrantsOf, requireSystem } from '../menu/service.js';
import { menusOf, MODULE_NAME, STATE, type DesignRow } from './designs.js';
import { m } from './messages.js';

export const MODEL_ICON = 'icon-ym icon-ym-webForm';
const MENU_SORT_CODE = 999;

export interface ReleaseInput {
  pc: 0 | 1;
  /** the system the menu goes to (defaults to the parent menu's) */
  systemId: string | null;
  /** a directory of that system; "-1", "0" or the system id itself put the menu at its top level */
  parentId: string | null;
}

export interface ReleaseOutcome {
  /** permission items were removed, and with them grants */
  grantsChanged: boolean;
}

/** the design row, locked for the release */
async function lockDesign(tx: Tx, id: string): Promise<DesignRow> {
  const [row] = await tx.select().from(visualDev).where(eq(visualDev.id, id)).limit(1).for('update');
  if (!row) throw refuse('notFound');
  return row;
}

export async function releaseDesign(
  tx: Tx,
  actor: AuditActor,
  id: string,
  input: ReleaseInput,
): Promise<ReleaseOutcome> {
  const design = await lockDesign(tx, id);
  const now = Date.now();
  const copy = {
    fullName: design.fullName,
    enCode: design.enCode,
    webType: design.webType,
    formData: design.formData,
    columnData: design.columnData,
    releaseTime: now,
    releaseUserId: actor.userId,
  };
  await tx
    .insert(visualRelease)
    .values({ id, ...copy })
    .onConflictDoUpdate({ target: visualRelease.id, set: copy });
  await updateVersioned(
    tx,
    visualDev,
    id,
    null,
    { state: STATE.released, enabledMark: 1, lastModifyTime: now, lastModifyUserId: actor.userId },
    { actor, moduleName: MODULE_NAME, action: 'release' },
  );
  if (input.pc !== 1) return { grantsChanged: false };
  return syncWebMenu(tx, actor, design, input, now);
}

/** where the menu goes: the system and the parent ("-1" = top level) */
async function placement(tx: Tx, input: ReleaseInput): Promise<{ systemId: string; parentId: string }> {
  const parentGiven = input.parentId && !['-1', '0', input.systemId].includes(input.parentId);
  const parent = parentGiven ? await findMenu(tx, input.parentId!) : undefined;
  if (parentGiven && (!parent || parent.category !== 'Web')) throw refuse(m.syncPathNotFound);
  const systemId = input.systemId ?? parent?.systemId;
  if (!systemId || (parent && parent.systemId !== systemId)) throw refuse(m.syncPathNotFound);
  try {
    await requireSystem(tx, systemId);
  } catch (err) {
    if (err instanceof AppError) throw refuse(m.syncPathNotFound);
    throw err;
  }
  return { systemId, parentId: parent?.id ?? '-1' };
}

async function syncWebMenu(
  tx: Tx,
  actor: AuditActor,
  design: DesignRow,
  input: ReleaseInput,
  now: number,
): Promise<ReleaseOutcome> {
  const place = await placement(tx, input);
  const list = design.webType === 2 ? (parseDesignJson<Partial<ColumnDataJson>>(design.columnData) ?? {}) : null;
  const existing = (await menusOf(tx, design.id)).find((r) => r.category === 'Web');
  const values = {
    ...place,
    category: 'Web',
    type: 3,
    fullName: design.fullName,
    enCode: design.enCode,
    urlAddress: `model/${design.enCode}`,
    propertyJson: JSON.stringify({ moduleId: design.id, iconBackgroundColor: '', isTree: 0 }),
    isButtonAuthorize: list && list.useBtnPermission !== false ? 1 : 0,
    isColumnAuthorize: list?.useColumnPermission === true ? 1 : 0,
    // form and data permissions of online forms are not enforced by this version
    isFormAuthorize: 0,
    isDataAuthorize: 0,
  };
  try {
    await checkMenuUnique(tx, { ...values, ...(existing ? { id: existing.id } : {}) });
  } catch (err) {
    if (err instanceof AppError) throw refuse(m.syncDuplicate);
    throw err;
  }
  let menuId: string;
  if (existing) {
    menuId = existing.id;
    await updateVersioned(
      tx,
      module,
      menuId,
      null,
      { ...values, lastModifyTime: now, lastModifyUserId: actor.userId },
      { actor, moduleName: MODULE_NAME, action: 'releaseMenu' },
    );
  } else {
    menuId = newId();
    await insertAudited(
      tx,
      module,
      {
        id: menuId,
        ...values,
        icon: MODEL_ICON,
        linkTarget: '_self',
        sortCode: MENU_SORT_CODE,
        enabledMark: 1,
        creatorTime: now,
        creatorUserId: actor.userId,
      },
      { actor, moduleName: MODULE_NAME, recordId: menuId, action: 'releaseMenu' },
    );
  }
  const buttons = new Map<string, string>();
  for (const b of [...(list?.btnsList ?? []), ...(list?.columnBtnsList ?? [])])
    if (b && typeof b.value === 'string' && !buttons.has(buttonCode(b.value)))
      buttons.set(buttonCode(b.value), String(b.label ?? b.value));
  const columns = new Map<string, string>();
  for (const c of list?.columnList ?? [])
    if (c && typeof c.prop === 'string' && !columns.has(c.prop)) columns.set(c.prop, String(c.label ?? c.prop));
  const removedButtons = await syncItems(tx, actor, moduleButton, menuId, buttons, now);
  const removedColumns = await syncItems(tx, actor, moduleColumn, menuId, columns, now);
  return { grantsChanged: removedButtons || removedColumns };
}

/**
 * Makes the menu's buttons (or columns) exactly the wanted ones, enCode → fullName in order: adds the missing,
 * renames and reorders the rest, removes the others with their grants. True when something was removed.
 */
async function syncItems(
  tx: Tx,
  actor: AuditActor,
  table: typeof moduleButton | typeof moduleColumn,
  menuId: string,
  wanted: ReadonlyMap<string, string>,
  now: number,
): Promise<boolean> {
  const kind = table === moduleButton ? 'button' : 'column';
  const current = await tx.select().from(table).where(eq(table.moduleId, menuId));
  let changed = false;
  for (const [sortCode, [enCode, fullName]] of [...wanted].entries()) {
    const row = current.find((r) => r.enCode === enCode);
    if (!row) {
      await tx
        .insert(table)
        .values({ id: newId(), moduleId: menuId, enCode, fullName, sortCode, enabledMark: 1, creatorTime: now });
      changed = true;
    } else if (row.fullName !== fullName || row.sortCode !== sortCode) {
      await tx
        .update(table)
        .set({ fullName, sortCode, lastModifyTime: now, lastModifyUserId: actor.userId })
        .where(eq(table.id, row.id));
      changed = true;
    }
  }
  const stale = current.filter((r) => !wanted.has(r.enCode)).map((r) => r.id);
  if (stale.length) {
    await removeGrantsOf(tx, kind, stale);
    await tx.delete(table).where(and(eq(table.moduleId, menuId), inArray(table.id, stale)));
  }
  if (changed || stale.length)
    await writeAudit(tx, actor, {
      moduleName: MODULE_NAME,
      action: `release.${kind}s`,
      recordId: menuId,
      before: current.map((r) => ({ enCode: r.enCode, fullName: r.fullName })),
      after: [...wanted].map(([enCode, fullName]) => ({ enCode, fullName })),
    });
  return stale.length > 0;
}
