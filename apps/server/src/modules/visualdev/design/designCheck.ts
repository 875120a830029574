// The checks a design passes on save and on release: formData parses and holds fields, every value field is a
// known widget with a unique, well-formed __vModel__, option fields have options (static ones with unique
// values, or an existing dictionary), number rules and patterns are usable, and the list definition (webType
// 2) only names fields of the form. Problems are keyed by their JSON path ("formData.fields.2.__vModel__").
import {
  attributeFollows,
  calculateReferences,
  isAttributeKey,
  isContainerKey,
  isPopupAttrKey,
  isDynamicOptionField,
  isListableKey,
  isOnlineFieldKey,
  isSubTableColumnKey,
  isSubTableKey,
  isTreeOptionKey,
  itemListsOf,
  holdsOneValue,
  isValueKey,
  LIST_TYPES,
  listExtrasProblems,
  maskConfigProblems,
  parseDesignJson,
  subTableChooserOf,
  TREE_SOURCES,
  type FieldConfig,
  type FormDataJson,
  upgradeLegacyKeysIn,
} from '@jnpf/core';
import { labelOf, type Issues } from '../issues.js';
import { m } from '../messages.js';
import { compilePattern } from '../pattern.js';
import { serverWidgetOfKey } from '../runtime/values.js';

export const VMODEL_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;
/** list rows carry the record id under "id" */
const RESERVED_VMODELS = new Set(['id']);
const BUTTON_VALUE = /^[A-Za-z][A-Za-z0-9_]{0,40}$/;

export interface DesignDraft {
  webType: number;
  formData: string;
  columnData: string;
}

export interface DesignCheckContext {
  /** whether a dictionary with this id (or code) exists */
  dictionaryExists(idOrCode: string): Promise<boolean>;
  /** whether the design with this id is released (a relation form's modelId); absent: not checked */
  formReleased?(id: string): Promise<boolean>;
}

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => !!v && typeof v === 'object' && !Array.isArray(v);
const nonEmptyText = (v: unknown) => (typeof v === 'string' && v.trim() !== '') || typeof v === 'number';

/** the value, label and (tree options) children keys of an option field's options */
export function optionKeys(field: Pick<FieldConfig, 'props'>): { value: string; label: string; children: string } {
  const props: Loose = isObject(field.props) ? field.props : {};
  return {
    value: typeof props.value === 'string' && props.value ? props.value : 'id',
    label: typeof props.label === 'string' && props.label ? props.label : 'fullName',
    children: typeof props.children === 'string' && props.children ? props.children : 'children',
  };
}

export const usesDictionary = (field: FieldConfig) => field.__config__.dataType === 'dictionary';

