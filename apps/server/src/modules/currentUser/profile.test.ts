// /api/permission/Users/Current over HTTP against a real database: the own record (BaseInfo) with its checks,
// theme and language, the avatar, and what the user is granted (Authorize).
import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { md5Hex } from '@jnpf/core';
import { moduleButton } from '../../db/schema/index.js';
import { unique } from '../../../test/harness.js';
import { grantItems } from '../../../test/kit/access.js';
import { insertPosition, insertRole, relateAll } from '../../../test/kit/directory.js';
import { findMenuId, insertMenu, insertMenuItem } from '../../../test/kit/menus.js';
import {
  adminToken,
  api,
  auditCount,
  auditsOf,
  createUser,
  ctx,
  currentUser,
  mainSystemId,
  newSignedInUser,
  nextIp,
  rootOrgId,
  server,
  signIn,
  useSignInServer,
  userRow,
} from '../../../test/kit/signInServer.js';

const BASE = '/api/permission/Users/Current';
useSignInServer();
type Errors = { errors: Record<string, string> };

describe('BaseInfo', () => {
  it('GET is answered as kept until the user changes: own edits, an administrator’s, a renamed organisation', async () => {
    const top = (
      await api<{ list: { id: string }[] }>('GET', '/api/permission/Organize/AsyncList/-1', {
        token: adminToken,
      })
    ).data!.list[0]!;
    const orgName = unique('公司');
    const org = (
      await api<string>('POST', '/api/permission/Organize', {
        token: adminToken,
        json: { parentId: top.id, fullName: orgName, enCode: unique('C'), enabledMark: 1, sortCode: 0 },
      })
    ).data!;
    const me = await newSignedInUser({ realName: '王五', organizeId: org, gender: 1 });
    await relateAll(ctx(), me.id, [['Organize', org]]);
    await ctx().directory.changed(me.id);
    const info = async (headers: Record<string, string> = {}) =>
      await api<Record<string, unknown>>('GET', `${BASE}/BaseInfo`, { token: me.token, headers });
    const first = await info();
    expect(first.data).toMatchObject({ realName: '王五', mobilePhone: '' });
    expect(String(first.data!.organize)).toContain(orgName);
    expect((await info()).data).toEqual(first.data);
    // in another language: the same record, the message in that language
    const en = await info({ 'jnpf-language': 'en' });
    expect([en.msg, en.data]).toEqual(['Success', first.data]);
    // the own edit
    const own = await api('PUT', `${BASE}/BaseInfo`, { token: me.token, json: { mobilePhone: '13922223333' } });
    expect(own.code, own.msg).toBe(200);
    expect((await info()).data).toMatchObject({ mobilePhone: '13922223333' });
    // the administrator renames the user
    const row = await api<Record<string, unknown>>('GET', `/api/permission/Users/${me.id}`, { token: adminToken });
    const renamed = await api('PUT', `/api/permission/Users/${me.id}`, {
      token: adminToken,
      json: { ...row.data, realName: '王六' },
    });
    expect(renamed.code, renamed.msg).toBe(200);
    expect((await info()).data).toMatchObject({ realName: '王六' });
    // the administrator renames the organisation
    const orgRow = await api<Record<string, unknown>>('GET', `/api/permission/Organize/${org}`, { token: adminToken });
    const newName = unique('改名');
    const moved = await api('PUT', `/api/permission/Organize/${org}`, {
      token: adminToken,
      json: { ...orgRow.data, fullName: newName },
    });
    expect(moved.code, moved.msg).toBe(200);
    expect(String((await info()).data!.organize)).toContain(newName);
  });

  it('GET returns the own record, with avatar URL, organisation path, positions, roles and manager', async () => {
    const boss = await createUser({ realName: '老板' });
    const positionId = await insertPosition(ctx(), rootOrgId, { fullName: '经理' });
    const roleId = await insertRole(ctx(), { fullName: '审批人' });
    const me = await createUser({
      realName: '李四',
      gender: 2,
      organizeId: rootOrgId,
      managerId: boss.id,
      email: 'ls@example.com',
      theme: 'plain',
      language: 'zhtw',
    });
    await relateAll(ctx(), me.id, [
      ['Organize', rootOrgId],
      ['Position', positionId],
      ['Role', roleId],
    ]);
    const token = await signIn(me.account, 'Passw0rd');
    const res = await api<Record<string, unknown>>('GET', `${BASE}/BaseInfo`, { token });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({
      id: me.id,
      account: me.account,
      realName: '李四',
      gender: '2',
      mobilePhone: '',
      email: 'ls@example.com',
      headIcon: '/api/file/Image/userAvatar/001.png',
      organize: '智慧园区集团',
      position: '经理',
      roleId: '审批人',
      manager: `老板/${boss.account}`,
      isAdministrator: false,
      theme: 'plain',
      language: 'zhtw',
      changePasswordDate: null,
    });
    for (const key of [
      'signature',
      'nation',
      'nativePlace',
      'certificatesType',
      'certificatesNumber',
      'education',
      'telePhone',
      'landline',
      'urgentContacts',
      'urgentTelePhone',
      'postalAddress',
      'description',
    ])
      expect(res.data![key], key).toBe('');
    const row = await userRow(me.id);
    expect(Object.keys(res.data!).filter((k) => /hash|salt/i.test(k))).toEqual([]);
    expect(JSON.stringify(res.data)).not.toContain(row.passwordHash);
    expect(JSON.stringify(res.data)).not.toContain(row.passwordSalt);
  });

  it('PUT saves the fields, writes an audit row with before and after, and GET shows the change', async () => {
    const me = await newSignedInUser({ realName: '旧名字' });
    const ip = nextIp();
    const changed = {
      realName: '新名字',
      mobilePhone: '13911112222',
      email: 'new@example.com',
      gender: 1,
      certificatesType: '1',
      certificatesNumber: '11010119900307123X',
      nation: '01',
    };
    const res = await api('PUT', `${BASE}/BaseInfo`, {
      token: me.token,
      ip,
      json: { ...changed, birthday: '631152000000' },
    });
    expect(res).toMatchObject({ code: 200, msg: '更新成功' });
    const info = await api<Record<string, unknown>>('GET', `${BASE}/BaseInfo`, { token: me.token });
    expect(info.data).toMatchObject({
      birthday: 631_152_000_000,
      realName: '新名字',
      mobilePhone: '13911112222',
      email: 'new@example.com',
      gender: '1',
      certificatesNumber: '11010119900307123X',
      nation: '01',
    });
    expect((await currentUser(me.token)).data!.userInfo.userName).toBe('新名字');
    const [audit] = await auditsOf(me.id);
    expect(audit).toMatchObject({
      moduleName: 'currentUser',
      action: 'updateBaseInfo',
      userId: me.id,
      userName: `旧名字/${me.account}`,
      ip,
      before: {
        realName: '旧名字',
        mobilePhone: null,
        email: null,
        gender: null,
        certificatesType: null,
        certificatesNumber: null,
        nation: null,
      },
      after: changed,
    });
    // empty strings clear a pattern-checked field
    expect((await api('PUT', `${BASE}/BaseInfo`, { token: me.token, json: { mobilePhone: '', email: '' } })).code).toBe(
      200,
    );
    expect(await userRow(me.id)).toMatchObject({ mobilePhone: '', email: '' });
  });

  it('ignores fields a user may not set on themselves (administrator flag, account, password, organisation, state)', async () => {
    const me = await newSignedInUser();
    const before = await userRow(me.id);
    const res = await api('PUT', `${BASE}/BaseInfo`, {
      token: me.token,
      json: {
        realName: '我',
        isAdministrator: 1,
        account: 'hijack',
        passwordHash: 'x',
        passwordSalt: 'y',
        enabledMark: 0,
        organizeId: 'o',
        managerId: 'm',
        id: 'other',
      },
    });
    expect(res.code).toBe(200);
    const after = await userRow(me.id);
    expect(after).toMatchObject({
      realName: '我',
      isAdministrator: 0,
      account: me.account,
      passwordHash: before.passwordHash,
      enabledMark: 1,
      organizeId: null,
      managerId: null,
    });
    expect((await auditsOf(me.id))[0]!.after).toEqual({ realName: '我' });
  });

  it('refuses a bad mobile, email or ID card with 401 and the field’s message, in zh and in en; nothing is written', async () => {
    const me = await newSignedInUser({ certificatesType: '1' });
    const before = await userRow(me.id);
    const audits = await auditCount();
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ mobilePhone: '12345678901' }, 'mobilePhone', '请正确输入您的手机号', 'Please enter a valid mobile number'],
      [{ mobilePhone: '1391111222' }, 'mobilePhone', '请正确输入您的手机号', 'Please enter a valid mobile number'],
      [{ email: 'not-an-email' }, 'email', '请正确输入您的邮箱地址', 'Please enter a valid email address'],
      [{ email: 'a@b' }, 'email', '请正确输入您的邮箱地址', 'Please enter a valid email address'],
      [
        { certificatesType: '1', certificatesNumber: '123' },
        'certificatesNumber',
        '请正确输入您的身份证号码',
        'Please enter a valid ID card number',
      ],
      // the type saved before counts when only the number is sent
      [
        { certificatesNumber: '11010119901307123X' },
        'certificatesNumber',
        '请正确输入您的身份证号码',
        'Please enter a valid ID card number',
      ],
    ];
    for (const [json, field, zh, en] of cases) {
      const resZh = await api<Errors>('PUT', `${BASE}/BaseInfo`, {
        token: me.token,
        json: { realName: 'changed', ...json },
      });
      expect(resZh.code, JSON.stringify(json)).toBe(401);
      expect(resZh.data!.errors).toEqual({ [field]: zh });
      expect(resZh.msg).toBe(`参数校验失败：${field}: ${zh}`);
      const resEn = await api<Errors>('PUT', `${BASE}/BaseInfo`, {
        token: me.token,
        json,
        headers: { 'jnpf-language': 'en' },
      });
      expect(resEn.data!.errors).toEqual({ [field]: en });
      expect(resEn.msg).toBe(`Invalid input: ${field}: ${en}`);
    }
    expect(await userRow(me.id)).toEqual(before);
    expect(await auditCount()).toBe(audits);
    // another certificate type takes any number
    expect(
      (
        await api('PUT', `${BASE}/BaseInfo`, {
          token: me.token,
          json: { certificatesType: '2', certificatesNumber: 'E12345678' },
        })
      ).code,
    ).toBe(200);
  });

  it('refuses an empty name, wrong types, over-long text and NUL characters with 401; nothing is written', async () => {
    const me = await newSignedInUser();
    const before = await userRow(me.id);
    const audits = await auditCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ realName: '' }, 'realName'],
      [{ realName: '   ' }, 'realName'],
      [{ realName: 'x'.repeat(51) }, 'realName'],
      [{ realName: 5 }, 'realName'],
      [{ gender: 7 }, 'gender'],
      [{ gender: 'male' }, 'gender'],
      [{ birthday: 'yesterday' }, 'birthday'],
      // every time field holds 0001-01-01 … 9999-12-31: nothing that shows as Invalid Date
      [{ birthday: -9_007_199_254_740_991 }, 'birthday'],
      [{ birthday: 253_402_300_800_000 }, 'birthday'],
      [{ birthday: 1.5 }, 'birthday'],
      [{ signature: 'x'.repeat(501) }, 'signature'],
      [{ realName: 'a\u0000b' }, 'realName'],
      [{ postalAddress: 'street\u0000' }, 'postalAddress'],
      [{ certificatesType: '2', certificatesNumber: '\u0000' }, 'certificatesNumber'],
    ];
    for (const [json, field] of cases) {
      const res = await api<Errors>('PUT', `${BASE}/BaseInfo`, { token: me.token, json });
      expect(res.code, JSON.stringify(json)).toBe(401);
      expect(Object.keys(res.data!.errors)).toEqual([field]);
    }
    const nul = await api<Errors>('PUT', `${BASE}/BaseInfo`, {
      token: me.token,
      json: { nation: '\u0000' },
      headers: { 'jnpf-language': 'en' },
    });
    expect(nul.data!.errors).toEqual({ nation: 'Contains characters that are not allowed' });
    const nulZh = await api<Errors>('PUT', `${BASE}/BaseInfo`, { token: me.token, json: { realName: '\u0000' } });
    expect(nulZh.data!.errors).toEqual({ realName: '含有不允许的字符' });
    const notJson = await fetch(`${server.baseUrl}${BASE}/BaseInfo`, {
      method: 'PUT',
      headers: { authorization: me.token, 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
      body: '{"realName":',
    });
    expect(await notJson.json()).toMatchObject({ code: 401, msg: '请求数据格式错误' });
    expect(await userRow(me.id)).toEqual(before);
    expect(await auditCount()).toBe(audits);
    // unicode that PostgreSQL can store is kept as sent
    const odd = '王\u202E五😀\u200B';
    expect((await api('PUT', `${BASE}/BaseInfo`, { token: me.token, json: { realName: odd } })).code).toBe(200);
    expect((await userRow(me.id)).realName).toBe(odd);
  });
});

