// Release (同步菜单): the draft becomes the released copy the runtime reads, and the design gets its Web menu —
// type 3, urlAddress model/<enCode>, propertyJson {moduleId} — under the chosen parent, with a button per list
// button (btn_<value>), a column per list column (enCode = prop), a form item per value field that is not a
// system field (enCode = __vModel__; a sub-table's columns "<table>-<column>", runtime/formAccess.ts) and a
// data-permission field per field schemes may filter on (the listable fields, creatorUserId and creatorTime,
// runtime/scope.ts). Releasing again updates that menu and its items to the design; items the design no longer has are
// removed with their grants (a data-permission field a scheme still names stays, as the menu screen would not
// delete it either: the runtime then refuses that scheme's holders rather than widen what they see).
// The menu checks buttons when the list's useBtnPermission is not false, columns, forms and data when the
// design's useColumnPermission, useFormPermission and useDataPermission are true, so the runtime follows the
// release. A form-only design (webType 1) has no list, so no buttons or columns; its stored columnData still
// carries the form and data switches (a form-only design made in this designer has them off, one turned from a
// list into a form keeps them), and they apply to its records as to any other's.
import { eq } from 'drizzle-orm';
import { buttonCode, parseDesignJson, upgradeLegacyKeys, type ColumnDataJson } from '@jnpf/core';
import type { Tx } from '../../../db/client.js';
import { visualDev, visualRelease } from '../../../db/schema/index.js';
import type { AuditActor } from '../../../platform/audit.js';
import { updateVersioned } from '../../../platform/crud.js';
import { AppError, refuse } from '../../../platform/errors.js';
import { newId } from '../../../platform/ids.js';
import {
  checkMenuUnique,
  createMenu,
  findMenu,
  menuGrantItems,
  requireSystem,
  syncMenuItems,
  updateMenu,
  type FormItemRule,
  type MenuGenerator,
} from '../../menu/index.js';
import { addGrants } from '../../permissionKernel/index.js';
import { menusOf, MODULE_NAME, STATE, type DesignRow } from '../design/designs.js';
import { formItems } from '../runtime/formAccess.js';
import { m } from '../messages.js';
import { parseModel } from '../runtime/model.js';
import { scopeFields } from '../runtime/scope.js';

export const MODEL_ICON = 'icon-ym icon-ym-webForm';
const MENU_SORT_CODE = 999;

export interface ReleaseInput {
  pc: 0 | 1;
  /** the system the menu goes to (defaults to the parent menu's) */
  systemId: string | null;
  /** a directory of that system; "-1", "0" or the system id itself put the menu at its top level */
  parentId: string | null;
  /**
   * the user granted the menu with every button, column and form item it has after the release (the releaser,
   * so that they can try what they released; null for an administrator, who holds everything)
   */
  grantTo?: string | null;
}

export interface ReleaseOutcome {
  /** permission items were removed, and with them grants */
  grantsChanged: boolean;
  /** the user given grants by the release (ReleaseInput.grantTo), if any */
  grantedUser?: string;
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
    formData: upgradeLegacyKeys(design.formData),
    columnData: upgradeLegacyKeys(design.columnData),
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
  const switches = parseDesignJson<Partial<ColumnDataJson>>(design.columnData) ?? {};
  const list = design.webType === 2 ? switches : null;
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
    isFormAuthorize: switches.useFormPermission === true ? 1 : 0,
    isDataAuthorize: switches.useDataPermission === true ? 1 : 0,
  };
  try {
    await checkMenuUnique(tx, { ...values, ...(existing ? { id: existing.id } : {}) });
  } catch (err) {
    if (err instanceof AppError) throw refuse(m.syncDuplicate);
    throw err;
  }
  const menu: MenuGenerator = { actor, moduleName: MODULE_NAME, action: 'releaseMenu' };
  let menuId: string;
  if (existing) {
    menuId = existing.id;
    await updateMenu(tx, menuId, { ...values, lastModifyTime: now, lastModifyUserId: actor.userId }, menu);
  } else {
    menuId = newId();
    await createMenu(
      tx,
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
      menu,
    );
  }
  const buttons = new Map<string, string>();
  for (const b of [...(list?.btnsList ?? []), ...(list?.columnBtnsList ?? [])])
    if (b && typeof b.value === 'string' && !buttons.has(buttonCode(b.value)))
      buttons.set(buttonCode(b.value), String(b.label ?? b.value));
  const columns = new Map<string, string>();
  for (const c of list?.columnList ?? [])
    if (c && typeof c.prop === 'string' && !columns.has(c.prop)) columns.set(c.prop, String(c.label ?? c.prop));
  const model = parseModel(design);
  const forms = new Map<string, string>();
  const formRules = new Map<string, FormItemRule>();
  for (const item of formItems(model.fields))
    if (!forms.has(item.enCode)) {
      forms.set(item.enCode, item.fullName);
      if (item.table) formRules.set(item.enCode, { fieldRule: 2, childTableKey: item.table });
    }
  const items = { buttons, columns, forms, formRules, dataFields: scopeFields(model.fields) };
  const grantsChanged = await syncMenuItems(tx, menuId, items, { ...menu, action: 'release' }, now);
  if (!input.grantTo) return { grantsChanged };
  await addGrants(tx, 'User', input.grantTo, await menuGrantItems(tx, menuId), now);
  return { grantsChanged, grantedUser: input.grantTo };
}