export async function checkDesign(draft: DesignDraft, ctx: DesignCheckContext): Promise<Issues> {
  const issues: Issues = {};
  const form = parseDesignJson<FormDataJson>(draft.formData);
  if (!form) return { formData: { key: m.formDataInvalid } };
  // older widget names are this version's widgets (saved, opened and run under the new keys)
  upgradeLegacyKeysIn(form);
  if (!Array.isArray(form.fields)) return { 'formData.fields': { key: m.formDataInvalid } };
  const vModels = new Set<string>();
  /** the fields a list may name: value fields outside sub-tables, not the sub-tables themselves */
  const listable = new Set<string>();
  /** listable fields holding one value (a tree table's parent field) */
  const single = new Set<string>();
  const dictionaries: { path: string; id: string; label: string }[] = [];
  /** the released forms relation forms name */
  const relatedForms: { path: string; id: string; label: string }[] = [];
  /** the main form's value fields (not sub-table columns) by record key, and their keys */
  const mainKeys = new Map<string, unknown>();
  /** every sub-table column's record key */
  const columnKeys = new Set<string>();
  /** the attributes, each with the columns of its sub-table when it is a column of one (null: the main form) */
  const attributes: { path: string; field: FieldConfig; columns: ReadonlyMap<string, unknown> | null }[] = [];
  /** the masked fields' labels by the name a formula reads them by ("field", "table.column") */
  const maskedNames = new Map<string, string>();
  /** the calculate fields, to check what their formulas read once every field is known */
  const calculates: { path: string; field: FieldConfig }[] = [];
  /** notes a masked field and a calculate field (table: the sub-table a column is of) */
  const noteFormulaUse = (field: FieldConfig, path: string, table?: string) => {
    const key = field.__config__.jnpfKey;
    // (a field computed from others: a calculate)
    if (serverWidgetOfKey(key).derived) calculates.push({ path, field });
    if (serverWidgetOfKey(key).maskable && field.useMask === true && typeof field.__vModel__ === 'string')
      maskedNames.set(table ? `${table}.${field.__vModel__}` : field.__vModel__, labelOf(field));
  };

  const checkValueField = (field: FieldConfig, path: string, inSubTable = false) => {
    const key = field.__config__.jnpfKey;
    const label = labelOf(field);
    const vModel = field.__vModel__;
    if (typeof vModel !== 'string' || !VMODEL_PATTERN.test(vModel))
      issues[`${path}.__vModel__`] = { key: m.vModelInvalid, params: { label } };
    else if (RESERVED_VMODELS.has(vModel))
      issues[`${path}.__vModel__`] = { key: m.vModelReserved, params: { name: vModel } };
    else if (vModels.has(vModel)) issues[`${path}.__vModel__`] = { key: m.vModelDuplicate, params: { name: vModel } };
    else {
      vModels.add(vModel);
      if (inSubTable) columnKeys.add(vModel);
      else mainKeys.set(vModel, key);
      if (isListableKey(key) && !inSubTable) listable.add(vModel);
      if (isListableKey(key) && !inSubTable && holdsOneValue(field)) single.add(vModel);
    }

    if (serverWidgetOfKey(key).readsInterface && !nonEmptyText(field.interfaceId))
      issues[`${path}.interfaceId`] = { key: m.interfaceRequired, params: { label } };
    if (serverWidgetOfKey(key).readsForm) {
      if (typeof field.modelId !== 'string' || !field.modelId.trim())
        issues[`${path}.modelId`] = { key: m.relationFormRequired, params: { label } };
      else relatedForms.push({ path: `${path}.modelId`, id: field.modelId.trim(), label });
    }
    if (serverWidgetOfKey(key).hasOptions) {
      if (isDynamicOptionField(field)) {
        // the options are the interface's rows, read when the form runs
        if (!nonEmptyText(field.__config__.propsUrl))
          issues[`${path}.__config__.propsUrl`] = { key: m.interfaceRequired, params: { label } };
      } else if (usesDictionary(field)) {
        const dictionary = field.__config__.dictionaryType;
        if (typeof dictionary !== 'string' || !dictionary.trim())
          issues[`${path}.__config__.dictionaryType`] = { key: m.dictionaryRequired, params: { label } };
        else dictionaries.push({ path: `${path}.__config__.dictionaryType`, id: dictionary.trim(), label });
      } else {
        const options: unknown = field.options;
        const keys = optionKeys(field);
        if (!Array.isArray(options) || !options.length)
          issues[`${path}.options`] = { key: m.optionsEmpty, params: { label } };
        else {
          // values are unique across the whole tree of a cascader or tree select
          const seen = new Set<string>();
          const tree = isTreeOptionKey(key);
          const visit = (list: unknown[], at: string) =>
            list.forEach((option: unknown, i) => {
              if (!isObject(option) || !nonEmptyText(option[keys.value]) || !nonEmptyText(option[keys.label])) {
                issues[`${at}.${i}`] ??= { key: m.optionInvalid, params: { label } };
                return;
              }
              const id = String(option[keys.value]);
              if (seen.has(id)) issues[`${at}.${i}`] ??= { key: m.optionDuplicate, params: { label, id } };
              seen.add(id);
              const children = option[keys.children];
              if (tree && Array.isArray(children)) visit(children, `${at}.${i}.${keys.children}`);
            });
          visit(options, `${path}.options`);
        }
      }
    }
    if (serverWidgetOfKey(key).numbered && !nonEmptyText(field.rule))
      issues[`${path}.rule`] = { key: m.ruleRequired, params: { label } };
    // a mask the server applies must say what it keeps and masks; the built-in types need nothing more
    if (serverWidgetOfKey(key).maskable && field.useMask === true)
      for (const problem of maskConfigProblems(field.maskConfig))
        issues[`${path}.maskConfig.${problem}`] = { key: m.maskConfigInvalid, params: { label } };
    const regList: unknown = field.__config__.regList;
    if (regList !== undefined && regList !== null) {
      if (!Array.isArray(regList)) issues[`${path}.__config__.regList`] = { key: m.fieldInvalid };
      else
        regList.forEach((rule: unknown, i) => {
          const pattern = isObject(rule) ? rule.pattern : undefined;
          if (!compilePattern(pattern))
            issues[`${path}.__config__.regList.${i}.pattern`] = {
              key: m.patternInvalid,
              params: { label, pattern: typeof pattern === 'string' ? pattern : '' },
            };
        });
    }
    for (const bound of ['min', 'max'] as const) {
      const v = field[bound];
      if (v !== undefined && v !== null && (typeof v !== 'number' || !Number.isFinite(v)))
        issues[`${path}.${bound}`] = { key: m.fieldInvalid };
    }
    if (typeof field.min === 'number' && typeof field.max === 'number' && field.min > field.max)
      issues[`${path}.min`] = { key: m.rangeInvalid, params: { label } };
    if (
      field.maxlength !== undefined &&
      field.maxlength !== null &&
      !(Number.isInteger(field.maxlength) && field.maxlength > 0)
    )
      issues[`${path}.maxlength`] = { key: m.fieldInvalid };
  };

  /** what the widget itself refuses in its design (a malformed formula, an address that is not a web page) */
  const designIssuesOf = (field: FieldConfig, path: string) => {
    for (const [prop, issue] of Object.entries(serverWidgetOfKey(field.__config__.jnpfKey).designIssues?.(field) ?? {}))
      issues[`${path}.${prop}`] = issue;
  };

  /** a sub-table holds at least one column, each a plain value widget checked like a field of the form */
  const checkSubTable = (field: FieldConfig, path: string) => {
    checkValueField(field, path);
    const label = labelOf(field);
    const columns: unknown = field.__config__.children;
    const at = `${path}.__config__.children`;
    if (!Array.isArray(columns) || !columns.length) {
      issues[at] = { key: m.subTableEmpty, params: { label } };
      return;
    }
    const own = new Map<string, unknown>();
    columns.forEach((column: unknown, i) => {
      const key = isObject(column) && isObject(column.__config__) ? column.__config__.jnpfKey : undefined;
      if (!isSubTableColumnKey(key))
        issues[`${at}.${i}.__config__.jnpfKey`] = { key: m.subTableColumnInvalid, params: { label, key: String(key) } };
      else {
        const item = column as unknown as FieldConfig;
        designIssuesOf(item, `${at}.${i}`);
        checkValueField(item, `${at}.${i}`, true);
        noteFormulaUse(item, `${at}.${i}`, field.__vModel__);
        if (typeof item.__vModel__ === 'string') own.set(item.__vModel__, key);
        if (isAttributeKey(key)) attributes.push({ path: `${at}.${i}`, field: item, columns: own });
      }
    });
    checkChooser(field, path, own);
  };

  /**
   * rows added through a select-data dialog (addType 1): it names its source (an interface, or a released design),
   * and each mapping fills a column of the table
   */
  const checkChooser = (table: FieldConfig, path: string, columns: ReadonlyMap<string, unknown>) => {
    if (Number(table.addType) !== 1) return;
    const label = labelOf(table);
    const chooser = subTableChooserOf(table);
    const conf = table.addTableConf === undefined ? 'tableConf' : 'addTableConf';
    if (chooser?.modelId) relatedForms.push({ path: `${path}.${conf}.modelId`, id: chooser.modelId, label });
    else if (!chooser?.interfaceId)
      issues[`${path}.${conf}.${chooser?.dataSource === 'model' ? 'modelId' : 'interfaceId'}`] = {
        key: chooser?.dataSource === 'model' ? m.relationFormRequired : m.interfaceRequired,
        params: { label },
      };
    chooser?.relationOptions.forEach((option, i) => {
      if (!columns.has(option.field))
        issues[`${path}.${conf}.relationOptions.${i}.field`] = {
          key: m.chooserColumnMissing,
          params: { label, name: option.field },
        };
    });
  };

  /**
   * an attribute follows (relationField) a popup select (popup attribute) or a relation form (relation-form
   * attribute) of its own scope: a main-form one a field of the main form, never a sub-table's column (a row's
   * pick); a column one a column of its own table. One not following anything yet shows nothing.
   */
  const checkAttribute = ({ path, field, columns }: (typeof attributes)[number]) => {
    const name = typeof field.relationField === 'string' ? field.relationField.trim() : '';
    if (!name) return;
    const key = field.__config__.jnpfKey;
    const params = { label: labelOf(field), name };
    const target = columns ? columns.get(name) : mainKeys.get(name);
    let issue;
    if (target === undefined)
      issue = columns ? m.attrSourceNotInTable : columnKeys.has(name) ? m.attrSourceInSubTable : m.attrSourceMissing;
    else if (!attributeFollows(key, target))
      issue = isPopupAttrKey(key) ? m.attrSourceNotPopup : m.attrSourceNotRelation;
    if (issue) issues[`${path}.relationField`] = { key: issue, params };
  };

  const walk = (list: unknown, path: string) => {
    if (!Array.isArray(list)) {
      issues[path] = { key: m.fieldInvalid };
      return;
    }
    list.forEach((item: unknown, i) => {
      const at = `${path}.${i}`;
      if (!isObject(item) || !isObject(item.__config__)) {
        issues[at] = { key: m.fieldInvalid };
        return;
      }
      const field = item as unknown as FieldConfig;
      const key: unknown = field.__config__.jnpfKey;
      if (!isOnlineFieldKey(key)) {
        issues[`${at}.__config__.jnpfKey`] = { key: m.keyUnknown, params: { key: String(key) } };
        return;
      }
      designIssuesOf(field, at);
      const children: unknown = field.__config__.children;
      if (isContainerKey(key) && children !== undefined && !Array.isArray(children))
        issues[`${at}.__config__.children`] = { key: m.fieldInvalid };
      else if (isContainerKey(key)) for (const list of itemListsOf(field)) walk(list.items, `${at}.${list.at}`);
      else if (isSubTableKey(key)) checkSubTable(field, at);
      else if (isValueKey(key)) {
        checkValueField(field, at);
        noteFormulaUse(field, at);
        if (isAttributeKey(key)) attributes.push({ path: at, field, columns: null });
      }
    });
  };

  walk(form.fields, 'formData.fields');
  attributes.forEach(checkAttribute);
  // a formula over a masked field would show what the mask hides ({salary} * 1)
  for (const { path, field } of calculates) {
    const masked = calculateReferences(field.expression).find((name) => maskedNames.has(name));
    if (masked)
      issues[`${path}.expression`] ??= {
        key: m.calculateMasked,
        params: { label: labelOf(field), name: maskedNames.get(masked)! },
      };
  }
  if (!vModels.size && !Object.keys(issues).length) issues['formData.fields'] = { key: m.fieldsEmpty };
  for (const d of dictionaries)
    if (!(await ctx.dictionaryExists(d.id))) issues[d.path] = { key: m.dictionaryNotFound, params: { label: d.label } };
  for (const r of relatedForms)
    if (ctx.formReleased && !(await ctx.formReleased(r.id)))
      issues[r.path] = { key: m.relationFormNotReleased, params: { label: r.label } };
  // a list over a form without fields would only repeat that the fields are missing
  if (draft.webType === 2 && vModels.size) {
    Object.assign(issues, checkColumnData(draft.columnData, listable));
    Object.assign(issues, await checkListKind(draft.columnData, listable, single, ctx));
  }
  return issues;
}

