// Dictionary items the organisation screens refer to (position types, group types, gender, nation …). Read
// straight from the dictionary tables until a dictionary module offers a service for it.
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { dictionaryData, dictionaryType } from '../../db/schema/index.js';
import { newId } from '../../platform/ids.js';

export interface DictionaryItem {
  id: string;
  enCode: string;
  fullName: string;
  enabledMark: number;
  sortCode: number;
}

/** the items of the dictionary with this code, in order */
export async function dictionaryItems(db: Db | Tx, typeCode: string): Promise<DictionaryItem[]> {
  return db
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
}

/** creates the dictionary with its items unless a dictionary with that code exists */
export async function seedDictionary(
  tx: Tx,
  dict: { enCode: string; fullName: string; items: [string, string][] },
): Promise<void> {
  const [existing] = await tx
    .select({ id: dictionaryType.id })
    .from(dictionaryType)
    .where(and(eq(dictionaryType.enCode, dict.enCode)))
    .limit(1);
  if (existing) return;
  const typeId = newId();
  const now = Date.now();
  await tx.insert(dictionaryType).values({
    id: typeId,
    parentId: '-1',
    fullName: dict.fullName,
    enCode: dict.enCode,
    // a system dictionary (root "1" of the dictionary screen)
    category: '1',
    sortCode: 100,
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
