// Designs as other screens pick them: the paged list of released designs (Base/list, the integration
// assistant's picker), the category tree of designs in any state (Base/Selector, relation forms and print; the
// caller filters by isRelease), and the fields of a released design (FormDataFields): what runs is what a
// relation form or a print reads, so those two read the released copies.
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { isRelationFormKey, NOT_PLAIN_VALUE_KEYS, type FieldConfig } from '@jnpf/core';
import type { Db } from '../../../db/client.js';
import { visualDev, visualRelease } from '../../../db/schema/index.js';
import { containsPattern, offsetOf, type PageQuery } from '../../../platform/paging.js';
import { itemsOfType, typeByIdOrCode } from '../../dictionary/index.js';
import { CATEGORY_DICTIONARY } from './designs.js';

export interface ReleasedListQuery extends PageQuery {
  category?: string | undefined;
  type: number;
  webType?: number[] | undefined;
}

/** released designs, paged: {id, fullName, enCode, type, webType, enableFlow} (sortCode, then newest) */
export async function listReleasedDesigns(db: Db, q: ReleasedListQuery) {
  const where: (SQL | undefined)[] = [eq(visualDev.type, q.type)];
  if (q.keyword) {
    const pattern = containsPattern(q.keyword);
    where.push(or(ilike(visualRelease.fullName, pattern), ilike(visualRelease.enCode, pattern)));
  }
  if (q.category) where.push(eq(visualDev.category, q.category));
  if (q.webType?.length) where.push(inArray(visualRelease.webType, q.webType));
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: visualRelease.id,
        fullName: visualRelease.fullName,
        enCode: visualRelease.enCode,
        type: visualDev.type,
        webType: visualRelease.webType,
      })
      .from(visualRelease)
      .innerJoin(visualDev, eq(visualDev.id, visualRelease.id))
      .where(condition)
      .orderBy(asc(visualDev.sortCode), desc(visualDev.creatorTime), asc(visualRelease.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db
      .select({ n: count() })
      .from(visualRelease)
      .innerJoin(visualDev, eq(visualDev.id, visualRelease.id))
      .where(condition),
  ]);
  return {
    list: rows.map((r) => ({ ...r, enableFlow: 0 })),
    pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: total!.n },
  };
}

export interface SelectorQuery {
  type: number;
  webType?: number[] | undefined;
  /** design states (0 draft, 1 released, 2 changed since release); none: every state */
  isRelease?: number[] | undefined;
}

export interface SelectorNode {
  id: string;
  fullName: string;
  enCode?: string;
  parentId: string;
  webType?: number;
  state?: number;
  sortCode: number;
  hasChildren: boolean;
  children?: SelectorNode[];
}

/**
 * The designs as a tree under their categories (items of the webDesign dictionary, parentId "-1"), like the
 * reference's Selector: only categories holding a design; a design whose category is gone sits under its id
 */
export async function designSelector(db: Db, q: SelectorQuery): Promise<SelectorNode[]> {
  const rows = await db
    .select({
      id: visualDev.id,
      fullName: visualDev.fullName,
      enCode: visualDev.enCode,
      webType: visualDev.webType,
      state: visualDev.state,
      sortCode: visualDev.sortCode,
      category: visualDev.category,
    })
    .from(visualDev)
    .where(
      and(
        eq(visualDev.type, q.type),
        q.webType?.length ? inArray(visualDev.webType, q.webType) : undefined,
        q.isRelease?.length ? inArray(visualDev.state, q.isRelease) : undefined,
      ),
    )
    .orderBy(asc(visualDev.sortCode), asc(visualDev.fullName), asc(visualDev.id));
  const type = await typeByIdOrCode(db, CATEGORY_DICTIONARY);
  const categories = type ? await itemsOfType(db, type.id) : [];
  const byCategory = new Map<string, SelectorNode[]>();
  for (const r of rows) {
    const node: SelectorNode = {
      id: r.id,
      fullName: r.fullName,
      enCode: r.enCode,
      parentId: r.category,
      webType: r.webType,
      state: r.state,
      sortCode: r.sortCode,
      hasChildren: false,
    };
    byCategory.set(r.category, [...(byCategory.get(r.category) ?? []), node]);
  }
  const tree: SelectorNode[] = [];
  const branch = (id: string, fullName: string, sortCode: number) => {
    const children = byCategory.get(id);
    if (!children) return;
    byCategory.delete(id);
    tree.push({ id, fullName, parentId: '-1', sortCode, hasChildren: true, children });
  };
  for (const c of categories) branch(c.id, c.fullName, c.sortCode ?? 0);
  for (const id of [...byCategory.keys()]) branch(id, id, 0);
  return tree;
}

/**
 * The fields of a design's main table as the reference lists them: {label, vmodel} of each value field but
 * relation forms; filterType 1 keeps only plain values
 */
export function formDataFields(
  fields: readonly FieldConfig[],
  filterType: number,
): { label: string; vmodel: string }[] {
  return fields
    .filter((f) => f.__vModel__ && !isRelationFormKey(f.__config__.jnpfKey))
    .filter((f) => filterType !== 1 || !NOT_PLAIN_VALUE_KEYS.has(f.__config__.jnpfKey))
    .map((f) => ({ label: typeof f.__config__.label === 'string' ? f.__config__.label : '', vmodel: f.__vModel__ }));
}
