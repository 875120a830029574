// Designs as files, to move a function from one system to another: the export holds the design (formData,
// columnData, tables) with its category and the dictionaries its fields name (id, code and name), marked
// modelType "design" as the reference marks its files. The import refuses a design whose id, code or name is taken
// here (the reference's "已存在相同功能" / "编码、名称重复"), unless asked for a copy (type 1: a new id, the
// code and name with a random suffix); it refuses a file naming dictionaries this system lacks, and points the
// fields at this system's dictionaries of the same code. The imported design is a draft, to be released here.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { Language } from '@jnpf/core';
import type { Db, Tx } from '../../../db/client.js';
import { dictionaryData, visualDev } from '../../../db/schema/index.js';
import type { AuditActor } from '../../../platform/audit.js';
import { refuse } from '../../../platform/errors.js';
import { t } from '../../../platform/i18n.js';
import { validate } from '../../../platform/validation.js';
import { itemsOfType, typeByIdOrCode } from '../../dictionary/index.js';
import { throwIssues } from '../issues.js';
import { m } from '../messages.js';
import { checkDesign } from './designCheck.js';
import { CATEGORY_DICTIONARY, createDesign, designById, type DesignRow } from './designs.js';
import { designBody } from './fields.js';

export const DESIGN_FILE_EXTENSION = '.json';
export const DESIGN_MODEL_TYPE = 'design';
export const MAX_DESIGN_FILE_BYTES = 4 * 1024 * 1024;

export interface DictionaryReference {
  id: string;
  enCode: string;
  fullName: string;
}

export interface DesignFile {
  modelType: typeof DESIGN_MODEL_TYPE;
  id: string;
  fullName: string;
  enCode: string;
  type: number;
  webType: number;
  category: string;
  categoryName: string;
  categoryCode: string;
  description: string;
  sortCode: number;
  enabledMark: number;
  dbLinkId: string;
  tables: string;
  formData: string;
  columnData: string;
  dictionaries: DictionaryReference[];
}

/** the keys of a design's JSON that name a dictionary (option fields, search items, the left tree) */
const DICTIONARY_KEYS = new Set(['dictionaryType', 'treeDictionary']);

/** every dictionary id or code named in the design's JSON */
function namedDictionaries(...jsonTexts: string[]): Set<string> {
  const out = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (DICTIONARY_KEYS.has(key) && typeof value === 'string' && value) out.add(value);
      else visit(value);
    }
  };
  for (const text of jsonTexts) {
    try {
      visit(JSON.parse(text));
    } catch {
      // a design that does not parse names nothing (the design check refuses it on import)
    }
  }
  return out;
}

/** the design's JSON with the dictionaries it names replaced as `replace` says */
function renameDictionaries(jsonText: string, replace: ReadonlyMap<string, string>): string {
  if (!replace.size || !jsonText) return jsonText;
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        DICTIONARY_KEYS.has(key) && typeof value === 'string' ? (replace.get(value) ?? value) : visit(value),
      ]),
    );
  };
  try {
    return JSON.stringify(visit(JSON.parse(jsonText)));
  } catch {
    return jsonText;
  }
}

/** the file of a design: the design with its category and the dictionaries its fields name */
export async function designFile(db: Db, row: DesignRow): Promise<DesignFile> {
  const [category] = await db.select().from(dictionaryData).where(eq(dictionaryData.id, row.category)).limit(1);
  const dictionaries: DictionaryReference[] = [];
  for (const idOrCode of namedDictionaries(row.formData, row.columnData)) {
    const type = await typeByIdOrCode(db, idOrCode);
    dictionaries.push(
      type
        ? { id: type.id, enCode: type.enCode, fullName: type.fullName }
        : { id: idOrCode, enCode: idOrCode, fullName: idOrCode },
    );
  }
  return {
    modelType: DESIGN_MODEL_TYPE,
    id: row.id,
    fullName: row.fullName,
    enCode: row.enCode,
    type: row.type,
    webType: row.webType,
    category: row.category,
    categoryName: category?.fullName ?? '',
    categoryCode: category?.enCode ?? '',
    description: row.description ?? '',
    sortCode: row.sortCode,
    enabledMark: row.enabledMark,
    dbLinkId: '0',
    tables: '[]',
    formData: row.formData,
    columnData: row.columnData,
    dictionaries,
  };
}

