// The .bdd file: one dictionary category with its items, as a versioned JSON document.
//
//   {
//     "format": "jnpf-dictionary",        fixed
//     "version": 1,                       this layout; other versions are refused
//     "exportedAt": 1718000000000,        epoch milliseconds
//     "type": { "id", "parentId" ("-1" at the top, else the parent category's id), "parentEnCode" (null at the top),
//               "category" (0 business, 1 system), "fullName", "enCode", "isTree" (0/1), "sortCode", "description" },
//     "items": [ { "id", "parentId" ("0" at the top, else another item's id), "fullName", "enCode",
//                  "enabledMark" (0/1), "sortCode", "description" } ]
//   }
//
// Import checks the whole file and everything it would change before writing, and writes in one transaction,
// so a refused file changes nothing. Ids in the file only link items to their parents; records get new ids.
// Duplicate handling: 0 skip – a category with the same code receives the items it does not have yet (same
// name or code = already there, skipped); 1 append – everything is added, a category that already exists is
// added as a copy ("<name>.副本xxxxx", "<code>xxxxx"), as the reference does.
import { z } from 'zod';
import { fieldRules, type Language } from '@jnpf/core';
import type { Tx } from '../../db/client.js';
import { dictionaryData, dictionaryType } from '../../db/schema/index.js';
import type { AuditActor } from '../../platform/audit.js';
import { writeAudit } from '../../platform/audit.js';
import { copyNames } from '../../platform/crud.js';
import { refuse, ValidationError } from '../../platform/errors.js';
import { NAME_MAX, optionalText, requiredText, sortCodeInRange, strictFlag01 } from '../../platform/fields.js';
import type { MessageKey } from '../../platform/i18n.js';
import { newId } from '../../platform/ids.js';
import { msg, validate } from '../../platform/validation.js';
import { itemsOfType, listRow, TOP, type ItemRow } from './items.js';
import { m, typeTexts } from './messages.js';
import { allTypes, categoryOf, lockType, lockTypeWrites, MODULE_NAME, type TypeRow } from './types.js';

export const BDD_FORMAT = 'jnpf-dictionary';
export const BDD_VERSION = 1;
export const BDD_EXTENSION = '.bdd';
export const BDD_MAX_BYTES = 2 * 1024 * 1024;
const MAX_ITEMS = 10_000;

const fileId = z.string().trim().min(1).max(100);

const bddType = z.object({
  id: fileId,
  parentId: fileId,
  parentEnCode: z.string().max(NAME_MAX).nullish(),
  category: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]),
  fullName: requiredText(typeTexts.nameRequired, NAME_MAX, typeTexts.nameTooLong).regex(fieldRules.name, msg('name')),
  enCode: requiredText(typeTexts.codeRequired, NAME_MAX, typeTexts.codeTooLong).regex(fieldRules.code, msg('code')),
  isTree: strictFlag01(0),
  sortCode: sortCodeInRange,
  description: optionalText(500, null),
});

const bddItem = z.object({
  id: fileId,
  parentId: fileId,
  fullName: requiredText(m.itemNameRequired, NAME_MAX, m.itemNameTooLong),
  enCode: requiredText(m.itemCodeRequired, NAME_MAX, m.itemCodeTooLong),
  enabledMark: strictFlag01(1),
  sortCode: sortCodeInRange,
  description: optionalText(500, null),
});

const bddDocument = z.object({
  format: z.literal(BDD_FORMAT),
  version: z.literal(BDD_VERSION),
  exportedAt: z.number().int().nonnegative(),
  type: bddType,
  items: z.array(bddItem).max(MAX_ITEMS),
});

export type BddDocument = z.infer<typeof bddDocument>;
type BddItem = BddDocument['items'][number];

export function exportDocument(type: TypeRow, parent: TypeRow | undefined, items: readonly ItemRow[]) {
  return {
    format: BDD_FORMAT,
    version: BDD_VERSION,
    exportedAt: Date.now(),
    type: {
      id: type.id,
      parentId: type.parentId,
      parentEnCode: parent?.enCode ?? null,
      category: Number(categoryOf(type)),
      fullName: type.fullName,
      enCode: type.enCode,
      isTree: type.isTree,
      sortCode: type.sortCode,
      description: type.description,
    },
    items: items.map((r) => ({ ...listRow(r), description: r.description })),
  };
}

const invalid = (detail: string) => refuse(m.importInvalid, { detail });

