// /api/oauth: sign-in and session calls (login, current user, lock-screen unlock, sign-out).
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { fieldRules, type CurrentUserResult, type Language } from '@jnpf/core';

import { user } from '../../db/schema/index.js';
import { randomCaptchaText, renderCaptchaPng } from '../../platform/captcha/render.js';
import { refuse } from '../../platform/errors.js';
import { verifyPassword } from '../../platform/password.js';
import { ok } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import { msg } from '../../platform/validation.js';
import { captchaKey, login } from './login.js';
import { sendSmsCode, smsLogin, smsLoginMessages } from './smsLogin.js';
import { createTicket, setTicketStatus, ticketStatus } from './tickets.js';
import { currentUser } from './userInfo.js';

const CAPTCHA_TTL_MS = 5 * 60_000;
const captchaTimestamp = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/);
const md5Field = z.string().regex(/^[0-9a-fA-F]{32}$/, msg('passwordFormat'));

const loginRoute = route({
  method: 'POST',
  url: '/api/oauth/Login',
  permission: 'public',
  summary: 'Sign in with account and password (form-encoded). Password: md5 hex, or the AES form of it.',
  // per address and account: guessing one account is slowed, colleagues behind one address are not
  rateLimit: {
    max: 20,
    timeWindowMs: 60_000,
    // trimmed like the account itself, so padding the account with white space does not open a new bucket
    key: (req) =>
      `${req.ip}|${String((req.body as { account?: unknown } | undefined)?.account ?? '')
        .trim()
        .slice(0, 100)
        .toLowerCase()}`,
  },
  body: z.object({
    account: z.string().trim().min(1).max(100),
    password: z.string().min(1).max(200),
    code: z.string().max(20).default(''),
    timestamp: z.string().max(64).default(''),
    origin: z.string().max(20).default('password'),
    grant_type: z.string().max(30).default('password'),
    jnpf_ticket: z.string().max(500).default(''),
  }),
  async handler({ app, req, body }) {
    return ok(await login(app, req, body));
  },
});

const imageCode = (url: string) =>
  route({
    method: 'GET',
    url,
    permission: 'public',
    summary: 'Captcha image (PNG), valid five minutes, single use',
    rateLimit: { max: 60, timeWindowMs: 60_000 },
    params: z.object({ timestamp: captchaTimestamp, length: z.coerce.number().int().min(3).max(8).optional() }),
    async handler({ app, params, reply }) {
      const length = params.length ?? (await app.sysConfig.get()).verificationCodeNumber;
      const text = randomCaptchaText(length);
      await app.shared.kv.set(captchaKey(params.timestamp), text.toLowerCase(), CAPTCHA_TTL_MS);
      const width = Math.max(120, text.length * 26);
      void reply
        .header('Content-Type', 'image/png')
        .header('Cache-Control', 'no-store')
        .send(renderCaptchaPng(text, { width }));
    },
  });

const mobileField = z.string().trim().regex(fieldRules.mobile, msg('mobile'));

const smsRoutes = [
  route({
    method: 'POST',
    url: '/api/oauth/SmsCode',
    permission: 'public',
    summary:
      'Send a sign-in code by text message to a mobile number (one a minute; the same answer whether or not the number is known)',
    // per address: bounds what one client can make us send; each number also waits a minute between codes
    rateLimit: { max: 20, timeWindowMs: 10 * 60_000 },
    body: z.object({ mobile: mobileField }),
    async handler({ app, body }) {
      await sendSmsCode(app, body.mobile);
      return ok(undefined, smsLoginMessages.sent);
    },
  }),
  route({
    method: 'POST',
    url: '/api/oauth/SmsLogin',
    permission: 'public',
    summary: 'Sign in with the mobile number and the code sent to it; answers as Login does',
    rateLimit: { max: 20, timeWindowMs: 60_000 },
    body: z.object({
      mobile: mobileField,
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, msg(smsLoginMessages.codeFormat)),
    }),
    async handler({ app, req, body }) {
      return ok(await smsLogin(app, req, body));
    },
  }),
];

/**
 * CurrentUser answers as sent, per language: they live as long as userInfo.ts keeps the answer. Kept as UTF-8 bytes,
 * because a 17 kB string would be measured and encoded again on every send (most of the route's time, profiled).
 */
const answerBytes = new WeakMap<CurrentUserResult, Map<Language, Buffer>>();

