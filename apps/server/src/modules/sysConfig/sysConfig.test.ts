// /api/system/SysConfig over HTTP: every key and its rules, forced keys, the audit row, changes applying at once
// (sign-in lock policy, captcha), the administrator list, and who may do what.
// The server trusts X-Forwarded-For so that each call comes from its own address: sign-in and third-party
// calls are rate-limited per address.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, module, moduleButton, user } from '../../db/schema/index.js';
import { sysConfigDefaults, type SysConfigValues } from '../../platform/sysConfig.js';
import { call, passwordForm, quietPoolAtTeardown, startPeerServer } from '../../../test/harness.js';
import { signedInUser, type MenuGrants } from '../../../test/kit/access.js';
import { adminId as seededAdminId, insertUser } from '../../../test/kit/directory.js';
import { adminToken, api, ctx, nextIp, server, useSignInServer } from '../../../test/kit/signInServer.js';
import { resetSysConfig } from '../../../test/kit/sysConfig.js';

const BASE = '/api/system/SysConfig';

function login(account: string, password: string, ip = nextIp()) {
  return call<{ token: string }>(server, 'POST', '/api/oauth/Login', {
    form: passwordForm(server, account, password),
    headers: { 'x-forwarded-for': ip },
  });
}

/** a user granted these menus, signed in from a fresh address */
const staffUser = (grants: MenuGrants = {}) => signedInUser(server, {}, { grants, ip: nextIp() });

const getConfig = async () => (await api<SysConfigValues>('GET', BASE, { token: adminToken })).data!;
const put = (json: unknown, headers: Record<string, string> = {}) =>
  api('PUT', BASE, { token: adminToken, json, headers });
type Errors = { errors: Record<string, string> };

useSignInServer();
afterAll(() => {
  if (server) quietPoolAtTeardown(server);
});
afterEach(async () => {
  await resetSysConfig(ctx());
});

describe('GET /api/system/SysConfig', () => {
  it('returns every key with its declared type and the defaults', async () => {
    const res = await api<SysConfigValues>('GET', BASE, { token: adminToken });
    expect(res.code).toBe(200);
    const c = res.data!;
    expect(Object.keys(c).sort()).toEqual(Object.keys(sysConfigDefaults()).sort());
    expect(c).toMatchObject({
      sysVersion: '3.6.0',
      singleLogin: 2,
      tokenTimeout: 720,
      passwordErrorsNumber: 6,
      lockType: 1,
      lockTime: 10,
      enableVerificationCode: 0,
      verificationCodeNumber: 4,
      linkTime: '24',
      unClickNum: 1,
      isLog: '1',
      sysTheme: '1',
      pageSize: 30,
      lastLoginTime: 1,
      smsCompany: '1',
      newUserDefaultPassword: '0000',
    });
    for (const key of [
      'singleLogin',
      'tokenTimeout',
      'whitelistSwitch',
      'passwordStrengthLimit',
      'qyhIsSynOrg',
    ] as const)
      expect(typeof c[key], key).toBe('number');
    for (const key of ['sysName', 'whiteListIp', 'linkTime', 'emailSmtpPort', 'qyhCorpId'] as const)
      expect(typeof c[key], key).toBe('string');
  });
});

