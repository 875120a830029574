// /api/permission/Users/Current: the signed-in user's own information, password, preferences, signatures,
// organisations and positions, the major switch, login log, grants and subordinates (administration.md §7.8).
import { z } from 'zod';
import { fieldRuleMessages, fieldRules, LANGUAGES, LAYOUT_THEMES, type Language } from '@jnpf/core';
import { ValidationError } from '../../platform/errors.js';
import { pageQuery } from '../../platform/paging.js';
import { actorOf } from '../../platform/request.js';
import { ok, page } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import { msg } from '../../platform/validation.js';
import { avatarUrl, checkCaptcha } from '../oauth/index.js';
import { idText, refuseNul } from './fields.js';
import { changeOwnPassword } from './passwordService.js';
import {
  directReports,
  ownGrants,
  ownLoginLog,
  profileOf,
  savePreference,
  switchMajor,
  updateOwnRow,
  type Profile,
} from './service.js';
import { addSignature, deleteSignature, makeDefaultSignature, ownSignatures } from './signatureService.js';

const BASE = '/api/permission/Users/Current';

/** optional text: absent stays absent (not changed), null clears */
const optionalText = (max: number) => refuseNul(z.string().max(max)).nullish();
const pattern = (re: RegExp, key: string) => z.union([z.literal(''), z.string().regex(re, msg(key))]).nullish();

