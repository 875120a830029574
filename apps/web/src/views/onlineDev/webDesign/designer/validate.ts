// The checks a design passes before it is saved, pure: the same rules the server applies (contract: known
// keys, unique record keys of the right form, static options present and unique) plus what the designer
// knows besides (labels, number rules, patterns, dictionaries, a list with columns, sub-tables with columns).
// The columns of sub-tables are checked as the other fields, their record keys unique across the whole form.
// Each problem names its field so the designer can select it.
import {
  attributeFollows,
  attributeScope,
  calculateReferences,
  containerProblems,
  isAttributeKey,
  isTidyTableGrid,
  isSubTableColumnKey,
  listExtrasProblems,
  maskConfigProblems,
  isTreeOptionKey,
  pickerScopeEmpty,
  subTableChooserOf,
  isValueKey,
  validateCalculateExpression,
  type ColumnDataJson,
  type FieldConfig,
  type FormDataJson,
  type ListExtrasProblem,
} from '@jnpf/core';
import { hasPanel, widgetOf } from '../../../../widgets';
import { listFields } from './listModel';
import { flattenOptions, isContainer, isSubTable } from './model';

export const VMODEL_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;

export type ProblemCode =
  | 'noFields'
  | 'labelRequired'
  | 'vModelRequired'
  | 'vModelFormat'
  | 'vModelDuplicate'
  | 'optionsRequired'
  | 'optionIncomplete'
  | 'optionDuplicate'
  | 'dictionaryRequired'
  | 'interfaceRequired'
  | 'relationFormRequired'
  /** an attribute follows a field that is missing, of another kind, or outside its scope (the server's rule) */
  | 'attrSourceInvalid'
  | 'ruleRequired'
  /** a user or mixed picker in custom mode without a permitted entry */
  | 'ableIdsRequired'
  | 'patternInvalid'
  | 'minAboveMax'
  | 'expressionInvalid'
  /** a formula reads a masked field, which would show what the mask hides (the server's rule) */
  | 'expressionMasked'
  /** a custom mask without its text, kept count or fixed length (the server's rule) */
  | 'maskConfigInvalid'
  | 'tableEmpty'
  | 'tableColumnInvalid'
  /** a select-data dialog's mapping fills a column the sub-table does not have (the server's rule) */
  | 'chooserColumnMissing'
  /** a tab, collapse or table grid without parts, or with a malformed one (a pane without title, a bad span) */
  | 'containerInvalid'
  | 'gridMergeInvalid'
  | 'noColumns'
  | ListExtrasProblem['code'];

export interface DesignProblem {
  code: ProblemCode;
  /** the field concerned; absent for problems of the whole design */
  formId?: number;
  /** the field's label, for the message */
  label?: string;
  /** the other values its message names (a list setting's column, header, position) */
  params?: Record<string, string | number>;
}

/** the problems of the list's summary, thousands and complex header settings (core's checks, as the server's) */
export function listExtrasIssues(columnData: ColumnDataJson): DesignProblem[] {
  return listExtrasProblems(columnData).map(({ code, path: _path, ...params }) => ({ code, params }));
}

/** whether the problem is the list design's (the designer shows the list tab for it) */
export function isListProblem(problem: DesignProblem): boolean {
  return problem.code === 'noColumns' || (problem.formId === undefined && LIST_CODES.has(problem.code));
}
const LIST_CODES: ReadonlySet<ProblemCode> = new Set<ProblemCode>([
  'extrasInvalid',
  'summaryFieldUnknown',
  'thousandsFieldUnknown',
  'summaryFieldNotNumber',
  'thousandsFieldNotNumber',
  'headerNameRequired',
  'headerColumnsEmpty',
  'headerColumnUnknown',
  'headerColumnTwice',
]);

