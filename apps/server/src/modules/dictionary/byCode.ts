// Dictionaries other modules refer to by code: their items and the items' names, and creating a dictionary a
// module relies on when that module is seeded.
import { asc, eq } from 'drizzle-orm';
import type { Language } from '@jnpf/core';
import type { Db, Tx } from '../../db/client.js';
import { dictionaryData, dictionaryType } from '../../db/schema/index.js';
import { newId } from '../../platform/ids.js';
import { shownItems } from './shown.js';

export interface DictionaryItem {
  id: string;
  enCode: string;
  fullName: string;
  enabledMark: number;
  sortCode: number;
}

/** the items of the dictionary with this code, in order; seeded items named in `lang` */
export async function dictionaryItems(db: Db | Tx, typeCode: string, lang: Language = 'zh'): Promise<DictionaryItem[]> {
  const rows = await db
    .select({
      id: dictionaryData.id,
      enCode: dictionaryData.enCode,
      fullName: dictionaryData.fullName,
      enabledMark: dictionaryData.enabledMark,
      sortCode: dictionaryData.sortCode,
    })
    .from(dictionaryData)
    .innerJoin(dictionaryType, eq(dictionaryType.id, dictionaryData.dictionaryTypeId))
    .where(eq(dictionaryType.enCode, typeCode))
    .orderBy(asc(dictionaryData.sortCode), asc(dictionaryData.id));
  return [...shownItems(typeCode, rows, lang)];
}

/** enCode → fullName of a dictionary's items; seeded items named in `lang` */
export async function dictionaryNames(
  db: Db | Tx,
  typeCode: string,
  lang: Language = 'zh',
): Promise<Map<string, string>> {
  const rows = await db
    .select({ enCode: dictionaryData.enCode, id: dictionaryData.id, fullName: dictionaryData.fullName })
    .from(dictionaryData)
    .innerJoin(dictionaryType, eq(dictionaryType.id, dictionaryData.dictionaryTypeId))
    .where(eq(dictionaryType.enCode, typeCode));
  const names = new Map<string, string>();
  // items are referred to by code, and by id where a client stored the id
  for (const r of shownItems(typeCode, rows, lang)) names.set(r.enCode, r.fullName).set(r.id, r.fullName);
  return names;
}

/** a dictionary to seed; items are [enCode, fullName] */
export interface DictionarySeed {
  enCode: string;
  fullName: string;
  items: [string, string][];
}

/** inserts a top-level dictionary with its items, in their order */
export async function insertDictionary(
  tx: Tx,
  dict: DictionarySeed,
  place: { sortCode: number; category?: string },
  now = Date.now(),
): Promise<void> {
  const typeId = newId();
  await tx.insert(dictionaryType).values({
    id: typeId,
    parentId: '-1',
    fullName: dict.fullName,
    enCode: dict.enCode,
    ...(place.category ? { category: place.category } : {}),
    sortCode: place.sortCode,
    creatorTime: now,
  });
  await tx.insert(dictionaryData).values(
    dict.items.map(([enCode, fullName], i) => ({
      id: newId(),
      dictionaryTypeId: typeId,
      parentId: '0',
      fullName,
      enCode,
      sortCode: i,
      creatorTime: now,
    })),
  );
}

/** creates a system dictionary (root "1" of the dictionary screen) with its items unless one with that code exists */
export async function ensureDictionary(tx: Tx, dict: DictionarySeed): Promise<void> {
  const [existing] = await tx
    .select({ id: dictionaryType.id })
    .from(dictionaryType)
    .where(eq(dictionaryType.enCode, dict.enCode))
    .limit(1);
  if (existing) return;
  await insertDictionary(tx, dict, { category: '1', sortCode: 100 });
}
