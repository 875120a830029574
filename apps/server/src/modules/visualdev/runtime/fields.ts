// Request bodies of the records of released forms (the runtime and the public links): the list and its export,
// a record's data and batch ids, validated in the caller's language.
import { z } from 'zod';
import { idOrCodeText, whenMissing } from '../../../platform/fields.js';
import { MAX_PAGE_SIZE } from '../../../platform/paging.js';
import { msg } from '../../../platform/validation.js';
import { m } from '../messages.js';

/** "" and null count as not given */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

export const listBody = z.object({
  currentPage: z.preprocess(blank, z.coerce.number().int().min(1).max(1_000_000).default(1)),
  pageSize: z.preprocess(blank, z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20)),
  sort: z.preprocess(blank, z.enum(['asc', 'desc']).default('desc')),
  sidx: z.preprocess((v) => blank(v) ?? '', z.string().max(64)),
  keyword: z.preprocess((v) => blank(v) ?? '', z.string().trim().max(200)),
  menuId: z.preprocess(blank, idOrCodeText.optional()),
  queryJson: z.preprocess(
    blank,
    z.union([z.string().max(100_000), z.record(z.string().max(64), z.unknown())]).optional(),
  ),
  dataType: z.preprocess((v) => (blank(v) === undefined ? '0' : String(v)), z.enum(['0', '1'])),
});

export const exportBody = listBody.extend({
  selectKey: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : (blank(v) ?? [])),
    z.array(z.string().trim().max(64)).max(500),
  ),
});

export const dataBody = z.object({
  data: z.union([z.string().max(1_000_000), z.record(z.string().max(64), z.unknown())], {
    error: whenMissing(m.dataInvalid),
  }),
});

export const idsBody = z.object({
  ids: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
    z
      .array(idOrCodeText, { error: whenMissing(m.idsRequired) })
      .min(1, msg(m.idsRequired))
      .max(1000),
  ),
});
