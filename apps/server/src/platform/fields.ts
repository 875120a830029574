// The input fields the routes' schemas are built from: names, codes, text, flags, numbers, sort codes, ids,
// versions and times, with their messages. A custom message is a catalogue key (see msg). Where the forms of
// different screens answer the same mistake differently (the reference's texts differ), the builder takes the
// message key, or a variant says in its name what differs. NUL and half surrogate pairs need no rule here: the
// validation layer refuses them in every input of every route, with one message.
import { z } from 'zod';
import { fieldRules, parseJsonText } from '@jnpf/core';
import { defineMessages } from './i18n.js';
import { msg } from './validation.js';

export const NAME_MAX = 50;
export const CODE_MAX = 50;
export const SORT_CODE_MAX = 999_999;
/** an id we generate or the client echoes; also the synthetic "-1", "0" of the reference */
const ID_MAX = 64;
/** the largest integer the version columns hold */
const VERSION_MAX = 2_147_483_647;
/** every time field holds epoch milliseconds from 0001-01-01 to 9999-12-31T23:59:59Z: always a valid date */
export const TIME_MIN_MS = -62_135_596_800_000;
export const TIME_MAX_MS = 253_402_300_799_000;

/**
 * the refusals of a required name (fullName) and code (enCode) of at most 50 characters, the code in letters,
 * digits, underscores, hyphens and dots, for a module's own catalogue (the seal and message-template screens)
 */
export const nameAndCodeTexts = {
  fullNameRequired: { zh: '名称不能为空', zhtw: '名稱不能為空', en: 'The name cannot be empty' },
  fullNameTooLong: {
    zh: '名称最多为50个字符',
    zhtw: '名稱最多為50個字元',
    en: 'The name can be at most 50 characters',
  },
  enCodeRequired: { zh: '编码不能为空', zhtw: '編碼不能為空', en: 'The code cannot be empty' },
  enCodeFormat: {
    zh: '编码最多50个字符，只能包含英文、数字、下划线、中划线和小数点',
    zhtw: '編碼最多50個字元，只能包含英文、數字、下劃線、中劃線和小數點',
    en: 'The code is at most 50 letters, digits, underscores, hyphens and dots',
  },
};

export const fieldMessages = defineMessages('fields', {
  timeInvalid: { zh: '时间不正确', zhtw: '時間不正確', en: 'The time is not valid' },
  nameRequired: { zh: '名称不能为空', zhtw: '名稱不能為空', en: 'Name cannot be empty' },
  nameTooLong: { zh: '名称最多为50个字符！', zhtw: '名稱最多為50個字元！', en: 'Name can have at most 50 characters' },
  codeRequired: { zh: '编码不能为空', zhtw: '編碼不能為空', en: 'Code cannot be empty' },
  codeTooLong: { zh: '编码最多为50个字符！', zhtw: '編碼最多為50個字元！', en: 'Code can have at most 50 characters' },
  codeFormat: {
    zh: '编码只能输入英文、数字、下划线、中划线和小数点且小数点不能放在首尾',
    zhtw: '編碼只能輸入英文、數字、下劃線、中劃線和小數點且小數點不能放在首尾',
    en: 'The code may hold letters, digits, "_", "-" and inner dots only',
  },
  sortCode: {
    zh: '排序只能是0到999999的整数',
    zhtw: '排序只能是0到999999的整數',
    en: 'Sort code must be a whole number from 0 to 999999',
  },
  sortCodeRange: {
    zh: '排序只能是0到999999之间的整数',
    zhtw: '排序只能是0到999999之間的整數',
    en: 'Sort must be a whole number from 0 to 999999',
  },
  enabledMark: { zh: '状态只能是启用或禁用', zhtw: '狀態只能是啟用或禁用', en: 'State must be enabled or disabled' },
  flagInvalid: { zh: '只能为0或1', zhtw: '只能為0或1', en: 'Must be 0 or 1' },
  zeroOrOne: { zh: '只能是0或1', zhtw: '只能是0或1', en: 'Must be 0 or 1' },
  numberInvalid: { zh: '数值不正确', zhtw: '數值不正確', en: 'The number is not valid' },
  textTooLong: { zh: '内容长度超出限制', zhtw: '內容長度超出限制', en: 'The text is too long' },
  tooLong: { zh: '内容过长', zhtw: '內容過長', en: 'The text is too long' },
  jsonInvalid: { zh: 'JSON格式错误', zhtw: 'JSON格式錯誤', en: 'Not valid JSON' },
  invalidId: { zh: '参数格式错误', zhtw: '參數格式錯誤', en: 'The identifier is not valid' },
  idFormat: { zh: '主键格式错误', zhtw: '主鍵格式錯誤', en: 'The id is not valid' },
  tooManyIds: { zh: '选择的数据过多', zhtw: '選擇的數據過多', en: 'Too many items selected' },
});

