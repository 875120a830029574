// Request bodies and queries of the design screen (its list, save and release), validated in the caller's
// language.
import { z } from 'zod';
import { fieldRules, upgradeLegacyKeys } from '@jnpf/core';
import {
  coercedVersionField,
  idOrCodeText,
  optionalText,
  requiredText,
  sortCodeInRange,
  strictFlag01,
  whenMissing,
} from '../../../platform/fields.js';
import { pageQuery } from '../../../platform/paging.js';
import { msg } from '../../../platform/validation.js';
import { m } from '../messages.js';

/** "" and null count as not given */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const numeric = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : v);
/**
 * the designs' JSON travels as strings; an object is accepted and kept as its JSON. Older widget names are saved
 * under this version's keys.
 */
const jsonText = (max: number) =>
  z.preprocess(
    (v) => (v && typeof v === 'object' ? JSON.stringify(v) : v),
    z
      .string({ error: whenMissing(m.formDataInvalid) })
      .max(max)
      .transform(upgradeLegacyKeys),
  );
const DESIGN_JSON_MAX = 1_500_000;

export const designBody = z.object({
  fullName: requiredText(m.nameRequired, 100, m.nameTooLong),
  enCode: requiredText(m.codeRequired, 50, m.codeTooLong).regex(fieldRules.code, msg('code')),
  type: z.preprocess((v) => numeric(blank(v) ?? 1), z.literal(1, { error: msg(m.typeInvalid) })),
  webType: z.preprocess(
    (v) => numeric(blank(v) ?? 2),
    z.union([z.literal(1), z.literal(2)], { error: msg(m.webTypeInvalid) }),
  ),
  category: requiredText(m.categoryRequired, 100, m.categoryRequired),
  description: optionalText(500, null),
  sortCode: sortCodeInRange,
  enabledMark: strictFlag01(1),
  formData: jsonText(DESIGN_JSON_MAX),
  columnData: z.preprocess((v) => v ?? '', jsonText(DESIGN_JSON_MAX)),
  version: coercedVersionField,
});
export type DesignBody = z.infer<typeof designBody>;

export const designListQuery = pageQuery.extend({
  category: z.preprocess(blank, z.string().trim().max(100).optional()),
  type: z.preprocess(blank, z.coerce.number().int().min(0).max(99).default(1)),
  webType: z.preprocess(blank, z.coerce.number().int().min(0).max(99).optional()),
});

export const releaseBody = z.object({
  pc: strictFlag01(1),
  app: strictFlag01(0),
  pcSystemId: z.preprocess(blank, idOrCodeText.optional()),
  pcModuleParentId: z.preprocess(blank, idOrCodeText.optional()),
  /** the Vue 2 client of 3.6 names the system "systemId" */
  systemId: z.preprocess(blank, idOrCodeText.optional()),
});