/** what each kind of list needs: a tree's source and relation field, a group field, a parent field */
async function checkListKind(
  text: string,
  listable: ReadonlySet<string>,
  single: ReadonlySet<string>,
  ctx: DesignCheckContext,
): Promise<Issues> {
  const list = parseDesignJson<Loose>(text);
  if (!list || list.type === undefined || list.type === null) return {};
  const type = Number(list.type);
  if (!(LIST_TYPES as readonly number[]).includes(type)) return { 'columnData.type': { key: m.listTypeInvalid } };
  const issues: Issues = {};
  const named = (key: string, among: ReadonlySet<string>) => typeof list[key] === 'string' && among.has(list[key]);
  if (type === 2) {
    const source = list.treeDataSource;
    if (!(TREE_SOURCES as readonly unknown[]).includes(source))
      issues['columnData.treeDataSource'] = { key: m.treeSourceInvalid };
    else if (source === 'dictionary') {
      if (!nonEmptyText(list.treeDictionary)) issues['columnData.treeDictionary'] = { key: m.treeDictionaryRequired };
      else if (!(await ctx.dictionaryExists(String(list.treeDictionary))))
        issues['columnData.treeDictionary'] = {
          key: m.dictionaryNotFound,
          params: { label: String(list.treeTitle ?? '') },
        };
    } else if (source === 'api' && !nonEmptyText(list.treeInterfaceId))
      issues['columnData.treeInterfaceId'] = { key: m.treeInterfaceRequired };
    if (!named('treeRelation', listable)) issues['columnData.treeRelation'] = { key: m.treeRelationRequired };
  }
  if (type === 3 && !named('groupField', listable)) issues['columnData.groupField'] = { key: m.groupFieldRequired };
  if (type === 5 && !named('parentField', single)) issues['columnData.parentField'] = { key: m.parentFieldRequired };
  return issues;
}

