// The reference's paging request keys (keyword, currentPage, pageSize, sort, sidx), validated once for all lists.
import { z } from 'zod';

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
