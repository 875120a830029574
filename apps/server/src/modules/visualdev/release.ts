// Release (同步菜单): the draft becomes the released copy the runtime reads, and the design gets its Web menu —
// type 3, urlAddress model/<enCode>, propertyJson {moduleId} — under the chosen parent, with a button per list
// button (btn_<value>), a column per list column (enCode = prop), a form item per value field that is not a
// system field (enCode = __vModel__; a sub-table's columns "<table>-<column>", formAccess.ts) and a
// data-permission field per field schemes may filter on (the listable fields, creatorUserId and creatorTime,
// scope.ts). Releasing again updates that menu and its items to the design; items the design no longer has are
// removed with their grants (a data-permission field a scheme still names stays, as the menu screen would not
// delete it either: the runtime then refuses that scheme's holders rather than widen what they see).
// The menu checks buttons when the list's useBtnPermission is not false, columns, forms and data when the
// design's useColumnPermission, useFormPermission and useDataPermission are true, so the runtime follows the
// release. A form-only design (webType 1) has no list, so no buttons or columns; its stored columnData still
// carries the form and data switches (a form-only design made in this designer has them off, one turned from a
// list into a form keeps them), and they apply to its records as to any other's.
import { and, eq, inArray } from 'drizzle-orm';
import { buttonCode, parseDesignJson, type ColumnDataJson } from '@jnpf/core';
import type { Tx } from '../../db/client.js';
import {
  module,
  moduleButton,
  moduleColumn,
  moduleDataAuthorize,
  moduleDataScheme,
  moduleForm,
  visualDev,
  visualRelease,
} from '../../db/schema/index.js';
import { parseConditions } from '../../platform/dataScope.js';
import { writeAudit, type AuditActor } from '../../platform/audit.js';
import { insertAudited, updateVersioned } from '../../platform/crud.js';
import { AppError, refuse } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { checkMenuUnique, findMenu, requireSystem } from '../menu/index.js';
import { removeGrantsOf } from '../permissionKernel/index.js';
import { menusOf, MODULE_NAME, STATE, type DesignRow } from './designs.js';
import { formItems } from './formAccess.js';
import { m } from './messages.js';
import { parseModel } from './model.js';
import { scopeFields } from './scope.js';

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
  const model = parseModel(design);
  const forms = new Map<string, string>();
  const formRules = new Map<string, ItemRule>();
  for (const item of formItems(model.fields))
    if (!forms.has(item.enCode)) {
      forms.set(item.enCode, item.fullName);
      if (item.table) formRules.set(item.enCode, { fieldRule: 2, childTableKey: item.table });
    }
  const removedButtons = await syncItems(tx, actor, moduleButton, menuId, buttons, now);
  const removedColumns = await syncItems(tx, actor, moduleColumn, menuId, columns, now);
  const removedForms = await syncItems(tx, actor, moduleForm, menuId, forms, now, formRules);
  await syncDataFields(tx, actor, menuId, model.fields, now);
  return { grantsChanged: removedButtons || removedColumns || removedForms };
}

/** where a form item's field lives: 0 the form, 2 a column of the sub-table childTableKey */
interface ItemRule {
  fieldRule: number;
  childTableKey: string | null;
}
const MAIN_FIELD: ItemRule = { fieldRule: 0, childTableKey: null };

type ItemTable = typeof moduleButton | typeof moduleColumn | typeof moduleForm;
const ITEM_KINDS = new Map<ItemTable, string>([
  [moduleButton, 'button'],
  [moduleColumn, 'column'],
  [moduleForm, 'form'],
]);

/**
 * Makes the menu's buttons (columns, form items) exactly the wanted ones, enCode → fullName in order: adds the
 * missing, renames and reorders the rest, removes the others with their grants. True when something was
 * removed. Form items also carry where their field lives (`rules`, by enCode; none: the form itself).
 */
