// The model of a data-permission scheme's conditions (the server checks them with
// apps/server/src/platform/dataScope.ts): the operators, where a condition's value comes from, and the conversions
// between the wire's conditionJson, the editor's form values and the readable summary.
//
// conditionJson = [{logic: 'and'|'or', groups: [{id: <field id>, field: <field enCode>, op, value, …}]}]
// - a field whose value comes from a system variable (@userId …) carries the variable as its value;
// - pickers send ids (a list for in/notIn); the server also reads organisation paths, whose last id counts;
// - dates are epoch milliseconds; between takes [from, to]; null/notNull take no value.
import { CONDITION_OPS, type ConditionOp } from '@jnpf/core';
import dayjs from 'dayjs';
import type { DataFieldRow } from './api';
import type { texts } from './texts';

type TextKey = Parameters<ReturnType<typeof texts.useText>>[0];
type Translate = ReturnType<typeof texts.useText>;

export { CONDITION_OPS, type ConditionOp };

const OP_TEXT: Record<ConditionOp, TextKey> = {
  '==': 'opEq',
  '<>': 'opNe',
  '>': 'opGt',
  '>=': 'opGe',
  '<': 'opLt',
  '<=': 'opLe',
  between: 'opBetween',
  like: 'opLike',
  notLike: 'opNotLike',
  in: 'opIn',
  notIn: 'opNotIn',
  null: 'opNull',
  notNull: 'opNotNull',
};

export const isOp = (op: unknown): op is ConditionOp => (CONDITION_OPS as readonly unknown[]).includes(op);
export const opName = (t: Translate, op: string) => (isOp(op) ? t(OP_TEXT[op]) : op);

/** the data types a field may have, each with its label */
export const FIELD_TYPES: readonly { value: string; text: TextKey }[] = [
  { value: 'varchar', text: 'typeVarchar' },
  { value: 'int', text: 'typeInt' },
  { value: 'decimal', text: 'typeDecimal' },
  { value: 'datetime', text: 'typeDatetime' },
  { value: 'bigint', text: 'typeBigint' },
  { value: 'text', text: 'typeText' },
];
export const typeName = (t: Translate, type: string) => {
  const known = FIELD_TYPES.find((f) => f.value === type);
  return known ? t(known.text) : type;
};

/** values typed or picked in the editor */
export const INPUT_SOURCES = ['input', 'inputNumber', 'datePicker'] as const;
/** the system variables the server resolves per user (dataScope.ts SYSTEM_VARIABLES) */
export const VARIABLE_SOURCES = [
  '@userId',
  '@userAndSubordinates',
  '@organizeId',
  '@organizationAndSuborganization',
  '@branchManageOrganize',
  '@branchManageOrganizeAndSub',
] as const;
/** ids chosen from the organisation, department, position, role, group or user lists */
export const PICKER_SOURCES = [
  'organizeSelect',
  'depSelect',
  'posSelect',
  'roleSelect',
  'groupSelect',
  'userSelect',
] as const;
export type PickerSource = (typeof PICKER_SOURCES)[number];

const SOURCE_TEXT: Record<string, TextKey> = {
  input: 'srcInput',
  inputNumber: 'srcInputNumber',
  datePicker: 'srcDatePicker',
  '@userId': 'srcUserId',
  '@userAndSubordinates': 'srcUserAndSubordinates',
  // the reference's enum spells it "Ara"; both mean the same
  '@userAraSubordinates': 'srcUserAndSubordinates',
  '@organizeId': 'srcOrganizeId',
  '@organizationAndSuborganization': 'srcOrganizeAndSub',
  '@branchManageOrganize': 'srcManaged',
  '@branchManageOrganizeAndSub': 'srcManagedAndSub',
  organizeSelect: 'srcOrganizeSelect',
  depSelect: 'srcDepSelect',
  posSelect: 'srcPosSelect',
  roleSelect: 'srcRoleSelect',
  groupSelect: 'srcGroupSelect',
  userSelect: 'srcUserSelect',
};