/** a regList pattern as the reference stores it (`/body/flags`) or a bare body; null when it does not compile */
export function compilePattern(pattern: string): RegExp | null {
  const literal = /^\/(.*)\/([dgimsuy]*)$/s.exec(pattern);
  try {
    return literal ? new RegExp(literal[1]!, literal[2]) : new RegExp(pattern);
  } catch {
    return null;
  }
}

/** a pattern in the reference's literal form `/body/flags` (a bare body is wrapped) */
export function normalizePattern(pattern: string): string {
  const trimmed = pattern.trim();
  return /^\/.*\/[dgimsuy]*$/s.test(trimmed) ? trimmed : `/${trimmed}/`;
}

/** every item, the children of rows and cards and the columns of sub-tables included, in form order */
function allItems(fields: readonly FieldConfig[]): FieldConfig[] {
  return fields.flatMap((f) => [f, ...(isContainer(f) ? allItems(f.__config__.children ?? []) : [])]);
}

function fieldProblems(field: FieldConfig): DesignProblem[] {
  const config = field.__config__;
  const at = { formId: config.formId, label: config.label };
  const problems: DesignProblem[] = [];
  const key = config.jnpfKey;
  if (!config.label?.trim() && isValueKey(key)) problems.push({ code: 'labelRequired', ...at });
  if (hasPanel(key, 'options')) {
    if (config.dataType === 'dynamic') {
      if (!config.propsUrl) problems.push({ code: 'interfaceRequired', ...at });
    } else if (config.dataType === 'dictionary') {
      if (!config.dictionaryType) problems.push({ code: 'dictionaryRequired', ...at });
    } else {
      const top = field.options ?? [];
      // a tree's options are checked all the way down
      const options = isTreeOptionKey(key) ? flattenOptions(top) : top;
      if (!top.length) problems.push({ code: 'optionsRequired', ...at });
      if (options.some((o) => !String(o.id ?? '').trim() || !String(o.fullName ?? '').trim()))
        problems.push({ code: 'optionIncomplete', ...at });
      if (new Set(options.map((o) => String(o.id))).size !== options.length)
        problems.push({ code: 'optionDuplicate', ...at });
    }
  }
  if (widgetOf(key)?.design.readsInterface && !(typeof field.interfaceId === 'string' && field.interfaceId.trim()))
    problems.push({ code: 'interfaceRequired', ...at });
  if (widgetOf(key)?.design.relatesForm && !(typeof field.modelId === 'string' && field.modelId.trim()))
    problems.push({ code: 'relationFormRequired', ...at });
  if (hasPanel(key, 'billRule') && !field.rule) problems.push({ code: 'ruleRequired', ...at });
  if (hasPanel(key, 'pickerScope') && pickerScopeEmpty(field)) problems.push({ code: 'ableIdsRequired', ...at });
  if ((config.regList ?? []).some((r) => !r.pattern?.trim() || !compilePattern(r.pattern)))
    problems.push({ code: 'patternInvalid', ...at });
  if (typeof field.min === 'number' && typeof field.max === 'number' && field.min > field.max)
    problems.push({ code: 'minAboveMax', ...at });
  // a formula must parse (core's parser, the one the form and the server run)
  if (hasPanel(key, 'expression') && !validateCalculateExpression(field.expression).ok)
    problems.push({ code: 'expressionInvalid', ...at });
  if (hasPanel(key, 'mask') && field.useMask === true && maskConfigProblems(field.maskConfig).length)
    problems.push({ code: 'maskConfigInvalid', ...at });
  if (containerProblems(field).length) problems.push({ code: 'containerInvalid', ...at });
  // (only a table grid can be untidy: any other item has no cells)
  else if (!isTidyTableGrid(field)) problems.push({ code: 'gridMergeInvalid', ...at });
  if (isSubTable(field)) {
    const children = config.children ?? [];
    if (!children.length) problems.push({ code: 'tableEmpty', ...at });
    if (children.some((child) => !isSubTableColumnKey(child?.__config__?.jnpfKey)))
      problems.push({ code: 'tableColumnInvalid', ...at });
    // rows added through the select-data dialog: it names its source, and fills columns the table has
    if (Number(field.addType) === 1) {
      const chooser = subTableChooserOf(field);
      if (chooser?.dataSource === 'model' && !chooser.modelId) problems.push({ code: 'relationFormRequired', ...at });
      else if (!chooser?.modelId && !chooser?.interfaceId) problems.push({ code: 'interfaceRequired', ...at });
      const own = new Set(children.map((c) => c.__vModel__));
      const stray = chooser?.relationOptions.find((o) => !own.has(o.field));
      if (stray) problems.push({ code: 'chooserColumnMissing', ...at, params: { name: stray.field } });
    }
  }
  return problems;
}

