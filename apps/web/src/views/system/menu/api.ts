// Calls of the menu screen (administration.md §7.5) and of its permission items.
import { http } from '../../../platform/request';

export const MENUS = '/api/system/Menu';

export interface MenuRow {
  id: string;
  parentId: string;
  systemId: string;
  category: 'Web' | 'App';
  type: number;
  fullName: string;
  enCode: string;
  icon: string;
  urlAddress: string;
  linkTarget: string;
  description: string;
  enabledMark: number;
  sortCode: number;
  isButtonAuthorize: number;
  isColumnAuthorize: number;
  isFormAuthorize: number;
  isDataAuthorize: number;
  version: number;
  children?: MenuRow[] | null;
}

export type MenuInput = Omit<MenuRow, 'id' | 'children' | 'version'> & { version?: number };

export type ItemKind = 'button' | 'column' | 'form' | 'scheme';

export const ITEM_BASE: Record<ItemKind, string> = {
  button: '/api/system/ModuleButton',
  column: '/api/system/ModuleColumn',
  form: '/api/system/ModuleForm',
  scheme: '/api/system/ModuleDataAuthorizeScheme',
};

export interface ItemRow {
  id: string;
  fullName: string;
  enCode: string;
  bindTable?: string;
  allData?: number;
  matchLogic?: string;
  enabledMark: number;
  sortCode: number;
  description: string;
  version: number;
  children?: ItemRow[] | null;
}

export const menuApi = {
  systems: async () =>
    (await http.get<{ list: { id: string; fullName: string; enCode: string }[] }>('/api/system/System')).data?.list ??
    [],
  list: async (systemId: string, category: string, keyword: string) =>
    (await http.get<{ list: MenuRow[] }>(`${MENUS}/ModuleBySystem/${systemId}`, { category, keyword })).data?.list ??
    [],
  create: (input: MenuInput) => http.post(MENUS, input),
  update: (id: string, input: MenuInput) => http.put(`${MENUS}/${id}`, input),
  remove: (id: string) => http.delete(`${MENUS}/${id}`),
  toggle: (id: string) => http.put(`${MENUS}/${id}/Actions/State`),
  exportUrl: (id: string) => `${MENUS}/${id}/Actions/Export`,
  items: async (kind: ItemKind, menuId: string) =>
    (
      await http.get<{ list: ItemRow[] }>(
        `${ITEM_BASE[kind]}/${menuId}/${kind === 'column' || kind === 'form' ? 'Fields' : 'List'}`,
      )
    ).data?.list ?? [],
  saveItem: (kind: ItemKind, id: string | undefined, input: Record<string, unknown>) =>
    id ? http.put(`${ITEM_BASE[kind]}/${id}`, input) : http.post(ITEM_BASE[kind], input),
  removeItem: (kind: ItemKind, id: string) => http.delete(`${ITEM_BASE[kind]}/${id}`),
  toggleItem: (kind: ItemKind, id: string) => http.put(`${ITEM_BASE[kind]}/${id}/Actions/State`),
};
