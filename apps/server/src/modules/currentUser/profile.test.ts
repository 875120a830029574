// /api/permission/Users/Current over HTTP against a real database: own information, theme and language, avatar,
// signatures, organisations, positions and roles, the major switch, the sign-in log, grants and subordinates.
// The server trusts X-Forwarded-For so that each caller has its own address (and its own rate-limit bucket).
import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import { encryptLoginPassword, md5Hex, type CurrentUserResult } from '@jnpf/core';
import {
  auditLog,
  authorize,
  loginLog,
  module,
  moduleButton,
  organize,
  position,
  role,
  system,
  user,
  userRelation,
  userSignImg,
} from '../../db/schema/index.js';
import { newId } from '../../platform/ids.js';
import { hashPassword } from '../../platform/password.js';
import { call, startTestServer, type CallOptions, type TestServer } from '../../../test/harness.js';
import { currentUserRoutes } from './routes.js';

const BASE = '/api/permission/Users/Current';

let server: TestServer;
let adminToken: string;
let adminId: string;
let mainSystemId: string;
let rootOrgId: string;
beforeAll(async () => {
  server = await startTestServer({ trustProxy: true });
  adminToken = await signIn();
  adminId = (await ctx().db.select().from(user).where(eq(user.account, 'admin')))[0]!.id;
  mainSystemId = (await ctx().db.select().from(system).where(eq(system.enCode, 'mainSystem')))[0]!.id;
  rootOrgId = (await ctx().db.select().from(organize).where(eq(organize.enCode, 'HQ')))[0]!.id;
});
afterAll(async () => {
  await server?.close();
});

const ctx = () => server.platform.context;

const [octetA, octetB] = [randomInt(1, 255), randomInt(0, 200)];
let ipCount = 0;
const nextIp = () => {
  ipCount++;
  return `10.${octetA}.${octetB + Math.floor(ipCount / 250)}.${(ipCount % 250) + 1}`;
};
const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

async function createUser(fields: Partial<typeof user.$inferInsert> = {}, plain = 'Passw0rd') {
  const { hash, salt } = await hashPassword(md5Hex(plain));
  const id = newId();
  const account = fields.account ?? unique('u');
  await ctx()
    .db.insert(user)
    .values({
      id,
      account,
      realName: `User ${account}`,
      passwordHash: hash,
      passwordSalt: salt,
      creatorTime: Date.now(),
      ...fields,
    });
  await ctx().directory.changed(id);
  return { id, account };
}

function api<T = unknown>(method: string, path: string, options: CallOptions & { ip?: string } = {}) {
  const { ip, ...rest } = options;
  return call<T>(server, method, path, { ...rest, headers: { 'x-forwarded-for': ip ?? nextIp(), ...rest.headers } });
}

async function signIn(
  account = 'admin',
  plain = '123456',
  options: { ip?: string; userAgent?: string } = {},
): Promise<string> {
  const res = await api<{ token: string }>('POST', '/api/oauth/Login', {
    ip: options.ip ?? nextIp(),
    ...(options.userAgent ? { headers: { 'user-agent': options.userAgent } } : {}),
    form: {
      account,
      password: encryptLoginPassword(plain, server.config.cipherKey),
      code: '',
      timestamp: '',
      origin: 'password',
      grant_type: 'password',
      jnpf_ticket: '',
    },
  });
  expect(res.code, res.msg).toBe(200);
  return res.data!.token;
}

/** a user with a session */
async function newSignedInUser(fields: Partial<typeof user.$inferInsert> = {}) {
  const created = await createUser(fields);
  return { ...created, token: await signIn(created.account, 'Passw0rd') };
}

const userRow = async (id: string) => (await ctx().db.select().from(user).where(eq(user.id, id)))[0]!;
const auditsOf = (recordId: string) =>
  ctx()
    .db.select()
    .from(auditLog)
    .where(eq(auditLog.recordId, recordId))
    .orderBy(desc(auditLog.creatorTime), desc(auditLog.id));
const auditCount = async () => (await ctx().db.select({ n: count() }).from(auditLog))[0]!.n;
const currentUser = (token: string) => api<CurrentUserResult>('GET', '/api/oauth/CurrentUser', { token });

type Errors = { errors: Record<string, string> };

