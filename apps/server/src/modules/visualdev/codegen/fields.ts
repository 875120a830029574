// How each widget of a design becomes a column of the generated table, a field of the generated body and a
// control of the generated form. Pure: no database, no file system.
import {
  dataFields,
  isMultiValueField,
  parseDesignJson,
  type ColumnDataJson,
  type FieldConfig,
  type FormDataJson,
  type InputKey,
  type SubTableKey,
  type SystemKey,
} from '@jnpf/core';

/** how a value is kept: text, a decimal number, a 0/1 flag, epoch milliseconds, or a JSON list */
export type Store = 'text' | 'number' | 'flag' | 'ms' | 'json';

export interface GenOption {
  value: string;
  label: string;
}

export interface GenField {
  /** the design's __vModel__ */
  name: string;
  /** the record key in the generated code (the design's __vModel__, renamed when it clashes) */
  prop: string;
  /** the column in the table */
  column: string;
  label: string;
  kind: string;
  store: Store;
  required: boolean;
  /** text: the most characters */
  max: number;
  /** number: the range */
  min: number;
  numMax: number;
  /** static options of a choice */
  options: GenOption[];
  multiple: boolean;
  /** filled by the server (creator, times, organisation) */
  system: boolean;
  /** the generated control is a stand-in: the kit has no plain control for this widget */
  standIn: boolean;
}

/** the columns every generated table has beside the design's fields */
export const RESERVED_PROPS: ReadonlySet<string> = new Set([
  'id',
  'sortCode',
  'enabledMark',
  'description',
  'creatorTime',
  'creatorUserId',
  'lastModifyTime',
  'lastModifyUserId',
  'version',
]);

const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;
/** what the generated code does with a widget kind: how its value is kept and which control edits it */
interface WidgetCode {
  store: Store;
  /** a plain antd control edits it ('choice': when the design gives static options); else a stand-in */
  control: 'plain' | 'choice' | 'standIn';
  /** text: the most characters (500 or the field's maxlength when absent) */
  max?: number;
  /** filled by the server */
  system?: true;
}

const plain = (store: Store, max?: number): WidgetCode => ({ store, control: 'plain', ...(max ? { max } : {}) });
const standIn = (store: Store, max?: number): WidgetCode => ({ store, control: 'standIn', ...(max ? { max } : {}) });
const choice = (store: Store): WidgetCode => ({ store, control: 'choice' });
const system = (store: Store): WidgetCode => ({ store, control: 'plain', system: true });

/**
 * every value widget kind of this version, so that a new kind fails to compile until the generator knows it. A
 * select, tree select or picker with `multiple` is kept as a JSON list whatever its entry says.
 */
export const WIDGET_CODE: Readonly<Record<InputKey | SubTableKey | SystemKey, WidgetCode>> = {
  input: plain('text'),
  textarea: plain('text', 5000),
  inputNumber: plain('number'),
  switch: plain('flag'),
  radio: choice('text'),
  checkbox: choice('json'),
  select: choice('text'),
  cascader: standIn('json'),
  datePicker: plain('ms'),
  timePicker: standIn('text'),
  uploadFile: standIn('json'),
  uploadImg: standIn('json'),
  uploadFz: standIn('json'),
  colorPicker: plain('text', 50),
  rate: plain('number'),
  slider: plain('number'),
  // rich text kept as HTML
  editor: plain('text', 100_000),
  billRule: standIn('text'),
  organizeSelect: standIn('text'),
  depSelect: standIn('text'),
  posSelect: standIn('text'),
  userSelect: standIn('text'),
  roleSelect: standIn('text'),
  groupSelect: standIn('text'),
  areaSelect: standIn('json'),
  treeSelect: choice('text'),
  popupSelect: standIn('text'),
  popupTableSelect: standIn('text'),
  autoComplete: standIn('text'),
  popupAttr: standIn('text'),
  amount: plain('number'),
  numRange: standIn('json'),
  calculate: plain('number'),
  // a picture as a data URL
  sign: standIn('text', 200_000),
  // the place as JSON (address, longitude, latitude)
  location: standIn('text', 2000),
  usersSelect: standIn('text'),
  relationForm: standIn('text'),
  relationFormAttr: standIn('text'),
  table: standIn('json'),
  createUser: system('text'),
  createTime: system('ms'),
  modifyUser: system('text'),
  modifyTime: system('ms'),
  currOrganize: system('text'),
  currPosition: system('text'),
};

