// Calls of the menu screen and of its permission items (buttons, columns, forms, data schemes and fields).
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
  /** JSON text; types 3, 4, 5 and 8 name what they open: {"moduleId":"<id>","iconBackgroundColor":"","isTree":0} */
  propertyJson: string;
  version: number;
  children?: MenuRow[] | null;
}

/** a node of the pickers of what a menu opens: a design under its category, a dictionary category */
export interface TargetNode {
  id: string;
  fullName: string;
  enCode?: string;
  /** dictionary categories: their items form a tree */
  isTree?: number;
  /** designs: 1 released, 2 changed since released */
  state?: number;
  children?: TargetNode[] | null;
}

export type MenuInput = Omit<MenuRow, 'id' | 'children' | 'version' | 'propertyJson'> & {
  version?: number;
  propertyJson?: string;
};

/** button, list-column and form-field permissions; data-permission schemes and the fields they filter on */
export type ItemKind = 'button' | 'column' | 'form' | 'scheme' | 'field';

export const ITEM_BASE: Record<ItemKind, string> = {
  button: '/api/system/ModuleButton',
  column: '/api/system/ModuleColumn',
  form: '/api/system/ModuleForm',
  scheme: '/api/system/ModuleDataAuthorizeScheme',
  field: '/api/system/ModuleDataAuthorize',
};

export interface ItemRow {
  id: string;
  fullName: string;
  enCode: string;
  bindTable?: string;
  allData?: number;
  matchLogic?: string;
  /** schemes: the readable summary of the conditions */
  conditionText?: string;
  enabledMark: number;
  sortCode: number;
  description: string;
  version: number;
  children?: ItemRow[] | null;
}

/** a field the data-permission schemes of a menu filter on (GET /ModuleDataAuthorize/{menuId}/List) */
export interface DataFieldRow {
  id: string;
  fullName: string;
  enCode: string;
  /** the field's data type: varchar, int, decimal, datetime, bigint, text (older data: string, double, date) */
  type: string;
  /** comma list of the operators conditions on this field may use */
  conditionSymbol: string;
  /** where a condition's value comes from: input, a system variable (@userId …) or a picker (organizeSelect …) */
  conditionText: string;
  bindTable: string;
  fieldRule: number;
  childTableKey: string;
  enabledMark: number;
  sortCode: number;
  description: string;
  version: number;
}

export type DataFieldInput = Pick<
  DataFieldRow,
  'fullName' | 'enCode' | 'type' | 'conditionText' | 'enabledMark' | 'sortCode' | 'description'
> & { conditionSymbol: string[]; moduleId: string; version?: number };

/** one scheme as GET /ModuleDataAuthorizeScheme/{id} answers (conditionJson as a string, '' when none) */
export interface SchemeInfo {
  id: string;
  moduleId: string;
  fullName: string;
  enCode: string;
  conditionJson: string;
  conditionText: string;
  allData: number;
  matchLogic: 'and' | 'or';
  enabledMark: number;
  sortCode: number;
  description: string;
  version: number;
}

/** the query key of a menu's items of one kind (the scheme form shares the field list with the drawer) */
export const itemsKey = (kind: ItemKind, menuId: string | undefined) => ['system', 'menu', 'items', kind, menuId];

export const menuApi = {
  systems: async () =>
    (await http.get<{ list: { id: string; fullName: string; enCode: string }[] }>('/api/system/System')).data?.list ??
    [],
  list: async (systemId: string, category: string, keyword: string) =>
    (await http.get<{ list: MenuRow[] }>(`${MENUS}/ModuleBySystem/${systemId}`, { category, keyword })).data?.list ??
    [],
  /** released online-form designs under their categories (what a type-3 menu opens) */
  releasedForms: async () =>
    (await http.get<{ list: TargetNode[] }>('/api/visualdev/Base/Selector', { type: 1, isRelease: '1,2' })).data
      ?.list ?? [],
  /** dictionary categories under the roots 0 and 1 (what a type-4 menu opens) */
  dictionaryTypes: async () =>
    (await http.get<{ list: TargetNode[] }>('/api/system/DictionaryType/Selector/0')).data?.list ?? [],
  create: (input: MenuInput) => http.post(MENUS, input),
  update: (id: string, input: MenuInput) => http.put(`${MENUS}/${id}`, input),
  remove: (id: string) => http.delete(`${MENUS}/${id}`),
  toggle: (id: string) => http.put(`${MENUS}/${id}/Actions/State`),
  exportUrl: (id: string) => `${MENUS}/${id}/Actions/Export`,
  /** a .bm file into a system, under a directory ('-1' the top) */
  importUrl: (systemId: string) => `${MENUS}/${systemId}/Actions/Import`,
  dataFields: async (menuId: string) =>
    (await http.get<{ list: DataFieldRow[] }>(`${ITEM_BASE.field}/${menuId}/List`)).data?.list ?? [],
  schemeInfo: async (id: string) => (await http.get<SchemeInfo>(`${ITEM_BASE.scheme}/${id}`)).data!,
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

/** the props of a dialog that adds or edits one item of a menu (none given: a new one) */
export interface MenuItemDialogProps<Row> {
  menu: MenuRow;
  open: boolean;
  row?: Row;
  onClose: () => void;
  onSaved: () => void;
}