describe('SystemTheme and SystemLanguage', () => {
  it('save the layout; the next sign-in returns it', async () => {
    const me = await newSignedInUser();
    expect(await api('PUT', `${BASE}/SystemTheme`, { token: me.token, json: { theme: 'functional' } })).toMatchObject({
      code: 200,
      msg: '设置成功',
    });
    expect((await userRow(me.id)).theme).toBe('functional');
    expect((await auditsOf(me.id))[0]).toMatchObject({
      action: 'systemTheme',
      userId: me.id,
      before: { theme: null },
      after: { theme: 'functional' },
    });
    const login = await api<{ theme: string }>('POST', '/api/oauth/Login', {
      form: { account: me.account, password: md5Hex('Passw0rd') },
    });
    expect(login.data!.theme).toBe('functional');
    expect((await currentUser(me.token)).data!.userInfo.theme).toBe('functional');
  });

  it('save the language; without a language header, messages then come in it', async () => {
    const me = await newSignedInUser();
    expect((await api('PUT', `${BASE}/SystemLanguage`, { token: me.token, json: { language: 'en' } })).code).toBe(200);
    expect((await userRow(me.id)).language).toBe('en');
    expect((await auditsOf(me.id))[0]).toMatchObject({
      action: 'systemLanguage',
      before: { language: null },
      after: { language: 'en' },
    });
    const bad = await api('PUT', `${BASE}/SystemTheme`, { token: me.token, json: { theme: 'x' } });
    expect(bad.msg).toMatch(/^Invalid input: theme: /);
    const header = await api('PUT', `${BASE}/SystemTheme`, {
      token: me.token,
      json: { theme: 'x' },
      headers: { 'jnpf-language': 'zh' },
    });
    expect(header.msg).toMatch(/^参数校验失败：theme: /);
  });

  it('refuse values outside the lists with 401; nothing changes', async () => {
    const me = await newSignedInUser({ theme: 'classic', language: 'zh' });
    for (const theme of ['neon', '', 'Classic', 1, null]) {
      const res = await api<Errors>('PUT', `${BASE}/SystemTheme`, { token: me.token, json: { theme } });
      expect(res.code, String(theme)).toBe(401);
      expect(Object.keys(res.data!.errors)).toEqual(['theme']);
    }
    for (const language of ['fr', 'zh-CN', '', 'EN']) {
      const res = await api<Errors>('PUT', `${BASE}/SystemLanguage`, { token: me.token, json: { language } });
      expect(res.code, language).toBe(401);
      expect(Object.keys(res.data!.errors)).toEqual(['language']);
    }
    expect(await userRow(me.id)).toMatchObject({ theme: 'classic', language: 'zh' });
  });
});