const codeOf = (field: FieldConfig): WidgetCode | undefined =>
  (WIDGET_CODE as Readonly<Record<string, WidgetCode>>)[field.__config__.jnpfKey];

export const snakeCase = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();

/** a JS identifier from a code: its words joined in camel case, or '' when nothing of it is usable */
export function camelCase(code: string): string {
  const words = code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const joined = words
    .map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase()))
    .join('');
  return /^[a-z]/.test(joined) ? joined : '';
}

export const pascalCase = (camel: string) => camel[0]!.toUpperCase() + camel.slice(1);

function storeOf(field: FieldConfig, code: WidgetCode): Store {
  return isMultiValueField(field) ? 'json' : code.store;
}

function textMax(field: FieldConfig, code: WidgetCode): number {
  if (code.max) return code.max;
  const given = Number(field.maxlength);
  return Number.isInteger(given) && given > 0 && given <= 5000 ? given : 500;
}

const finite = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

function optionsOf(field: FieldConfig): GenOption[] {
  if (field.__config__.dataType && field.__config__.dataType !== 'static') return [];
  if (!Array.isArray(field.options)) return [];
  return field.options
    .filter((o) => o && (typeof o.id === 'string' || typeof o.id === 'number'))
    .slice(0, 500)
    .map((o) => ({ value: String(o.id), label: String(o.fullName ?? o.id) }));
}

export type FieldProblem = { kind: 'formInvalid' } | { kind: 'fieldInvalid'; name: string };

/** the value fields of a design as the generated code keeps them, or what keeps them from being generated */
export function fieldsOf(formDataText: string | null): GenField[] | FieldProblem {
  const form = parseDesignJson<FormDataJson>(formDataText);
  if (!form || !Array.isArray(form.fields)) return { kind: 'formInvalid' };
  const out: GenField[] = [];
  const props = new Set<string>();
  for (const field of dataFields(form.fields)) {
    const name = field.__vModel__;
    if (typeof name !== 'string' || !IDENTIFIER.test(name)) return { kind: 'fieldInvalid', name: String(name) };
    let prop = name;
    while (RESERVED_PROPS.has(prop) || props.has(prop)) prop = `${prop}Field`;
    props.add(prop);
    const code = codeOf(field);
    // a value kind this version does not know (a newer designer's) is kept as text behind a stand-in
    const known = code ?? standIn('text');
    const store = storeOf(field, known);
    const options = optionsOf(field);
    out.push({
      name,
      prop,
      column: snakeCase(prop),
      label: String(field.__config__.label || name).slice(0, 100),
      kind: field.__config__.jnpfKey,
      store,
      required: field.__config__.required === true && !known.system && store !== 'flag',
      max: textMax(field, known),
      min: finite(field.min, -1e15),
      numMax: finite(field.max, 1e15),
      options,
      multiple: store === 'json',
      system: known.system === true,
      standIn: known.control === 'standIn' || (known.control === 'choice' && !options.length),
    });
  }
  return out;
}

/** the list's columns that name a generated field, in the list's order (all text fields when none is set) */
export function listColumnsOf(columnDataText: string | null, fields: readonly GenField[]): GenField[] {
  const columns = parseDesignJson<ColumnDataJson>(columnDataText);
  const byName = new Map(fields.map((f) => [f.name, f]));
  const chosen = Array.isArray(columns?.columnList)
    ? columns.columnList.map((c) => (typeof c?.prop === 'string' ? byName.get(c.prop) : undefined))
    : [];
  const listed = chosen.filter((f): f is GenField => !!f && f.kind !== 'table');
  return listed.length ? [...new Set(listed)] : fields.filter((f) => f.store !== 'json').slice(0, 6);
}

export interface ModuleNames {
  /** the module (folder) name, camel case */
  module: string;
  pascal: string;
  table: string;
  /** the menu code and the page's address */
  menuCode: string;
  urlAddress: string;
  apiBase: string;
}

export interface GenContext {
  names: ModuleNames;
  fields: GenField[];
  /** the fields the list shows */
  listed: GenField[];
  title: string;
}

/** a TS string literal of any text */
export const lit = (text: string) => JSON.stringify(text);
/** text safe inside a line or block comment */
export const comment = (text: string) =>
  text
    .replace(/\*\//g, '* /')
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .replace(/[\uD800-\uDFFF]/g, '?');

/** the TS type of a field's value in the input and the row */
export const TS_TYPE: Record<GenField['store'], string> = {
  text: 'string | null',
  number: 'number | null',
  flag: 'number',
  ms: 'number | null',
  json: 'unknown[] | null',
};