const baseInfoBody = z.object({
  realName: refuseNul(z.string().trim().min(1).max(50)).optional(),
  gender: z.coerce.number().int().min(1).max(3).nullish(),
  mobilePhone: pattern(fieldRules.mobile, 'mobile'),
  email: pattern(fieldRules.email, 'email'),
  birthday: z.coerce.number().int().nullish(),
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

const md5Field = z.string().regex(/^[0-9a-fA-F]{32}$/, msg('passwordFormat'));

const idParams = z.object({ id: idText });

export const currentUserRoutes = [
  route({
    method: 'GET',
    url: `${BASE}/BaseInfo`,
    permission: 'signedIn',
    summary: 'The signed-in user’s personal information',
    async handler({ app, principal }) {
      const p = await profileOf(app, principal);
      const u = p.user;
      return ok({
        id: u.id,
        account: u.account,
        realName: u.realName,
        gender: u.gender != null ? String(u.gender) : '',
        mobilePhone: u.mobilePhone ?? '',
        email: u.email ?? '',
        birthday: u.birthday,
        headIcon: avatarUrl(u.headIcon),
        organize: p.organizes.map((o) => o.pathName).join(','),
        position: p.positions.map((x) => x.fullName).join(','),
        roleId: p.roles.map((r) => r.fullName).join(','),
        manager: p.manager ? `${p.manager.realName}/${p.manager.account}` : '',
        signature: u.signature ?? '',
        nation: u.nation ?? '',
        nativePlace: u.nativePlace ?? '',
        certificatesType: u.certificatesType ?? '',
        certificatesNumber: u.certificatesNumber ?? '',
        education: u.education ?? '',
        telePhone: u.telePhone ?? '',
        landline: u.landline ?? '',
        urgentContacts: u.urgentContacts ?? '',
        urgentTelePhone: u.urgentTelePhone ?? '',
        postalAddress: u.postalAddress ?? '',
        entryDate: u.entryDate,
        description: u.description ?? '',
        creatorTime: u.creatorTime,
        prevLogTime: u.prevLogTime,
        prevLogIPAddress: u.prevLogIp ?? '',
        changePasswordDate: u.changePasswordDate,
        isAdministrator: u.isAdministrator === 1,
        theme: u.theme ?? 'classic',
        language: u.language ?? '',
      });
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
  route({
    method: 'POST',
    url: `${BASE}/Actions/ModifyPassword`,
    permission: 'signedIn',
    summary:
      'Change own password. oldPassword and password are md5 hex; encryptPassword (the new plain password AES-encrypted like the sign-in cipher) lets the server check the password policy, and is required while the policy is on.',
    rateLimit: { max: 10, timeWindowMs: 60_000, key: (req) => `${req.ip}|${req.principal?.userId ?? ''}` },
    body: z.object({
      oldPassword: md5Field,
      password: md5Field,
      encryptPassword: z.string().max(512).optional(),
      code: z.string().max(20).default(''),
      timestamp: z.string().max(64).default(''),
    }),
    async handler({ app, req, principal, body, lang }) {
      await checkCaptcha(app, body.code, body.timestamp);
      await changeOwnPassword(app, actorOf(req), principal, body, lang);
      return ok(undefined, 'passwordChanged');
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/SignImg`,
    permission: 'signedIn',
    summary: 'Own handwritten signatures',
    async handler({ app, principal }) {
      return ok(await ownSignatures(app, principal.userId));
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/SignImg`,
    permission: 'signedIn',
    summary: 'Add a signature (PNG or JPEG data URL, at most 512 KB)',
    body: z.object({
      signImg: z
        .string()
        .max(700_000)
        .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+=*$/, msg('invalidImage')),
      isDefault: z.coerce.number().int().min(0).max(1).default(0),
    }),
    async handler({ app, req, principal, body }) {
      const id = await addSignature(app, actorOf(req), principal.userId, body.signImg, body.isDefault === 1);
      return ok(id, 'created');
    },
  }),
  route({
    method: 'DELETE',
    url: `${BASE}/:id/SignImg`,
    permission: 'signedIn',
    summary: 'Delete one of own signatures',
    params: idParams,
    async handler({ app, req, principal, params }) {
      await deleteSignature(app, actorOf(req), principal.userId, params.id);
      return ok(undefined, 'deleted');
    },
  }),
  route({
    method: 'PUT',
    url: `${BASE}/:id/SignImg`,
    permission: 'signedIn',
    summary: 'Make one of own signatures the default',
    params: idParams,
    async handler({ app, req, principal, params }) {
      await makeDefaultSignature(app, actorOf(req), principal.userId, params.id);
      return ok(undefined, 'setDone');
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/getUserOrganizes`,
    permission: 'signedIn',
    summary: 'Own organisations; isDefault marks the main one',
    async handler({ app, principal }) {
      const p = await profileOf(app, principal);
      return ok(p.organizes.map((o) => ({ id: o.id, fullName: o.pathName, isDefault: o.id === p.mainOrganize?.id })));
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/getUserPositions`,
    permission: 'signedIn',
    summary: 'Own positions; isDefault marks the main one',
    async handler({ app, principal }) {
      const p = await profileOf(app, principal);
      const main = p.user.positionId ?? p.positions[0]?.id;
      return ok(p.positions.map((x) => ({ id: x.id, fullName: x.fullName, isDefault: x.id === main })));
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/getUserRoles`,
    permission: 'signedIn',
    summary: 'Own roles',
    async handler({ app, principal }) {
      const p = await profileOf(app, principal);
      return ok(p.roles.map((r) => ({ id: r.id, fullName: r.fullName })));
    },
  }),
  route({
    method: 'PUT',
    url: `${BASE}/major`,
    permission: 'signedIn',
    summary: 'Switch the main organisation, position or system (majorType Organize | Position | System)',
    body: z.object({
      majorId: idText.min(1),
      majorType: z.enum(['Organize', 'Position', 'System']),
      menuType: z.coerce.number().int().nullish(),
    }),
    async handler({ app, req, principal, body }) {
      return ok(undefined, await switchMajor(app, actorOf(req), principal, body));
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/Authorize`,
    permission: 'signedIn',
    summary:
      'What the signed-in user is granted: menus (tree per system) and their buttons, columns, forms and data schemes',
    async handler({ app, principal }) {
      return ok(await ownGrants(app, principal));
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/Subordinate/:id`,
    permission: 'signedIn',
    summary: 'Direct reports of a user ("0" = me); only within the caller’s own reporting line',
    params: z.object({ id: idText }),
    async handler({ app, principal, params }) {
      return ok(await directReports(app, principal, params.id));
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/SystemLog`,
    permission: 'signedIn',
    summary: 'Own sign-in log, newest first, paged',
    query: pageQuery.extend({
      keyword: refuseNul(z.string().trim().max(200)).default(''),
      startTime: z.coerce.number().int().optional(),
      endTime: z.coerce.number().int().optional(),
    }),
    async handler({ app, principal, query }) {
      const { list, total } = await ownLoginLog(app, principal.userId, query);
      return page(list, { currentPage: query.currentPage, pageSize: query.pageSize, total });
    },
  }),
];