/** what a JSON exchange file (a .bdd, a bill rule's .bb) must be */
export interface ExchangeFormat<T> {
  extension: string;
  maxBytes: number;
  /** the limit as the refusal shows it ("2MB") */
  sizeText: string;
  format: string;
  version: number;
  /** the refusal when the file is JSON of another format */
  wrongFormat: MessageKey;
  schema: z.ZodType<T>;
}

/** reads and checks an exchange file on its own (no database): name, size, JSON, format, version, every key */
export function readExchangeFile<T>(fileName: string, bytes: Buffer, lang: Language, spec: ExchangeFormat<T>): T {
  if (!fileName.toLowerCase().endsWith(spec.extension)) throw refuse(m.importWrongExtension, { ext: spec.extension });
  if (bytes.length > spec.maxBytes) throw refuse(m.importTooLarge, { size: spec.sizeText });
  let raw: unknown;
  try {
    raw = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw refuse(m.importBadJson);
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw) || (raw as { format?: unknown }).format !== spec.format)
    throw refuse(spec.wrongFormat);
  const version = (raw as { version?: unknown }).version;
  if (version !== spec.version) throw refuse(m.importWrongVersion, { version: JSON.stringify(version ?? null) });
  try {
    return validate(spec.schema, raw, lang, 'file');
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const detail = Object.entries(err.errors)
      .slice(0, 3)
      .map(([path, text]) => `${path}: ${text}`)
      .join('；');
    throw invalid(detail);
  }
}

/** reads and checks a .bdd file on its own (no database): format, version, every key, links between items */
export function parseBdd(fileName: string, bytes: Buffer, lang: Language): BddDocument {
  const doc = readExchangeFile(fileName, bytes, lang, {
    extension: BDD_EXTENSION,
    maxBytes: BDD_MAX_BYTES,
    sizeText: '2MB',
    format: BDD_FORMAT,
    version: BDD_VERSION,
    wrongFormat: m.importWrongFormat,
    schema: bddDocument,
  });
  checkItemLinks(doc, lang);
  return doc;
}

const LINK_TEXT = {
  duplicateId: { zh: 'id重复', zhtw: 'id重複', en: 'duplicate id' },
  duplicateName: { zh: '名称重复', zhtw: '名稱重複', en: 'duplicate name' },
  duplicateCode: { zh: '编码重复', zhtw: '編碼重複', en: 'duplicate code' },
  parentMissing: { zh: '上级字典不存在', zhtw: '上級字典不存在', en: 'parent item not in the file' },
  cycle: { zh: '上级关系成环', zhtw: '上級關係成環', en: 'parent links form a loop' },
  notTree: { zh: '分类不是树形，不能有上级', zhtw: '分類不是樹形，不能有上級', en: 'the category is not a tree' },
} as const;

function checkItemLinks(doc: BddDocument, lang: Language) {
  const ids = new Map<string, BddItem>();
  const names = new Set<string>();
  const codes = new Set<string>();
  doc.items.forEach((item, i) => {
    const at = (key: string, text: keyof typeof LINK_TEXT) => invalid(`items.${i}.${key}: ${LINK_TEXT[text][lang]}`);
    if (ids.has(item.id) || item.id === TOP) throw at('id', 'duplicateId');
    if (names.has(item.fullName)) throw at('fullName', 'duplicateName');
    if (codes.has(item.enCode)) throw at('enCode', 'duplicateCode');
    ids.set(item.id, item);
    names.add(item.fullName);
    codes.add(item.enCode);
  });
  doc.items.forEach((item, i) => {
    if (item.parentId === TOP) return;
    const at = (text: keyof typeof LINK_TEXT) => invalid(`items.${i}.parentId: ${LINK_TEXT[text][lang]}`);
    if (doc.type.isTree !== 1) throw at('notTree');
    if (!ids.has(item.parentId)) throw at('parentMissing');
    const seen = new Set<string>();
    for (let cur: BddItem | undefined = item; cur && cur.parentId !== TOP; cur = ids.get(cur.parentId)) {
      if (seen.has(cur.id)) throw at('cycle');
      seen.add(cur.id);
    }
  });
}

export type ImportMode = 0 | 1;

/** what an import of an exchange file added and passed over (snum and fnum count them) */
export interface ImportTally {
  appended: { id: string; fullName: string; enCode: string }[];
  skipped: { fullName: string; enCode: string; reason: string }[];
  snum: number;
  fnum: number;
}

export interface ImportResult extends ImportTally {
  type: { id: string; fullName: string; enCode: string; result: 'created' | 'merged' | 'copied' };
}

/** why an entry was passed over */
export const SKIP_REASON = {
  code: { zh: '编码已存在', zhtw: '編碼已存在', en: 'code exists' },
  name: { zh: '名称已存在', zhtw: '名稱已存在', en: 'name exists' },
} as const;

