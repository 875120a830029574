// Password sign-in: captcha, sub-account form, the lock policy, the login log, the session.
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  decodeLoginPassword,
  fieldRules,
  LAYOUT_THEMES,
  ResultCode,
  type LayoutTheme,
  type LoginResult,
} from '@jnpf/core';
import { loginLog, user } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, invalidField } from '../../platform/errors.js';
import type { MessageKey } from '../../platform/i18n.js';
import { newId } from '../../platform/ids.js';
import { verifyAgainstDummy, verifyPassword } from '../../platform/password.js';
import { browserOf, ipAllowed, originOf, placeOf, userAgentOf } from '../../platform/request.js';
import { countWrongPassword, endLock, lockAccount, recordSignIn } from '../users/index.js';

export interface LoginInput {
  account: string;
  password: string;
  code: string;
  timestamp: string;
  origin: string;
}

type UserRow = typeof user.$inferSelect;

export const captchaKey = (timestamp: string) => `captcha:${timestamp}`;

export function themeOf(value: string | null | undefined): LayoutTheme {
  return (LAYOUT_THEMES as readonly string[]).includes(value ?? '') ? (value as LayoutTheme) : 'classic';
}

/** checks and consumes a captcha answer: single use, five minutes, case-insensitive */
export async function checkCaptcha(app: AppContext, code: string, timestamp: string): Promise<void> {
  if (!code.trim()) throw invalidField('code', 'captchaRequired');
  const expected = timestamp ? await app.shared.kv.take(captchaKey(timestamp)) : null;
  if (expected === null) throw invalidField('code', 'captchaExpired');
  if (expected !== code.trim().toLowerCase()) throw invalidField('code', 'captchaWrong');
}

/** PostgreSQL text cannot hold NUL: such an account cannot exist, and the log keeps it as U+FFFD */
const hasNul = (text: string) => text.includes('\u0000');
const storable = (text: string) => text.replaceAll('\u0000', '\uFFFD');

async function findUser(app: AppContext, account: string): Promise<UserRow | undefined> {
  if (hasNul(account)) return undefined;
  // a sub-account signs in as mobile@account
  const at = account.lastIndexOf('@');
  if (at > 0) {
    const mobile = account.slice(0, at);
    const name = account.slice(at + 1);
    if (!fieldRules.mobile.test(mobile) || !name) return undefined;
    return (
      await app.db
        .select()
        .from(user)
        .where(and(eq(user.account, name), eq(user.mobilePhone, mobile)))
        .limit(1)
    )[0];
  }
  return (await app.db.select().from(user).where(eq(user.account, account)).limit(1))[0];
}

/** writes the login log and makes refusals: shared by the password and the text-message sign-in */
export function loginRecorder(app: AppContext, req: FastifyRequest, account: string) {
  const ua = userAgentOf(req);
  const record = async (row: UserRow | undefined, success: boolean, reason: MessageKey | 'ok') => {
    const { browser, platform } = browserOf(ua);
    await app.db.insert(loginLog).values({
      id: newId(),
      userId: row?.id ?? null,
      account: storable(account).slice(0, 100),
      userName: row?.realName ?? null,
      ip: req.ip,
      ipAddressName: placeOf(req.ip),
      userAgent: ua,
      browser,
      platform,
      success: success ? 1 : 0,
      abstracts: reason,
      requestId: req.id,
      creatorTime: Date.now(),
    });
  };
  const fail = async (row: UserRow | undefined, key: MessageKey, params?: Record<string, number>) => {
    await record(row, false, key);
    return new AppError(ResultCode.Fail, key, params);
  };
  return { record, fail };
}

type Recorder = ReturnType<typeof loginRecorder>;

/** a timed lock that has run out ends here; a running lock refuses */
async function checkLock(app: AppContext, row: UserRow, { fail }: Recorder): Promise<void> {
  if (row.enabledMark !== 2) return;
  const now = Date.now();
  if (row.unlockTime != null && row.unlockTime <= now) {
    await endLock(app.db, row.id);
    row.enabledMark = 1;
    row.logErrorCount = 0;
  } else if (row.unlockTime != null) {
    throw await fail(row, 'accountDelayed', { n: Math.max(1, Math.ceil((row.unlockTime - now) / 60_000)) });
  } else {
    throw await fail(row, 'accountLocked');
  }
}

/** the user proved who they are: counters, last-login fields, the session and the log */
async function completeLogin(app: AppContext, req: FastifyRequest, row: UserRow, { record, fail }: Recorder) {
  if (row.enabledMark === 0) throw await fail(row, 'accountDisabled');
  await recordSignIn(app.db, row, req.ip, Date.now());
  await app.directory.changed(row.id);
  const { token } = await app.sessions.create({
    userId: row.id,
    origin: originOf(req),
    ip: req.ip,
    userAgent: userAgentOf(req),
  });
  await record(row, true, 'ok');
  return { token, theme: themeOf(row.theme) };
}

/** signs in a user found by other means than the password (a text-message code); checks lock, state and address */
export async function loginVerifiedUser(
  app: AppContext,
  req: FastifyRequest,
  row: UserRow,
  recorder: Recorder,
): Promise<LoginResult> {
  const config = await app.sysConfig.get();
  if (config.whitelistSwitch === 1 && !ipAllowed(req.ip, config.whiteListIp))
    throw await recorder.fail(undefined, 'ipNotAllowed');
  await checkLock(app, row, recorder);
  return completeLogin(app, req, row, recorder);
}

export async function login(app: AppContext, req: FastifyRequest, input: LoginInput): Promise<LoginResult> {
  const config = await app.sysConfig.get();
  const recorder = loginRecorder(app, req, input.account);
  const { record, fail } = recorder;

  if (config.enableVerificationCode === 1) {
    try {
      await checkCaptcha(app, input.code, input.timestamp);
    } catch (err) {
      if (err instanceof AppError) await record(undefined, false, err.key);
      throw err;
    }
  }
  if (config.whitelistSwitch === 1 && !ipAllowed(req.ip, config.whiteListIp))
    throw await fail(undefined, 'ipNotAllowed');

  const md5 = decodeLoginPassword(input.password, app.config.cipherKey);
  const row = await findUser(app, input.account);
  if (!row || !md5) {
    if (md5) await verifyAgainstDummy(md5); // same work whether or not the account exists
    throw await fail(row, 'loginFailed');
  }

  await checkLock(app, row, recorder);

  if (!(await verifyPassword(md5, row.passwordHash, row.passwordSalt))) {
    // only an enabled account counts failures: locking a disabled one would let the end of a timed lock enable it
    if (row.enabledMark !== 1) throw await fail(row, 'loginFailed');
    const count = await countWrongPassword(app.db, row.id);
    const limit = config.passwordErrorsNumber;
    if (limit >= 3 && count >= limit) {
      // an administrator is only ever locked for lockTime: a permanent lock could leave nobody to unlock
      const now = Date.now();
      const timed = config.lockType === 2 || row.isAdministrator === 1;
      const unlockTime = timed ? now + config.lockTime * 60_000 : null;
      await lockAccount(app.db, row.id, unlockTime);
      await app.directory.changed(row.id);
      throw await fail(
        row,
        unlockTime ? 'accountDelayed' : 'accountLocked',
        unlockTime ? { n: config.lockTime } : undefined,
      );
    }
    throw await fail(row, 'loginFailed');
  }
  return completeLogin(app, req, row, recorder);
}
