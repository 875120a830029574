// Sign-in with a code sent by text message: the code is six digits, kept hashed for five minutes,
// at most five guesses, one message a minute per number. The answer to "send me a code" is the same whether or not
// the number belongs to someone, so it cannot be used to find out who uses this system.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { LoginResult } from '@jnpf/core';
import { user } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { invalidField, refuse } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { smsConfigured, smsMessages } from '../../platform/sms.js';
import { loginRecorder, loginVerifiedUser } from './login.js';

export const smsLoginMessages = defineMessages('smsLogin', {
  tooSoon: {
    zh: '验证码已发送，请{n}秒后再试',
    zhtw: '驗證碼已發送，請{n}秒後再試',
    en: 'A code was just sent; try again in {n} s',
  },
  sent: { zh: '验证码已发送', zhtw: '驗證碼已發送', en: 'The code has been sent' },
  codeFormat: { zh: '请输入6位短信验证码', zhtw: '請輸入6位簡訊驗證碼', en: 'Enter the 6-digit code' },
  codeWrong: { zh: '短信验证码错误', zhtw: '簡訊驗證碼錯誤', en: 'Wrong text-message code' },
  codeExpired: {
    zh: '短信验证码已失效，请重新获取',
    zhtw: '簡訊驗證碼已失效，請重新獲取',
    en: 'The text-message code has expired; please request a new one',
  },
  manyAccounts: {
    zh: '该手机号绑定了多个账号，请使用账号密码登录',
    zhtw: '該手機號綁定了多個帳號，請使用帳號密碼登錄',
    en: 'Several accounts use this mobile number; please sign in with account and password',
  },
});

export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_RESEND_MS = 60_000;
export const SMS_MAX_GUESSES = 5;

const codeKey = (mobile: string) => `smscode:${mobile}`;
const waitKey = (mobile: string) => `smscode:wait:${mobile}`;
const guessKey = (mobile: string) => `smscode:guesses:${mobile}`;
const digest = (code: string) => createHash('sha256').update(code).digest();

/** enabled or locked users whose mobile number this is (disabled ones are refused later, with the log) */
async function usersWithMobile(app: AppContext, mobile: string) {
  return app.db
    .select()
    .from(user)
    .where(and(eq(user.mobilePhone, mobile), ne(user.enabledMark, 0)))
    .limit(2);
}

export async function sendSmsCode(app: AppContext, mobile: string): Promise<void> {
  const { kv } = app.shared;
  const waitUntil = Number(await kv.get(waitKey(mobile)));
  if (waitUntil > Date.now()) throw refuse(smsLoginMessages.tooSoon, { n: Math.ceil((waitUntil - Date.now()) / 1000) });
  const config = await app.sysConfig.get();
  // a configuration that cannot send is said at once, for every number (it is no secret)
  if (app.config.sms.mode === 'send' && !smsConfigured(config, config.smsLoginTemplate))
    throw refuse(smsMessages.notConfigured);
  await kv.set(waitKey(mobile), String(Date.now() + SMS_RESEND_MS), SMS_RESEND_MS);
  const found = await usersWithMobile(app, mobile);
  if (found.length === 0) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  try {
    await app.sms.send(config, { mobile, template: config.smsLoginTemplate, params: { code } });
  } catch (err) {
    await kv.del(waitKey(mobile)); // nothing was sent: the user may try again at once
    throw err;
  }
  await kv.del(guessKey(mobile));
  await kv.set(codeKey(mobile), digest(code).toString('hex'), SMS_CODE_TTL_MS);
}

export async function smsLogin(
  app: AppContext,
  req: FastifyRequest,
  input: { mobile: string; code: string },
): Promise<LoginResult> {
  const { kv } = app.shared;
  const recorder = loginRecorder(app, req, input.mobile);
  const stored = await kv.get(codeKey(input.mobile));
  if (!stored) {
    await recorder.record(undefined, false, smsLoginMessages.codeExpired);
    throw invalidField('code', smsLoginMessages.codeExpired);
  }
  const given = digest(input.code.trim());
  if (!timingSafeEqual(given, Buffer.from(stored, 'hex'))) {
    const guesses = await kv.incr(guessKey(input.mobile), SMS_CODE_TTL_MS);
    // too many guesses spend the code: a new one must be requested
    if (guesses >= SMS_MAX_GUESSES) await kv.del(codeKey(input.mobile));
    await recorder.record(undefined, false, smsLoginMessages.codeWrong);
    throw invalidField('code', guesses >= SMS_MAX_GUESSES ? smsLoginMessages.codeExpired : smsLoginMessages.codeWrong);
  }
  // single use, whatever happens next
  await kv.del(codeKey(input.mobile));
  await kv.del(guessKey(input.mobile));
  const found = await usersWithMobile(app, input.mobile);
  if (found.length > 1) throw await recorder.fail(undefined, smsLoginMessages.manyAccounts);
  const row = found[0] ?? (await app.db.select().from(user).where(eq(user.mobilePhone, input.mobile)).limit(1))[0];
  if (!row) throw await recorder.fail(undefined, 'loginFailed');
  return loginVerifiedUser(app, req, row, recorder);
}