/** applies a checked document; any refusal rolls the whole import back */
export async function importBdd(
  tx: Tx,
  actor: AuditActor,
  doc: BddDocument,
  mode: ImportMode,
  lang: Language,
): Promise<ImportResult> {
  await lockTypeWrites(tx);
  const types = await allTypes(tx);
  const sameCode = types.find((t) => t.enCode === doc.type.enCode);
  const sameName = types.find((t) => t.fullName === doc.type.fullName);
  const now = Date.now();

  let target: TypeRow;
  let result: ImportResult['type']['result'];
  if (mode === 0 && sameCode) {
    target = (await lockType(tx, sameCode.id))!;
    result = 'merged';
    if (target.isTree !== 1 && doc.items.some((i) => i.parentId !== TOP))
      throw invalid(`type.isTree: ${LINK_TEXT.notTree[lang]}`);
  } else {
    if (mode === 0 && sameName) throw refuse(m.importNameTaken, { name: doc.type.fullName });
    let fullName = doc.type.fullName;
    let enCode = doc.type.enCode;
    result = 'created';
    if (sameCode || sameName) {
      // the reference appends the characters to a dictionary's code without a dot
      const names = copyNames({ fullName, enCode }, NAME_MAX, '');
      if (!names) throw refuse(m.importCopyTooLong);
      ({ fullName, enCode } = names);
      result = 'copied';
    }
    const place = placementOf(doc, types);
    target = {
      id: newId(),
      parentId: place.parentId,
      category: place.category,
      fullName,
      enCode,
      isTree: doc.type.isTree,
      sortCode: doc.type.sortCode,
      enabledMark: 1,
      description: doc.type.description,
      creatorTime: now,
      creatorUserId: actor.userId,
      lastModifyTime: null,
      lastModifyUserId: null,
      version: 0,
    };
    await tx.insert(dictionaryType).values(target);
  }

  const existing = result === 'merged' ? await itemsOfType(tx, target.id) : [];
  const byCode = new Map(existing.map((r) => [r.enCode, r]));
  const byName = new Map(existing.map((r) => [r.fullName, r]));
  const newIdOf = new Map<string, string>();
  const skipped: ImportResult['skipped'] = [];
  const toInsert: BddItem[] = [];
  for (const item of doc.items) {
    const match = byCode.get(item.enCode) ?? byName.get(item.fullName);
    if (match) {
      newIdOf.set(item.id, match.id);
      skipped.push({
        fullName: item.fullName,
        enCode: item.enCode,
        reason: SKIP_REASON[byCode.has(item.enCode) ? 'code' : 'name'][lang],
      });
    } else {
      newIdOf.set(item.id, newId());
      toInsert.push(item);
    }
  }
  const rows = toInsert.map((item) => ({
    id: newIdOf.get(item.id)!,
    dictionaryTypeId: target.id,
    parentId: item.parentId === TOP ? TOP : newIdOf.get(item.parentId)!,
    fullName: item.fullName,
    enCode: item.enCode,
    enabledMark: item.enabledMark,
    sortCode: item.sortCode,
    description: item.description,
    creatorTime: now,
    creatorUserId: actor.userId,
  }));
  for (let i = 0; i < rows.length; i += 500) await tx.insert(dictionaryData).values(rows.slice(i, i + 500));
  const appended = rows.map((r) => ({ id: r.id, fullName: r.fullName, enCode: r.enCode }));
  await writeAudit(tx, actor, {
    moduleName: MODULE_NAME,
    action: 'import',
    recordId: target.id,
    after: {
      type: { id: target.id, enCode: target.enCode, result },
      appended: appended.length,
      skipped: skipped.length,
    },
  });
  return {
    type: { id: target.id, fullName: target.fullName, enCode: target.enCode, result },
    appended,
    skipped,
    snum: appended.length,
    fnum: skipped.length,
  };
}

/** where an imported category goes: its parent by id, else by code, else refused; top-level under its root */
function placementOf(doc: BddDocument, types: readonly TypeRow[]): { parentId: string; category: string } {
  const { parentId, parentEnCode } = doc.type;
  if (parentId === '-1' || parentId === '0' || parentId === '1')
    return { parentId: '-1', category: parentId === '-1' ? String(doc.type.category) : parentId };
  const parent =
    types.find((t) => t.id === parentId) ?? (parentEnCode ? types.find((t) => t.enCode === parentEnCode) : undefined);
  if (!parent) throw refuse(m.importParentMissing);
  return { parentId: parent.id, category: categoryOf(parent) };
}
