// The department screen's list: the departments of one company, flat, paged and sortable. A department belongs to
// the company nearest above it, so the departments of a sub-company are listed under the sub-company only.
import { userRealName, type Language } from '@jnpf/core';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { user } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { idField } from '../../platform/fields.js';
import { offsetOf, pageQuery } from '../../platform/paging.js';
import { organizeIndex, type OrganizeIndex, type OrgNode } from './orgIndex.js';

/** columns the list sorts by (sidx); anything else keeps the tree order */
const SORTABLE = {
  fullName: (a: OrgNode, b: OrgNode) => a.fullName.localeCompare(b.fullName, 'zh'),
  enCode: (a: OrgNode, b: OrgNode) => a.enCode.localeCompare(b.enCode),
  sortCode: (a: OrgNode, b: OrgNode) => a.sortCode - b.sortCode,
  creatorTime: (a: OrgNode, b: OrgNode) => a.creatorTime - b.creatorTime,
  enabledMark: (a: OrgNode, b: OrgNode) => a.enabledMark - b.enabledMark,
} as const;

export const departmentListQuery = pageQuery.extend({
  /** the company (or department) whose departments are listed; '' = every department */
  organizeId: z.union([z.literal(''), idField]).default(''),
});

export type DepartmentListQuery = z.infer<typeof departmentListQuery>;

/** the departments below the organisation that no company between them claims, in tree order */
function departmentsOf(index: OrganizeIndex, organizeId: string): OrgNode[] {
  if (!organizeId) return index.ordered.filter((n) => n.category === 'department');
  const owner = index.get(organizeId);
  if (!owner) return [];
  const out: OrgNode[] = [];
  const walk = (parentId: string) => {
    for (const child of index.childrenOf.get(parentId) ?? []) {
      if (child.category !== 'department') continue;
      out.push(child);
      walk(child.id);
    }
  };
  walk(owner.id);
  return out;
}

const matches = (node: OrgNode, keyword: string) => {
  if (!keyword) return true;
  const k = keyword.toLowerCase();
  return node.fullName.toLowerCase().includes(k) || node.enCode.toLowerCase().includes(k);
};

/** "realName/account" of each manager */
async function managerNames(app: AppContext, ids: string[], lang: Language): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await app.db
    .select({ id: user.id, realName: user.realName, account: user.account })
    .from(user)
    .where(inArray(user.id, ids));
  return new Map(rows.map((r) => [r.id, `${userRealName(r.account, r.realName, lang)}/${r.account}`]));
}

export async function listDepartments(app: AppContext, query: DepartmentListQuery, lang: Language = 'zh') {
  const index = await organizeIndex(app, lang);
  const found = departmentsOf(index, query.organizeId).filter((n) => matches(n, query.keyword));
  const compare = SORTABLE[query.sidx as keyof typeof SORTABLE];
  if (compare) {
    const direction = query.sort === 'asc' ? 1 : -1;
    found.sort((a, b) => direction * compare(a, b) || a.id.localeCompare(b.id));
  }
  const slice = found.slice(offsetOf(query), offsetOf(query) + query.pageSize);
  const managers = await managerNames(
    app,
    [...new Set(slice.flatMap((n) => (n.managerId ? [n.managerId] : [])))],
    lang,
  );
  const list = slice.map((n) => ({
    id: n.id,
    parentId: n.parentId,
    fullName: n.fullName,
    enCode: n.enCode,
    managerId: n.managerId ?? '',
    manager: (n.managerId && managers.get(n.managerId)) || '',
    organize: index.pathName(n.id),
    description: n.description ?? '',
    enabledMark: n.enabledMark,
    sortCode: n.sortCode,
    creatorTime: n.creatorTime,
  }));
  return { list, pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: found.length } };
}