describe('PUT /api/system/SysConfig', () => {
  it('saves the keys sent, keeps the others, answers 操作成功 and the next GET shows it', async () => {
    const res = await put({
      sysName: '园区平台',
      tokenTimeout: 30,
      linkTime: 48,
      emailSmtpPort: 465,
      companyEmail: 'it@example.com',
    });
    expect(res).toMatchObject({ code: 200, msg: '操作成功' });
    expect(await getConfig()).toMatchObject({
      sysName: '园区平台',
      tokenTimeout: 30,
      linkTime: '48',
      emailSmtpPort: '465',
    });
    await put({ title: '窗口标题' });
    expect(await getConfig()).toMatchObject({ sysName: '园区平台', title: '窗口标题', companyEmail: 'it@example.com' });
  });

  it('takes back what GET gave (the screen sends the whole object)', async () => {
    const all = await getConfig();
    expect((await put({ ...all, copyright: '© 园区' })).code).toBe(200);
    expect((await getConfig()).copyright).toBe('© 园区');
  });

  it('forces isLog, sysTheme, pageSize, lastLoginTime and keeps the version whatever is sent', async () => {
    expect((await put({ isLog: '0', sysTheme: '7', pageSize: 99, lastLoginTime: 0, sysVersion: '9.9.9' })).code).toBe(
      200,
    );
    expect(await getConfig()).toMatchObject({
      isLog: '1',
      sysTheme: '1',
      pageSize: 30,
      lastLoginTime: 1,
      sysVersion: '3.6.0',
    });
  });

  it('accepts numbers as digit strings and switches as true/false', async () => {
    expect(
      (await put({ tokenTimeout: '45', lockTime: ' 15 ', enableVerificationCode: true, lastLoginTimeSwitch: false }))
        .code,
    ).toBe(200);
    expect(await getConfig()).toMatchObject({
      tokenTimeout: 45,
      lockTime: 15,
      enableVerificationCode: 1,
      lastLoginTimeSwitch: 0,
    });
  });

  it.each([
    ['tokenTimeout', 'abc', '超时登出（分钟）须为1到43200之间的整数'],
    ['tokenTimeout', 0, '超时登出（分钟）须为1到43200之间的整数'],
    ['tokenTimeout', 43201, '超时登出（分钟）须为1到43200之间的整数'],
    ['tokenTimeout', 1.5, '超时登出（分钟）须为1到43200之间的整数'],
    ['tokenTimeout', [5], '超时登出（分钟）须为1到43200之间的整数'],
    ['tokenTimeout', null, '超时登出（分钟）须为1到43200之间的整数'],
    ['singleLogin', 3, '登录方式只能为1或2'],
    ['singleLogin', true, '登录方式只能为1或2'],
    ['lockType', 0, '锁定方式只能为1或2'],
    ['lockTime', 0, '延迟时间（分钟）须为1到1440之间的整数'],
    ['passwordErrorsNumber', -1, '密码错误次数须为0到100之间的整数'],
    ['passwordErrorsNumber', 101, '密码错误次数须为0到100之间的整数'],
    ['verificationCodeNumber', 2, '验证码位数须为3到8之间的整数'],
    ['verificationCodeNumber', 9, '验证码位数须为3到8之间的整数'],
    ['enableVerificationCode', 2, '登录验证码只能为0或1'],
    ['whitelistSwitch', 'yes', '白名单验证只能为0或1'],
    ['whiteListIp', '192.168.0.1,abc', '白名单设置格式错误：多个IP用英文逗号隔开，如192.168.0.1,192.168.0.*'],
    ['whiteListIp', '300.1.1.1', '白名单设置格式错误：多个IP用英文逗号隔开，如192.168.0.1,192.168.0.*'],
    ['whiteListIp', '192.168.1*', '白名单设置格式错误：多个IP用英文逗号隔开，如192.168.0.1,192.168.0.*'],
    ['companyEmail', 'not-an-email', '公司邮箱格式错误，请正确输入邮箱地址'],
    ['emailAccount', 'a@b', '邮箱账号格式错误，请正确输入邮箱地址'],
    ['emailSmtpPort', 70000, 'SMTP端口须为1到65535之间的端口号'],
    ['emailPop3Port', 'pop', 'POP3端口须为1到65535之间的端口号'],
    ['emailSmtpHost', 'smtp host', 'SMTP服务器须为有效的主机名或IP地址'],
    ['companyTelePhone', '电话', '公司电话只能包含数字、空格和+-()'],
    ['jnpfDomain', 'ftp://x.example', '系统域名须为http或https开头的网址'],
    ['loginIcon', 'javascript:alert(1)', '登录图标须为图片文件名、站内路径或http(s)网址'],
    ['logoIcon', '"><script>', 'LOGO图标须为图片文件名、站内路径或http(s)网址'],
    ['sysName', 'x'.repeat(10_240), '系统名称须为不超过100个字符的文本'],
    ['sysName', 42, '系统名称须为不超过100个字符的文本'],
    ['sysDescription', 'a\u0001b', '系统描述不能包含控制字符'],
    ['sysDescription', 'a\u0000b', '含有不允许的字符'],
    ['linkTime', 0, '链接时效性（小时）须为1到8760之间的整数'],
    ['unClickNum', 0, '失效次数须为1到1000之间的整数'],
    ['updateCycle', 0, '更新周期（天）须为1到3650之间的整数'],
    ['passwordLengthMinNumber', 33, '最小长度位数须为1到32之间的整数'],
    ['disableTheNumberOfOldPasswords', 0, '禁用个数须为1到24之间的整数'],
    ['smsCompany', '3', '短信服务商只能为1或2'],
    ['newUserDefaultPassword', 'has space', '新用户默认密码须为1到50个字符，不能包含空格'],
    ['newUserDefaultPassword', '', '新用户默认密码须为1到50个字符，不能包含空格'],
  ])('refuses an invalid %s with a message naming the field (case %#)', async (key, value, message) => {
    const before = await getConfig();
    const res = await put({ [key]: value });
    expect(res.code).toBe(401);
    expect((res.data as Errors).errors).toEqual({ [key]: message });
    expect(res.msg).toContain(message);
    expect(await getConfig()).toEqual(before);
  });

  it('reports every wrong key at once, in the caller’s language', async () => {
    const res = await put({ tokenTimeout: -5, lockType: 9, companyEmail: 'x' }, { 'jnpf-language': 'en' });
    expect(res.code).toBe(401);
    expect((res.data as Errors).errors).toEqual({
      tokenTimeout: 'Session timeout (minutes) must be a whole number from 1 to 43200',
      lockType: 'Lock mode must be 1 or 2',
      companyEmail: 'Company email is not a valid email address',
    });
    const zhtw = await put({ lockType: 9 }, { 'jnpf-language': 'zhtw' });
    expect((zhtw.data as Errors).errors.lockType).toBe('鎖定方式只能為1或2');
  });

  it('checks combinations: whitelist, reminder days, strength rules and the default password', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ whitelistSwitch: 1, whiteListIp: ' , ' }, 'whiteListIp', '开启白名单验证时，白名单设置不能为空'],
      [
        { passwordIsUpdatedRegularly: 1, updateCycle: 7, updateInAdvance: 7 },
        'updateInAdvance',
        '提前提醒天数须小于更新周期',
      ],
      [{ passwordStrengthLimit: 1 }, 'passwordStrengthLimit', '开启密码强度限制时，至少选择一项规则'],
      [
        { passwordStrengthLimit: 1, includeUppercaseLetters: 1, newUserDefaultPassword: 'abc12345' },
        'newUserDefaultPassword',
        '新用户默认密码不符合当前密码强度规则',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(body);
      expect(res.code, JSON.stringify(body)).toBe(401);
      expect((res.data as Errors).errors).toEqual({ [field]: message });
    }
    // the same combinations pass once consistent
    expect((await put({ passwordIsUpdatedRegularly: 1, updateCycle: 30, updateInAdvance: 5 })).code).toBe(200);
    expect(
      (
        await put({
          passwordStrengthLimit: 1,
          includeUppercaseLetters: 1,
          containsNumbers: 1,
          newUserDefaultPassword: 'Welcome1',
        })
      ).code,
    ).toBe(200);
  });

  it('refuses a whitelist that would lock out the caller, and saves one that includes them', async () => {
    const me = '10.77.1.9';
    const refused = await put({ whitelistSwitch: 1, whiteListIp: '192.168.9.1' }, { 'x-forwarded-for': me });
    expect(refused.code).toBe(401);
    expect((refused.data as Errors).errors.whiteListIp).toBe(`白名单不包含您当前的IP地址（${me}），保存后将无法登录`);
    const saved = await put(
      { whitelistSwitch: 1, whiteListIp: '192.168.9.1，10.77.1.*  fe80::1' },
      { 'x-forwarded-for': me },
    );
    expect(saved.code).toBe(200);
    // applied at once: a sign-in from elsewhere is refused, one from the listed range is not
    expect((await login('admin', '123456', '172.20.0.5')).msg).toBe('当前IP不允许登录');
    expect((await login('admin', '123456', '10.77.1.200')).code).toBe(200);
  });

  it('stores text literally (SQL fragments included) and ignores unknown keys', async () => {
    const text = "'; drop table base_user; -- 园区";
    expect((await put({ sysDescription: text, companyAddress: 'a" OR 1=1 --', evil: 'x' })).code).toBe(200);
    const c = await getConfig();
    expect(c.sysDescription).toBe(text);
    expect(c.companyAddress).toBe('a" OR 1=1 --');
    expect(c).not.toHaveProperty('evil');
    expect((await ctx().db.select().from(user)).length).toBeGreaterThan(0);
  });

  it('writes one audit row with what changed, secrets redacted', async () => {
    await put({ sysName: '审计平台', emailPassword: 'mail-secret', qyhCorpSecret: 'corp-secret' });
    const [row] = await ctx()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.moduleName, 'sysConfig'), eq(auditLog.action, 'update')))
      .orderBy(desc(auditLog.creatorTime))
      .limit(1);
    expect(row?.userName).toBe('管理员/admin');
    expect(row?.before).toEqual({ sysName: 'JNPF快速开发平台', emailPassword: '***', qyhCorpSecret: '***' });
    expect(row?.after).toEqual({ sysName: '审计平台', emailPassword: '***', qyhCorpSecret: '***' });
    expect(JSON.stringify(row)).not.toContain('secret');
  });
});

