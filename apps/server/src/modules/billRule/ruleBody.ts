// The number-rule body. Fields are typed by zod; the rules that
// depend on the rule's type (which fields a type needs) are checked after, by normalizeShape.
import { z } from 'zod';
import { invalidField } from '../../platform/errors.js';
import {
  asNumber,
  coercedVersionField,
  NAME_MAX,
  optionalText,
  requiredText,
  sortCodeInRange,
  strictFlag01,
  whenMissing,
} from '../../platform/fields.js';
import { msg } from '../../platform/validation.js';
import { m } from './messages.js';
import { ACCEPTED_DATE_FORMATS, RULE_TYPE, type NumberShape } from '@jnpf/core';

const blankAsNull = (v: unknown) => (v === '' ? null : v);

const affix = optionalText(NAME_MAX, m.affixTooLong).transform((v) => v ?? '');

export const ruleFields = {
  fullName: requiredText(m.nameRequired, NAME_MAX, m.nameTooLong),
  enCode: requiredText(m.codeRequired, NAME_MAX, m.codeTooLong).regex(/^[A-Za-z0-9._-]+$/, msg(m.codeRule)),
  category: z
    .string({ error: whenMissing(m.categoryRequired) })
    .trim()
    .min(1, msg(m.categoryRequired))
    .max(100, msg(m.categoryNotFound)),
  prefix: affix,
  suffix: affix,
  type: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? RULE_TYPE.sequence : asNumber(v)),
    z.union([z.literal(1), z.literal(2), z.literal(3)], { error: msg(m.typeInvalid) }),
  ),
  dateFormat: z.preprocess(
    blankAsNull,
    z
      .string({ error: msg(m.dateFormatInvalid) })
      .max(30, msg(m.dateFormatInvalid))
      .nullish(),
  ),
  digit: z.preprocess(
    (v) => asNumber(blankAsNull(v)),
    z
      .number({ error: msg(m.digitInvalid) })
      .int(msg(m.digitInvalid))
      .min(1, msg(m.digitInvalid))
      .max(9, msg(m.digitTooLarge))
      .nullish(),
  ),
  startNumber: z.preprocess(
    (v) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : blankAsNull(v)),
    z
      .string({ error: msg(m.startDigits) })
      .trim()
      .max(NAME_MAX, msg(m.startTooLong))
      .regex(/^\d*$/, msg(m.startDigits))
      .nullish(),
  ),
  randomType: z.preprocess(
    (v) => asNumber(blankAsNull(v)),
    z.union([z.literal(1), z.literal(2)], { error: msg(m.randomTypeInvalid) }).nullish(),
  ),
  randomDigit: z.preprocess(
    (v) => asNumber(blankAsNull(v)),
    z.union([z.literal(16), z.literal(32)], { error: msg(m.randomDigitInvalid) }).nullish(),
  ),
  enabledMark: strictFlag01(1),
  sortCode: sortCodeInRange,
  description: optionalText(500, null),
};

export const ruleCreateBody = z.object(ruleFields);
export const ruleUpdateBody = z.object({ ...ruleFields, version: coercedVersionField });
export type RuleInput = z.infer<typeof ruleCreateBody>;

/**
 * The fields a type uses, checked and normalised; the others are cleared. Type 1 needs a date format, a digit
 * count and a start value of digits that is not all zeros and fits the digits (stored zero-padded); type 2 a
 * random length (16 or 32, default 16) and kind (default digits); type 3 nothing.
 */
export function normalizeShape(input: RuleInput): NumberShape {
  const shape: NumberShape = {
    prefix: input.prefix,
    suffix: input.suffix,
    type: input.type,
    dateFormat: null,
    digit: null,
    startNumber: null,
    randomType: null,
    randomDigit: null,
  };
  if (input.type === RULE_TYPE.sequence) {
    if (!input.dateFormat) throw invalidField('dateFormat', m.dateFormatRequired);
    if (!ACCEPTED_DATE_FORMATS.includes(input.dateFormat)) throw invalidField('dateFormat', m.dateFormatInvalid);
    if (input.digit == null) throw invalidField('digit', m.digitRequired);
    if (!input.startNumber) throw invalidField('startNumber', m.startRequired);
    const significant = input.startNumber.replace(/^0+/, '');
    if (!significant) throw invalidField('startNumber', m.startZero, { value: input.startNumber });
    if (significant.length > input.digit) throw invalidField('startNumber', m.startTooLong);
    return {
      ...shape,
      dateFormat: input.dateFormat,
      digit: input.digit,
      startNumber: significant.padStart(input.digit, '0'),
    };
  }
  if (input.type === RULE_TYPE.random)
    return { ...shape, randomType: input.randomType ?? 1, randomDigit: input.randomDigit ?? 16 };
  return shape;
}
