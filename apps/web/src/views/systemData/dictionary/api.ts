// Calls of the dictionary screen.
import type { CommonInput } from '../../../components/form/CommonFields';
import { http } from '../../../platform/request';

const TYPES = '/api/system/DictionaryType';
const DATA = '/api/system/DictionaryData';

/** a category node; the two roots (id '0' business, '1' system) are synthetic */
export interface CategoryNode {
  id: string;
  parentId: string;
  fullName: string;
  enCode?: string;
  isTree?: number;
  sortCode?: number;
  category?: string;
  description?: string;
  hasChildren?: boolean;
  children?: CategoryNode[];
}

export interface CategoryInfo {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  isTree: number;
  sortCode: number;
  description: string;
  version?: number;
}

export type CategoryInput = Omit<CategoryInfo, 'id'>;

export interface ItemRow {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  enabledMark: number;
  sortCode: number;
  hasChildren?: boolean;
  children?: ItemRow[];
}

export interface ItemInfo extends CommonInput {
  id: string;
  dictionaryTypeId: string;
  parentId: string;
}

export type ItemInput = Omit<ItemInfo, 'id'>;

export interface ParentNode {
  id: string;
  parentId: string;
  fullName: string;
  children?: ParentNode[];
}

export const isRootCategory = (id: string) => id === '0' || id === '1';

export const dictionaryApi = {
  /** the base path of the batch import of a category's items */
  itemImportBase: (typeId: string) => `${DATA}/${encodeURIComponent(typeId)}`,
  categories: async () => (await http.get<{ list: CategoryNode[] }>(TYPES)).data?.list ?? [],
  categorySelector: async (excludeId: string) =>
    (await http.get<{ list: CategoryNode[] }>(`${TYPES}/Selector/${excludeId || '0'}`)).data?.list ?? [],
  categoryInfo: async (id: string) => (await http.get<CategoryInfo>(`${TYPES}/${id}`)).data!,
  createCategory: (input: CategoryInput) => http.post(TYPES, input),
  updateCategory: (id: string, input: CategoryInput) => http.put(`${TYPES}/${id}`, input),
  deleteCategory: (id: string) => http.delete(`${TYPES}/${id}`),

  items: async (typeId: string, keyword: string, isTree: boolean) =>
    (await http.get<{ list: ItemRow[] }>(`${DATA}/${typeId}`, { keyword, isTree: isTree ? '1' : '0' })).data?.list ??
    [],
  parentSelector: async (typeId: string, itemId: string, isTree: boolean) =>
    (
      await http.get<{ list: ParentNode[] }>(`${DATA}/${typeId}/Selector/${itemId || '0'}`, {
        isTree: isTree ? '1' : '0',
      })
    ).data?.list ?? [],
  itemInfo: async (id: string) => (await http.get<ItemInfo>(`${DATA}/${id}/Info`)).data!,
  createItem: (input: ItemInput) => http.post(DATA, input),
  updateItem: (id: string, input: Omit<ItemInput, 'dictionaryTypeId'>) => http.put(`${DATA}/${id}`, input),
  deleteItem: (id: string) => http.delete(`${DATA}/${id}`),
  toggleItem: (id: string) => http.put(`${DATA}/${id}/Actions/State`),
  exportUrl: (typeId: string) => `${DATA}/${typeId}/Actions/Export`,
  importUrl: `${DATA}/Actions/Import`,
};

/** query keys of this screen; every change also clears the shared dictionary cache */
export const dictionaryKeys = {
  all: ['systemData', 'dictionary'] as const,
  categories: ['systemData', 'dictionary', 'categories'] as const,
  items: (typeId: string) => ['systemData', 'dictionary', 'items', typeId] as const,
};
