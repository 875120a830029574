// POST /api/permission/Users/Current/Actions/ModifyPassword over HTTP against a real database: captcha, old
// password, the password policy, reuse of old passwords, ending the other sessions, and the rate limit.
// The server trusts X-Forwarded-For so that each caller has its own address (and its own rate-limit bucket).
import { randomInt } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { count, desc, eq } from 'drizzle-orm';
import { aesEcbEncryptHex, encryptLoginPassword, md5Hex } from '@jnpf/core';
import { auditLog, session, userPasswordHistory } from '../../db/schema/index.js';
import { passwordForm } from '../../../test/harness.js';
import { TEST_PASSWORD } from '../../../test/kit/directory.js';
import {
  api,
  createUser,
  ctx,
  nextIp,
  server,
  signIn as signInFresh,
  useSignInServer,
  userRow,
} from '../../../test/kit/signInServer.js';
import { resetSysConfig, setSysConfig } from '../../../test/kit/sysConfig.js';

const URL_PATH = '/api/permission/Users/Current/Actions/ModifyPassword';

useSignInServer();
afterEach(async () => {
  await resetSysConfig(ctx());
});

/** a sign-in attempt with the password form, answered as it is */
function login(account: string, plain: string) {
  return api<{ token: string }>('POST', '/api/oauth/Login', { form: passwordForm(server, account, plain) });
}

const signIn = (account: string, plain = TEST_PASSWORD) => signInFresh(account, plain);

async function captcha(): Promise<{ code: string; timestamp: string }> {
  const timestamp = `0.${randomInt(1, 2 ** 47)}`;
  const res = await fetch(`${server.baseUrl}/api/file/ImageCode/${timestamp}`, {
    headers: { 'x-forwarded-for': nextIp() },
  });
  expect(res.status).toBe(200);
  await res.arrayBuffer();
  return { code: (await ctx().shared.kv.get(`captcha:${timestamp}`))!, timestamp };
}

type Errors = { errors: Record<string, string> };

