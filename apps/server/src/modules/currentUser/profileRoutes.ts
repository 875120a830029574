// The signed-in user's personal information, layout, language and avatar.
import { z } from 'zod';
import { fieldRuleMessages, fieldRules, LANGUAGES, LAYOUT_THEMES, type Language } from '@jnpf/core';
import { ValidationError } from '../../platform/errors.js';
import { timeField } from '../../platform/fields.js';
import { actorOf } from '../../platform/request.js';
import { ok } from '../../platform/result.js';
import { blankIfNull, pick } from '../../platform/rows.js';
import { sendJsonText } from '../../platform/keptAnswers.js';
import { route } from '../../platform/route.js';
import { msg } from '../../platform/validation.js';
import { avatarUrl } from '../file/index.js';
import { profileOf, savePreference, updateOwnRow, type Profile } from './service.js';

const BASE = '/api/permission/Users/Current';

/** optional text: absent stays absent (not changed), null clears */
const optionalText = (max: number) => z.string().max(max).nullish();
const pattern = (re: RegExp, key: string) => z.union([z.literal(''), z.string().regex(re, msg(key))]).nullish();

const baseInfoBody = z.object({
  realName: z.string().trim().min(1).max(50).optional(),
  gender: z.coerce.number().int().min(1).max(3).nullish(),
  mobilePhone: pattern(fieldRules.mobile, 'mobile'),
  email: pattern(fieldRules.email, 'email'),
  birthday: timeField,
  signature: optionalText(500),
  nation: optionalText(50),
  nativePlace: optionalText(100),
  certificatesType: optionalText(50),
  certificatesNumber: optionalText(50),
  education: optionalText(50),
  telePhone: optionalText(50),
  landline: optionalText(50),
  urgentContacts: optionalText(50),
  urgentTelePhone: optionalText(50),
  postalAddress: optionalText(200),
  description: optionalText(500),
});

/** an ID card number (type "1") is checked when either the type or the number is sent; the other is the saved one */
function checkIdCard(body: z.infer<typeof baseInfoBody>, saved: Profile['user'], lang: Language) {
  if (body.certificatesType === undefined && body.certificatesNumber === undefined) return;
  const type = body.certificatesType !== undefined ? body.certificatesType : saved.certificatesType;
  const number = body.certificatesNumber !== undefined ? body.certificatesNumber : saved.certificatesNumber;
  if (type === '1' && number && !fieldRules.idCard.test(number))
    throw new ValidationError({ certificatesNumber: fieldRuleMessages.idCard[lang] });
}

/** BaseInfo answers as sent, per language, for as long as the directory hands out the same profile */
const baseInfoBytes = new WeakMap<Profile, Map<Language, Buffer>>();

function baseInfo(p: Profile) {
  const u = p.user;
  return {
    ...pick(u, 'id', 'account', 'realName', 'birthday', 'entryDate'),
    ...pick(u, 'creatorTime', 'prevLogTime', 'changePasswordDate'),
    ...blankIfNull(u, 'mobilePhone', 'email', 'signature', 'nation', 'nativePlace', 'education', 'description'),
    ...blankIfNull(u, 'certificatesType', 'certificatesNumber', 'telePhone', 'landline', 'postalAddress'),
    ...blankIfNull(u, 'urgentContacts', 'urgentTelePhone', 'language'),
    gender: u.gender != null ? String(u.gender) : '',
    headIcon: avatarUrl(u.headIcon),
    organize: p.organizes.map((o) => o.pathName).join(','),
    position: p.positions.map((x) => x.fullName).join(','),
    roleId: p.roles.map((r) => r.fullName).join(','),
    manager: p.manager ? `${p.manager.realName}/${p.manager.account}` : '',
    prevLogIPAddress: u.prevLogIp ?? '',
    isAdministrator: u.isAdministrator === 1,
    theme: u.theme ?? 'classic',
  };
}

export const profileRoutes = [
  route({
    method: 'GET',
    url: `${BASE}/BaseInfo`,
    permission: 'signedIn',
    summary: 'The signed-in user’s personal information',
    async handler({ app, principal, lang, reply }) {
      const p = await profileOf(app, principal);
      // the answer lives as long as the directory keeps this profile: a change of the user drops both
      let byLang = baseInfoBytes.get(p);
      if (!byLang) baseInfoBytes.set(p, (byLang = new Map()));
      let text = byLang.get(lang);
      if (text === undefined) {
        text = Buffer.from(JSON.stringify(app.envelope(lang, 200, 'success', baseInfo(p))));
        byLang.set(lang, text);
      }
      return sendJsonText(reply, text);
    },
  }),
  route({
    method: 'PUT',
    url: `${BASE}/BaseInfo`,
    permission: 'signedIn',
    summary: 'Update own personal information',
    body: baseInfoBody,
    async handler({ app, req, principal, body, lang }) {
      const before = (await profileOf(app, principal)).user;
      checkIdCard(body, before, lang);
      const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
      await updateOwnRow(
        app,
        actorOf(req),
        principal.userId,
        { ...changes, lastModifyTime: Date.now(), lastModifyUserId: principal.userId },
        {
          action: 'updateBaseInfo',
          before: Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof typeof before]])),
          after: changes,
        },
      );
      return ok(undefined, 'updated');
    },
  }),
  route({
    method: 'PUT',
    url: `${BASE}/SystemTheme`,
    permission: 'signedIn',
    summary: 'Save the layout (classic, functional, blend, plain)',
    body: z.object({ theme: z.enum(LAYOUT_THEMES) }),
    async handler({ app, req, principal, body }) {
      await savePreference(app, actorOf(req), principal, 'theme', body.theme);
      return ok(undefined, 'setDone');
    },
  }),
  route({
    method: 'PUT',
    url: `${BASE}/SystemLanguage`,
    permission: 'signedIn',
    summary: 'Save the interface language (zh, zhtw, en)',
    body: z.object({ language: z.enum(LANGUAGES) }),
    async handler({ app, req, principal, body }) {
      await savePreference(app, actorOf(req), principal, 'language', body.language);
      return ok(undefined, 'setDone');
    },
  }),
  route({
    method: 'PUT',
    url: `${BASE}/Avatar/:name`,
    permission: 'signedIn',
    summary: 'Set own avatar to an uploaded image file name',
    params: z.object({ name: z.string().regex(/^[\w-]{1,100}\.(png|jpe?g|gif|webp|bmp)$/i, msg('invalidAvatar')) }),
    async handler({ app, req, principal, params }) {
      const before = (await profileOf(app, principal)).user.headIcon;
      await updateOwnRow(
        app,
        actorOf(req),
        principal.userId,
        { headIcon: params.name },
        { action: 'avatar', before: { headIcon: before }, after: { headIcon: params.name } },
      );
      return ok(undefined, 'setDone');
    },
  }),
];