describe('BaseInfo', () => {
  it('GET returns the own record, with avatar URL, organisation path, positions, roles and manager', async () => {
    const boss = await createUser({ realName: '老板' });
    const positionId = newId();
    await ctx()
      .db.insert(position)
      .values({
        id: positionId,
        organizeId: rootOrgId,
        fullName: '经理',
        enCode: unique('P'),
        creatorTime: Date.now(),
      });
    const roleId = newId();
    await ctx()
      .db.insert(role)
      .values({ id: roleId, fullName: '审批人', enCode: unique('R'), creatorTime: Date.now() });
    const me = await createUser({
      realName: '李四',
      gender: 2,
      organizeId: rootOrgId,
      managerId: boss.id,
      email: 'ls@example.com',
      theme: 'plain',
      language: 'zhtw',
    });
    await ctx()
      .db.insert(userRelation)
      .values([
        { userId: me.id, objectType: 'Organize', objectId: rootOrgId, creatorTime: Date.now() },
        { userId: me.id, objectType: 'Position', objectId: positionId, creatorTime: Date.now() },
        { userId: me.id, objectType: 'Role', objectId: roleId, creatorTime: Date.now() },
      ]);
    await ctx().directory.changed(me.id);
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
    const res = await api('PUT', `${BASE}/BaseInfo`, {
      token: me.token,
      ip,
      json: {
        realName: '新名字',
        mobilePhone: '13911112222',
        email: 'new@example.com',
        gender: 1,
        certificatesType: '1',
        certificatesNumber: '11010119900307123X',
        nation: '01',
      },
    });
    expect(res).toMatchObject({ code: 200, msg: '更新成功' });
    const info = await api<Record<string, unknown>>('GET', `${BASE}/BaseInfo`, { token: me.token });
    expect(info.data).toMatchObject({
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
      after: {
        realName: '新名字',
        mobilePhone: '13911112222',
        email: 'new@example.com',
        gender: 1,
        certificatesType: '1',
        certificatesNumber: '11010119900307123X',
        nation: '01',
      },
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
    expect(nul.data!.errors).toEqual({ nation: 'The text contains a character that is not allowed' });
    const nulZh = await api<Errors>('PUT', `${BASE}/BaseInfo`, { token: me.token, json: { realName: '\u0000' } });
    expect(nulZh.data!.errors).toEqual({ realName: '内容包含不允许的字符' });
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
      'me.png%00.jpg',
      'a%20b.png',
      `${'a'.repeat(101)}.png`,
    ];
    for (const name of names) {
      const res = await api<Errors>('PUT', `${BASE}/Avatar/${name}`, { token: me.token });
      expect(res.code, name).toBe(401);
      expect(res.data!.errors).toEqual({ name: '头像文件名不合法' });
    }
    expect((await userRow(me.id)).headIcon).toBe('001.png');
  });
});

describe('SignImg', () => {
  const png = (n: number) => `data:image/png;base64,iVBORw0KGgo${'A'.repeat(n)}=`;
  type Sign = { id: string; signImg: string; isDefault: number; creatorTime: number };
  const list = async (token: string) => (await api<Sign[]>('GET', `${BASE}/SignImg`, { token })).data!;

  it('adds (the first becomes the default), lists newest first, switches the default and deletes', async () => {
    const me = await newSignedInUser();
    expect(await list(me.token)).toEqual([]);
    const first = await api<string>('POST', `${BASE}/SignImg`, {
      token: me.token,
      json: { signImg: png(1), isDefault: 0 },
    });
    expect(first).toMatchObject({ code: 200, msg: '新建成功' });
    expect(first.data).toMatch(/^\d+$/);
    expect((await currentUser(me.token)).data!.userInfo.signImg).toBe(png(1));
    const second = await api<string>('POST', `${BASE}/SignImg`, {
      token: me.token,
      json: { signImg: `data:image/jpeg;base64,/9j/${'B'.repeat(8)}==` },
    });
    const third = await api<string>('POST', `${BASE}/SignImg`, {
      token: me.token,
      json: { signImg: png(3), isDefault: 1 },
    });
    const rows = await list(me.token);
    expect(rows.map((r) => [r.id, r.isDefault])).toEqual([
      [third.data, 1],
      [second.data, 0],
      [first.data, 0],
    ]);
    expect(Object.keys(rows[0]!).sort()).toEqual(['creatorTime', 'id', 'isDefault', 'signImg']);
    expect((await currentUser(me.token)).data!.userInfo.signImg).toBe(png(3));

    expect(await api('PUT', `${BASE}/${second.data}/SignImg`, { token: me.token })).toMatchObject({
      code: 200,
      msg: '设置成功',
    });
    expect((await list(me.token)).filter((r) => r.isDefault === 1).map((r) => r.id)).toEqual([second.data]);
    expect((await auditsOf(second.data!)).map((a) => a.action)).toEqual(['defaultSignImg', 'addSignImg']);
    expect((await currentUser(me.token)).data!.userInfo.signImg).toMatch(/^data:image\/jpeg/);

    expect(await api('DELETE', `${BASE}/${first.data}/SignImg`, { token: me.token })).toMatchObject({
      code: 200,
      msg: '删除成功',
    });
    expect((await list(me.token)).map((r) => r.id)).toEqual([third.data, second.data]);
    expect((await auditsOf(first.data!)).map((a) => a.action)).toEqual(['deleteSignImg', 'addSignImg']);
  });

  it('refuses anything but a PNG or JPEG data URL, and one over 700 000 characters, with 401', async () => {
    const me = await newSignedInUser();
    const bad = [
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:text/html;base64,PGI+',
      'javascript:alert(1)',
      'https://evil.example/x.png',
      'data:image/png;base64,',
      'data:image/png;base64,@@@@',
      'data:image/png,plain',
      `data:image/png;base64,AAAA\n`,
      '',
    ];
    for (const signImg of bad) {
      const res = await api<Errors>('POST', `${BASE}/SignImg`, { token: me.token, json: { signImg } });
      expect(res.code, signImg).toBe(401);
      expect(res.data!.errors).toEqual({ signImg: '签名图片格式错误' });
    }
    const big = await api<Errors>('POST', `${BASE}/SignImg`, { token: me.token, json: { signImg: png(700_000) } });
    expect(big.code).toBe(401);
    expect(Object.keys(big.data!.errors)).toEqual(['signImg']);
    const badDefault = await api<Errors>('POST', `${BASE}/SignImg`, {
      token: me.token,
      json: { signImg: png(1), isDefault: 2 },
    });
    expect(Object.keys(badDefault.data!.errors)).toEqual(['isDefault']);
    expect(await list(me.token)).toEqual([]);
  });

  it('keeps at most ten', async () => {
    const me = await newSignedInUser();
    for (let i = 0; i < 10; i++)
      expect((await api('POST', `${BASE}/SignImg`, { token: me.token, json: { signImg: png(i + 1) } })).code).toBe(200);
    const eleventh = await api('POST', `${BASE}/SignImg`, { token: me.token, json: { signImg: png(20) } });
    expect(eleventh).toMatchObject({ code: 400, msg: '签名最多保存10个' });
    expect(await list(me.token)).toHaveLength(10);
  });

  it('concurrent adds still keep at most ten, with exactly one default', async () => {
    const me = await newSignedInUser();
    const results = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        api('POST', `${BASE}/SignImg`, { token: me.token, json: { signImg: png(i + 1), isDefault: i % 2 } }),
      ),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(10);
    expect(results.filter((r) => r.code === 400).map((r) => r.msg)).toEqual(Array(4).fill('签名最多保存10个'));
    const rows = await list(me.token);
    expect(rows).toHaveLength(10);
    expect(rows.filter((r) => r.isDefault === 1)).toHaveLength(1);
    // and concurrent default switches leave one default
    await Promise.all(rows.map((r) => api('PUT', `${BASE}/${r.id}/SignImg`, { token: me.token })));
    expect((await list(me.token)).filter((r) => r.isDefault === 1)).toHaveLength(1);
  });

  it('another user’s signature cannot be seen, deleted or made default: not found', async () => {
    const owner = await newSignedInUser();
    const other = await newSignedInUser();
    const added = await api<string>('POST', `${BASE}/SignImg`, { token: owner.token, json: { signImg: png(2) } });
    expect(await list(other.token)).toEqual([]);
    expect(await api('DELETE', `${BASE}/${added.data}/SignImg`, { token: other.token })).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
    expect(await api('PUT', `${BASE}/${added.data}/SignImg`, { token: other.token })).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
    expect(await api('DELETE', `${BASE}/nope/SignImg`, { token: owner.token })).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
    expect((await api('DELETE', `${BASE}/${'9'.repeat(51)}/SignImg`, { token: owner.token })).code).toBe(401);
    expect((await ctx().db.select().from(userSignImg).where(eq(userSignImg.id, added.data!)))[0]!.isDefault).toBe(1);
  });
});

