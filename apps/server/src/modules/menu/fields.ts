// Input pieces the menu, system, permission-group and authority bodies share. The reference clients send
// switches as 0/1 (older screens as true/false) and numbers sometimes as strings: both are accepted, anything
// else is refused with a field message.
import { z } from 'zod';
import { parseJsonText } from '@jnpf/core';
import { msg } from '../../platform/validation.js';
import { m } from './messages.js';

export const NAME_MAX = 50;
export const CODE_MAX = 50;
export const SORT_CODE_MAX = 999_999;
/** an id we generate or the client echoes; also the synthetic "-1", "0" of the reference */
export const ID_MAX = 64;

// PostgreSQL text cannot hold NUL: refused as malformed input rather than failing in the database
const noNul = (v: string) => !v.includes('\u0000');

/** a message for a missing or null value; other wrong types keep zod's own (localised) message */
const whenMissing = (key: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? msg(key) : undefined;

export function requiredText(requiredKey: string, max = NAME_MAX) {
  return z
    .string({ error: whenMissing(requiredKey) })
    .trim()
    .min(1, msg(requiredKey))
    .max(max, msg(m.tooLong))
    .refine(noNul, msg('badJson'));
}

/** optional free text; null and absent become null */
export function optionalText(max: number) {
  return z
    .string()
    .max(max, msg(m.tooLong))
    .refine(noNul, msg('badJson'))
    .nullish()
    .transform((v) => v ?? null);
}

/** codes: letters, digits, "_", "-" and inner dots (menu codes are "system.menu", button codes "btn_add") */
export const CODE_PATTERN = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/;
export const requiredCode = (requiredKey: string) =>
  requiredText(requiredKey, CODE_MAX).pipe(z.string().regex(CODE_PATTERN, msg(m.codeFormat)));

/** an id of a stored row (or a reference placeholder such as "-1") */
export const idText = z
  .string()
  .trim()
  .min(1)
  .max(ID_MAX)
  .regex(/^[A-Za-z0-9_-]+$/, msg(m.idFormat));

const numericString = /^-?\d+$/;
const asNumber = (v: unknown) => (typeof v === 'string' && numericString.test(v.trim()) ? Number(v.trim()) : v);

/** 0 or 1; true/false and "0"/"1" are accepted; absent or null take the default */
export function flag01(defaultValue: 0 | 1) {
  return z.preprocess(
    (v) => (v === true ? 1 : v === false ? 0 : v === undefined || v === null || v === '' ? defaultValue : asNumber(v)),
    z.union([z.literal(0), z.literal(1)], { error: msg(m.flagInvalid) }),
  );
}

/** an integer in range, given as a number or a numeric string; absent or null take the default */
export function integerIn(min: number, max: number, defaultValue?: number) {
  return z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? defaultValue : asNumber(v)),
    z
      .number({ error: whenMissing(m.numberInvalid) })
      .int(msg(m.numberInvalid))
      .min(min, msg(m.numberInvalid))
      .max(max, msg(m.numberInvalid)),
  );
}

export const sortCode = integerIn(0, SORT_CODE_MAX, 0);

/** the optimistic-concurrency version an update may send back */
export const versionField = z.coerce.number().int().min(0).nullish();

/** a JSON object sent either as a string or as an object; kept as a string of at most `max` characters */
export function jsonText(max: number) {
  return z
    .union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())])
    .nullish()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === '') return null;
      const text = typeof v === 'string' ? v : JSON.stringify(v);
      if (text.length > max || !noNul(text)) {
        ctx.addIssue({ code: 'custom', message: msg(m.tooLong) });
        return z.NEVER;
      }
      try {
        parseJsonText(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: msg(m.jsonInvalid) });
        return z.NEVER;
      }
      return text;
    });
}

/** a list of ids; a comma-joined string is accepted too */
export const idList = (max = 5000) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v === null ? [] : v),
    z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(ID_MAX * 2),
      )
      .max(max),
  );