describe('configuration changes apply without a restart', () => {
  it('the lock policy: delayed sign-in after N wrong passwords, then a permanent lock', async () => {
    expect((await put({ passwordErrorsNumber: 3, lockType: 2, lockTime: 5 })).code).toBe(200);
    const delayed = await insertUser(ctx());
    expect((await login(delayed.account, 'wrong1')).msg).toBe('账号或密码错误');
    expect((await login(delayed.account, 'wrong2')).msg).toBe('账号或密码错误');
    expect((await login(delayed.account, 'wrong3')).msg).toBe('密码错误次数过多，请5分钟后再试');
    expect((await login(delayed.account, delayed.password)).msg).toMatch(/^密码错误次数过多，请\d分钟后再试$/);

    expect((await put({ lockType: 1 })).code).toBe(200);
    const locked = await insertUser(ctx());
    for (let n = 0; n < 3; n++) await login(locked.account, 'wrong');
    expect((await login(locked.account, locked.password)).msg).toBe('账号已被锁定，请联系管理员解锁');

    // off below 3: any number of wrong passwords, then a normal sign-in
    expect((await put({ passwordErrorsNumber: 2 })).code).toBe(200);
    const free = await insertUser(ctx());
    for (let n = 0; n < 4; n++) await login(free.account, 'wrong');
    expect((await login(free.account, free.password)).code).toBe(200);
  });

  it('the captcha: getConfig and sign-in follow enableVerificationCode at once', async () => {
    const before = await api<{ enableVerificationCode: number }>('GET', '/api/oauth/getConfig/admin');
    expect(before.data).toMatchObject({ enableVerificationCode: 0, verificationCodeNumber: 4 });
    expect((await put({ enableVerificationCode: 1, verificationCodeNumber: 6 })).code).toBe(200);
    const after = await api('GET', '/api/oauth/getConfig/admin');
    expect(after.data).toMatchObject({ enableVerificationCode: 1, verificationCodeNumber: 6 });
    expect((await login('admin', '123456')).msg).toBe('验证码不能为空');
    expect((await put({ enableVerificationCode: 0 })).code).toBe(200);
    expect((await api('GET', '/api/oauth/getConfig/admin')).data).toMatchObject({ enableVerificationCode: 0 });
  });

  it('the password policy reaches the sign-in page configuration', async () => {
    expect(
      (await put({ passwordStrengthLimit: 1, passwordLengthMin: 1, passwordLengthMinNumber: 4, containsNumbers: 1 }))
        .code,
    ).toBe(200);
    expect((await api('GET', '/api/oauth/getConfig/admin')).data).toMatchObject({
      passwordStrengthLimit: 1,
      passwordLengthMin: 1,
      passwordLengthMinNumber: 4,
      containsNumbers: 1,
    });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)(
    'another process sees the change at once (PostgreSQL and Redis)',
    async () => {
      const peer = await startPeerServer(server);
      try {
        // the peer reads (and caches) the configuration first
        expect((await call(peer, 'GET', '/api/oauth/getConfig/admin', { ip: nextIp() })).data).toMatchObject({
          verificationCodeNumber: 4,
        });
        expect((await put({ verificationCodeNumber: 7 })).code).toBe(200);
        await expect
          .poll(
            async () =>
              (
                await call<{ verificationCodeNumber: number }>(peer, 'GET', '/api/oauth/getConfig/admin', {
                  ip: nextIp(),
                })
              ).data?.verificationCodeNumber,
          )
          .toBe(7);
      } finally {
        await resetSysConfig(ctx());
        await peer.close();
      }
    },
  );
});

describe('administrators', () => {
  it('GET getAdminList lists the administrators', async () => {
    const res = await api<{ id: string; account: string; realName: string }[]>('GET', `${BASE}/getAdminList`, {
      token: adminToken,
    });
    expect(res.code).toBe(200);
    const admin = res.data!.find((u) => u.account === 'admin');
    expect(admin).toEqual({ id: expect.any(String), account: 'admin', realName: '管理员' });
    expect(res.data!.every((u) => Object.keys(u).sort().join() === 'account,id,realName')).toBe(true);
  });

  it('PUT setAdminList sets exactly those users, applies at once and records it', async () => {
    const adminId = await seededAdminId(ctx());
    const { token: staffToken, ...staff } = await staffUser();
    expect((await api('GET', BASE, { token: staffToken })).msg).toBe('没有访问权限');

    const res = await api('PUT', `${BASE}/setAdminList`, {
      token: adminToken,
      json: { adminIds: [adminId, staff.id, staff.id] },
    });
    expect(res).toMatchObject({ code: 200, msg: '更新成功' });
    const list = (await api<{ id: string }[]>('GET', `${BASE}/getAdminList`, { token: adminToken })).data!.map(
      (u) => u.id,
    );
    expect(list.sort()).toEqual([adminId, staff.id].sort());
    // the staff member's existing session is an administrator's now
    expect((await api('GET', BASE, { token: staffToken })).code).toBe(200);

    expect((await api('PUT', `${BASE}/setAdminList`, { token: adminToken, json: { adminIds: [adminId] } })).code).toBe(
      200,
    );
    expect((await api('GET', BASE, { token: staffToken })).msg).toBe('没有访问权限');
    const [row] = await ctx()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.moduleName, 'sysConfig'), eq(auditLog.action, 'setAdminList')))
      .orderBy(desc(auditLog.creatorTime))
      .limit(1);
    expect(row?.after).toEqual({ adminIds: [adminId] });
  });

  it('refuses an empty or missing list, unknown users and removing oneself', async () => {
    const adminId = (await ctx().db.select().from(user).where(eq(user.account, 'admin')))[0]!.id;
    const empty = await api('PUT', `${BASE}/setAdminList`, { token: adminToken, json: { adminIds: [] } });
    expect(empty.code).toBe(401);
    expect((empty.data as Errors).errors).toEqual({ adminIds: '请至少选择一个管理员' });
    const missing = await api('PUT', `${BASE}/setAdminList`, { token: adminToken, json: {} });
    expect((missing.data as Errors).errors).toEqual({ adminIds: '请至少选择一个管理员' });
    const wrongType = await api('PUT', `${BASE}/setAdminList`, { token: adminToken, json: { adminIds: 'admin' } });
    expect(wrongType.code).toBe(401);
    const unknown = await api('PUT', `${BASE}/setAdminList`, {
      token: adminToken,
      json: { adminIds: [adminId, 'nobody'] },
    });
    expect(unknown.code).toBe(401);
    expect((unknown.data as Errors).errors).toEqual({ adminIds: '所选用户不存在' });
    const staff = await insertUser(ctx());
    const self = await api('PUT', `${BASE}/setAdminList`, { token: adminToken, json: { adminIds: [staff.id] } });
    expect(self).toMatchObject({ code: 400, msg: '不能取消自己的管理员权限' });
    const stillAdmin = (await ctx().db.select().from(user).where(eq(user.id, adminId)))[0]!;
    expect(stillAdmin.isAdministrator).toBe(1);
    expect((await ctx().db.select().from(user).where(eq(user.id, staff.id)))[0]!.isAdministrator).toBe(0);
    const huge = await api('PUT', `${BASE}/setAdminList`, {
      token: adminToken,
      json: { adminIds: [adminId, 'x'.repeat(10_240)] },
    });
    expect(huge.code).toBe(401);
  });

  it('only an administrator may set administrators, even with the edit button', async () => {
    const { token, ...editor } = await staffUser({ 'system.sysConfig': ['btn_edit'] });
    const res = await api('PUT', `${BASE}/setAdminList`, { token, json: { adminIds: [editor.id] } });
    expect(res).toMatchObject({ code: 400, msg: '只有管理员可以设置管理员' });
    expect((await ctx().db.select().from(user).where(eq(user.id, editor.id)))[0]!.isAdministrator).toBe(0);
  });
});