/** reads an uploaded design file: a .json file marked as a design, else the reference's refusals */
export function parseDesignFile(fileName: string, bytes: Buffer): Record<string, unknown> {
  if (path.extname(fileName).toLowerCase() !== DESIGN_FILE_EXTENSION) throw refuse(m.importFileType);
  let doc: unknown;
  try {
    doc = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw refuse(m.importNotDesign);
  }
  if (!doc || typeof doc !== 'object' || (doc as { modelType?: unknown }).modelType !== DESIGN_MODEL_TYPE)
    throw refuse(m.importNotDesign);
  return doc as Record<string, unknown>;
}

const taken = async (tx: Tx, column: typeof visualDev.fullName | typeof visualDev.enCode, value: string) =>
  (await tx.select({ n: count() }).from(visualDev).where(eq(column, value)))[0]!.n > 0;

/** the category of this system the file's category is: the same id, else the item of the same code or name */
async function localCategory(tx: Tx, doc: Record<string, unknown>): Promise<string> {
  const type = await typeByIdOrCode(tx, CATEGORY_DICTIONARY);
  const items = type ? await itemsOfType(tx, type.id) : [];
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const found =
    items.find((i) => i.id === text(doc.category)) ??
    items.find((i) => !!text(doc.categoryCode) && i.enCode === text(doc.categoryCode)) ??
    items.find((i) => !!text(doc.categoryName) && i.fullName === text(doc.categoryName));
  if (!found) throw refuse(m.importMissingCategory, { name: text(doc.categoryName) || text(doc.category) || '-' });
  return found.id;
}

/**
 * Creates the design of an uploaded file as a draft; mode 0 refuses one whose id, code or name is taken, mode 1
 * imports it as a copy. Returns the new design's id.
 */
export async function importDesign(
  tx: Tx,
  actor: AuditActor,
  doc: Record<string, unknown>,
  mode: 0 | 1,
  lang: Language,
): Promise<string> {
  // the dictionaries the file names, found here by id or code
  const references = Array.isArray(doc.dictionaries) ? (doc.dictionaries as Partial<DictionaryReference>[]) : [];
  const formData = typeof doc.formData === 'string' ? doc.formData : JSON.stringify(doc.formData ?? '');
  const columnData = typeof doc.columnData === 'string' ? doc.columnData : JSON.stringify(doc.columnData ?? '');
  const replace = new Map<string, string>();
  const missing: string[] = [];
  for (const named of namedDictionaries(formData, columnData)) {
    const reference = references.find((r) => r?.id === named || r?.enCode === named);
    // named as this system names it (its id, or a code): kept as it is
    if (await typeByIdOrCode(tx, named)) continue;
    const here = reference?.enCode ? await typeByIdOrCode(tx, reference.enCode) : undefined;
    if (!here) missing.push(reference?.fullName ? `${reference.fullName}(${reference.enCode ?? named})` : named);
    else replace.set(named, here.id);
  }
  if (missing.length) throw refuse(m.importMissingDictionaries, { names: missing.join('、') });
  const category = await localCategory(tx, doc);
  const input = validate(
    designBody,
    {
      ...doc,
      category,
      formData: renameDictionaries(formData, replace),
      columnData: renameDictionaries(columnData, replace),
      version: undefined,
    },
    lang,
    'body',
  );
  const { version: _version, ...design } = input;
  const id = typeof doc.id === 'string' ? doc.id : '';
  if (mode === 0) {
    if (id && (await designById(tx, id))) throw refuse(m.importSameDesign);
    const clashes = [
      (await taken(tx, visualDev.enCode, design.enCode)) ? t(lang, m.importCode) : null,
      (await taken(tx, visualDev.fullName, design.fullName)) ? t(lang, m.importName) : null,
    ].filter((x): x is string => !!x);
    if (clashes.length) throw refuse(m.importDuplicate, { what: clashes.join(lang === 'en' ? ', ' : '、') });
  } else {
    const suffix = randomBytes(3).toString('hex').slice(0, 5);
    if (await taken(tx, visualDev.enCode, design.enCode)) design.enCode = `${design.enCode.slice(0, 45)}${suffix}`;
    if (await taken(tx, visualDev.fullName, design.fullName))
      design.fullName = `${design.fullName.slice(0, 90)}.副本${suffix}`;
  }
  throwIssues(
    await checkDesign(design, { dictionaryExists: async (idOrCode) => !!(await typeByIdOrCode(tx, idOrCode)) }),
    lang,
  );
  return createDesign(tx, actor, design);
}