describe('own organisations, positions and roles', () => {
  it('list them, marking the main organisation and position', async () => {
    const deptId = newId();
    await ctx()
      .db.insert(organize)
      .values({
        id: deptId,
        parentId: rootOrgId,
        category: 'department',
        fullName: '财务部',
        enCode: unique('D'),
        organizeIdTree: `${rootOrgId},${deptId}`,
        creatorTime: Date.now(),
      });
    const [p1, p2] = [newId(), newId()];
    await ctx()
      .db.insert(position)
      .values([
        { id: p1, organizeId: deptId, fullName: '会计', enCode: unique('P'), creatorTime: Date.now() },
        { id: p2, organizeId: rootOrgId, fullName: '出纳', enCode: unique('P'), creatorTime: Date.now() },
      ]);
    const roleId = newId();
    await ctx()
      .db.insert(role)
      .values({ id: roleId, fullName: '财务', enCode: unique('R'), creatorTime: Date.now() });
    const me = await createUser({ organizeId: deptId, positionId: p2 });
    await ctx()
      .db.insert(userRelation)
      .values(
        (
          [
            ['Organize', rootOrgId],
            ['Organize', deptId],
            ['Position', p1],
            ['Position', p2],
            ['Role', roleId],
          ] as const
        ).map(([objectType, objectId]) => ({ userId: me.id, objectType, objectId, creatorTime: Date.now() })),
      );
    await ctx().directory.changed(me.id);
    const token = await signIn(me.account, 'Passw0rd');
    const orgs = await api<{ id: string; fullName: string; isDefault: boolean }[]>('GET', `${BASE}/getUserOrganizes`, {
      token,
    });
    expect(orgs.code).toBe(200);
    expect([...orgs.data!].sort((a, b) => a.fullName.localeCompare(b.fullName))).toEqual(
      [
        { id: rootOrgId, fullName: '智慧园区集团', isDefault: false },
        { id: deptId, fullName: '智慧园区集团/财务部', isDefault: true },
      ].sort((a, b) => a.fullName.localeCompare(b.fullName)),
    );
    const positions = await api<{ id: string; fullName: string; isDefault: boolean }[]>(
      'GET',
      `${BASE}/getUserPositions`,
      { token },
    );
    expect([...positions.data!].sort((a, b) => a.fullName.localeCompare(b.fullName))).toEqual(
      [
        { id: p1, fullName: '会计', isDefault: false },
        { id: p2, fullName: '出纳', isDefault: true },
      ].sort((a, b) => a.fullName.localeCompare(b.fullName)),
    );
    expect((await api('GET', `${BASE}/getUserRoles`, { token })).data).toEqual([{ id: roleId, fullName: '财务' }]);
  });

  it('are empty lists for a user with none', async () => {
    const me = await newSignedInUser();
    for (const path of ['getUserOrganizes', 'getUserPositions', 'getUserRoles'])
      expect(await api('GET', `${BASE}/${path}`, { token: me.token })).toMatchObject({ code: 200, data: [] });
  });
});

