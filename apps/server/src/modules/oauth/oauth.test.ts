// The /api/oauth calls besides Login, over HTTP against a real database: CurrentUser, Logout, LockScreen,
// getConfig, getLoginConfig, ImageCode, updatePasswordMessage and the app-scan (codeCertificate) tickets.
// The server trusts X-Forwarded-For so that each caller has its own address (and its own rate-limit bucket).
import { randomBytes, randomInt } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { encryptLoginPassword, md5Hex, type CurrentUserResult } from '@jnpf/core';
import {
  module,
  moduleButton,
  moduleColumn,
  moduleForm,
  organize,
  position,
  role,
  session,
  user,
  userGroup,
  userRelation,
} from '../../db/schema/index.js';
import { newId } from '../../platform/ids.js';
import { type SysConfigValues } from '../../platform/sysConfig.js';
import { unique } from '../../../test/harness.js';
import { grantItems } from '../../../test/kit/access.js';
import { insertMenu, insertMenuItem, insertSystem } from '../../../test/kit/menus.js';
import {
  adminToken,
  api,
  createUser,
  ctx,
  mainSystemId,
  nextIp,
  rootOrgId,
  server,
  signIn,
  useSignInServer,
} from '../../../test/kit/signInServer.js';
import { resetSysConfig, setSysConfig } from '../../../test/kit/sysConfig.js';
import { oauthRoutes } from './routes.js';
import { expectInvalidFields } from '../../../test/kit/answers.js';

useSignInServer();
afterEach(async () => {
  await resetSysConfig(ctx());
});

const setConfig = (patch: Partial<SysConfigValues>) => setSysConfig(ctx(), patch);

const currentUser = (token: string, systemCode?: string) =>
  api<CurrentUserResult>('GET', '/api/oauth/CurrentUser', { token, query: { systemCode: systemCode ?? '', n: 1 } });

const addMenu = (fields: Parameters<typeof insertMenu>[1]) => insertMenu(ctx(), fields);

const addItem = (table: Parameters<typeof insertMenuItem>[1], moduleId: string, enCode: string) =>
  insertMenuItem(ctx(), table, moduleId, enCode);

const addSystem = (fields: Parameters<typeof insertSystem>[1] = {}) => insertSystem(ctx(), fields);

const grant = (userId: string, items: [itemType: string, itemId: string][]) => grantItems(ctx(), userId, items);

