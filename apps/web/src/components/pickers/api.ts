// The server calls of the picker dialogs: the lazy organisation → user tree (a keyword gives a paged flat list of
// users), a paged search of organisations, of roles, of positions and of groups, the caller's organisation and subordinates, the users a custom field permits (paged) and the names of
// held entries ("id--type"; a bare id is a user).
import { http } from '../../platform/request';

const USERS = '/api/permission/Users';
const ORGANIZE = '/api/permission/Organize';
const PERMISSION = '/api/permission';

/** the kinds searched page by page: each has its GET …/SearchSelector (keyword, currentPage, pageSize) */
export type SearchedKind = 'role' | 'position' | 'group';
const SEARCHED: Record<SearchedKind, string> = {
  role: `${PERMISSION}/Role/SearchSelector`,
  position: `${PERMISSION}/Position/SearchSelector`,
  group: `${PERMISSION}/Group/SearchSelector`,
};

/** a node or row of the user pickers' lists */
export interface PickerItem {
  id: string;
  fullName: string;
  /** company, department, role, position, group or user */
  type?: string;
  organize?: string;
  /** a user's avatar (a URL) */
  headIcon?: string;
  hasChildren?: boolean;
  isLeaf?: boolean;
  /** a disabled organisation, position, role or group (the selected-list call): it cannot be picked */
  disabled?: boolean;
  children?: PickerItem[] | null;
}

export interface PickerPage {
  list: PickerItem[];
  total: number;
}

/** the users' page size of the pickers (spec: 20) and how near the bottom a scroll loads the next page */
export const PICKER_PAGE_SIZE = 20;
export const PICKER_SCROLL_THRESHOLD = 200;

type Paged = { list: PickerItem[]; pagination?: { total: number } };

export const pickerApi = {
  /** one level of the organisation → user tree ("0" = the top organisations) */
  async children(organizeId: string): Promise<PickerItem[]> {
    return (await http.post<{ list: PickerItem[] }>(`${USERS}/ImUser/Selector/${organizeId}`, {})).data?.list ?? [];
  },
  /** one level of the organisation tree: the companies and departments under `organizeId` ("0" = the top) */
  async organisations(organizeId: string): Promise<PickerItem[]> {
    return (await pickerApi.children(organizeId)).filter(
      (item) => item.type === 'company' || item.type === 'department',
    );
  },
  /** the enabled roles of these organisations (each under its organisation), and the 全局 node with the global roles */
  async rolesOf(organizeIds: readonly string[]): Promise<PickerItem[]> {
    return (
      (await http.post<{ list: PickerItem[] }>(`${PERMISSION}/Role/getListByOrgIds`, { organizeIds })).data?.list ?? []
    );
  },
  /** the enabled positions of one organisation */
  async positionsOf(organizeId: string): Promise<PickerItem[]> {
    const list =
      (await http.post<{ list: PickerItem[] }>(`${PERMISSION}/Position/getListByOrgIds`, { organizeIds: [organizeId] }))
        .data?.list ?? [];
    return list.find((org) => org.id === organizeId)?.children ?? [];
  },
  /** users matching a keyword anywhere, one page */
  async searchUsers(keyword: string, currentPage: number): Promise<PickerPage> {
    const data = (
      await http.post<Paged>(`${USERS}/ImUser/Selector/0`, { keyword, currentPage, pageSize: PICKER_PAGE_SIZE })
    ).data;
    return { list: data?.list ?? [], total: data?.pagination?.total ?? 0 };
  },
  /** enabled companies and departments matching a keyword anywhere, one page (flat, each with its path) */
  async searchOrganizations(keyword: string, currentPage: number): Promise<PickerPage> {
    const data = (
      await http.get<Paged>(`${ORGANIZE}/SearchSelector`, { keyword, currentPage, pageSize: PICKER_PAGE_SIZE })
    ).data;
    return { list: data?.list ?? [], total: data?.pagination?.total ?? 0 };
  },
  /**
   * enabled roles, positions or groups whose name or code holds the keyword ('' = every one), one page, each with
   * where it belongs (organize)
   */
  async searchKind(kind: SearchedKind, keyword: string, currentPage: number): Promise<PickerPage> {
    const data = (await http.get<Paged>(SEARCHED[kind], { keyword, currentPage, pageSize: PICKER_PAGE_SIZE })).data;
    return { list: data?.list ?? [], total: data?.pagination?.total ?? 0 };
  },
  /** the members of the caller's organisation */
  async currentOrganisation(keyword: string): Promise<PickerItem[]> {
    return (await http.get<PickerItem[]>(`${USERS}/getOrganization`, { organizeId: '0', keyword })).data ?? [];
  },
  /** the caller's direct reports */
  async subordinates(keyword: string): Promise<PickerItem[]> {
    return (await http.post<PickerItem[]>(`${USERS}/getSubordinates`, { keyword })).data ?? [];
  },
  /** the users the entries stand for ("id--type": members of departments, roles…), one page */
  async permittedUsers(ids: readonly string[], keyword: string, currentPage: number): Promise<PickerPage> {
    const data = (
      await http.post<Paged>(`${USERS}/getSelectedUserList`, {
        ids,
        pagination: { keyword, currentPage, pageSize: PICKER_PAGE_SIZE },
      })
    ).data;
    return { list: data?.list ?? [], total: data?.pagination?.total ?? 0 };
  },
  /** the entries named by these "id--type" values (a bare id is a user), in the order given */
  async named(ids: readonly string[]): Promise<PickerItem[]> {
    if (!ids.length) return [];
    return (await http.post<{ list: PickerItem[] }>(`${USERS}/getSelectedList`, { ids })).data?.list ?? [];
  },
};
