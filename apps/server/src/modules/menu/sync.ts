// Menus another module generates and keeps in step with its own data (an online form's release): the menu row,
// and its permission items made exactly what the generator wants. Items that go take their grants with them,
// except a data-permission field a scheme still names (the menu screen would not delete it either). The audit
// rows carry the generator's module name and action.
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  module,
  moduleButton,
  moduleColumn,
  moduleDataAuthorize,
  moduleDataScheme,
  moduleForm,
} from '../../db/schema/index.js';
import { writeAudit, type AuditActor } from '../../platform/audit.js';
import { insertAudited, updateVersioned } from '../../platform/crud.js';
import { parseConditions } from '../../platform/dataScope.js';
import { newId } from '../../platform/ids.js';
import { removeGrantsOf, type ItemType } from '../permissionKernel/index.js';

/** who generates the menu, as the audit rows name it */
export interface MenuGenerator {
  actor: AuditActor;
  moduleName: string;
  action: string;
}

type MenuInsert = typeof module.$inferInsert;

export async function createMenu(tx: Tx, row: MenuInsert & { id: string }, by: MenuGenerator): Promise<void> {
  await insertAudited(tx, module, row, {
    actor: by.actor,
    moduleName: by.moduleName,
    recordId: row.id,
    action: by.action,
  });
}

export async function updateMenu(
  tx: Tx,
  id: string,
  values: Partial<Omit<MenuInsert, 'id'>>,
  by: MenuGenerator,
): Promise<void> {
  await updateVersioned(tx, module, id, null, values, {
    actor: by.actor,
    moduleName: by.moduleName,
    action: by.action,
  });
}

/** where a form item's field lives: 0 the form, 2 a column of the sub-table childTableKey */
export interface FormItemRule {
  fieldRule: number;
  childTableKey: string | null;
}
const MAIN_FIELD: FormItemRule = { fieldRule: 0, childTableKey: null };

/** a field the menu's data-permission schemes may filter on */
export interface DataFieldItem {
  enCode: string;
  fullName: string;
  type: string;
  conditionSymbol: string;
  conditionText: string;
  format: string | null;
}

/** the permission items a generated menu is to have; buttons, columns and forms are enCode → fullName, in order */
export interface MenuItems {
  buttons: ReadonlyMap<string, string>;
  columns: ReadonlyMap<string, string>;
  forms: ReadonlyMap<string, string>;
  /** where each form item's field lives, by enCode; an item not named is a field of the form itself */
  formRules: ReadonlyMap<string, FormItemRule>;
  dataFields: readonly DataFieldItem[];
}

/**
 * Makes the menu's permission items exactly these: adds the missing, renames and reorders the rest, removes
 * the others with their grants. Answers whether grants were removed (holders must be told).
 */
export async function syncMenuItems(
  tx: Tx,
  menuId: string,
  items: MenuItems,
  by: MenuGenerator,
  now = Date.now(),
): Promise<boolean> {
  const removedButtons = await syncItems(tx, by, moduleButton, menuId, items.buttons, now);
  const removedColumns = await syncItems(tx, by, moduleColumn, menuId, items.columns, now);
  const removedForms = await syncItems(tx, by, moduleForm, menuId, items.forms, now, items.formRules);
  await syncDataFields(tx, by, menuId, items.dataFields, now);
  return removedButtons || removedColumns || removedForms;
}

/** the menu and every button, column and form item of it, as grant items */
export async function menuGrantItems(tx: Tx, menuId: string): Promise<[ItemType, string][]> {
  const idsOf = (t: typeof moduleButton | typeof moduleColumn | typeof moduleForm) =>
    tx.select({ id: t.id }).from(t).where(eq(t.moduleId, menuId));
  const [buttons, columns, forms] = await Promise.all([idsOf(moduleButton), idsOf(moduleColumn), idsOf(moduleForm)]);
  return [
    ['module', menuId],
    ...buttons.map((r): [ItemType, string] => ['button', r.id]),
    ...columns.map((r): [ItemType, string] => ['column', r.id]),
    ...forms.map((r): [ItemType, string] => ['form', r.id]),
  ];
}

type ItemTable = typeof moduleButton | typeof moduleColumn | typeof moduleForm;
const ITEM_KINDS = new Map<ItemTable, string>([
  [moduleButton, 'button'],
  [moduleColumn, 'column'],
  [moduleForm, 'form'],
]);

/**
 * Makes the menu's buttons (columns, form items) exactly the wanted ones. True when something was removed.
 * Form items also carry where their field lives (`rules`, by enCode; none: the form itself).
 */
async function syncItems(
  tx: Tx,
  by: MenuGenerator,
  table: ItemTable,
  menuId: string,
  wanted: ReadonlyMap<string, string>,
  now: number,
  rules?: ReadonlyMap<string, FormItemRule>,
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
        .set({ fullName, sortCode, ...(rule ?? {}), lastModifyTime: now, lastModifyUserId: by.actor.userId })
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
    await writeAudit(tx, by.actor, {
      moduleName: by.moduleName,
      action: `${by.action}.${kind}s`,
      recordId: menuId,
      before: current.map((r) => ({ enCode: r.enCode, fullName: r.fullName })),
      after: [...wanted].map(([enCode, fullName]) => ({ enCode, fullName })),
    });
  return stale.length > 0;
}

/**
 * Makes the menu's data-permission fields the wanted ones: adds the missing, updates the rest, removes the
 * others unless a scheme of the menu still names them.
 */
async function syncDataFields(
  tx: Tx,
  by: MenuGenerator,
  menuId: string,
  wanted: readonly DataFieldItem[],
  now: number,
): Promise<void> {
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
        creatorUserId: by.actor.userId,
      });
      changed = true;
    } else if ((Object.keys(values) as (keyof typeof values)[]).some((k) => (row[k] ?? null) !== values[k])) {
      await tx
        .update(moduleDataAuthorize)
        .set({ ...values, lastModifyTime: now, lastModifyUserId: by.actor.userId })
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
    await writeAudit(tx, by.actor, {
      moduleName: by.moduleName,
      action: `${by.action}.dataFields`,
      recordId: menuId,
      before: current.map((r) => ({ enCode: r.enCode, fullName: r.fullName })),
      after: wanted.map((f) => ({ enCode: f.enCode, fullName: f.fullName })),
    });
}
