// /api/permission/Users/Current: the signed-in user's own information, password, preferences, signatures,
// organisations and positions, the major switch, login log, grants and subordinates (administration.md §7.8).
import { and, count, desc, eq, gte, ilike, lte, or } from 'drizzle-orm';
import { z } from 'zod';
import {
  aesEcbDecryptHex,
  checkPasswordPolicy,
  fieldRuleMessages,
  fieldRules,
  LANGUAGES,
  LAYOUT_THEMES,
  md5Hex,
  passwordMessages,
  ResultCode,
} from '@jnpf/core';
import { loginLog, system, user, userPasswordHistory, userSignImg } from '../../db/schema/index.js';
import { writeAudit } from '../../platform/audit.js';
import { allowedSystems, menuTree } from '../../platform/catalogue.js';
import { AppError, invalidField, refuse, ValidationError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { hashPassword, verifyPassword } from '../../platform/password.js';
import { actorOf } from '../../platform/request.js';
import { containsPattern, offsetOf, pageQuery } from '../../platform/paging.js';
import { ok, page } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import { msg } from '../../platform/validation.js';
import { checkCaptcha } from '../oauth/login.js';
import { avatarUrl } from '../oauth/userInfo.js';
import { m } from './messages.js';
import type { AppContext, Principal } from '../../platform/context.js';
import type { Tx } from '../../db/client.js';
import type { FastifyRequest } from 'fastify';

const BASE = '/api/permission/Users/Current';
const SIGN_LIMIT = 10;
const md5Field = z.string().regex(/^[0-9a-fA-F]{32}$/, msg('passwordFormat'));
// PostgreSQL text cannot hold NUL: refused as malformed input rather than failing in the database (code 500)
const noNul = (v: string) => !v.includes('\u0000');
/** an id in a path or body; compared in SQL, so it must be storable text */
const idText = z.string().max(50).refine(noNul, msg(m.invalidCharacters));
const optionalText = (max: number) => z.string().max(max).refine(noNul, msg(m.invalidCharacters)).nullish();
const pattern = (re: RegExp, key: string) => z.union([z.literal(''), z.string().regex(re, msg(key))]).nullish();

/** serialises changes to one user's signatures (count and default) by locking the user's row */
async function lockSignatures(tx: Tx, userId: string) {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
}

/** saves the layout or the language, with an audit row like every other write */
async function savePreference(
  app: AppContext,
  req: FastifyRequest,
  principal: Principal,
  key: 'theme' | 'language',
  value: string,
) {
  const before = (await profileOf(app, principal)).user[key];
  await app.db.transaction(async (tx) => {
    await tx
      .update(user)
      .set({ [key]: value })
      .where(eq(user.id, principal.userId));
    await writeAudit(tx, actorOf(req), {
      moduleName: 'currentUser',
      action: key === 'theme' ? 'systemTheme' : 'systemLanguage',
      recordId: principal.userId,
      before: { [key]: before },
      after: { [key]: value },
    });
  });
  await app.directory.changed(principal.userId);
}

async function profileOf(app: AppContext, principal: Principal) {
  const profile = await app.directory.get(principal.userId);
  if (!profile) throw new AppError(ResultCode.SessionOverdue, 'sessionOverdue');
  return profile;
}

const baseInfoBody = z.object({
  realName: z.string().trim().min(1).max(50).refine(noNul, msg(m.invalidCharacters)).optional(),
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
      // an ID card number (type "1") is checked when either the type or the number is sent; the other is the saved one
      if (body.certificatesType !== undefined || body.certificatesNumber !== undefined) {
        const type = body.certificatesType !== undefined ? body.certificatesType : before.certificatesType;
        const number = body.certificatesNumber !== undefined ? body.certificatesNumber : before.certificatesNumber;
        if (type === '1' && number && !fieldRules.idCard.test(number))
          throw new ValidationError({ certificatesNumber: fieldRuleMessages.idCard[lang] });
      }
      const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
      await app.db.transaction(async (tx) => {
        await tx
          .update(user)
          .set({ ...changes, lastModifyTime: Date.now(), lastModifyUserId: principal.userId })
          .where(eq(user.id, principal.userId));
        await writeAudit(tx, actorOf(req), {
          moduleName: 'currentUser',
          action: 'updateBaseInfo',
          recordId: principal.userId,
          before: Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof typeof before]])),
          after: changes,
        });
      });
      await app.directory.changed(principal.userId);
      return ok(undefined, 'updated');
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
      const config = await app.sysConfig.get();
      const newMd5 = body.password.toLowerCase();
      if (config.passwordStrengthLimit === 1) {
        const plain = body.encryptPassword ? aesEcbDecryptHex(body.encryptPassword, app.config.cipherKey) : null;
        if (plain === null || md5Hex(plain) !== newMd5) throw invalidField('password', 'passwordFormat');
        const violations = checkPasswordPolicy(plain, config);
        if (violations.length) {
          const v = violations[0]!;
          const text = passwordMessages[v.key][lang].replace('{n}', String(v.params?.n ?? ''));
          throw new ValidationError({ password: text });
        }
      }
      const [row] = await app.db.select().from(user).where(eq(user.id, principal.userId)).limit(1);
      if (!row || !(await verifyPassword(body.oldPassword, row.passwordHash, row.passwordSalt)))
        throw invalidField('oldPassword', 'oldPasswordWrong');
      if (config.disableOldPassword === 1) {
        const n = config.disableTheNumberOfOldPasswords;
        const history = await app.db
          .select()
          .from(userPasswordHistory)
          .where(eq(userPasswordHistory.userId, principal.userId))
          .orderBy(desc(userPasswordHistory.creatorTime))
          .limit(Math.max(0, n - 1));
        const previous = [{ passwordHash: row.passwordHash, passwordSalt: row.passwordSalt }, ...history];
        for (const h of previous.slice(0, n))
          if (await verifyPassword(newMd5, h.passwordHash, h.passwordSalt))
            throw invalidField('password', 'passwordReused', { n });
      }
      const next = await hashPassword(newMd5);
      const now = Date.now();
      await app.db.transaction(async (tx) => {
        await tx.insert(userPasswordHistory).values({
          id: newId(),
          userId: row.id,
          passwordHash: row.passwordHash,
          passwordSalt: row.passwordSalt,
          creatorTime: now,
        });
        await tx
          .update(user)
          .set({ passwordHash: next.hash, passwordSalt: next.salt, changePasswordDate: now, lastModifyTime: now })
          .where(eq(user.id, row.id));
        await writeAudit(tx, actorOf(req), { moduleName: 'currentUser', action: 'modifyPassword', recordId: row.id });
      });
      await app.directory.changed(row.id);
      // every other session of this user ends at once; this one continues
      await app.sessions.endAllForUser(row.id, 'password', { exceptId: principal.sessionId });
      return ok(undefined, 'passwordChanged');
    },
  }),
  route({
    method: 'PUT',
    url: `${BASE}/SystemTheme`,
    permission: 'signedIn',
    summary: 'Save the layout (classic, functional, blend, plain)',
    body: z.object({ theme: z.enum(LAYOUT_THEMES) }),
    async handler({ app, req, principal, body }) {
      await savePreference(app, req, principal, 'theme', body.theme);
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
      await savePreference(app, req, principal, 'language', body.language);
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
      await app.db.transaction(async (tx) => {
        await tx.update(user).set({ headIcon: params.name }).where(eq(user.id, principal.userId));
        await writeAudit(tx, actorOf(req), {
          moduleName: 'currentUser',
          action: 'avatar',
          recordId: principal.userId,
          before: { headIcon: before },
          after: { headIcon: params.name },
        });
      });
      await app.directory.changed(principal.userId);
      return ok(undefined, 'setDone');
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/SignImg`,
    permission: 'signedIn',
    summary: 'Own handwritten signatures',
    async handler({ app, principal }) {
      const rows = await app.db
        .select({
          id: userSignImg.id,
          signImg: userSignImg.signImg,
          isDefault: userSignImg.isDefault,
          creatorTime: userSignImg.creatorTime,
        })
        .from(userSignImg)
        .where(eq(userSignImg.userId, principal.userId))
        .orderBy(desc(userSignImg.creatorTime));
      return ok(rows);
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
      const id = newId();
      await app.db.transaction(async (tx) => {
        // the user's row is locked first: concurrent adds are counted one after another (limit, single default)
        await lockSignatures(tx, principal.userId);
        const [{ n } = { n: 0 }] = await tx
          .select({ n: count() })
          .from(userSignImg)
          .where(eq(userSignImg.userId, principal.userId));
        if (n >= SIGN_LIMIT) throw refuse('signImgLimit', { n: SIGN_LIMIT });
        const makeDefault = body.isDefault === 1 || n === 0;
        if (makeDefault)
          await tx.update(userSignImg).set({ isDefault: 0 }).where(eq(userSignImg.userId, principal.userId));
        await tx.insert(userSignImg).values({
          id,
          userId: principal.userId,
          signImg: body.signImg,
          isDefault: makeDefault ? 1 : 0,
          creatorTime: Date.now(),
        });
        await writeAudit(tx, actorOf(req), { moduleName: 'currentUser', action: 'addSignImg', recordId: id });
      });
      await app.directory.changed(principal.userId);
      return ok(id, 'created');
    },
  }),
  route({
    method: 'DELETE',
    url: `${BASE}/:id/SignImg`,
    permission: 'signedIn',
    summary: 'Delete one of own signatures',
    params: z.object({ id: idText }),
    async handler({ app, req, principal, params }) {
      const deleted = await app.db.transaction(async (tx) => {
        const rows = await tx
          .delete(userSignImg)
          .where(and(eq(userSignImg.id, params.id), eq(userSignImg.userId, principal.userId)))
          .returning({ id: userSignImg.id });
        if (rows.length)
          await writeAudit(tx, actorOf(req), {
            moduleName: 'currentUser',
            action: 'deleteSignImg',
            recordId: params.id,
          });
        return rows.length;
      });
      if (!deleted) throw refuse('notFound');
      await app.directory.changed(principal.userId);
      return ok(undefined, 'deleted');
    },
  }),
  route({
    method: 'PUT',
    url: `${BASE}/:id/SignImg`,
    permission: 'signedIn',
    summary: 'Make one of own signatures the default',
    params: z.object({ id: idText }),
    async handler({ app, req, principal, params }) {
      const found = await app.db.transaction(async (tx) => {
        await lockSignatures(tx, principal.userId);
        const [row] = await tx
          .select({ id: userSignImg.id })
          .from(userSignImg)
          .where(and(eq(userSignImg.id, params.id), eq(userSignImg.userId, principal.userId)));
        if (!row) return false;
        await tx.update(userSignImg).set({ isDefault: 0 }).where(eq(userSignImg.userId, principal.userId));
        await tx.update(userSignImg).set({ isDefault: 1 }).where(eq(userSignImg.id, params.id));
        await writeAudit(tx, actorOf(req), {
          moduleName: 'currentUser',
          action: 'defaultSignImg',
          recordId: params.id,
        });
        return true;
      });
      if (!found) throw refuse('notFound');
      await app.directory.changed(principal.userId);
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
      const p = await profileOf(app, principal);
      let changes: Partial<typeof user.$inferInsert>;
      let msgKey: 'switched' | 'setDone' = 'setDone';
      if (body.majorType === 'System') {
        const [cat, grants] = await Promise.all([
          app.catalogue.get(),
          app.grants.forUser(principal.userId, principal.isAdministrator),
        ]);
        const [sys] = await app.db.select().from(system).where(eq(system.id, body.majorId));
        if (!sys) throw refuse('systemDeleted');
        if (sys.enabledMark !== 1) throw refuse('systemDisabled');
        const allowed = allowedSystems(cat, grants).some((s) => s.id === sys.id);
        if (!allowed || (menuTree(cat, grants, sys.id).length === 0 && sys.workflowEnabled === 0))
          throw refuse('systemNoMenu');
        changes = body.menuType === 1 ? { appSystemId: sys.id } : { systemId: sys.id };
        msgKey = 'switched';
      } else if (body.majorType === 'Organize') {
        if (!p.organizes.some((o) => o.id === body.majorId)) throw refuse('notYourOrganize');
        changes = { organizeId: body.majorId };
      } else {
        if (!p.positions.some((x) => x.id === body.majorId)) throw refuse('notYourPosition');
        changes = { positionId: body.majorId };
      }
      await app.db.transaction(async (tx) => {
        await tx.update(user).set(changes).where(eq(user.id, principal.userId));
        await writeAudit(tx, actorOf(req), {
          moduleName: 'currentUser',
          action: `major${body.majorType}`,
          recordId: principal.userId,
          after: changes,
        });
      });
      await app.directory.changed(principal.userId);
      await app.grants.changed(principal.userId);
      return ok(undefined, msgKey);
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/SystemLog`,
    permission: 'signedIn',
    summary: 'Own sign-in log, newest first, paged',
    query: pageQuery.extend({
      keyword: z.string().trim().max(200).refine(noNul, msg(m.invalidCharacters)).default(''),
      startTime: z.coerce.number().int().optional(),
      endTime: z.coerce.number().int().optional(),
    }),
    async handler({ app, principal, query }) {
      const conditions = [eq(loginLog.userId, principal.userId)];
      if (query.startTime) conditions.push(gte(loginLog.creatorTime, query.startTime));
      if (query.endTime) conditions.push(lte(loginLog.creatorTime, query.endTime));
      if (query.keyword) {
        const like = containsPattern(query.keyword);
        conditions.push(or(ilike(loginLog.ip, like), ilike(loginLog.platform, like), ilike(loginLog.browser, like))!);
      }
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(loginLog)
          .where(where)
          // ids are time-ordered: they break ties, so pages neither repeat nor skip rows of the same millisecond
          .orderBy(desc(loginLog.creatorTime), desc(loginLog.id))
          .limit(query.pageSize)
          .offset(offsetOf(query)),
        app.db.select({ n: count() }).from(loginLog).where(where),
      ]);
      return page(
        rows.map((r) => ({
          id: r.id,
          creatorTime: r.creatorTime,
          userName: r.userName ?? '',
          account: r.account,
          ipaddress: r.ip,
          ipaddressName: r.ipAddressName ?? '',
          platForm: r.platform ?? '',
          browser: r.browser ?? '',
          loginMark: r.success,
          abstracts: r.abstracts ?? '',
        })),
        { currentPage: query.currentPage, pageSize: query.pageSize, total: total?.n ?? 0 },
      );
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/Authorize`,
    permission: 'signedIn',
    summary:
      'What the signed-in user is granted: menus (tree per system) and their buttons, columns, forms and data schemes',
    async handler({ app, principal }) {
      const [cat, grants] = await Promise.all([
        app.catalogue.get(),
        app.grants.forUser(principal.userId, principal.isAdministrator),
      ]);
      const systems = allowedSystems(cat, grants);
      const pick = (
        map: Map<string, { id: string; moduleId: string; fullName: string; enCode: string }[]>,
        ids: ReadonlySet<string>,
      ) => [...map.values()].flat().filter((x) => grants.all || ids.has(x.id));
      return ok({
        module: systems.map((s) => ({
          id: s.id,
          fullName: s.fullName,
          icon: s.icon ?? '',
          children: menuTree(cat, grants, s.id),
        })),
        button: pick(cat.buttonsByModule, grants.buttons),
        column: pick(cat.columnsByModule, grants.columns),
        form: pick(cat.formsByModule, grants.forms),
        resource: pick(cat.schemesByModule, grants.resources),
      });
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/Subordinate/:id`,
    permission: 'signedIn',
    summary: 'Direct reports of a user ("0" = me); only within the caller’s own reporting line',
    params: z.object({ id: idText }),
    async handler({ app, principal, params }) {
      const managerId = params.id === '0' ? principal.userId : params.id;
      if (managerId !== principal.userId && !principal.isAdministrator) {
        // walk up from the asked user: it must report to the caller, directly or indirectly
        let cursor: string | null = managerId;
        const seen = new Set<string>();
        let inLine = false;
        while (cursor && !seen.has(cursor) && seen.size < 50) {
          seen.add(cursor);
          const [row]: { managerId: string | null }[] = await app.db
            .select({ managerId: user.managerId })
            .from(user)
            .where(eq(user.id, cursor));
          cursor = row?.managerId ?? null;
          if (cursor === principal.userId) {
            inLine = true;
            break;
          }
        }
        if (!inLine) throw refuse('notAllowedSelf');
      }
      const rows = await app.db
        .select({ id: user.id, realName: user.realName, account: user.account, headIcon: user.headIcon })
        .from(user)
        .where(eq(user.managerId, managerId));
      const withReports = new Set(
        rows.length
          ? (
              await app.db
                .select({ managerId: user.managerId })
                .from(user)
                .where(or(...rows.map((r) => eq(user.managerId, r.id))))
            ).map((r) => r.managerId)
          : [],
      );
      return ok(
        await Promise.all(
          rows.map(async (r) => {
            const prof = await app.directory.get(r.id);
            return {
              id: r.id,
              avatar: avatarUrl(r.headIcon),
              userName: `${r.realName}/${r.account}`,
              department: prof?.mainOrganize?.pathName ?? '',
              position: prof?.positions.map((x) => x.fullName).join(',') ?? '',
              isLeaf: !withReports.has(r.id),
            };
          }),
        ),
      );
    },
  }),
];
