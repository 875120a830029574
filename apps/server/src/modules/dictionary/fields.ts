// Input pieces the dictionary and bill-rule forms share: 0/1 flags, sort codes, bounded text, required
// strings whose "missing" message is the form's own. The reference clients send switches as 0/1 (older
// screens as true/false) and numbers sometimes as strings, so both are accepted; anything else is refused.
import { z } from 'zod';
import { msg } from '../../platform/validation.js';
import { m } from './messages.js';

export const SORT_CODE_MAX = 999_999;
export const NAME_MAX = 50;

// PostgreSQL text cannot hold NUL: refused as malformed input rather than failing in the database
const noNul = (v: string) => !v.includes('\u0000');

/** a message for a missing or null value; other wrong types keep zod's own (localised) message */
export const whenMissing = (key: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? msg(key) : undefined;

/** a required single-line string: trimmed, not empty, at most `max` characters */
export function requiredText(requiredKey: string, max: number, tooLongKey: string) {
  return z
    .string({ error: whenMissing(requiredKey) })
    .trim()
    .min(1, msg(requiredKey))
    .max(max, msg(tooLongKey))
    .refine(noNul, msg('badJson'));
}

/** optional free text; null and absent become null */
export function optionalText(max: number) {
  return z
    .string()
    .max(max)
    .refine(noNul, msg('badJson'))
    .nullish()
    .transform((v) => v ?? null);
}

const numericString = /^-?\d+$/;
/** numbers that arrive as strings ("12") are read as numbers; everything else is left for the schema to refuse */
const asNumber = (v: unknown) => (typeof v === 'string' && numericString.test(v.trim()) ? Number(v.trim()) : v);

/** 0 or 1; true/false and "0"/"1" are accepted */
export function flag01(defaultValue: 0 | 1) {
  return z.preprocess(
    (v) => (v === true ? 1 : v === false ? 0 : v === undefined || v === null ? defaultValue : asNumber(v)),
    z.union([z.literal(0), z.literal(1)], { error: msg(m.flagInvalid) }),
  );
}

/** an integer in range, given as a number or a numeric string; null and absent take the default */
export function integerIn(min: number, max: number, key: string, defaultValue?: number) {
  return z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? defaultValue : asNumber(v)),
    z
      .number({ error: whenMissing(key) })
      .int(msg(key))
      .min(min, msg(key))
      .max(max, msg(key)),
  );
}

export const sortCodeField = integerIn(0, SORT_CODE_MAX, m.sortCodeRange, 0);

/** the optimistic version an update may carry */
export const versionField = z.coerce.number().int().min(0).max(2_147_483_647).nullish();

/** an id in a path or body: our ids are digits, the reference's are letters and digits */
export const idText = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.-]+$/);