describe('PUT major', () => {
  async function addSystem(fields: { enabledMark?: number; workflowEnabled?: number } = {}) {
    const id = newId();
    await ctx()
      .db.insert(system)
      .values({
        id,
        fullName: `S${id}`,
        enCode: unique('s'),
        enabledMark: fields.enabledMark ?? 1,
        workflowEnabled: fields.workflowEnabled ?? 0,
        creatorTime: Date.now(),
      });
    return id;
  }
  async function addMenu(systemId: string, type = 1) {
    const id = newId();
    await ctx()
      .db.insert(module)
      .values({
        id,
        parentId: '-1',
        systemId,
        category: 'Web',
        type,
        fullName: `M${id}`,
        enCode: unique('m'),
        creatorTime: Date.now(),
      });
    return id;
  }
  const major = (token: string, json: Record<string, unknown>, headers: Record<string, string> = {}) =>
    api<Errors>('PUT', `${BASE}/major`, { token, json, headers });

  it('System: switches to a system with menus; CurrentUser then works in it', async () => {
    const sys = await addSystem();
    const dir = await addMenu(sys);
    await ctx().catalogue.changed();
    const me = await newSignedInUser({ isAdministrator: 1, systemId: mainSystemId });
    expect(await major(me.token, { majorType: 'System', majorId: sys })).toMatchObject({ code: 200, msg: '切换成功' });
    expect((await userRow(me.id)).systemId).toBe(sys);
    const cu = (await currentUser(me.token)).data!;
    expect(cu.userInfo.systemId).toBe(sys);
    expect(cu.menuList.map((m) => m.id)).toEqual([dir]);
    expect((await auditsOf(me.id))[0]).toMatchObject({ action: 'majorSystem', after: { systemId: sys } });
    // menuType 1 switches the app system instead
    expect((await major(me.token, { majorType: 'System', majorId: mainSystemId, menuType: 1 })).code).toBe(200);
    expect(await userRow(me.id)).toMatchObject({ systemId: sys, appSystemId: mainSystemId });
  });

  it('System: refuses an unknown, a disabled, and an empty system; a workflow system without menus is allowed', async () => {
    const disabled = await addSystem({ enabledMark: 0 });
    await addMenu(disabled);
    const empty = await addSystem();
    const workflow = await addSystem({ workflowEnabled: 1 });
    await ctx().catalogue.changed();
    expect(await major(adminToken, { majorType: 'System', majorId: 'nope' })).toMatchObject({
      code: 400,
      msg: '该应用已删除',
    });
    expect(await major(adminToken, { majorType: 'System', majorId: disabled })).toMatchObject({
      code: 400,
      msg: '该应用已禁用',
    });
    expect(await major(adminToken, { majorType: 'System', majorId: empty })).toMatchObject({
      code: 400,
      msg: '该系统下菜单为空，系统切换失败',
    });
    expect((await major(adminToken, { majorType: 'System', majorId: empty }, { 'jnpf-language': 'en' })).msg).toBe(
      'You have no menus in that application',
    );
    expect((await userRow(adminId)).systemId).toBe(mainSystemId);
    expect(await major(adminToken, { majorType: 'System', majorId: workflow })).toMatchObject({
      code: 200,
      msg: '切换成功',
    });
    expect((await major(adminToken, { majorType: 'System', majorId: mainSystemId })).code).toBe(200);
  });

  it('System: a user with no menus granted in a system cannot switch to it; granted, they can', async () => {
    const sys = await addSystem();
    const menu = await addMenu(sys, 2);
    await ctx().catalogue.changed();
    const me = await newSignedInUser();
    expect(await major(me.token, { majorType: 'System', majorId: sys })).toMatchObject({
      code: 400,
      msg: '该系统下菜单为空，系统切换失败',
    });
    await ctx()
      .db.insert(authorize)
      .values({ objectType: 'User', objectId: me.id, itemType: 'module', itemId: menu, creatorTime: Date.now() });
    await ctx().grants.changed(me.id);
    expect((await major(me.token, { majorType: 'System', majorId: sys })).code).toBe(200);
    expect((await currentUser(me.token)).data!.menuList.map((m) => m.id)).toEqual([menu]);
  });

  it('Organize and Position: only the user’s own; the main one changes', async () => {
    const deptId = newId();
    await ctx()
      .db.insert(organize)
      .values({
        id: deptId,
        parentId: rootOrgId,
        category: 'department',
        fullName: '市场部',
        enCode: unique('D'),
        organizeIdTree: `${rootOrgId},${deptId}`,
        creatorTime: Date.now(),
      });
    const otherDept = newId();
    await ctx()
      .db.insert(organize)
      .values({
        id: otherDept,
        parentId: rootOrgId,
        category: 'department',
        fullName: '别人的部门',
        enCode: unique('D'),
        organizeIdTree: `${rootOrgId},${otherDept}`,
        creatorTime: Date.now(),
      });
    const [mine, notMine] = [newId(), newId()];
    await ctx()
      .db.insert(position)
      .values([
        { id: mine, organizeId: deptId, fullName: '专员', enCode: unique('P'), creatorTime: Date.now() },
        { id: notMine, organizeId: otherDept, fullName: '主管', enCode: unique('P'), creatorTime: Date.now() },
      ]);
    const me = await createUser({ organizeId: rootOrgId });
    await ctx()
      .db.insert(userRelation)
      .values([
        { userId: me.id, objectType: 'Organize', objectId: rootOrgId, creatorTime: Date.now() },
        { userId: me.id, objectType: 'Organize', objectId: deptId, creatorTime: Date.now() },
        { userId: me.id, objectType: 'Position', objectId: mine, creatorTime: Date.now() },
      ]);
    await ctx().directory.changed(me.id);
    const token = await signIn(me.account, 'Passw0rd');

    expect(await major(token, { majorType: 'Organize', majorId: otherDept })).toMatchObject({
      code: 400,
      msg: '您不属于该组织',
    });
    expect(await major(token, { majorType: 'Position', majorId: notMine })).toMatchObject({
      code: 400,
      msg: '您没有该岗位',
    });
    expect(await major(token, { majorType: 'Position', majorId: 'nope' })).toMatchObject({
      code: 400,
      msg: '您没有该岗位',
    });
    expect(await userRow(me.id)).toMatchObject({ organizeId: rootOrgId, positionId: null });

    expect(await major(token, { majorType: 'Organize', majorId: deptId })).toMatchObject({
      code: 200,
      msg: '设置成功',
    });
    expect(await major(token, { majorType: 'Position', majorId: mine })).toMatchObject({ code: 200, msg: '设置成功' });
    expect(await userRow(me.id)).toMatchObject({ organizeId: deptId, positionId: mine });
    const info = (await currentUser(token)).data!.userInfo;
    expect(info).toMatchObject({
      organizeId: deptId,
      departmentName: '市场部',
      positionId: mine,
      positionName: '专员',
    });
  });

  it('refuses a bad body with 401', async () => {
    for (const json of [
      {},
      { majorType: 'Role', majorId: 'x' },
      { majorType: 'System', majorId: '' },
      { majorType: 'System', majorId: 'x'.repeat(51) },
      { majorType: 'System', majorId: 'x', menuType: 'app' },
    ]) {
      const res = await major(adminToken, json);
      expect(res.code, JSON.stringify(json)).toBe(401);
    }
  });
});