describe('PUT Avatar/{name}', () => {
  it('sets the avatar to an image file name, with an audit row', async () => {
    const me = await newSignedInUser();
    expect(await api('PUT', `${BASE}/Avatar/face_01-a.JPG`, { token: me.token })).toMatchObject({
      code: 200,
      msg: '设置成功',
    });
    const info = await api<{ headIcon: string }>('GET', `${BASE}/BaseInfo`, { token: me.token });
    expect(info.data!.headIcon).toBe('/api/file/Image/userAvatar/face_01-a.JPG');
    expect((await currentUser(me.token)).data!.userInfo.headIcon).toBe('/api/file/Image/userAvatar/face_01-a.JPG');
    expect((await auditsOf(me.id))[0]).toMatchObject({
      action: 'avatar',
      before: { headIcon: '001.png' },
      after: { headIcon: 'face_01-a.JPG' },
    });
  });

  it('refuses path traversal and anything but a plain image file name with 401', async () => {
    const me = await newSignedInUser();
    const names = [
      '..%2F..%2Fetc%2Fpasswd',
      '..%2F..%2Fetc%2Fpasswd.png',
      '..%5C..%5Cwindows%5Cwin.png',
      '%2Fetc%2Fx.png',
      '..png',
      'me.svg',
      'me.png.exe',
      'a%20b.png',
      `${'a'.repeat(101)}.png`,
    ];
    for (const name of names) {
      const res = await api<Errors>('PUT', `${BASE}/Avatar/${name}`, { token: me.token });
      expect(res.code, name).toBe(401);
      expect(res.data!.errors).toEqual({ name: '头像文件名不合法' });
    }
    const nul = await api<Errors>('PUT', `${BASE}/Avatar/me.png%00.jpg`, { token: me.token });
    expect(nul.data!.errors).toEqual({ name: '含有不允许的字符' });
    expect((await userRow(me.id)).headIcon).toBe('001.png');
  });
});

