// The categories of function designs: the items of the dictionary `WebDesign` when the platform has it
// (the category is then an item id); without it the category is free text.
import { toOptions, useDictionaries, type DictionaryItem } from '../../../components/admin';

export const CATEGORY_DICTIONARY = 'webDesign';

/** the items' names by id and by code (a category kept as the item's code still shows its name) */
function names(items: readonly DictionaryItem[], into: Map<string, string>): Map<string, string> {
  for (const item of items) {
    if (item.enCode && !into.has(item.enCode)) into.set(item.enCode, item.fullName);
    into.set(item.id, item.fullName);
    names(item.children ?? [], into);
  }
  return into;
}

export function useCategories() {
  const query = useDictionaries();
  const entry = query.data?.find((d) => d.enCode === CATEGORY_DICTIONARY);
  const items = entry?.dictionaryList ?? [];
  const byId = names(items, new Map());
  return {
    /** the dictionary exists: categories are chosen from it */
    fromDictionary: !!entry,
    isTree: entry?.isTree === 1,
    options: toOptions(items),
    isLoading: query.isLoading,
    /** the name of a category id or code (or the text itself when it is not an item) */
    labelOf: (category: string | null | undefined) => (category ? (byId.get(category) ?? category) : ''),
  };
}