export const sourceName = (t: Translate, source: string) => {
  const key = SOURCE_TEXT[source];
  return key ? t(key) : source;
};

/** a field's value source; a comma list (older data) counts by its first entry */
export const sourceOf = (field: Pick<DataFieldRow, 'conditionText'> | undefined) =>
  (field?.conditionText ?? '').split(',')[0]!.trim();

export const isVariable = (source: string) => source.startsWith('@');
export const isPicker = (source: string): source is PickerSource =>
  (PICKER_SOURCES as readonly string[]).includes(source);

/** how many values an operator takes */
export type ValueShape = 'none' | 'one' | 'pair' | 'many';
export function valueShape(op: string | undefined, source: string): ValueShape {
  if (op === 'null' || op === 'notNull' || isVariable(source)) return 'none';
  if (op === 'between') return 'pair';
  if (op === 'in' || op === 'notIn') return 'many';
  return 'one';
}

/** the operators a field allows, in the standard order */
export const opsOf = (field: Pick<DataFieldRow, 'conditionSymbol'> | undefined): ConditionOp[] => {
  const allowed = new Set((field?.conditionSymbol ?? '').split(',').map((s) => s.trim()));
  return CONDITION_OPS.filter((op) => allowed.has(op));
};

// ------------------------------------------------------------------------------------- wire ⇄ form values

export type Scalar = string | number;
export type RowValue = Scalar | (Scalar | undefined)[] | undefined;

/** one condition as the editor holds it */
export interface ConditionRowValues {
  /** the data-permission field's id */
  id?: string;
  op?: ConditionOp;
  value?: RowValue;
}
export interface ConditionGroupValues {
  logic: 'and' | 'or';
  groups: ConditionRowValues[];
}

export interface WireCondition {
  id: string;
  field: string;
  type: string;
  op: ConditionOp;
  value?: Scalar | Scalar[];
  conditionText: string;
  fieldRule: number;
  bindTable: string;
  childTableKey: string;
}
export interface WireGroup {
  logic: 'and' | 'or';
  groups: WireCondition[];
}

const isScalar = (v: unknown): v is Scalar => typeof v === 'string' || typeof v === 'number';
/** an organisation path ([top, …, self]) counts by its last id, as the server reads it */
const lastOfPath = (v: unknown): Scalar | undefined =>
  Array.isArray(v) ? (v.filter(isScalar).at(-1) as Scalar | undefined) : isScalar(v) ? v : undefined;

/** a stored value in the shape the row's widget edits */
function valueForForm(raw: unknown, shape: ValueShape, source: string): RowValue {
  if (shape === 'none') return undefined;
  const list = Array.isArray(raw) ? raw : raw === undefined || raw === null || raw === '' ? [] : [raw];
  if (isPicker(source)) {
    const ids = list.map(lastOfPath).filter((v): v is Scalar => v !== undefined);
    // a single pick stored as one path ["top", …, "self"] is one organisation, not several
    const single = Array.isArray(raw) && raw.every(isScalar) ? lastOfPath(raw) : ids[0];
    if (shape === 'one') return single;
    if (shape === 'pair') return [ids[0], ids[1]];
    return ids;
  }
  const scalars = list.filter(isScalar);
  if (shape === 'one') return scalars[0];
  if (shape === 'pair') return [scalars[0], scalars[1]];
  return scalars;
}