describe('GET SystemLog', () => {
  type Row = {
    id: string;
    creatorTime: number;
    userName: string;
    account: string;
    ipaddress: string;
    ipaddressName: string;
    platForm: string;
    browser: string;
    loginMark: number;
    abstracts: string;
  };
  const log = (token: string, query: Record<string, string | number> = {}) =>
    api<{ list: Row[]; pagination: { currentPage: number; pageSize: number; total: number } }>(
      'GET',
      `${BASE}/SystemLog`,
      { token, query },
    );

  it('pages the caller’s own sign-ins, newest first', async () => {
    const me = await createUser({ realName: '日志' });
    const agents = [
      'Agent_1',
      'Agent%2',
      'AgentX3',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1',
    ];
    let token = '';
    for (const [i, ua] of agents.entries())
      token = await signIn(me.account, 'Passw0rd', { ip: `10.88.0.${i + 1}`, userAgent: ua });
    await api('POST', '/api/oauth/Login', {
      ip: '10.88.0.9',
      form: { account: me.account, password: md5Hex('wrong') },
    });
    await signIn(); // someone else's sign-in is not in the list

    const all = await log(token);
    expect(all.code).toBe(200);
    expect(all.data!.pagination).toEqual({ currentPage: 1, pageSize: 20, total: 5 });
    expect(all.data!.list.map((r) => [r.ipaddress, r.loginMark, r.abstracts])).toEqual([
      ['10.88.0.9', 0, 'loginFailed'],
      ['10.88.0.4', 1, 'ok'],
      ['10.88.0.3', 1, 'ok'],
      ['10.88.0.2', 1, 'ok'],
      ['10.88.0.1', 1, 'ok'],
    ]);
    expect(all.data!.list[1]).toMatchObject({
      userName: '日志',
      account: me.account,
      ipaddressName: '本地局域网',
      platForm: 'iPhone',
      browser: 'Version/17.0 Mobile/15E148 Safari',
    });

    const page2 = await log(token, { currentPage: 2, pageSize: 2 });
    expect(page2.data!.pagination).toEqual({ currentPage: 2, pageSize: 2, total: 5 });
    expect(page2.data!.list.map((r) => r.ipaddress)).toEqual(['10.88.0.3', '10.88.0.2']);
    expect((await log(token, { currentPage: 9, pageSize: 2 })).data!.list).toEqual([]);
  });

  it('matches the keyword literally: % and _ are not wildcards; case does not matter', async () => {
    const me = await createUser();
    let token = '';
    for (const [i, ua] of ['Agent_1', 'Agent%2', 'AgentX3', 'Agent\\4'].entries())
      token = await signIn(me.account, 'Passw0rd', { ip: `10.89.0.${i + 1}`, userAgent: ua });
    const browsers = async (keyword: string) => (await log(token, { keyword })).data!.list.map((r) => r.browser);
    expect(await browsers('_')).toEqual(['Agent_1']);
    expect(await browsers('%')).toEqual(['Agent%2']);
    expect(await browsers('agentx')).toEqual(['AgentX3']);
    expect(await browsers('\\')).toEqual(['Agent\\4']);
    expect(await browsers('10.89.0.2')).toEqual(['Agent%2']);
    expect(await browsers("' or 1=1 --")).toEqual([]);
    expect((await browsers('agent')).length).toBe(4);
  });

  it('rows with the same time keep one order across pages (newest id first)', async () => {
    const me = await newSignedInUser();
    const time = Date.now() - 3_600_000;
    const ids = Array.from({ length: 7 }, () => newId());
    // stored in an order unrelated to the ids, so that only an explicit tie-break gives the expected order
    const stored = [3, 0, 6, 1, 5, 2, 4].map((i) => ids[i]!);
    await ctx()
      .db.insert(loginLog)
      .values(
        stored.map((id, i) => ({
          id,
          userId: me.id,
          account: me.account,
          ip: `10.90.0.${i}`,
          success: 1,
          creatorTime: time,
        })),
      );
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++)
      seen.push(
        ...(await log(me.token, { currentPage: page, pageSize: 2, endTime: time })).data!.list.map((r) => r.id),
      );
    expect(seen).toEqual([...ids].reverse());
  });

  it('startTime and endTime bound the rows', async () => {
    const me = await newSignedInUser();
    const ids = [newId(), newId(), newId()];
    await ctx()
      .db.insert(loginLog)
      .values(
        ids.map((id, i) => ({
          id,
          userId: me.id,
          account: me.account,
          ip: '10.91.0.1',
          success: 1,
          creatorTime: 1_000_000 + i * 1000,
        })),
      );
    const rows = (await log(me.token, { startTime: 1_000_500, endTime: 1_002_000 })).data!.list.map((r) => r.id);
    expect(rows).toEqual([ids[2], ids[1]]);
  });

  it('refuses bad paging with 401', async () => {
    const queries: Record<string, string | number>[] = [
      { pageSize: 0 },
      { pageSize: 501 },
      { currentPage: 0 },
      { currentPage: 'x' },
      { keyword: 'k'.repeat(201) },
    ];
    for (const query of queries) expect((await log(adminToken, query)).code, JSON.stringify(query)).toBe(401);
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
    const [dir] = await ctx()
      .db.select()
      .from(module)
      .where(and(eq(module.enCode, 'permission'), eq(module.systemId, mainSystemId)));
    const page = newId();
    await ctx()
      .db.insert(module)
      .values({
        id: page,
        parentId: dir!.id,
        systemId: mainSystemId,
        category: 'Web',
        type: 2,
        fullName: 'P',
        enCode: unique('pg'),
        creatorTime: Date.now(),
      });
    const [b1, b2] = [newId(), newId()];
    await ctx()
      .db.insert(moduleButton)
      .values([
        { id: b1, moduleId: page, fullName: 'add', enCode: 'btn_add', creatorTime: Date.now() },
        { id: b2, moduleId: page, fullName: 'edit', enCode: 'btn_edit', creatorTime: Date.now() },
      ]);
    await ctx().catalogue.changed();
    const me = await newSignedInUser();
    await ctx()
      .db.insert(authorize)
      .values(
        (
          [
            ['module', dir!.id],
            ['module', page],
            ['button', b1],
          ] as const
        ).map(([itemType, itemId]) => ({
          objectType: 'User',
          objectId: me.id,
          itemType,
          itemId,
          creatorTime: Date.now(),
        })),
      );
    await ctx().grants.changed(me.id);
    const res = await api<{
      module: { id: string; children: { id: string; children: { id: string }[] }[] }[];
      button: { id: string }[];
      column: unknown[];
    }>('GET', `${BASE}/Authorize`, { token: me.token });
    expect(res.data!.module.map((m) => m.id)).toEqual([mainSystemId]);
    expect(res.data!.module[0]!.children.map((c) => c.id)).toEqual([dir!.id]);
    expect(res.data!.module[0]!.children[0]!.children.map((c) => c.id)).toEqual([page]);
    expect(res.data!.button.map((b) => b.id)).toEqual([b1]);
    expect(res.data!.column).toEqual([]);
  });
});

