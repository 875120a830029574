// The dictionary cache every screen reads its dictionaries from (saving a category or an item clears it).
// One call, GET /api/system/DictionaryData/All, answers every category with its enabled
// items (nested for tree categories); it is fetched once and reused until cleared.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { http } from '../../platform/request';

export interface DictionaryItem {
  id: string;
  fullName: string;
  enCode: string;
  parentId?: string;
  children?: DictionaryItem[];
}

export interface DictionaryEntry {
  id: string;
  fullName: string;
  enCode: string;
  isTree: number;
  dictionaryList: DictionaryItem[];
}

/** every query under this key is dictionary data; clearing it reloads them all */
export const DICTIONARY_QUERY_KEY = ['dictionary'] as const;
const ALL_KEY = [...DICTIONARY_QUERY_KEY, 'all'] as const;

async function fetchAll(): Promise<DictionaryEntry[]> {
  const result = await http.get<{ list: DictionaryEntry[] }>('/api/system/DictionaryData/All');
  return result.data?.list ?? [];
}

/** every dictionary (category with its enabled items) */
export function useDictionaries() {
  return useQuery({ queryKey: ALL_KEY, queryFn: fetchAll, staleTime: Infinity });
}

/** one dictionary by its category code (e.g. 'businessType'); items are nested when the category is a tree */
export function useDictionary(enCode: string) {
  const query = useDictionaries();
  const entry = query.data?.find((d) => d.enCode === enCode || d.id === enCode);
  return {
    items: entry?.dictionaryList ?? [],
    isTree: entry?.isTree === 1,
    /** the items as {value: id, label: fullName} options, nested under `children` for trees */
    options: toOptions(entry?.dictionaryList ?? []),
    isLoading: query.isLoading,
    isError: query.isError,
  };
}

export interface DictionaryOption {
  value: string;
  label: string;
  children?: DictionaryOption[];
}

export function toOptions(items: readonly DictionaryItem[]): DictionaryOption[] {
  return items.map((item) => ({
    value: item.id,
    label: item.fullName,
    ...(item.children?.length ? { children: toOptions(item.children) } : {}),
  }));
}

/** clears the cached dictionaries: screens showing them reload, others load afresh when next shown */
export function clearDictionaryCache(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: DICTIONARY_QUERY_KEY });
}

/** hook form of clearDictionaryCache */
export function useClearDictionaryCache(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => clearDictionaryCache(client), [client]);
}