/** the list definition names only value fields of the form */
function checkColumnData(text: string, vModels: ReadonlySet<string>): Issues {
  const issues: Issues = {};
  const columns = parseDesignJson<Loose>(text);
  if (!columns) return { columnData: { key: m.columnDataInvalid } };
  const list = (name: string): unknown[] => {
    const value = columns[name];
    if (value === undefined || value === null) return [];
    if (Array.isArray(value)) return value;
    issues[`columnData.${name}`] = { key: m.columnDataInvalid };
    return [];
  };
  list('columnList').forEach((item, i) => {
    const prop = isObject(item) ? item.prop : undefined;
    if (typeof prop !== 'string' || !vModels.has(prop))
      issues[`columnData.columnList.${i}.prop`] = { key: m.columnUnknown, params: { prop: String(prop ?? '') } };
  });
  list('searchList').forEach((item, i) => {
    const prop = isObject(item) ? item.prop : undefined;
    if (typeof prop !== 'string' || !vModels.has(prop))
      issues[`columnData.searchList.${i}.prop`] = { key: m.searchUnknown, params: { prop: String(prop ?? '') } };
    else if (![1, 2, 3].includes(Number((item as Loose).searchType)))
      issues[`columnData.searchList.${i}.searchType`] = { key: m.searchTypeInvalid };
  });
  for (const name of ['btnsList', 'columnBtnsList'])
    list(name).forEach((item, i) => {
      const value = isObject(item) ? item.value : undefined;
      if (typeof value !== 'string' || !BUTTON_VALUE.test(value))
        issues[`columnData.${name}.${i}.value`] = { key: m.buttonInvalid, params: { value: String(value ?? '') } };
    });
  // the summary, thousands and complex header settings name number columns and columns of the list
  for (const { code, path, ...params } of listExtrasProblems(columns)) issues[path] ??= { key: m[code], params };
  return issues;
}