describe('GET Subordinate/{id}', () => {
  type Sub = { id: string; avatar: string; userName: string; department: string; position: string; isLeaf: boolean };
  const subs = (token: string, id: string) => api<Sub[]>('GET', `${BASE}/Subordinate/${id}`, { token });

  it('0 is the caller; reports further down the line may be opened; anyone else is refused', async () => {
    const boss = await newSignedInUser({ realName: '老板' });
    const mid = await newSignedInUser({ realName: '中层', managerId: boss.id, organizeId: rootOrgId });
    const leaf = await createUser({ realName: '员工', managerId: mid.id });
    const stranger = await newSignedInUser();

    const mine = await subs(boss.token, '0');
    expect(mine.code).toBe(200);
    expect(mine.data).toEqual([
      {
        id: mid.id,
        avatar: '/api/file/Image/userAvatar/001.png',
        userName: `中层/${mid.account}`,
        department: '智慧园区集团',
        position: '',
        isLeaf: false,
      },
    ]);
    expect((await subs(boss.token, mid.id)).data).toEqual([
      {
        id: leaf.id,
        avatar: '/api/file/Image/userAvatar/001.png',
        userName: `员工/${leaf.account}`,
        department: '',
        position: '',
        isLeaf: true,
      },
    ]);
    expect((await subs(boss.token, boss.id)).data!.map((s) => s.id)).toEqual([mid.id]);
    expect((await subs(boss.token, leaf.id)).data).toEqual([]);

    for (const [token, id] of [
      [mid.token, boss.id],
      [stranger.token, mid.id],
      [stranger.token, 'nope'],
      [mid.token, stranger.id],
    ] as const) {
      expect(await subs(token, id), id).toMatchObject({ code: 400, msg: '不能查看该用户的下属' });
    }
    expect((await subs(stranger.token, '0')).data).toEqual([]);
    // an administrator may look at anyone
    expect((await subs(adminToken, mid.id)).data!.map((s) => s.id)).toEqual([leaf.id]);
    expect((await subs(adminToken, 'x'.repeat(51))).code).toBe(401);
  });

  it('a reporting cycle does not hang the walk', async () => {
    const a = await createUser();
    const b = await createUser({ managerId: a.id });
    await ctx().db.update(user).set({ managerId: b.id }).where(eq(user.id, a.id));
    const outsider = await newSignedInUser();
    expect(await subs(outsider.token, a.id)).toMatchObject({ code: 400, msg: '不能查看该用户的下属' });
  });
});