/** a password change as the reference client sends it, with a fresh captcha unless one is given */
async function modify(
  token: string,
  oldPlain: string,
  newPlain: string,
  options: {
    encrypt?: boolean;
    captcha?: { code: string; timestamp: string } | null;
    headers?: Record<string, string>;
    ip?: string;
  } = {},
) {
  const c = options.captcha === undefined ? await captcha() : options.captcha;
  return api<Errors>('POST', URL_PATH, {
    token,
    ...(options.ip ? { ip: options.ip } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
    json: {
      oldPassword: md5Hex(oldPlain),
      password: md5Hex(newPlain),
      ...(options.encrypt ? { encryptPassword: aesEcbEncryptHex(newPlain, server.config.cipherKey) } : {}),
      ...(c ? c : {}),
    },
  });
}

describe('ModifyPassword: checks', () => {
  it('needs a captcha: missing → 401 on code, wrong → 401, and nothing changes', async () => {
    const { id, account } = await createUser();
    const token = await signIn(account);
    const before = await userRow(id);
    const missing = await modify(token, 'Passw0rd', 'NewPass1', { captcha: null });
    expect(missing).toMatchObject({ code: 401, msg: '验证码不能为空', data: { errors: { code: '验证码不能为空' } } });
    const c = await captcha();
    const wrong = await modify(token, 'Passw0rd', 'NewPass1', {
      captcha: { code: c.code === 'zzzz' ? 'yyyy' : 'zzzz', timestamp: c.timestamp },
    });
    expect(wrong).toMatchObject({ code: 401, msg: '验证码错误', data: { errors: { code: '验证码错误' } } });
    const reused = await modify(token, 'Passw0rd', 'NewPass1', { captcha: c });
    expect(reused.msg).toBe('验证码已过期，请重新获取');
    expect((await userRow(id)).passwordHash).toBe(before.passwordHash);
  });

  it('refuses a wrong old password with 401 on oldPassword', async () => {
    const { id, account } = await createUser();
    const token = await signIn(account);
    const before = await userRow(id);
    const res = await modify(token, 'nope', 'NewPass1');
    expect(res).toMatchObject({ code: 401, msg: '旧密码错误', data: { errors: { oldPassword: '旧密码错误' } } });
    expect((await modify(token, 'nope', 'NewPass1', { headers: { 'jnpf-language': 'en' } })).msg).toBe(
      'The old password is wrong',
    );
    expect((await userRow(id)).passwordHash).toBe(before.passwordHash);
    expect((await api('GET', '/api/oauth/CurrentUser', { token })).code).toBe(200);
  });

  it('refuses passwords that are not md5 hex with 401 per field', async () => {
    const { account } = await createUser();
    const token = await signIn(account);
    const c = await captcha();
    const res = await api<Errors>('POST', URL_PATH, {
      token,
      json: { oldPassword: 'Passw0rd', password: encryptLoginPassword('x'), ...c },
    });
    expect(res.code).toBe(401);
    expect(res.data!.errors).toEqual({ oldPassword: '密码格式错误', password: '密码格式错误' });
    const empty = await api<Errors>('POST', URL_PATH, { token, json: {} });
    expect(Object.keys(empty.data!.errors).sort()).toEqual(['oldPassword', 'password']);
  });

  it('with the policy on, encryptPassword is required and must be the same password', async () => {
    await setSysConfig(ctx(), { passwordStrengthLimit: 1 });
    const { account } = await createUser();
    const token = await signIn(account);
    const without = await modify(token, 'Passw0rd', 'NewPass1');
    expect(without).toMatchObject({ code: 401, msg: '密码格式错误', data: { errors: { password: '密码格式错误' } } });
    const c = await captcha();
    const mismatched = await api<Errors>('POST', URL_PATH, {
      token,
      json: {
        oldPassword: md5Hex('Passw0rd'),
        password: md5Hex('NewPass1'),
        encryptPassword: aesEcbEncryptHex('Other123', server.config.cipherKey),
        ...c,
      },
    });
    expect(mismatched.data!.errors).toEqual({ password: '密码格式错误' });
    const c2 = await captcha();
    const garbage = await api<Errors>('POST', URL_PATH, {
      token,
      json: { oldPassword: md5Hex('Passw0rd'), password: md5Hex('NewPass1'), encryptPassword: 'zz', ...c2 },
    });
    expect(garbage.data!.errors).toEqual({ password: '密码格式错误' });
    expect((await modify(token, 'Passw0rd', 'NewPass1', { encrypt: true })).code).toBe(200);
  });

  it('with the policy on, each rule answers its own message, in zh and en', async () => {
    await setSysConfig(ctx(), {
      passwordStrengthLimit: 1,
      passwordLengthMin: 1,
      passwordLengthMinNumber: 8,
      containsNumbers: 1,
      includeLowercaseLetters: 1,
      includeUppercaseLetters: 1,
      containsCharacters: 1,
    });
    const { id, account } = await createUser();
    const token = await signIn(account);
    const before = await userRow(id);
    const cases: [string, string, string][] = [
      ['Ab1!', '新密码长度不能小于8位', 'New password length cannot be less than 8'],
      ['Abcdefg!', '新密码必须包含数字', 'New password must contain a digit'],
      ['ABCDEF1!', '新密码必须包含小写字母', 'New password must contain a lowercase letter'],
      ['abcdef1!', '新密码必须包含大写字母', 'New password must contain an uppercase letter'],
      ['Abcdefg1', '新密码必须包含字符', 'New password must contain a special character'],
    ];
    for (const [plain, zh, en] of cases) {
      const resZh = await modify(token, 'Passw0rd', plain, { encrypt: true });
      expect(resZh.code, plain).toBe(401);
      expect(resZh.data!.errors).toEqual({ password: zh });
      const resEn = await modify(token, 'Passw0rd', plain, { encrypt: true, headers: { 'jnpf-language': 'en' } });
      expect(resEn.data!.errors).toEqual({ password: en });
    }
    expect((await userRow(id)).passwordHash).toBe(before.passwordHash);
    expect((await modify(token, 'Passw0rd', 'Abcdef1_', { encrypt: true })).code).toBe(200);
  });

  it('with disableOldPassword on, the last N passwords (the current one included) are refused', async () => {
    await setSysConfig(ctx(), { disableOldPassword: 1, disableTheNumberOfOldPasswords: 3 });
    const { id, account } = await createUser({}, 'Pass0001');
    const token = await signIn(account, 'Pass0001');
    const same = await modify(token, 'Pass0001', 'Pass0001');
    expect(same).toMatchObject({
      code: 401,
      msg: '新密码不能与最近3次使用过的密码相同',
      data: { errors: { password: '新密码不能与最近3次使用过的密码相同' } },
    });
    expect((await modify(token, 'Pass0001', 'Pass0002')).code).toBe(200);
    expect((await modify(token, 'Pass0002', 'Pass0003')).code).toBe(200);
    // current 0003, before it 0002 and 0001: all three refused
    for (const reuse of ['Pass0001', 'Pass0002', 'Pass0003'])
      expect((await modify(token, 'Pass0003', reuse)).code, reuse).toBe(401);
    expect((await modify(token, 'Pass0003', 'Pass0004')).code).toBe(200);
    // 0001 is now the fourth most recent: allowed again
    expect((await modify(token, 'Pass0004', 'Pass0001')).code).toBe(200);
    const history = await ctx().db.select().from(userPasswordHistory).where(eq(userPasswordHistory.userId, id));
    expect(history).toHaveLength(4);

    await setSysConfig(ctx(), { disableOldPassword: 0 });
    expect((await modify(token, 'Pass0001', 'Pass0001')).code).toBe(200);
  });
});

describe('ModifyPassword: success', () => {
  it('changes the password, keeps this session, ends the others, and writes an audit row without secrets', async () => {
    const { id, account } = await createUser();
    const current = await signIn(account);
    const other = await signIn(account);
    const app = (
      await api<{ token: string }>('POST', '/api/oauth/Login', {
        headers: { 'jnpf-origin': 'app' },
        form: { account, password: md5Hex('Passw0rd') },
      })
    ).data!.token;
    const adminToken = await signIn('admin', '123456');

    const res = await modify(current, 'Passw0rd', 'Brand9New');
    expect(res).toMatchObject({ code: 200, msg: '修改成功，请牢记新密码' });

    expect((await api('GET', '/api/oauth/CurrentUser', { token: current })).code).toBe(200);
    for (const token of [other, app]) {
      const ended = await api('GET', '/api/oauth/CurrentUser', { token });
      expect(ended).toMatchObject({ code: 600, msg: '登录过期,请重新登录' });
    }
    expect((await api('GET', '/api/oauth/CurrentUser', { token: adminToken })).code).toBe(200);
    const sessions = await ctx().db.select().from(session).where(eq(session.userId, id));
    expect(sessions.filter((s) => s.endedAt === null)).toHaveLength(1);
    expect(sessions.filter((s) => s.endReason === 'password')).toHaveLength(2);

    const row = await userRow(id);
    expect(row.changePasswordDate).toBeGreaterThan(Date.now() - 60_000);
    expect(
      (await api<{ userInfo: { changePasswordDate: number } }>('GET', '/api/oauth/CurrentUser', { token: current }))
        .data!.userInfo.changePasswordDate,
    ).toBe(row.changePasswordDate);

    const [audit] = await ctx()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.recordId, id))
      .orderBy(desc(auditLog.creatorTime));
    expect(audit).toMatchObject({ moduleName: 'currentUser', action: 'modifyPassword', userId: id });
    const text = JSON.stringify(audit);
    for (const secret of [md5Hex('Passw0rd'), md5Hex('Brand9New'), row.passwordHash, row.passwordSalt])
      expect(text).not.toContain(secret);

    expect((await login(account, 'Passw0rd')).msg).toBe('账号或密码错误');
    expect((await login(account, 'Brand9New')).code).toBe(200);
    expect(
      (await api('POST', '/api/oauth/LockScreen', { token: current, json: { password: md5Hex('Brand9New') } })).code,
    ).toBe(200);
    expect(
      (await api('POST', '/api/oauth/LockScreen', { token: current, json: { password: md5Hex('Passw0rd') } })).code,
    ).toBe(400);
  });

  it('needs a session: 602 without a token, 600 once ended', async () => {
    const { account } = await createUser();
    const token = await signIn(account);
    expect((await modify('', 'Passw0rd', 'NewPass1')).code).toBe(602);
    await api('GET', '/api/oauth/Logout', { token });
    expect((await modify(token, 'Passw0rd', 'NewPass1')).code).toBe(600);
    expect((await login(account, 'Passw0rd')).code).toBe(200);
  });
});

describe('ModifyPassword: rate limit', () => {
  it('after 10 attempts in a minute the next is refused with 400, for that user at that address', async () => {
    const { id, account } = await createUser();
    const token = await signIn(account);
    const ip = nextIp();
    const audits = (await ctx().db.select({ n: count() }).from(auditLog))[0]!.n;
    for (let i = 0; i < 10; i++) expect((await api('POST', URL_PATH, { token, ip, json: {} })).code).toBe(401);
    const limited = await modify(token, 'Passw0rd', 'NewPass1', { ip });
    expect(limited).toMatchObject({ code: 400, msg: '请求过于频繁，请稍后再试' });
    expect((await ctx().db.select({ n: count() }).from(auditLog))[0]!.n).toBe(audits);
    // another user at the same address is not held up
    const other = await createUser();
    expect((await modify(await signIn(other.account), 'Passw0rd', 'NewPass1', { ip })).code).toBe(200);
    expect((await userRow(id)).changePasswordDate).toBeNull();
  });
});
