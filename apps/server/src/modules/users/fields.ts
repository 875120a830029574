// The user form (UserCrForm / UserUpForm share it) and the rules a user's own fields follow.
import { z } from 'zod';
import { fieldRules } from '@jnpf/core';
import {
  commaIds,
  idField,
  msField,
  nameField,
  numeric,
  rangedNumber,
  sortCodeField,
  textField,
  versionField,
} from '../../platform/fields.js';
import { msg } from '../../platform/validation.js';
import { m } from './messages.js';

/** letters, digits, Chinese, dots, dashes and underscores: no "@" (sub-account sign-in) and no "/" (name/account) */
export const ACCOUNT_PATTERN = /^[A-Za-z0-9\u4e00-\u9fa5._-]+$/;

const patterned = (re: RegExp, key: string) =>
  z
    .union([z.literal(''), z.string().trim().max(100, msg(key)).regex(re, msg(key))])
    .nullish()
    .transform((v) => v || null);

/** the address avatars are served under; the client sends either it plus a name, or the bare name */
const AVATAR_PATH = '/api/file/Image/userAvatar/';
/** the stored avatar is the name ("/api/file/Image/userAvatar/x.png" → "x.png"); any other path is refused */
const headIconField = z
  .string()
  .max(500, msg(m.headIcon))
  .nullish()
  .transform((v) => (v?.startsWith(AVATAR_PATH) ? v.slice(AVATAR_PATH.length) : (v ?? '')))
  .refine((v) => v === '' || (/^[\w.-]{1,100}$/.test(v) && !v.startsWith('.')), msg(m.headIcon))
  .transform((v) => v || '001.png');

export const userBody = z.object({
  account: z
    .string({ error: msg(m.accountRequired) })
    .trim()
    .min(1, msg(m.accountRequired))
    .max(50, msg(m.accountTooLong))
    .regex(ACCOUNT_PATTERN, msg(m.accountInvalid)),
  realName: nameField(m.realNameRequired),
  organizeId: commaIds(50).refine((ids) => ids.length > 0, msg(m.organizeRequired)),
  gender: z.preprocess(
    numeric,
    z
      // absent or empty is missing; any other value that is no number ("male") is an unknown gender
      .number({
        error: (issue) => msg(issue.input === undefined || issue.input === null ? m.genderRequired : m.genderMissing),
      })
      .int(msg(m.genderMissing))
      .min(0, msg(m.genderMissing))
      .max(99, msg(m.genderMissing)),
  ),
  positionId: commaIds(50),
  roleId: commaIds(100),
  groupId: commaIds(100),
  managerId: z
    .union([z.literal(''), idField])
    .nullish()
    .transform((v) => v || null),
  enabledMark: rangedNumber(0, 2, m.enabledMark).transform((v) => v ?? 1),
  sortCode: sortCodeField,
  headIcon: headIconField,
  description: textField(500),
  nation: textField(50),
  nativePlace: textField(100),
  certificatesType: textField(50),
  certificatesNumber: textField(50),
  education: textField(50),
  telePhone: textField(50),
  landline: textField(50),
  mobilePhone: patterned(fieldRules.mobile, 'mobile'),
  email: patterned(fieldRules.email, 'email'),
  urgentContacts: textField(50),
  urgentTelePhone: textField(50),
  postalAddress: textField(200),
  ranks: textField(50),
  birthday: msField,
  entryDate: msField,
  version: versionField,
});

export type UserInput = z.infer<typeof userBody>;
