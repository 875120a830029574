// Input fields every organisation-structure form shares (names, codes, sort codes, ids, free text), with the
// reference's messages, and the small checks the routes of organisations, positions, roles, groups and users repeat.
import { z } from 'zod';
import { fieldRules } from '@jnpf/core';
import { defineMessages } from '../../platform/i18n.js';
import { msg } from '../../platform/validation.js';

export const fieldMessages = defineMessages('orgFields', {
  nameRequired: { zh: '名称不能为空', zhtw: '名稱不能為空', en: 'Name cannot be empty' },
  nameTooLong: { zh: '名称最多为50个字符！', zhtw: '名稱最多為50個字元！', en: 'Name can have at most 50 characters' },
  codeRequired: { zh: '编码不能为空', zhtw: '編碼不能為空', en: 'Code cannot be empty' },
  codeTooLong: { zh: '编码最多为50个字符！', zhtw: '編碼最多為50個字元！', en: 'Code can have at most 50 characters' },
  sortCode: {
    zh: '排序只能是0到999999的整数',
    zhtw: '排序只能是0到999999的整數',
    en: 'Sort code must be a whole number from 0 to 999999',
  },
  enabledMark: { zh: '状态只能是启用或禁用', zhtw: '狀態只能是啟用或禁用', en: 'State must be enabled or disabled' },
  textTooLong: { zh: '内容长度超出限制', zhtw: '內容長度超出限制', en: 'The text is too long' },
  invalidId: { zh: '参数格式错误', zhtw: '參數格式錯誤', en: 'The identifier is not valid' },
  tooManyIds: { zh: '选择的数据过多', zhtw: '選擇的數據過多', en: 'Too many items selected' },
});

/** PostgreSQL text cannot hold NUL; refused as malformed input rather than failing in the database */
const noNul = (v: string) => !v.includes('\u0000');
/** control characters and bidirectional overrides make a name display as something else */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f]/;
export const noControl = (v: string) => !CONTROL.test(v);

/** a display name: required, at most `max` characters, no special symbols (spec shell.md §5) */
export const nameField = (requiredKey: string = fieldMessages.nameRequired, max = 50) =>
  z
    .string({ error: msg(requiredKey) })
    .trim()
    .min(1, msg(requiredKey))
    .max(max, msg(max === 50 ? fieldMessages.nameTooLong : fieldMessages.textTooLong))
    .refine(noNul, msg('badJson'))
    .refine((v) => noControl(v) && fieldRules.name.test(v), msg('name'))
    .transform((v) => v.normalize('NFC'));

/** a code: letters, digits and dots, no dot at either end, at most 50 characters */
export const codeField = (requiredKey: string = fieldMessages.codeRequired) =>
  z
    .string({ error: msg(requiredKey) })
    .trim()
    .min(1, msg(requiredKey))
    .max(50, msg(fieldMessages.codeTooLong))
    .regex(fieldRules.code, msg('code'));

/** numbers as JSON numbers or numeric strings; nothing else (arrays, objects, booleans) is coerced */
export const numeric = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v)) : v);

/** 0..999999, as a number or a numeric string; missing means 0 */
export const sortCodeField = z.preprocess(
  numeric,
  z
    .number({ error: msg(fieldMessages.sortCode) })
    .int(msg(fieldMessages.sortCode))
    .min(0, msg(fieldMessages.sortCode))
    .max(999_999, msg(fieldMessages.sortCode))
    .nullish(),
);

/** 0 or 1; missing means 1 */
export const enabledMarkField = z.preprocess(
  numeric,
  z
    .number({ error: msg(fieldMessages.enabledMark) })
    .int(msg(fieldMessages.enabledMark))
    .min(0, msg(fieldMessages.enabledMark))
    .max(1, msg(fieldMessages.enabledMark))
    .nullish()
    .transform((v) => v ?? 1),
);

/** optional free text (descriptions, addresses): any characters but NUL */
export const textField = (max = 500) =>
  z
    .string()
    .max(max, msg(fieldMessages.textTooLong))
    .refine(noNul, msg('badJson'))
    .nullish()
    .transform((v) => (v == null ? null : v));

/** a record id as the reference writes them (our snowflake digits, "-1", "0", or a client's own) */
export const idField = z
  .string({ error: msg(fieldMessages.invalidId) })
  .trim()
  .min(1, msg(fieldMessages.invalidId))
  .max(64, msg(fieldMessages.invalidId))
  .regex(/^[\w-]+$/, msg(fieldMessages.invalidId));

export const idParams = z.object({ id: idField });

/** a list of ids; selectors may send "id--type" (the type suffix is dropped) */
export const idList = (max = 5000) =>
  z
    .array(z.string().max(100, msg(fieldMessages.invalidId)), { error: msg(fieldMessages.invalidId) })
    .max(max, msg(fieldMessages.tooManyIds))
    .nullish()
    .transform((ids) => [...new Set((ids ?? []).map((id) => id.split('--')[0]!.trim()).filter(Boolean))]);

/** comma-joined ids as the reference sends them ("a,b,c"), possibly empty */
export const commaIds = (max = 200) =>
  z
    .string({ error: msg(fieldMessages.invalidId) })
    .max(max * 65, msg(fieldMessages.tooManyIds))
    .nullish()
    .transform((v, ctx) => {
      const ids = [
        ...new Set(
          (v ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      if (ids.length > max || ids.some((id) => !/^[\w-]{1,64}$/.test(id))) {
        ctx.addIssue({ code: 'custom', message: msg(fieldMessages.invalidId) });
        return z.NEVER;
      }
      return ids;
    });

/** the optimistic version an update body may carry */
export const versionField = z.preprocess(numeric, z.number().int().min(0).max(2_147_483_647).nullish());

/** a unique index said no: another request inserted the same value first */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const { code, constraint: name, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505' && (!constraint || name === constraint || String(message).includes(constraint))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
