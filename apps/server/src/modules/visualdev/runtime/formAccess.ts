// Form permissions of a model (the menu's ModuleForm items): which of the form's fields a caller may see and fill
// when the menu checks forms. Release gives the menu one form item per value field that is not a system field
// (enCode = __vModel__; a sub-table is an item and so is each of its columns, "<table>-<column>"), and the
// caller holds the items granted to them.
//
// - System fields (creator, times, organisation, position) have no item: they are filled by the server, shown
//   read-only, and stay visible to everyone who may open the record.
// - A sub-table needs its own item; a column needs the table's and its own.
// - Reading (raw and shown) gives only the fields the caller may see, and of a sub-table's rows only those
//   columns.
// - Writing takes input only for those fields: the others keep their previous value (on create they start
//   empty), and a required field the caller cannot fill is not asked for. A sub-table's hidden columns keep
//   their previous values row by row, by position: row i of the saved table takes the hidden values of row i
//   of the table before (a new row beyond the old ones starts them empty). So a caller who deletes or reorders
//   rows shifts the hidden values with the position, the one limit of a table whose rows have no identity.
import {
  isContainerKey,
  isSubTableKey,
  isSystemKey,
  isValueKey,
  parseDesignJson,
  subTableColumns,
  type FieldConfig,
  type FormDataJson,
} from '@jnpf/core';
import { labelOf } from '../issues.js';
import type { Model } from './model.js';
import { serverWidgetOf, withHiddenCells, type Values } from './values.js';

/** the form item code of a sub-table column */
export const columnCode = (table: string, column: string) => `${table}-${column}`;

/** the form items of a model's value fields, enCode → name, in form order (what release writes to the menu) */
export function formItems(fields: readonly FieldConfig[]): { enCode: string; fullName: string; table?: string }[] {
  const out: { enCode: string; fullName: string; table?: string }[] = [];
  for (const field of fields) {
    if (!field.__vModel__ || isSystemKey(field.__config__.jnpfKey)) continue;
    out.push({ enCode: field.__vModel__, fullName: labelOf(field) });
    if (isSubTableKey(field.__config__.jnpfKey))
      for (const column of subTableColumns(field))
        out.push({
          enCode: columnCode(field.__vModel__, column.__vModel__),
          fullName: `${labelOf(field)}-${labelOf(column)}`,
          table: field.__vModel__,
        });
  }
  return out;
}

/** the part of a model's form one caller may use */
export interface FormView {
  /** some fields are kept from the caller (form permission applies) */
  restricted: boolean;
  /** the value fields the caller may see and fill (and the system fields), sub-tables cut to their columns */
  fields: FieldConfig[];
  /** sub-tables the caller may use with some columns hidden: table → the hidden columns */
  hiddenColumns: ReadonlyMap<string, readonly string[]>;
}

/** the form as the holder of these form items sees it (allowed null: the whole form) */
export function formView(model: Model, allowed: ReadonlySet<string> | null): FormView {
  if (!allowed) return { restricted: false, fields: model.fields, hiddenColumns: new Map() };
  const fields: FieldConfig[] = [];
  const hiddenColumns = new Map<string, string[]>();
  for (const field of model.fields) {
    const key = field.__vModel__;
    if (isSystemKey(field.__config__.jnpfKey)) {
      fields.push(field);
      continue;
    }
    if (!allowed.has(key)) continue;
    if (!isSubTableKey(field.__config__.jnpfKey)) {
      fields.push(field);
      continue;
    }
    const columns = subTableColumns(field);
    const hidden = new Set(columns.filter((c) => !allowed.has(columnCode(key, c.__vModel__))).map((c) => c.__vModel__));
    if (!hidden.size) {
      fields.push(field);
      continue;
    }
    hiddenColumns.set(key, [...hidden]);
    const children = (field.__config__.children ?? []).filter((c) => !hidden.has(c.__vModel__));
    fields.push({ ...field, __config__: { ...field.__config__, children } });
  }
  return { restricted: true, fields, hiddenColumns };
}

/**
 * The form design (formData JSON) as the caller may see it: value fields they may not use are left out (layout
 * items stay), sub-tables keep only their visible columns. So the page definition does not describe fields
 * the caller was not granted.
 */
export function visibleFormData(formData: string, view: FormView): string {
  if (!view.restricted) return formData;
  const form = parseDesignJson<FormDataJson>(formData);
  if (!form || !Array.isArray(form.fields)) return formData;
  const shown = new Map(view.fields.map((f) => [f.__vModel__, f]));
  const keep = (list: readonly FieldConfig[]): FieldConfig[] =>
    list.flatMap((field) => {
      const key = field?.__config__?.jnpfKey;
      if (isContainerKey(key))
        return [{ ...field, __config__: { ...field.__config__, children: keep(field.__config__.children ?? []) } }];
      if (!isValueKey(key) || !field.__vModel__) return [field];
      const visible = shown.get(field.__vModel__);
      return visible ? [visible] : [];
    });
  return JSON.stringify({ ...form, fields: keep(form.fields) });
}

/** a record's raw values as the caller may see them: their fields only, sub-table rows cut to their columns */
export function visibleValues(view: FormView, data: Values): Values {
  const out: Values = {};
  for (const field of view.fields) {
    const key = field.__vModel__;
    if (!Object.prototype.hasOwnProperty.call(data, key)) continue;
    const hidden = view.hiddenColumns.get(key);
    out[key] =
      hidden && Array.isArray(data[key]) ? (data[key] as unknown[]).map((row) => withoutKeys(row, hidden)) : data[key];
  }
  return out;
}

function withoutKeys(row: unknown, keys: readonly string[]): unknown {
  if (!row || typeof row !== 'object' || Array.isArray(row)) return row;
  const copy = { ...(row as Values) };
  for (const key of keys) delete copy[key];
  return copy;
}

/**
 * The sub-tables about to be saved (`data`, changed ones in `changed`) with the hidden columns of each row taken
 * from the row at the same position before (`previous`); not the computed ones, which the save's check computed
 * for the rows as they will be (values.ts recheckDerived).
 */
export function keepHiddenColumns(
  model: Model,
  view: FormView,
  data: Values,
  previous: Values,
  changed: ReadonlySet<string>,
) {
  for (const [table, columns] of view.hiddenColumns) {
    const design = model.byVModel.get(table);
    const computed = new Set(
      (design ? subTableColumns(design) : []).filter((c) => serverWidgetOf(c).derived).map((c) => c.__vModel__),
    );
    const hidden = columns.filter((column) => !computed.has(column));
    if (!changed.has(table) || !Array.isArray(data[table])) continue;
    data[table] = withHiddenCells(data[table] as unknown[], previous[table], hidden);
  }
}
