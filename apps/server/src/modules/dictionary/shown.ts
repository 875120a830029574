// Dictionaries as lists and pickers show them: a seeded category or item (core's builtInNames) is named in the
// caller's language while its stored name is still the seeded Chinese one; in Chinese the rows pass unchanged.
import { dictionaryItemName, dictionaryTypeName, type Language } from '@jnpf/core';

interface Named {
  enCode: string;
  fullName: string;
}

/** a category row named in `lang` */
export const shownType = <R extends Named>(row: R, lang: Language): R =>
  lang === 'zh' ? row : { ...row, fullName: dictionaryTypeName(row.enCode, row.fullName, lang) };

/** the item rows of the category with code `typeCode`, named in `lang` */
export function shownItems<R extends Named>(typeCode: string, rows: readonly R[], lang: Language): readonly R[] {
  if (lang === 'zh') return rows;
  return rows.map((r) => ({ ...r, fullName: dictionaryItemName(typeCode, r.enCode, r.fullName, lang) }));
}

type ItemNode = Named & { children?: ItemNode[] };

/** every category with its items (GET .../All), named in `lang` */
export function shownDictionaries<E extends Named & { dictionaryList: ItemNode[] }>(list: E[], lang: Language): E[] {
  if (lang === 'zh') return list;
  const items = (typeCode: string, nodes: ItemNode[]): ItemNode[] =>
    nodes.map((n) => ({
      ...n,
      fullName: dictionaryItemName(typeCode, n.enCode, n.fullName, lang),
      ...(n.children ? { children: items(typeCode, n.children) } : {}),
    }));
  return list.map((e) => ({ ...shownType(e, lang), dictionaryList: items(e.enCode, e.dictionaryList) }));
}
