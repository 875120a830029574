// Test data several screens' tests share (no set-up side effects: any test may import it).

/** one flat dictionary as GET /api/system/DictionaryData/All lists it */
export const flatDictionary = (
  id: string,
  enCode: string,
  fullName: string,
  items: { id: string; enCode: string; fullName: string }[],
) => ({ id, enCode, fullName, isTree: 0, dictionaryList: items });