/** the masked fields' labels by the name a formula reads them by ("field", "table.column") */
function maskedNames(fields: readonly FieldConfig[]): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (list: readonly FieldConfig[], table?: string) => {
    for (const field of list) {
      const children = field.__config__.children ?? [];
      if (isSubTable(field)) visit(children, field.__vModel__);
      else if (isContainer(field)) visit(children, table);
      else if (hasPanel(field.__config__.jnpfKey, 'mask') && field.useMask === true && field.__vModel__)
        out.set(table ? `${table}.${field.__vModel__}` : field.__vModel__, field.__config__.label || field.__vModel__);
    }
  };
  visit(fields);
  return out;
}

/** every problem of the design, in form order; empty when it can be saved */
export function validateDesign(formData: FormDataJson, columnData: ColumnDataJson, webType: number): DesignProblem[] {
  const problems: DesignProblem[] = [];
  if (!formData.fields.length) problems.push({ code: 'noFields' });
  const seen = new Map<string, number>();
  const masked = maskedNames(formData.fields);
  for (const field of allItems(formData.fields)) {
    const config = field.__config__;
    if (isValueKey(config.jnpfKey)) {
      const at = { formId: config.formId, label: config.label };
      const vModel = field.__vModel__ ?? '';
      if (!vModel) problems.push({ code: 'vModelRequired', ...at });
      else if (!VMODEL_PATTERN.test(vModel)) problems.push({ code: 'vModelFormat', ...at });
      else if (seen.has(vModel)) problems.push({ code: 'vModelDuplicate', ...at });
      else seen.set(vModel, config.formId);
    }
    problems.push(...fieldProblems(field));
    // a formula over a masked field would show what the mask hides ({salary} * 1)
    const reads = hasPanel(config.jnpfKey, 'expression') ? calculateReferences(field.expression) : [];
    const hidden = reads.find((name) => masked.has(name));
    if (hidden)
      problems.push({
        code: 'expressionMasked',
        formId: config.formId,
        label: config.label,
        params: { name: masked.get(hidden)! },
      });
    const source = typeof field.relationField === 'string' ? field.relationField.trim() : '';
    if (isAttributeKey(config.jnpfKey) && source) {
      const followed = attributeScope(formData.fields, field).find((f) => f.__vModel__ === source);
      if (!followed || !attributeFollows(config.jnpfKey, followed.__config__.jnpfKey))
        problems.push({
          code: 'attrSourceInvalid',
          formId: config.formId,
          label: config.label,
          params: { name: source },
        });
    }
  }
  if (webType === 2 && listFields(formData.fields).length && !columnData.columnList.length)
    problems.push({ code: 'noColumns' });
  if (webType === 2) problems.push(...listExtrasIssues(columnData));
  return problems;
}

/** the fields with every regList pattern in the reference's literal form */
export function withNormalizedPatterns(fields: readonly FieldConfig[]): FieldConfig[] {
  return fields.map((field) => {
    const config = field.__config__;
    const children = config.children ? withNormalizedPatterns(config.children) : undefined;
    const regList = config.regList?.map((r) => ({ ...r, pattern: normalizePattern(r.pattern) }));
    return {
      ...field,
      __config__: { ...config, ...(regList ? { regList } : {}), ...(children ? { children } : {}) },
    };
  });
}
