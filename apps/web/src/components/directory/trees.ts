// Directory trees the forms pick from: the server's {id, fullName, type, children} selector trees turned
// into antd TreeSelect data, where only the nodes of the wanted type can be chosen.
import { useQuery } from '@tanstack/react-query';
import type { TreeSelectProps } from 'antd';
import { http } from '../../platform/request';

export interface SelectorNode {
  id: string;
  fullName: string;
  type?: string;
  enCode?: string;
  organize?: string;
  /** ids from the top down to this node */
  organizeIds?: string[];
  hasChildren?: boolean;
  children?: SelectorNode[] | null;
}

export type TreeData = NonNullable<TreeSelectProps['treeData']>;

/** TreeSelect data; nodes for which `selectable` is false are shown but cannot be chosen */
export function toTreeData(
  nodes: readonly SelectorNode[],
  selectable: (node: SelectorNode) => boolean = () => true,
): TreeData {
  return nodes.map((node) => {
    const can = selectable(node);
    return {
      value: node.id,
      title: node.fullName,
      key: node.id,
      selectable: can,
      disableCheckbox: !can,
      children: node.children?.length ? toTreeData(node.children, selectable) : undefined,
    };
  });
}

async function listOf(url: string, method: 'GET' | 'POST' = 'GET', body?: unknown): Promise<SelectorNode[]> {
  const result =
    method === 'GET'
      ? await http.get<{ list: SelectorNode[] }>(url)
      : await http.post<{ list: SelectorNode[] }>(url, body);
  return result.data?.list ?? [];
}

export const pickerKeys = {
  all: ['permission', 'pickers'] as const,
  departments: (exclude: string) => ['permission', 'pickers', 'departments', exclude] as const,
  companies: (exclude: string) => ['permission', 'pickers', 'companies', exclude] as const,
  roles: ['permission', 'pickers', 'roles'] as const,
  positions: (orgIds: string) => ['permission', 'pickers', 'positions', orgIds] as const,
  groups: ['permission', 'pickers', 'groups'] as const,
};

/** companies and departments (enabled), without `exclude` and what lies below it */
export function useDepartmentTree(exclude = '0', enabled = true) {
  return useQuery({
    queryKey: pickerKeys.departments(exclude),
    queryFn: () => listOf(`/api/permission/Organize/Department/Selector/${exclude || '0'}`),
    enabled,
  });
}

/**
 * the organisations an organisation picker with auth offers the caller (an administrator all, anyone else their
 * permitted scope): companies and departments, or with `onlyOrg` companies only
 */
export function useAuthOrganizeTree(onlyOrg: boolean, enabled = true) {
  return useQuery({
    queryKey: [...pickerKeys.all, 'byAuth', onlyOrg] as const,
    queryFn: () =>
      listOf(
        onlyOrg ? '/api/permission/Organize/SelectorByAuth/0' : '/api/permission/Organize/Department/SelectorByAuth/0',
      ),
    enabled,
  });
}

/** companies only (enabled), without `exclude` and what lies below it */
export function useCompanyTree(exclude = '0', enabled = true) {
  return useQuery({
    queryKey: pickerKeys.companies(exclude),
    queryFn: () => listOf(`/api/permission/Organize/Selector/${exclude || '0'}`),
    enabled,
  });
}

/** enabled roles under their organisations (and the global node) */
export function useRoleTree(enabled = true) {
  return useQuery({ queryKey: pickerKeys.roles, queryFn: () => listOf('/api/permission/Role/Selector'), enabled });
}

/** the enabled positions of the given organisations, under them */
export function usePositionTree(organizeIds: readonly string[], enabled = true) {
  const key = [...organizeIds].sort().join(',');
  return useQuery({
    queryKey: pickerKeys.positions(key),
    queryFn: () =>
      organizeIds.length
        ? listOf('/api/permission/Position/getListByOrgIds', 'POST', { organizeIds })
        : Promise.resolve([]),
    enabled,
  });
}

/** enabled positions under their organisations (all of them) */
export function useAllPositionTree(enabled = true) {
  return useQuery({
    queryKey: pickerKeys.positions('*'),
    queryFn: () => listOf('/api/permission/Position/Selector'),
    enabled,
  });
}

/** enabled groups under their group types */
export function useGroupTree(enabled = true) {
  return useQuery({
    queryKey: pickerKeys.groups,
    queryFn: async () => (await http.get<SelectorNode[]>('/api/permission/Group/Selector')).data ?? [],
    enabled,
  });
}

/** "a,b" → ["a","b"] */
export const splitIds = (value: string | null | undefined): string[] => (value ? value.split(',').filter(Boolean) : []);

/** the path (ids from the top down) of a node of a selector tree, or [id] when it is not there */
export function pathOf(nodes: readonly SelectorNode[], id: string): string[] {
  const walk = (list: readonly SelectorNode[], trail: string[]): string[] | null => {
    for (const node of list) {
      const here = [...trail, node.id];
      if (node.id === id) return node.organizeIds?.length ? node.organizeIds : here;
      const hit = walk(node.children ?? [], here);
      if (hit) return hit;
    }
    return null;
  };
  return walk(nodes, []) ?? [id];
}