describe('GET /api/oauth/CurrentUser', () => {
  it('returns every key of the 3.6 userInfo, with the user’s organisation, position, roles, groups and manager', async () => {
    const deptId = newId();
    await ctx()
      .db.insert(organize)
      .values({
        id: deptId,
        parentId: rootOrgId,
        category: 'department',
        fullName: '研发部',
        enCode: unique('D'),
        organizeIdTree: `${rootOrgId},${deptId}`,
        creatorTime: Date.now(),
      });
    const positionId = newId();
    await ctx()
      .db.insert(position)
      .values({ id: positionId, organizeId: deptId, fullName: '工程师', enCode: unique('P'), creatorTime: Date.now() });
    const roleId = newId();
    await ctx()
      .db.insert(role)
      .values({ id: roleId, fullName: '开发', enCode: unique('R'), creatorTime: Date.now() });
    const groupId = newId();
    await ctx()
      .db.insert(userGroup)
      .values({ id: groupId, fullName: '兴趣小组', enCode: unique('G'), creatorTime: Date.now() });
    const boss = await createUser({ realName: '老板' });
    const { id, account } = await createUser({
      realName: '张三',
      organizeId: deptId,
      positionId,
      managerId: boss.id,
      mobilePhone: '13800000000',
      email: 'zs@example.com',
      birthday: 631152000000,
      headIcon: 'me.png',
      portalId: 'p1',
    });
    await ctx()
      .db.insert(userRelation)
      .values(
        (
          [
            ['Organize', deptId],
            ['Position', positionId],
            ['Role', roleId],
            ['Group', groupId],
          ] as const
        ).map(([objectType, objectId]) => ({ userId: id, objectType, objectId, creatorTime: Date.now() })),
      );
    await ctx().directory.changed(id);
    const page = await addMenu({ systemId: mainSystemId, type: 2 });
    await grant(id, [['module', page]]);

    const token = await signIn(account, 'Passw0rd');
    const res = await currentUser(token);
    expect(res.code).toBe(200);
    const info = res.data!.userInfo;
    const protocolKeys = [
      'userId', 'userAccount', 'userName', 'headIcon', 'organizeId', 'organizeIdList', 'organizeName', 'departmentId',
      'departmentName', 'positionIds', 'positionId', 'positionName', 'roleIds', 'roleName', 'groupIds', 'groupNames',
      'manager', 'mobilePhone', 'email', 'birthday', 'isAdministrator', 'signImg', 'changePasswordDate', 'prevLogin',
      'prevLoginTime', 'prevLoginIPAddress', 'prevLoginIPAddressName', 'portalId', 'appPortalId', 'systemId',
      'appSystemId', 'systemIds', 'workflowEnabled',
    ]; // prettier-ignore
    for (const key of protocolKeys) expect(info, key).toHaveProperty(key);
    expect(info).toMatchObject({
      userId: id,
      userAccount: account,
      userName: '张三',
      headIcon: '/api/file/Image/userAvatar/me.png',
      organizeId: deptId,
      organizeIdList: [rootOrgId, deptId],
      organizeName: '智慧园区集团/研发部',
      departmentId: deptId,
      departmentName: '研发部',
      positionIds: [{ id: positionId, name: '工程师' }],
      positionId,
      positionName: '工程师',
      roleIds: [roleId],
      roleName: '开发',
      groupIds: [groupId],
      groupNames: ['兴趣小组'],
      manager: `老板/${boss.account}`,
      mobilePhone: '13800000000',
      email: 'zs@example.com',
      birthday: 631152000000,
      isAdministrator: false,
      signImg: '',
      changePasswordDate: null,
      prevLogin: 1,
      prevLoginTime: null,
      prevLoginIPAddress: '',
      prevLoginIPAddressName: '',
      portalId: 'p1',
      appPortalId: '',
      systemId: mainSystemId,
      appSystemId: '',
      systemIds: [{ id: mainSystemId, name: '开发平台', icon: 'icon-ym icon-ym-systemSet', currentSystem: true }],
      workflowEnabled: 0,
    });
  });

  it('returns the public configuration in sysConfigInfo, never the new-user default password', async () => {
    await setConfig({
      sysName: '测试平台',
      title: '标题',
      newUserDefaultPassword: 'Secret01',
      jnpfDomain: 'https://x.example',
    });
    const res = await currentUser(adminToken);
    expect(res.data!.sysConfigInfo).toEqual({
      title: '标题',
      sysName: '测试平台',
      sysVersion: '3.6.0',
      copyright: 'Copyright © 2026 JNPF',
      companyName: '',
      loginIcon: '',
      logoIcon: '',
      navigationIcon: '',
      workLogoIcon: '',
      appIcon: '',
      newUserDefaultPassword: '',
      jnpfDomain: 'https://x.example',
    });
  });

  it('menu items carry the protocol keys, and permissionList has entries only for menus of type other than 1', async () => {
    const [systemDir] = await ctx().db.select().from(module).where(eq(module.enCode, 'system'));
    const page = await addMenu({ systemId: mainSystemId, parentId: systemDir!.id, type: 2, enCode: unique('page') });
    const btnAdd = await addItem(moduleButton, page, 'btn_add');
    await addItem(moduleButton, page, 'btn_edit');
    await addItem(moduleColumn, page, 'col_name');
    await addItem(moduleForm, page, 'form_name');
    await addMenu({ systemId: mainSystemId, parentId: systemDir!.id, type: 1, enCode: unique('dir') });
    await addMenu({ systemId: mainSystemId, parentId: systemDir!.id, type: 2, enCode: unique('off'), enabledMark: 0 });
    await ctx().catalogue.changed();

    const admin = (await currentUser(adminToken)).data!;
    const systemNode = admin.menuList.find((m) => m.enCode === 'system')!;
    expect(Object.keys(systemNode).sort()).toEqual(
      [
        'id',
        'parentId',
        'fullName',
        'enCode',
        'icon',
        'urlAddress',
        'linkTarget',
        'type',
        'propertyJson',
        'sortCode',
        'hasChildren',
        'children',
        'systemId',
        'category',
      ].sort(),
    );
    expect(systemNode.hasChildren).toBe(true);
    const added = systemNode.children.filter((c) => c.id === page || c.enCode.startsWith('dir'));
    expect(added.map((c) => c.type)).toEqual([2, 1]);
    expect(systemNode.children.some((c) => c.enCode.startsWith('off'))).toBe(false);
    expect(typeof added[0]!.propertyJson).toBe('string');
    // the administrator: one entry per enabled menu of the system that is not a directory
    const pages = (await ctx().db.select().from(module).where(eq(module.systemId, mainSystemId))).filter(
      (m) => m.type !== 1 && m.enabledMark === 1,
    );
    expect(pages.length).toBeGreaterThan(0);
    expect(admin.permissionList.map((p) => p.modelId).sort()).toEqual(pages.map((m) => m.id).sort());
    const entry = admin.permissionList.find((p) => p.modelId === page)!;
    expect(Object.keys(entry).sort()).toEqual(['button', 'column', 'form', 'modelId', 'moduleName', 'resource']);
    expect(entry.button.map((b) => b.enCode)).toEqual(['btn_add', 'btn_edit']);
    expect(entry.column.map((b) => b.enCode)).toEqual(['col_name']);
    expect(entry.form.map((b) => b.enCode)).toEqual(['form_name']);
    expect(Object.keys(entry.button[0]!).sort()).toEqual(['enCode', 'fullName', 'id']);

    // a user granted the directory, the page and one button sees exactly that
    const { id, account } = await createUser();
    await grant(id, [
      ['module', systemDir!.id],
      ['module', page],
      ['button', btnAdd],
    ]);
    const mine = (await currentUser(await signIn(account, 'Passw0rd'))).data!;
    expect(mine.menuList.map((m) => m.enCode)).toEqual(['system']);
    expect(mine.menuList[0]!.children.map((c) => c.id)).toEqual([page]);
    expect(mine.permissionList).toEqual([
      {
        modelId: page,
        moduleName: expect.any(String),
        button: [{ id: btnAdd, fullName: 'btn_add', enCode: 'btn_add' }],
        column: [],
        form: [],
        resource: [],
      },
    ]);
  });

  it('a user with no grants gets empty menus and no systems', async () => {
    const { account } = await createUser();
    const res = await currentUser(await signIn(account, 'Passw0rd'));
    expect(res.code).toBe(200);
    expect(res.data!.menuList).toEqual([]);
    expect(res.data!.permissionList).toEqual([]);
    expect(res.data!.userInfo.systemIds).toEqual([]);
    expect(res.data!.userInfo.systemId).toBe('');
  });

  it('systemCode picks the system; an unknown or disabled one falls back to the saved system', async () => {
    const code = unique('crm');
    const crm = await addSystem({ enCode: code, workflowEnabled: 1 });
    const crmDir = await addMenu({ systemId: crm, type: 1, enCode: unique('crmdir') });
    const offCode = unique('off');
    await addSystem({ enCode: offCode, enabledMark: 0 });
    await ctx().catalogue.changed();

    const picked = (await currentUser(adminToken, code)).data!;
    expect(picked.menuList.map((m) => m.id)).toEqual([crmDir]);
    expect(picked.userInfo.systemId).toBe(crm);
    expect(picked.userInfo.workflowEnabled).toBe(1);
    expect(picked.userInfo.systemIds.filter((s) => s.currentSystem).map((s) => s.id)).toEqual([crm]);
    expect(picked.userInfo.systemIds.map((s) => s.id)).toContain(mainSystemId);

    for (const other of ['', 'nope', offCode]) {
      const res = (await currentUser(adminToken, other)).data!;
      expect(res.userInfo.systemId, other).toBe(mainSystemId);
      expect(res.menuList.map((m) => m.enCode)).toContain('system');
      expect(res.userInfo.systemIds.map((s) => s.id)).not.toContain(undefined);
    }
    const tooLong = await currentUser(adminToken, 'x'.repeat(101));
    expect(tooLong.code).toBe(401);
  });

  it('prevLoginTime and prevLoginIPAddress describe the sign-in before this one', async () => {
    const { id, account } = await createUser();
    await signIn(account, 'Passw0rd', { ip: '10.77.0.1' });
    const [first] = await ctx().db.select().from(user).where(eq(user.id, id));
    const token = await signIn(account, 'Passw0rd', { ip: '10.77.0.2' });
    const info = (await currentUser(token)).data!.userInfo;
    expect(info.prevLogin).toBe(1);
    expect(info.prevLoginTime).toBe(first!.lastLogTime);
    expect(info.prevLoginTime).toBeGreaterThan(Date.now() - 60_000);
    expect(info.prevLoginIPAddress).toBe('10.77.0.1');
    expect(info.prevLoginIPAddressName).toBe('本地局域网');
    await setConfig({ lastLoginTimeSwitch: 0 });
    expect((await currentUser(token)).data!.userInfo.prevLogin).toBe(0);
  });
});