/** control characters and bidirectional overrides make a name display as something else */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f]/;
export const noControl = (v: string) => !CONTROL.test(v);

/** a message for a missing or null value; other wrong types keep zod's own (localised) message */
export const whenMissing = (key: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? msg(key) : undefined;

const numericString = /^-?\d+$/;
/** numbers that arrive as strings ("12") are read as numbers; everything else is left for the schema to refuse */
export const asNumber = (v: unknown) => (typeof v === 'string' && numericString.test(v.trim()) ? Number(v.trim()) : v);

/** every string is read as a number ("" as null, "abc" as NaN, which the schema refuses); nothing else is coerced */
export const numeric = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v)) : v);

// ---- text

/** a required single-line string: trimmed, not empty, at most `max` characters */
export function requiredText(requiredKey: string, max = NAME_MAX, tooLongKey: string = fieldMessages.tooLong) {
  return z
    .string({ error: whenMissing(requiredKey) })
    .trim()
    .min(1, msg(requiredKey))
    .max(max, msg(tooLongKey));
}

/** optional free text; null and absent become null. `tooLongKey` null keeps zod's own message */
export function optionalText(max: number, tooLongKey: string | null = fieldMessages.tooLong) {
  return z
    .string()
    .max(max, tooLongKey === null ? undefined : msg(tooLongKey))
    .nullish()
    .transform((v) => v ?? null);
}

/** optional free text (descriptions, addresses) of the organisation-structure forms, "内容长度超出限制" when too long */
export const textField = (max = 500) => optionalText(max, fieldMessages.textTooLong);

/**
 * a display name: required, at most `max` characters, no special symbols, no control characters; any value
 * that is not a string answers with `requiredKey`
 */
export const nameField = (requiredKey: string = fieldMessages.nameRequired, max = NAME_MAX) =>
  z
    .string({ error: msg(requiredKey) })
    .trim()
    .min(1, msg(requiredKey))
    .max(max, msg(max === NAME_MAX ? fieldMessages.nameTooLong : fieldMessages.textTooLong))
    .refine((v) => noControl(v) && fieldRules.name.test(v), msg('name'))
    .transform((v) => v.normalize('NFC'));

/** a code of letters, digits and dots, no dot at either end, at most 50 characters (organisations, roles, …) */
export const codeField = (requiredKey: string = fieldMessages.codeRequired) =>
  z
    .string({ error: msg(requiredKey) })
    .trim()
    .min(1, msg(requiredKey))
    .max(CODE_MAX, msg(fieldMessages.codeTooLong))
    .regex(fieldRules.code, msg('code'));

/** codes of letters, digits, "_", "-" and inner dots (menu codes are "system.menu", button codes "btn_add") */
const CODE_PATTERN = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/;
export const requiredCode = (requiredKey: string) =>
  requiredText(requiredKey, CODE_MAX).pipe(z.string().regex(CODE_PATTERN, msg(fieldMessages.codeFormat)));

/** a JSON object sent either as a string or as an object; kept as a string of at most `max` characters */
export function jsonText(max: number) {
  return z
    .union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())])
    .nullish()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === '') return null;
      const text = typeof v === 'string' ? v : JSON.stringify(v);
      if (text.length > max) {
        ctx.addIssue({ code: 'custom', message: msg(fieldMessages.tooLong) });
        return z.NEVER;
      }
      try {
        parseJsonText(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: msg(fieldMessages.jsonInvalid) });
        return z.NEVER;
      }
      return text;
    });
}

// ---- flags and numbers