describe('NUL characters (which PostgreSQL cannot store) in ids and keywords', () => {
  it('are refused with 401 on the field, never a 500', async () => {
    const cases: [string, string, Record<string, unknown> | undefined, string][] = [
      ['DELETE', `${BASE}/%00/SignImg`, undefined, 'id'],
      ['PUT', `${BASE}/a%00b/SignImg`, undefined, 'id'],
      ['GET', `${BASE}/Subordinate/%00`, undefined, 'id'],
      ['PUT', `${BASE}/major`, { majorType: 'System', majorId: '\u0000' }, 'majorId'],
      ['PUT', `${BASE}/major`, { majorType: 'Organize', majorId: 'x\u0000' }, 'majorId'],
      ['GET', `${BASE}/SystemLog?keyword=%00`, undefined, 'keyword'],
    ];
    for (const [method, path, json, field] of cases) {
      const res = await api<Errors>(method, path, { token: adminToken, ...(json ? { json } : {}) });
      expect(res.code, `${method} ${path}`).toBe(401);
      expect(res.data!.errors).toEqual({ [field]: '内容包含不允许的字符' });
    }
    expect((await currentUser(adminToken)).code).toBe(200);
  });
});

describe('every current-user route', () => {
  it('answers 602 without a token or with an unknown one', async () => {
    expect(currentUserRoutes.length).toBe(17);
    for (const r of currentUserRoutes) {
      expect(r.permission, r.url).toBe('signedIn');
      const url = r.url.replace(':name', 'a.png').replace(':id', '1');
      for (const token of [undefined, `bearer ${'c'.repeat(43)}`]) {
        const res = await api(r.method, url, {
          ...(token ? { token } : {}),
          ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { json: {} }),
        });
        expect(res, `${r.method} ${r.url}`).toMatchObject({ code: 602, msg: 'Token验证失败' });
      }
    }
  });

  it('answers 600 after the session ended, and writes nothing', async () => {
    const me = await newSignedInUser();
    await api('GET', '/api/oauth/Logout', { token: me.token });
    const audits = await auditCount();
    expect((await api('PUT', `${BASE}/BaseInfo`, { token: me.token, json: { realName: 'late' } })).code).toBe(600);
    expect(
      (await api('POST', `${BASE}/SignImg`, { token: me.token, json: { signImg: 'data:image/png;base64,AAAA' } })).code,
    ).toBe(600);
    expect(await auditCount()).toBe(audits);
    expect((await userRow(me.id)).realName).not.toBe('late');
  });
});