describe('GET Authorize', () => {
  it('the administrator is granted every system, menu and button', async () => {
    const res = await api<{
      module: { id: string; children: { enCode: string }[] }[];
      button: { id: string }[];
      column: unknown[];
      form: unknown[];
      resource: unknown[];
    }>('GET', `${BASE}/Authorize`, { token: adminToken });
    expect(res.code).toBe(200);
    expect(Object.keys(res.data!).sort()).toEqual(['button', 'column', 'form', 'module', 'resource']);
    const main = res.data!.module.find((m) => m.id === mainSystemId)!;
    expect(main.children.map((c) => c.enCode)).toEqual(
      expect.arrayContaining(['system', 'systemData', 'permission', 'msgCenter', 'onlineDev']),
    );
    const buttons = await ctx().db.select({ n: count() }).from(moduleButton).where(eq(moduleButton.enabledMark, 1));
    expect(res.data!.button).toHaveLength(buttons[0]!.n);
  });

  it('a user sees only what they are granted', async () => {
    const dir = { id: await findMenuId(ctx(), 'permission', mainSystemId) };
    const page = await insertMenu(ctx(), {
      parentId: dir.id,
      systemId: mainSystemId,
      type: 2,
      fullName: 'P',
      enCode: unique('pg'),
    });
    const b1 = await insertMenuItem(ctx(), moduleButton, page, 'btn_add');
    await insertMenuItem(ctx(), moduleButton, page, 'btn_edit');
    await ctx().catalogue.changed();
    const me = await newSignedInUser();
    await grantItems(ctx(), me.id, [
      ['module', dir.id],
      ['module', page],
      ['button', b1],
    ]);
    const res = await api<{
      module: { id: string; children: { id: string; children: { id: string }[] }[] }[];
      button: { id: string }[];
      column: unknown[];
    }>('GET', `${BASE}/Authorize`, { token: me.token });
    expect(res.data!.module.map((m) => m.id)).toEqual([mainSystemId]);
    expect(res.data!.module[0]!.children.map((c) => c.id)).toEqual([dir.id]);
    expect(res.data!.module[0]!.children[0]!.children.map((c) => c.id)).toEqual([page]);
    expect(res.data!.button.map((b) => b.id)).toEqual([b1]);
    expect(res.data!.column).toEqual([]);
  });
});