describe('permissions', () => {
  it('a signed-in user without grants is refused every call; without a token 602', async () => {
    const { token, ...staff } = await staffUser();
    const calls: [string, string, unknown?][] = [
      ['GET', BASE],
      ['PUT', BASE, { sysName: 'x' }],
      ['GET', `${BASE}/getAdminList`],
      ['PUT', `${BASE}/setAdminList`, { adminIds: [staff.id] }],
      ['POST', `${BASE}/0/testQyWebChatConnect`, { qyhCorpId: 'a', qyhAgentSecret: 'b' }],
      ['POST', `${BASE}/testDingTalkConnect`, { dingSynAppKey: 'a', dingSynAppSecret: 'b' }],
      ['GET', '/api/system/SynThirdInfo/getSynThirdTotal/1'],
      ['GET', '/api/system/SynThirdInfo/synAllOrganizeSysToQy'],
      ['GET', '/api/system/SynThirdInfo/synAllUserSysToDing'],
    ];
    for (const [method, path, json] of calls) {
      const res = await api(method, path, { token, ...(json ? { json } : {}) });
      expect(res, `${method} ${path}`).toMatchObject({ code: 400, msg: '没有访问权限' });
      expect((await api(method, path, json ? { json } : {})).code, `${method} ${path}`).toBe(602);
    }
    expect((await getConfig()).sysName).toBe('JNPF快速开发平台');
  });

  it('the menu grant allows reading; saving needs the edit button too', async () => {
    const { token } = await staffUser({ 'system.sysConfig': [] });
    expect((await api('GET', BASE, { token })).code).toBe(200);
    expect((await api('GET', `${BASE}/getAdminList`, { token })).code).toBe(200);
    expect((await api('PUT', BASE, { token, json: { sysName: 'reader' } })).msg).toBe('没有访问权限');
    const { token: editorToken } = await staffUser({ 'system.sysConfig': ['btn_edit'] });
    expect((await api('PUT', BASE, { token: editorToken, json: { sysName: 'editor' } })).code).toBe(200);
    expect((await getConfig()).sysName).toBe('editor');
  });

  it('the menu is seeded under 系统管理 with its edit button', async () => {
    const [menu] = await ctx().db.select().from(module).where(eq(module.enCode, 'system.sysConfig'));
    expect(menu).toMatchObject({ fullName: '系统配置', urlAddress: 'system/sysConfig', type: 2 });
    const [parent] = await ctx().db.select().from(module).where(eq(module.id, menu!.parentId));
    expect(parent?.enCode).toBe('system');
    const buttons = await ctx().db.select().from(moduleButton).where(eq(moduleButton.moduleId, menu!.id));
    expect(buttons.map((b) => b.enCode)).toEqual(['btn_edit']);
  });
});