/** 0 or 1; true/false and "0"/"1" are accepted; absent, null or "" take the default */
export function flag01(defaultValue: 0 | 1) {
  return z.preprocess(
    (v) => (v === '' ? defaultValue : booleanOrNumber(v, defaultValue)),
    z.union([z.literal(0), z.literal(1)], { error: msg(fieldMessages.flagInvalid) }),
  );
}

/** as flag01, but "" is refused ("只能是0或1") */
export function strictFlag01(defaultValue: 0 | 1) {
  return z.preprocess(
    (v) => booleanOrNumber(v, defaultValue),
    z.union([z.literal(0), z.literal(1)], { error: msg(fieldMessages.zeroOrOne) }),
  );
}

const booleanOrNumber = (v: unknown, defaultValue: 0 | 1) =>
  v === true ? 1 : v === false ? 0 : v === undefined || v === null ? defaultValue : asNumber(v);

/**
 * a whole number in range, as a number or a string read as one; missing stays missing; every other value answers
 * with `key`
 */
export const rangedNumber = (min: number, max: number, key: string) =>
  z.preprocess(
    numeric,
    z
      .number({ error: msg(key) })
      .int(msg(key))
      .min(min, msg(key))
      .max(max, msg(key))
      .nullish(),
  );

/** 0 or 1 as a number or a numeric string; missing means 1 */
export const enabledMarkField = rangedNumber(0, 1, fieldMessages.enabledMark).transform((v) => v ?? 1);

/** an integer in range, given as a number or a numeric string; absent, null or "" take the default */
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

/** 0..999999, missing means 0; out of range "数值不正确" */
export const sortCode = integerIn(0, SORT_CODE_MAX, fieldMessages.numberInvalid, 0);
/** 0..999999, missing means 0; out of range "排序只能是0到999999之间的整数" */
export const sortCodeInRange = integerIn(0, SORT_CODE_MAX, fieldMessages.sortCodeRange, 0);
/** 0..999999 as a number or a numeric string; missing stays missing; any other value "排序只能是0到999999的整数" */
export const sortCodeField = rangedNumber(0, SORT_CODE_MAX, fieldMessages.sortCode);

/** the optimistic version an update body may carry, as a number or a numeric string ("" is none) */
export const versionField = z.preprocess(numeric, z.number().int().min(0).max(VERSION_MAX).nullish());
/** the optimistic version, as anything that coerces to a number ("" and false are 0, true is 1) */
export const coercedVersionField = z.coerce.number().int().min(0).max(VERSION_MAX).nullish();

/** a time in epoch milliseconds (numbers; numeric strings are accepted); missing stays missing, null clears */
export const timeField = rangedNumber(TIME_MIN_MS, TIME_MAX_MS, fieldMessages.timeInvalid);
/** a time in epoch milliseconds; missing is null */
export const msField = timeField.transform((v) => v ?? null);

// ---- ids

/** a record id as the reference writes them (our snowflake digits, "-1", "0", or a client's own) */
export const idField = z
  .string({ error: msg(fieldMessages.invalidId) })
  .trim()
  .min(1, msg(fieldMessages.invalidId))
  .max(ID_MAX, msg(fieldMessages.invalidId))
  .regex(/^[\w-]+$/, msg(fieldMessages.invalidId));

export const idParams = z.object({ id: idField });

/** an id of a stored row (or a reference placeholder such as "-1"); only a wrong character has its own message */
export const idText = z
  .string()
  .trim()
  .min(1)
  .max(ID_MAX)
  .regex(/^[A-Za-z0-9_-]+$/, msg(fieldMessages.idFormat));

/** an id or a code in a path or body: letters, digits, "_", "-" and dots, at most 100 (zod's own messages) */
export const idOrCodeText = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.-]+$/);

/** a list of ids; selectors may send "id--type" (the type suffix is dropped); duplicates are dropped */
export const idList = (max = 5000) =>
  z
    .array(z.string().max(100, msg(fieldMessages.invalidId)), { error: msg(fieldMessages.invalidId) })
    .max(max, msg(fieldMessages.tooManyIds))
    .nullish()
    .transform((ids) => [...new Set((ids ?? []).map((id) => id.split('--')[0]!.trim()).filter(Boolean))]);

/** a list of ids as an array or a comma-joined string; null is none (zod's own messages) */
export const idArray = (max = 5000) =>
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

/** comma-joined ids as the reference sends them ("a,b,c"), possibly empty; duplicates are dropped */
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