describe('GET /api/oauth/Logout', () => {
  it('ends the session of the token sent; again, without a token or with a bad one it still answers 200', async () => {
    const token = await signIn();
    const out = await api('GET', '/api/oauth/Logout', { token });
    expect(out).toMatchObject({ code: 200, msg: '注销成功' });
    expect((await currentUser(token)).code).toBe(600);
    expect((await api('GET', '/api/oauth/Logout', { token })).code).toBe(200);
    expect((await api('GET', '/api/oauth/Logout')).code).toBe(200);
    expect((await api('GET', '/api/oauth/Logout', { token: 'bearer garbage' })).code).toBe(200);
    const [row] = await ctx().db.select().from(session).where(eq(session.endReason, 'logout'));
    expect(row).toBeDefined();
    expect((await currentUser(adminToken)).code).toBe(200);
  });

  it('/Logout/{grandtype} does the same', async () => {
    const token = await signIn();
    expect((await api('GET', '/api/oauth/Logout/pc', { token })).code).toBe(200);
    expect((await currentUser(token)).code).toBe(600);
  });
});

describe('POST /api/oauth/LockScreen', () => {
  it('accepts the signed-in user’s md5 password in either case, with or without the account', async () => {
    expect(
      await api('POST', '/api/oauth/LockScreen', {
        token: adminToken,
        json: { account: 'admin', password: md5Hex('123456') },
      }),
    ).toMatchObject({
      code: 200,
      msg: 'Success',
    });
    expect(
      (
        await api('POST', '/api/oauth/LockScreen', {
          token: adminToken,
          json: { password: md5Hex('123456').toUpperCase() },
        })
      ).code,
    ).toBe(200);
  });

  it('refuses a wrong password with 400, a malformed one with 401 on the field, and another account', async () => {
    const wrong = await api('POST', '/api/oauth/LockScreen', {
      token: adminToken,
      json: { account: 'admin', password: md5Hex('nope') },
    });
    expect(wrong).toMatchObject({ code: 400, msg: '密码错误' });
    for (const password of ['123456', encryptLoginPassword('123456'), '', 'g'.repeat(32)]) {
      const bad = await api<{ errors: Record<string, string> }>('POST', '/api/oauth/LockScreen', {
        token: adminToken,
        json: { password },
      });
      expect(bad.code, password).toBe(401);
      expect(bad.data!.errors.password).toBe('密码格式错误');
    }
    const missing = await api<{ errors: Record<string, string> }>('POST', '/api/oauth/LockScreen', {
      token: adminToken,
      json: {},
    });
    expectInvalidFields(missing, ['password']);
    const { account } = await createUser();
    const other = await api('POST', '/api/oauth/LockScreen', {
      token: adminToken,
      json: { account, password: md5Hex('Passw0rd') },
    });
    expect(other).toMatchObject({ code: 400, msg: '账号与当前用户不一致' });
    // the session survives all of it
    expect((await currentUser(adminToken)).code).toBe(200);
  });

  it('after 10 attempts in a minute by one user from one address the next is refused with 400', async () => {
    const { account } = await createUser();
    const token = await signIn(account, 'Passw0rd');
    const ip = nextIp();
    for (let i = 0; i < 10; i++)
      expect(
        (await api('POST', '/api/oauth/LockScreen', { token, ip, json: { password: md5Hex(`guess${i}`) } })).code,
      ).toBe(400);
    const limited = await api('POST', '/api/oauth/LockScreen', { token, ip, json: { password: md5Hex('Passw0rd') } });
    expect(limited).toMatchObject({ code: 400, msg: '请求过于频繁，请稍后再试' });
    // someone else at that address is not held up
    expect(
      (await api('POST', '/api/oauth/LockScreen', { token: adminToken, ip, json: { password: md5Hex('123456') } }))
        .code,
    ).toBe(200);
  });

  it('needs a session: 602 without one, 600 after logout', async () => {
    expect((await api('POST', '/api/oauth/LockScreen', { json: { password: md5Hex('123456') } })).code).toBe(602);
    const token = await signIn();
    await api('GET', '/api/oauth/Logout', { token });
    expect((await api('POST', '/api/oauth/LockScreen', { token, json: { password: md5Hex('123456') } })).code).toBe(
      600,
    );
  });
});

