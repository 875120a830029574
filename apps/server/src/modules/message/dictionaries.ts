// The dictionaries messaging reads names from (msgSourceType, msgSendType, NoticeType, urgency,
// scheduleCategory), and the seeding of those the foundation does not create.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { dictionaryData, dictionaryType } from '../../db/schema/index.js';
import { newId } from '../../platform/ids.js';

/** enCode → fullName of a dictionary's items */
export async function dictionaryNames(db: Db | Tx, typeCode: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ enCode: dictionaryData.enCode, id: dictionaryData.id, fullName: dictionaryData.fullName })
    .from(dictionaryData)
    .innerJoin(dictionaryType, eq(dictionaryType.id, dictionaryData.dictionaryTypeId))
    .where(eq(dictionaryType.enCode, typeCode));
  const names = new Map<string, string>();
  // items are referred to by code, and by id where a client stored the id
  for (const r of rows) names.set(r.enCode, r.fullName).set(r.id, r.fullName);
  return names;
}

/** creates a system dictionary with its items unless one with that code exists */
export async function ensureDictionary(
  tx: Tx,
  dict: { enCode: string; fullName: string; items: [string, string][] },
): Promise<void> {
  const [existing] = await tx
    .select({ id: dictionaryType.id })
    .from(dictionaryType)
    .where(eq(dictionaryType.enCode, dict.enCode))
    .limit(1);
  if (existing) return;
  const now = Date.now();
  const typeId = newId();
  await tx.insert(dictionaryType).values({
    id: typeId,
    parentId: '-1',
    fullName: dict.fullName,
    enCode: dict.enCode,
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
