// The reference's paging request keys (keyword, currentPage, pageSize, sort, sidx), validated once for all lists.
import { asc, count, desc, ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../db/client.js';

export const MAX_PAGE_SIZE = 500;

export const pageQuery = z.object({
  keyword: z.string().trim().max(200).default(''),
  currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  sort: z.enum(['asc', 'desc']).default('desc'),
  sidx: z
    .string()
    .max(64)
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$|^$/)
    .default(''),
});

export type PageQuery = z.infer<typeof pageQuery>;

export const offsetOf = (q: Pick<PageQuery, 'currentPage' | 'pageSize'>) => (q.currentPage - 1) * q.pageSize;

/** the text with LIKE's %, _ and \ escaped, so it matches literally */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** a LIKE pattern that matches the keyword literally */
export const containsPattern = (keyword: string) => `%${escapeLike(keyword)}%`;

/** the name or the code contains the keyword; no condition for an empty keyword */
export function nameOrCodeContains(table: { fullName: PgColumn; enCode: PgColumn }, keyword: string): SQL | undefined {
  if (!keyword) return undefined;
  const like = containsPattern(keyword);
  return or(ilike(table.fullName, like), ilike(table.enCode, like));
}

type ListedTable = PgTable & { id: PgColumn; sortCode: PgColumn; creatorTime: PgColumn };

/**
 * one page of a table's rows matching `where`, with the pagination of the answer. The screens' order unless
 * given: by sortCode, the newest first, then by id
 */
export async function pageOfRows<T extends ListedTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  q: Pick<PageQuery, 'currentPage' | 'pageSize'>,
  orderBy: SQL[] = [asc(table.sortCode), desc(table.creatorTime), asc(table.id)],
) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...orderBy)
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db
      .select({ n: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  return {
    rows: rows as T['$inferSelect'][],
    pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: total?.n ?? 0 },
  };
}

/** a picker's paged search (the reference's keys): a keyword ('' = every one) and a page of at most 100 */
export const pickerSearchQuery = z.object({
  keyword: z.string().trim().max(200).default(''),
  currentPage: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export type PickerSearchQuery = z.infer<typeof pickerSearchQuery>;

/** whether a name or a code holds the keyword, ignoring case ('' holds in every one) */
export function nameOrCodeHolds(row: { fullName: string; enCode?: string | null }, keyword: string): boolean {
  if (!keyword) return true;
  const k = keyword.toLowerCase();
  return row.fullName.toLowerCase().includes(k) || (row.enCode ?? '').toLowerCase().includes(k);
}

/** one page of rows already found and ordered, with the pagination of the answer */
export function pageOfList<T>(found: readonly T[], q: Pick<PageQuery, 'currentPage' | 'pageSize'>) {
  const start = offsetOf(q);
  return {
    rows: found.slice(start, start + q.pageSize),
    pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: found.length },
  };
}