async function syncItems(
  tx: Tx,
  actor: AuditActor,
  table: ItemTable,
  menuId: string,
  wanted: ReadonlyMap<string, string>,
  now: number,
  rules?: ReadonlyMap<string, ItemRule>,
): Promise<boolean> {
  const kind = ITEM_KINDS.get(table)!;
  // the three tables share every column used here; form items add fieldRule and childTableKey
  const t = table as typeof moduleForm;
  const current = await tx.select().from(t).where(eq(t.moduleId, menuId));
  let changed = false;
  for (const [sortCode, [enCode, fullName]] of [...wanted].entries()) {
    const row = current.find((r) => r.enCode === enCode);
    const rule = rules ? (rules.get(enCode) ?? MAIN_FIELD) : null;
    const ruleChanged =
      !!rule && !!row && (row.fieldRule !== rule.fieldRule || (row.childTableKey ?? null) !== rule.childTableKey);
    if (!row) {
      await tx.insert(t).values({
        id: newId(),
        moduleId: menuId,
        enCode,
        fullName,
        sortCode,
        enabledMark: 1,
        creatorTime: now,
        ...(rule ?? {}),
      });
      changed = true;
    } else if (row.fullName !== fullName || row.sortCode !== sortCode || ruleChanged) {
      await tx
        .update(t)
        .set({ fullName, sortCode, ...(rule ?? {}), lastModifyTime: now, lastModifyUserId: actor.userId })
        .where(eq(t.id, row.id));
      changed = true;
    }
  }
  const stale = current.filter((r) => !wanted.has(r.enCode)).map((r) => r.id);
  if (stale.length) {
    await removeGrantsOf(tx, kind, stale);
    await tx.delete(t).where(and(eq(t.moduleId, menuId), inArray(t.id, stale)));
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

/**
 * Makes the menu's data-permission fields the ones the model's schemes may filter on (scope.ts): adds the
 * missing, updates the rest to the design, removes the others unless a scheme of the menu still names them.
 */
async function syncDataFields(
  tx: Tx,
  actor: AuditActor,
  menuId: string,
  fields: Parameters<typeof scopeFields>[0],
  now: number,
): Promise<void> {
  const wanted = scopeFields(fields);
  const current = await tx.select().from(moduleDataAuthorize).where(eq(moduleDataAuthorize.moduleId, menuId));
  let changed = false;
  for (const [sortCode, field] of wanted.entries()) {
    const values = {
      fullName: field.fullName,
      type: field.type,
      conditionSymbol: field.conditionSymbol,
      conditionText: field.conditionText,
      format: field.format,
      fieldRule: 0,
      bindTable: null,
      childTableKey: null,
      sortCode,
    };
    const row = current.find((r) => r.enCode === field.enCode);
    if (!row) {
      await tx.insert(moduleDataAuthorize).values({
        id: newId(),
        moduleId: menuId,
        enCode: field.enCode,
        ...values,
        enabledMark: 1,
        creatorTime: now,
        creatorUserId: actor.userId,
      });
      changed = true;
    } else if ((Object.keys(values) as (keyof typeof values)[]).some((k) => (row[k] ?? null) !== values[k])) {
      await tx
        .update(moduleDataAuthorize)
        .set({ ...values, lastModifyTime: now, lastModifyUserId: actor.userId })
        .where(eq(moduleDataAuthorize.id, row.id));
      changed = true;
    }
  }
  const codes = new Set(wanted.map((f) => f.enCode));
  const unwanted = current.filter((r) => !codes.has(r.enCode));
  let stale: typeof unwanted = [];
  if (unwanted.length) {
    // a field a scheme names stays (the menu screen refuses to delete it too) until the scheme is changed
    const schemes = await tx
      .select({ conditionJson: moduleDataScheme.conditionJson })
      .from(moduleDataScheme)
      .where(eq(moduleDataScheme.moduleId, menuId));
    const used = schemes.flatMap((s) =>
      (parseConditions(s.conditionJson ?? '[]') ?? []).flatMap((g) => g.groups.flatMap((c) => [c.id, c.field])),
    );
    stale = unwanted.filter((r) => !used.includes(r.id) && !used.includes(r.enCode));
  }
  if (stale.length)
    await tx.delete(moduleDataAuthorize).where(
      and(
        eq(moduleDataAuthorize.moduleId, menuId),
        inArray(
          moduleDataAuthorize.id,
          stale.map((r) => r.id),
        ),
      ),
    );
  if (changed || stale.length)
    await writeAudit(tx, actor, {
      moduleName: MODULE_NAME,
      action: 'release.dataFields',
      recordId: menuId,
      before: current.map((r) => ({ enCode: r.enCode, fullName: r.fullName })),
      after: wanted.map((f) => ({ enCode: f.enCode, fullName: f.fullName })),
    });
}