describe('sign-in page configuration', () => {
  it('getConfig/{account} returns the captcha switch and the password policy', async () => {
    const policy = {
      enableVerificationCode: 1,
      verificationCodeNumber: 5,
      passwordStrengthLimit: 1,
      passwordLengthMin: 1,
      passwordLengthMinNumber: 8,
      containsNumbers: 1,
    };
    await setConfig(policy);
    const res = await api('GET', '/api/oauth/getConfig/admin');
    expect(res).toMatchObject({ code: 200, msg: 'Success' });
    expect(res.data).toEqual({
      ...policy,
      includeLowercaseLetters: 0,
      includeUppercaseLetters: 0,
      containsCharacters: 0,
      mandatoryModificationOfInitialPassword: 0,
    });
    // the same for any account: it reveals nothing about accounts
    expect((await api('GET', `/api/oauth/getConfig/${encodeURIComponent("' or 1=1 --")}`)).data).toEqual(res.data);
    expect((await api('GET', `/api/oauth/getConfig/${'a'.repeat(101)}`)).code).toBe(401);
  });

  it('getLoginConfig returns no single sign-on and no social sign-in', async () => {
    const res = await api('GET', '/api/oauth/getLoginConfig');
    expect(res).toMatchObject({ code: 200, data: { redirect: false, url: '', ticketParams: '', socialsList: [] } });
  });
});