/** the scheme's stored conditionJson (a string from the server, or an array) as editor values */
export function conditionsFromWire(stored: unknown, fields: readonly DataFieldRow[]): ConditionGroupValues[] {
  let raw = stored;
  if (typeof stored === 'string') {
    if (!stored.trim()) return [];
    try {
      raw = JSON.parse(stored);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(raw)) return [];
  return raw.map((group: { logic?: unknown; groups?: unknown }) => ({
    logic: group?.logic === 'or' ? 'or' : 'and',
    groups: (Array.isArray(group?.groups) ? (group.groups as Record<string, unknown>[]) : []).map((c) => {
      const field =
        fields.find((f) => f.id === c.id) ??
        fields.find((f) => typeof c.field === 'string' && f.enCode.toLowerCase() === c.field.toLowerCase());
      const op = isOp(c.op) ? c.op : undefined;
      const source = sourceOf(field);
      return { id: field?.id, op, value: field ? valueForForm(c.value, valueShape(op, source), source) : undefined };
    }),
  }));
}

/** the editor's values as conditionJson; variables take the field's variable, null/notNull no value */
export function conditionsToWire(
  groups: readonly ConditionGroupValues[],
  fields: readonly DataFieldRow[],
): WireGroup[] {
  return groups.map((group) => ({
    logic: group.logic === 'or' ? 'or' : 'and',
    groups: (group.groups ?? []).map((row) => {
      const field = fields.find((f) => f.id === row.id);
      const source = sourceOf(field);
      const op = row.op!;
      const shape = valueShape(op, source);
      const wire: WireCondition = {
        id: row.id ?? '',
        field: field?.enCode ?? '',
        type: field?.type ?? '',
        op,
        conditionText: source,
        fieldRule: field?.fieldRule ?? 0,
        bindTable: field?.bindTable ?? '',
        childTableKey: field?.childTableKey ?? '',
      };
      if (isVariable(source) && op !== 'null' && op !== 'notNull') wire.value = source;
      else if (shape === 'one' && isScalar(row.value)) wire.value = row.value;
      else if (shape === 'pair' || shape === 'many')
        wire.value = (Array.isArray(row.value) ? row.value : []).filter(isScalar);
      return wire;
    }),
  }));
}

// ------------------------------------------------------------------------------------------- validation

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !v.trim());

/** whether a value widget holds what the operator needs */
export function valueMissing(value: unknown, shape: ValueShape): boolean {
  if (shape === 'none') return false;
  if (shape === 'one') return blank(value) || Array.isArray(value);
  const list = Array.isArray(value) ? value : [];
  if (shape === 'pair') return list.length !== 2 || list.some(blank);
  return list.length === 0 || list.some(blank);
}

// ---------------------------------------------------------------------------------------------- summary

/** the name of a picked id (organisations, users …), the id itself when unknown */
export type LabelOf = (source: PickerSource, id: Scalar) => string;

function valueText(c: WireCondition, labelOf: LabelOf): string {
  const one = (v: Scalar) => {
    if (isPicker(c.conditionText)) return labelOf(c.conditionText, v);
    if (c.conditionText === 'datePicker' && typeof v === 'number') return dayjs(v).format('YYYY-MM-DD');
    return String(v);
  };
  if (Array.isArray(c.value)) return c.value.map(one).join(c.op === 'between' ? ' ~ ' : ',');
  return c.value === undefined ? '' : one(c.value);
}

/**
 * The readable conditionText stored beside the conditions, e.g.
 * 【{创建人} {等于} {@userId} and {部门} {包含任意一个} {研发部,销售部}】 or 【…】.
 */
export function summarize(
  groups: readonly WireGroup[],
  matchLogic: 'and' | 'or',
  fields: readonly DataFieldRow[],
  t: Translate,
  labelOf: LabelOf,
): string {
  return groups
    .filter((g) => g.groups.length)
    .map((g) => {
      const parts = g.groups.map((c) => {
        const name = fields.find((f) => f.id === c.id)?.fullName ?? c.field;
        const head = `{${name}} {${opName(t, c.op)}}`;
        return c.value === undefined ? head : `${head} {${valueText(c, labelOf)}}`;
      });
      return `【${parts.join(` ${g.logic} `)}】`;
    })
    .join(` ${matchLogic} `);
}