export const oauthRoutes = [
  loginRoute,
  ...smsRoutes,
  route({
    method: 'GET',
    url: '/api/oauth/CurrentUser',
    permission: 'signedIn',
    summary: 'Menus, permissions, user and configuration of the signed-in user',
    query: z.object({ systemCode: z.string().max(100).optional() }),
    async handler({ app, principal, query, reply, lang }) {
      const result = await currentUser(app, principal, query.systemCode || undefined, lang);
      // a kept answer is sent as the text it was written to before, in this language (the same bytes)
      let byLang = answerBytes.get(result);
      if (!byLang) answerBytes.set(result, (byLang = new Map()));
      let bytes = byLang.get(lang);
      if (bytes === undefined) {
        bytes = Buffer.from(JSON.stringify(app.envelope(lang, 200, 'success', result)));
        byLang.set(lang, bytes);
      }
      // awaiting the reply waits until it is sent, so the route layer adds no envelope
      await reply.header('content-type', 'application/json; charset=utf-8').send(bytes);
    },
  }),
  ...['/api/oauth/Logout', '/api/oauth/Logout/:grandtype'].map((url) =>
    route({
      method: 'GET',
      url,
      permission: 'public',
      summary: 'Sign out: ends the session of the token sent, if any',
      async handler({ app, maybePrincipal }) {
        if (maybePrincipal) await app.sessions.end([maybePrincipal.sessionId], maybePrincipal.userId, 'logout');
        return ok(undefined, 'loggedOut');
      },
    }),
  ),
  route({
    method: 'POST',
    url: '/api/oauth/LockScreen',
    permission: 'signedIn',
    summary: 'Unlock the screen: checks the password (md5 hex) of the signed-in user',
    rateLimit: { max: 10, timeWindowMs: 60_000, key: (req) => `${req.ip}|${req.principal?.userId ?? ''}` },
    body: z.object({ account: z.string().max(100).optional(), password: md5Field }),
    async handler({ app, principal, body }) {
      if (body.account && body.account !== principal.account) throw refuse('lockScreenAccount');
      const [row] = await app.db
        .select({ hash: user.passwordHash, salt: user.passwordSalt })
        .from(user)
        .where(and(eq(user.id, principal.userId)))
        .limit(1);
      if (!row || !(await verifyPassword(body.password, row.hash, row.salt))) throw refuse('unlockWrongPassword');
      return ok();
    },
  }),
  route({
    method: 'GET',
    url: '/api/oauth/getConfig/:account',
    permission: 'public',
    summary: 'Sign-in page configuration: captcha and password policy',
    params: z.object({ account: z.string().max(100) }),
    async handler({ app }) {
      const c = await app.sysConfig.get();
      return ok({
        enableVerificationCode: c.enableVerificationCode,
        verificationCodeNumber: c.verificationCodeNumber,
        passwordStrengthLimit: c.passwordStrengthLimit,
        passwordLengthMin: c.passwordLengthMin,
        passwordLengthMinNumber: c.passwordLengthMinNumber,
        containsNumbers: c.containsNumbers,
        includeLowercaseLetters: c.includeLowercaseLetters,
        includeUppercaseLetters: c.includeUppercaseLetters,
        containsCharacters: c.containsCharacters,
        mandatoryModificationOfInitialPassword: c.mandatoryModificationOfInitialPassword,
      });
    },
  }),
  route({
    method: 'GET',
    url: '/api/oauth/getLoginConfig',
    permission: 'public',
    summary: 'Single sign-on and social sign-in options (none configured)',
    async handler() {
      return ok({ redirect: false, url: '', ticketParams: '', socialsList: [] });
    },
  }),
  imageCode('/api/file/ImageCode/:timestamp'),
  imageCode('/api/oauth/ImageCode/:length/:timestamp'),
  route({
    method: 'POST',
    url: '/api/oauth/updatePasswordMessage',
    permission: 'signedIn',
    summary: 'Whether the password is due for its periodic change (days left when the policy is on)',
    async handler({ app, principal }) {
      const c = await app.sysConfig.get();
      const profile = await app.directory.get(principal.userId);
      if (!profile || c.passwordIsUpdatedRegularly !== 1) return ok({ due: false, daysLeft: null });
      const changed = profile.user.changePasswordDate ?? profile.user.creatorTime;
      const daysLeft = Math.ceil((changed + c.updateCycle * 86_400_000 - Date.now()) / 86_400_000);
      return ok({ due: daysLeft <= c.updateInAdvance, daysLeft });
    },
  }),
  route({
    method: 'GET',
    url: '/api/oauth/codeCertificate',
    permission: 'public',
    summary: 'A new app-scan sign-in ticket (valid three minutes)',
    rateLimit: { max: 30, timeWindowMs: 60_000 },
    async handler({ app }) {
      return ok(await createTicket(app));
    },
  }),
  route({
    method: 'GET',
    url: '/api/oauth/codeCertificateStatus/:ticket',
    permission: 'public',
    summary: 'Ticket status: 0 waiting, 1 scanned, 2 confirmed (value = token, once), 3 cancelled, -1 expired',
    params: z.object({ ticket: z.string().regex(/^[0-9a-f]{32}$/) }),
    async handler({ app, params }) {
      return ok(await ticketStatus(app, params.ticket));
    },
  }),
  route({
    method: 'GET',
    url: '/api/oauth/setCodeCertificateStatus/:ticket/:status',
    permission: 'signedIn',
    summary: 'The signed-in mobile client marks a ticket scanned (1), confirmed (2) or cancelled (3)',
    params: z.object({ ticket: z.string().regex(/^[0-9a-f]{32}$/), status: z.coerce.number().int().min(1).max(3) }),
    async handler({ app, req, principal, params }) {
      await setTicketStatus(app, req, principal, params.ticket, params.status as 1 | 2 | 3);
      return ok();
    },
  }),
];