describe('captcha images', () => {
  async function image(path: string) {
    const res = await fetch(`${server.baseUrl}${path}`, { headers: { 'x-forwarded-for': nextIp() } });
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  }
  const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

  it('/api/file/ImageCode/{timestamp}: a PNG, not cached, whose answer has the configured length', async () => {
    await setConfig({ verificationCodeNumber: 6 });
    const ts = `0.${randomInt(1, 2 ** 47)}`;
    const { res, bytes } = await image(`/api/file/ImageCode/${ts}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(bytes.subarray(0, 8).equals(PNG)).toBe(true);
    expect(await ctx().shared.kv.get(`captcha:${ts}`)).toMatch(/^[a-z0-9]{6}$/);
  });

  it('/api/oauth/ImageCode/{length}/{timestamp}: the length asked for, 3 to 8', async () => {
    const ts = `0.${randomInt(1, 2 ** 47)}`;
    const { res, bytes } = await image(`/api/oauth/ImageCode/5/${ts}`);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(bytes.subarray(0, 8).equals(PNG)).toBe(true);
    expect(await ctx().shared.kv.get(`captcha:${ts}`)).toMatch(/^[a-z0-9]{5}$/);
    for (const length of ['2', '9', 'x', '-1', '4.5']) {
      const bad = await api<{ errors: Record<string, string> }>('GET', `/api/oauth/ImageCode/${length}/${ts}`);
      expect(bad.code, length).toBe(401);
      expect(Object.keys(bad.data!.errors)).toEqual(['length']);
    }
  });

  it('a new image for the same timestamp replaces the answer', async () => {
    const ts = `0.${randomInt(1, 2 ** 47)}`;
    await image(`/api/oauth/ImageCode/8/${ts}`);
    await image(`/api/oauth/ImageCode/3/${ts}`);
    expect(await ctx().shared.kv.get(`captcha:${ts}`)).toMatch(/^[a-z0-9]{3}$/);
  });

  it('a bad timestamp is refused with 401 as JSON', async () => {
    for (const ts of ['a%20b', '..%2F..%2Fetc', 'x'.repeat(65), '%F0%9F%98%80', 'a%00b']) {
      for (const path of [`/api/file/ImageCode/${ts}`, `/api/oauth/ImageCode/4/${ts}`]) {
        const res = await api<{ errors: Record<string, string> }>('GET', path);
        expect(res.code, path).toBe(401);
        expect(Object.keys(res.data!.errors)).toEqual(['timestamp']);
      }
    }
  });
});

describe('POST /api/oauth/updatePasswordMessage', () => {
  it('with the periodic change off: not due', async () => {
    const res = await api('POST', '/api/oauth/updatePasswordMessage', { token: adminToken });
    expect(res).toMatchObject({ code: 200, data: { due: false, daysLeft: null } });
  });

  it('with it on: days left from the last change (or creation), due within updateInAdvance days', async () => {
    await setConfig({ passwordIsUpdatedRegularly: 1, updateCycle: 90, updateInAdvance: 7 });
    const day = 86_400_000;
    const soon = await createUser({ changePasswordDate: Date.now() - 85.5 * day });
    const later = await createUser({ changePasswordDate: Date.now() - 10.5 * day });
    const overdue = await createUser({ creatorTime: Date.now() - 100.5 * day });
    const check = async (account: string) =>
      (
        await api<{ due: boolean; daysLeft: number }>('POST', '/api/oauth/updatePasswordMessage', {
          token: await signIn(account, 'Passw0rd'),
        })
      ).data;
    expect(await check(soon.account)).toEqual({ due: true, daysLeft: 5 });
    expect(await check(later.account)).toEqual({ due: false, daysLeft: 80 });
    expect(await check(overdue.account)).toEqual({ due: true, daysLeft: -10 });
  });
});

describe('app-scan sign-in (codeCertificate)', () => {
  const status = (ticket: string) =>
    api<{ status: number; value?: string; theme?: string }>('GET', `/api/oauth/codeCertificateStatus/${ticket}`);
  const setStatus = (ticket: string, value: number | string, token?: string) =>
    api('GET', `/api/oauth/setCodeCertificateStatus/${ticket}/${value}`, token ? { token } : {});
  const newTicket = async () => {
    const res = await api<string>('GET', '/api/oauth/codeCertificate');
    expect(res.code).toBe(200);
    expect(res.data).toMatch(/^[0-9a-f]{32}$/);
    return res.data!;
  };

  it('waiting → scanned → confirmed hands a working token to the polling page exactly once', async () => {
    const { id, account } = await createUser({ theme: 'functional' });
    const phone = await signIn(account, 'Passw0rd');
    const ticket = await newTicket();
    expect((await status(ticket)).data).toEqual({ status: 0 });
    expect(await setStatus(ticket, 1, phone)).toMatchObject({ code: 200 });
    expect((await status(ticket)).data).toEqual({ status: 1 });
    expect((await setStatus(ticket, 2, phone)).code).toBe(200);
    const confirmed = await status(ticket);
    expect(confirmed.data).toMatchObject({ status: 2, theme: 'functional' });
    expect(confirmed.data!.value).toMatch(/^bearer [A-Za-z0-9_-]{43}$/);
    const me = await currentUser(confirmed.data!.value!);
    expect(me.code).toBe(200);
    expect(me.data!.userInfo.userId).toBe(id);
    expect((await status(ticket)).data).toEqual({ status: -1 });
    // the phone's own session is untouched
    expect((await currentUser(phone)).code).toBe(200);
  });

  it('a cancelled or finished ticket cannot be confirmed; an unknown one is expired', async () => {
    const ticket = await newTicket();
    expect((await setStatus(ticket, 3, adminToken)).code).toBe(200);
    expect((await status(ticket)).data).toEqual({ status: 3 });
    expect(await setStatus(ticket, 2, adminToken)).toMatchObject({ code: 400, msg: '二维码已失效' });
    expect((await setStatus(ticket, 1, adminToken)).code).toBe(400);

    const done = await newTicket();
    await setStatus(done, 2, adminToken);
    expect(await setStatus(done, 2, adminToken)).toMatchObject({ code: 400, msg: '二维码已失效' });
    await status(done);
    expect(await setStatus(done, 1, adminToken)).toMatchObject({ code: 400, msg: '二维码已失效' });

    const unknown = randomBytes(16).toString('hex');
    expect((await status(unknown)).data).toEqual({ status: -1 });
    expect(await setStatus(unknown, 1, adminToken)).toMatchObject({ code: 400, msg: '二维码已失效' });
  });

  it('bad ticket formats and statuses are refused with 401', async () => {
    const ticket = await newTicket();
    for (const bad of [
      'abc',
      ticket.toUpperCase(),
      `${ticket}0`,
      ticket.slice(1),
      '..%2F..%2Fetc%2Fpasswd',
      `${ticket.slice(0, 31)}g`,
    ]) {
      expect((await status(bad)).code, bad).toBe(401);
      expect((await setStatus(bad, 1, adminToken)).code, bad).toBe(401);
    }
    for (const bad of ['0', '4', '-1', 'x', '1.5']) {
      const res = await setStatus(ticket, bad, adminToken);
      expect(res.code, bad).toBe(401);
    }
    expect((await status(ticket)).data).toEqual({ status: 0 });
  });

  it('setCodeCertificateStatus needs a session: 602 without one', async () => {
    const ticket = await newTicket();
    const res = await setStatus(ticket, 2);
    expect(res).toMatchObject({ code: 602, msg: 'Token验证失败' });
    expect((await status(ticket)).data).toEqual({ status: 0 });
  });
});

describe('every protected oauth route', () => {
  it('answers 602 without a token and with a malformed or unknown one', async () => {
    const protectedRoutes = oauthRoutes.filter((r) => r.permission !== 'public');
    expect(protectedRoutes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /api/oauth/CurrentUser',
      'GET /api/oauth/setCodeCertificateStatus/:ticket/:status',
      'POST /api/oauth/LockScreen',
      'POST /api/oauth/updatePasswordMessage',
    ]);
    for (const r of protectedRoutes) {
      const url = r.url.replace(':ticket', randomBytes(16).toString('hex')).replace(':status', '1');
      for (const token of [undefined, 'bearer x', `bearer ${'b'.repeat(43)}`]) {
        const res = await api(r.method, url, {
          ...(token ? { token } : {}),
          ...(r.method === 'GET' ? {} : { json: {} }),
        });
        expect(res, `${r.method} ${r.url} ${token}`).toMatchObject({ code: 602, msg: 'Token验证失败' });
      }
    }
  });
});
