// Data permissions of a model: the fields its menus' schemes may filter on, and the SQL each stands for over a record.
// Release writes these fields to the menu (ModuleDataAuthorize rows, so an administrator picks them when building
// schemes) and the runtime hands the same map to the data-scope filter (platform/dataScope.ts), so the two never
// disagree.
//
// A form field is one of the listable value fields (not sub-tables or rich text); its value is read from the
// record's jsonb data with the key as a parameter, never interpolated: numbers and dates (epoch ms) as numeric
// (null when the stored value is not a number), the rest as text. Lists (checkboxes, multiple pickers, areas)
// are compared as their JSON text, so they offer "contains" and "is empty" only. Beside the form fields, every
// record has its creator (creatorUserId) and creation time (creatorTime); these win over a form field of the
// same name.
import { sql, type SQL } from 'drizzle-orm';
import { ARRAY_VALUED_KEYS, isListableKey, isMultiValueField, type FieldConfig } from '@jnpf/core';
import { visualRecord } from '../../../db/schema/index.js';
import type { ScopeColumns } from '../../../platform/dataScope.js';
import { labelOf } from '../issues.js';
import type { Model } from './model.js';
import { serverWidgetOf, type ServerWidget } from './values.js';

/** a field schemes may filter on: the ModuleDataAuthorize row release writes, and its SQL */
export interface ScopeField {
  enCode: string;
  fullName: string;
  /** the value's data type, as the reference names it */
  type: 'varchar' | 'double' | 'datetime';
  /** comma list of the operators that make sense for it */
  conditionSymbol: string;
  /** comma list of what a value may be: input, a variable (@userId …) or a picker */
  conditionText: string;
  /** the date format the scheme screen shows (dates only) */
  format: string | null;
  sql: SQL;
}

/** the record columns every model's schemes may filter on */
export const CREATOR_USER = 'creatorUserId';
export const CREATOR_TIME = 'creatorTime';

const DATE_TIME_FORMAT = 'yyyy-MM-dd HH:mm:ss';

const TEXT_OPS = '==,<>,like,notLike,in,notIn,null,notNull';
const ID_OPS = '==,<>,in,notIn,null,notNull';
const NUMBER_OPS = '==,<>,>,>=,<,<=,between,null,notNull';
const DATE_OPS = '>,>=,<,<=,between,null,notNull';
const LIST_OPS = 'like,notLike,null,notNull';

const USER_VALUES = '@userId,@userAraSubordinates,userSelect';
const ORGANIZE_VALUES = '@organizeId,@organizationAndSuborganization,@branchManageOrganize,@branchManageOrganizeAndSub';
/** the values the scheme screen offers a field holding ids of this directory */
const DIRECTORY_VALUES: Readonly<Record<NonNullable<ServerWidget['directory']>, string>> = {
  user: USER_VALUES,
  organize: `${ORGANIZE_VALUES},organizeSelect`,
  department: `${ORGANIZE_VALUES},depSelect`,
  position: 'posSelect',
  role: 'roleSelect',
  group: 'groupSelect',
};

/** the text of a top-level value (JSON text for lists and objects) */
const textOf = (key: string): SQL => sql`(${visualRecord.data} ->> ${key}::text)`;
/** a number (or epoch ms), null when the value stored is not a number */
const numberOf = (key: string): SQL =>
  sql`(case when jsonb_typeof(${visualRecord.data} -> ${key}::text) = 'number' then (${visualRecord.data} ->> ${key}::text)::numeric end)`;

/** what the scheme screen offers for values of this field, and which operators */
function describe(field: FieldConfig): Pick<ScopeField, 'type' | 'conditionSymbol' | 'conditionText' | 'format'> {
  const key = field.__config__.jnpfKey;
  const numeric = serverWidgetOf(field).numeric;
  if (numeric === 'number')
    return { type: 'double', conditionSymbol: NUMBER_OPS, conditionText: 'inputNumber', format: null };
  if (numeric === 'date') {
    const format = typeof field.format === 'string' && field.format ? field.format : DATE_TIME_FORMAT;
    return { type: 'datetime', conditionSymbol: DATE_OPS, conditionText: 'datePicker', format };
  }
  const list = isMultiValueField(field) || ARRAY_VALUED_KEYS.has(key);
  const ids = (values: string) => ({
    type: 'varchar' as const,
    conditionSymbol: list ? LIST_OPS : ID_OPS,
    conditionText: values,
    format: null,
  });
  const directory = serverWidgetOf(field).directory;
  if (directory) return ids(DIRECTORY_VALUES[directory]);
  return { type: 'varchar', conditionSymbol: list ? LIST_OPS : TEXT_OPS, conditionText: 'input', format: null };
}

/** the fields schemes of a model with these value fields may filter on, in form order, then the record's own */
export function scopeFields(fields: readonly FieldConfig[]): ScopeField[] {
  const own: ScopeField[] = [
    {
      enCode: CREATOR_USER,
      fullName: '创建用户',
      type: 'varchar',
      conditionSymbol: ID_OPS,
      conditionText: USER_VALUES,
      format: null,
      sql: sql`${visualRecord.creatorUserId}`,
    },
    {
      enCode: CREATOR_TIME,
      fullName: '创建时间',
      type: 'datetime',
      conditionSymbol: DATE_OPS,
      conditionText: 'datePicker',
      format: DATE_TIME_FORMAT,
      sql: sql`${visualRecord.creatorTime}`,
    },
  ];
  const taken = new Set(own.map((f) => f.enCode));
  const out: ScopeField[] = [];
  for (const field of fields) {
    const key = field.__vModel__;
    if (!key || taken.has(key) || !isListableKey(field.__config__.jnpfKey)) continue;
    taken.add(key);
    const shape = describe(field);
    out.push({
      enCode: key,
      fullName: labelOf(field),
      ...shape,
      sql: shape.type === 'varchar' ? textOf(key) : numberOf(key),
    });
  }
  return [...out, ...own];
}

const columnsCache = new WeakMap<Model, ScopeColumns>();
/** field code → SQL over a record, as the data-scope filter takes them */
export function scopeColumns(model: Model): ScopeColumns {
  let columns = columnsCache.get(model);
  if (!columns) {
    columns = Object.freeze(Object.fromEntries(scopeFields(model.fields).map((f) => [f.enCode, f.sql])));
    columnsCache.set(model, columns);
  }
  return columns;
}
