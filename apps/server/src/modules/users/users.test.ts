// User administration over HTTP against a real database: create with the default password, info, the list and its
// filters, update with memberships, the reporting line and administrator protection, delete, state, unlock,
// password reset, work handover, bad input, and what a signed-in user sees change at the next call.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { encryptLoginPassword, md5Hex, type CurrentUserResult } from '@jnpf/core';
import {
  auditLog,
  authorize,
  module,
  organize,
  permissionGroup,
  permissionGroupMember,
  role,
  user,
  userRelation,
} from '../../db/schema/index.js';
import { newId } from '../../platform/ids.js';
import { verifyPassword } from '../../platform/password.js';
import { call, signIn, unique } from '../../../test/harness.js';
import { signedInUser, type MenuGrants } from '../../../test/kit/access.js';
import { api, ctx, server } from '../../../test/kit/adminServer.js';
import { adminId as seededAdminId, type UserFields } from '../../../test/kit/directory.js';
import { createDepartment, createPosition, createRole, createUser } from '../../../test/kit/directoryApi.js';
import type { Errors, Page } from '../../../test/kit/recordScreens.js';
import { expectFieldRefusals, rootId, useHeadOfficeServer } from '../../../test/kit/recordScreens.js';
import { resetSysConfig, setSysConfig } from '../../../test/kit/sysConfig.js';

const BASE = '/api/permission/Users';

let adminId: string;

useHeadOfficeServer();
beforeAll(async () => {
  adminId = await seededAdminId(ctx());
});
afterEach(async () => {
  await resetSysConfig(ctx());
});

const org = (parentId = rootId) => createDepartment(api, parentId);
const positionIn = (organizeId: string) => createPosition(api, organizeId);

/** a role of this organisation, or a global one */
async function roleIn(organizeId?: string) {
  const path = organizeId
    ? (await ctx().db.select().from(organize).where(eq(organize.id, organizeId)))[0]!.organizeIdTree.split(',')
    : [];
  return createRole(api, { globalMark: organizeId ? 0 : 1, organizeIdsTree: organizeId ? [path] : [] });
}

/** a user made through the API, in the head office unless told otherwise */
const newUser = (fields: Record<string, unknown> = {}) => createUser(api, rootId, fields);

const userRow = async (id: string) => (await ctx().db.select().from(user).where(eq(user.id, id)))[0];
const relations = async (id: string) =>
  (await ctx().db.select().from(userRelation).where(eq(userRelation.userId, id)))
    .map((r) => `${r.objectType}:${r.objectId}`)
    .sort();

/** a signed-in user granted menus and buttons directly (not an administrator unless `extra` says so) */
const operator = (grants: MenuGrants, extra: UserFields = {}) =>
  signedInUser(server, { realName: '操作员', organizeId: rootId, ...extra }, { grants });

const ALL_BUTTONS = ['btn_add', 'btn_edit', 'btn_remove', 'btn_resetPassword', 'btn_unlock', 'btn_handover'];

describe('creating users', () => {
  it('a new user gets the configured default password, hashed, and must change it', async () => {
    const d = await org();
    const p = await positionIn(d);
    const r = await roleIn(d);
    const res = await api<string>('POST', BASE, {
      json: {
        account: unique('zhang'),
        realName: '张三',
        organizeId: `${d},${rootId}`,
        organizeIdTree: [['ignored']],
        positionId: p,
        roleId: r,
        gender: '1',
        mobilePhone: '13800138000',
        email: 'zs@example.com',
        birthday: 631_152_000_000,
        entryDate: '1700000000000',
        headIcon: '/api/file/Image/userAvatar/me.png',
        enabledMark: 1,
        sortCode: 3,
      },
    });
    expect(res).toMatchObject({ code: 200, msg: '新建成功' });
    const row = (await userRow(res.data!))!;
    expect(row.changePasswordDate).toBeNull();
    expect(row.passwordHash).not.toBe(md5Hex('0000'));
    expect(await verifyPassword(md5Hex('0000'), row.passwordHash, row.passwordSalt)).toBe(true);
    expect(row).toMatchObject({
      organizeId: d,
      positionId: p,
      isAdministrator: 0,
      headIcon: 'me.png',
      birthday: 631_152_000_000,
      entryDate: 1_700_000_000_000,
    });
    expect(await relations(res.data!)).toEqual(
      [`Organize:${d}`, `Organize:${rootId}`, `Position:${p}`, `Role:${r}`].sort(),
    );
    await signIn(server, row.account, '0000');
  });

  it('uses the configured newUserDefaultPassword', async () => {
    await setSysConfig(ctx(), { newUserDefaultPassword: 'Start123' });
    const u = await newUser();
    await signIn(server, u.account, 'Start123');
  });

  it('ignores what a form must not set (administrator flag, hashes, ids)', async () => {
    const u = await newUser({
      isAdministrator: 1,
      passwordHash: 'x',
      passwordSalt: 'y',
      id: 'forged',
      changePasswordDate: 1,
      handoverMark: 1,
    });
    const row = (await userRow(u.id))!;
    expect(row).toMatchObject({ isAdministrator: 0, handoverMark: 0, changePasswordDate: null });
    expect(u.id).not.toBe('forged');
  });

  it('refuses duplicates and memberships that do not fit together', async () => {
    const u = await newUser();
    expect(
      await api('POST', BASE, { json: { account: u.account, realName: 'x', organizeId: rootId, gender: 1 } }),
    ).toMatchObject({
      code: 400,
      msg: '账户名称不能重复',
    });
    const d = await org();
    const other = await org();
    const pOther = await positionIn(other);
    const base = { account: unique('u'), realName: '李四', organizeId: d, gender: 1 };
    expect(await api('POST', BASE, { json: { ...base, organizeId: `${d},${newId()}` } })).toMatchObject({
      code: 400,
      msg: '所属组织不存在',
    });
    expect(await api('POST', BASE, { json: { ...base, positionId: pOther } })).toMatchObject({
      code: 400,
      msg: '岗位不存在或不属于所属组织',
    });
    expect(await api('POST', BASE, { json: { ...base, roleId: newId() } })).toMatchObject({
      code: 400,
      msg: '角色不存在或不属于所属组织',
    });
    expect(await api('POST', BASE, { json: { ...base, groupId: newId() } })).toMatchObject({
      code: 400,
      msg: '分组不存在',
    });
    expect(await api('POST', BASE, { json: { ...base, managerId: newId() } })).toMatchObject({
      code: 400,
      msg: '直属主管不存在',
    });
    expect(await api('POST', BASE, { json: { ...base, gender: 9 } })).toMatchObject({ code: 400, msg: '找不到该性别' });
    // a global role fits any organisation
    const global = await roleIn();
    expect((await api('POST', BASE, { json: { ...base, roleId: global } })).code).toBe(200);
  });

  it('names the roles outside the chosen organisations and the way out, in each language', async () => {
    const d = await org();
    const other = await org();
    const own = await roleIn(d);
    const outside = await roleIn(other);
    const outsideName = (await ctx().db.select().from(role).where(eq(role.id, outside)))[0]!.fullName;
    const body = { realName: '赵六', organizeId: d, gender: 1, roleId: `${own},${outside}` };
    const zh = await api<Errors>('POST', BASE, { json: { ...body, account: unique('u') } });
    const refusal = `角色「${outsideName}」不属于所属组织，请先选择该组织或移除该角色`;
    expect(zh).toMatchObject({ code: 401, msg: refusal, data: { errors: { roleId: refusal } } });
    const en = await api<Errors>('POST', BASE, {
      json: { ...body, account: unique('u') },
      headers: { 'jnpf-language': 'en' },
    });
    expect(en.data!.errors.roleId).toBe(
      `The role “${outsideName}” does not belong to the user’s organisations: choose its organisation first or remove the role`,
    );
    // choosing the role's organisation too is the way out
    const fixed = await api('POST', BASE, { json: { ...body, account: unique('u'), organizeId: `${d},${other}` } });
    expect(fixed.code).toBe(200);
  });

  it('refuses bad input with the field rules', async () => {
    const base = { account: unique('u'), realName: '王五', organizeId: rootId, gender: 1 };
    const idCardType = (await ctx().db.query.dictionaryData.findMany()).find((d) => d.fullName === '身份证')!.id;
    await expectFieldRefusals(
      (patch) => api<Errors>('POST', BASE, { json: { ...base, ...patch } }),
      [
        [{ account: undefined }, 'account', '账号不能为空'],
        [{ account: 'a'.repeat(10_240) }, 'account', '账号最多为50个字符！'],
        [{ account: 'bad@name' }, 'account', '账户不能含有特殊符号'],
        [{ account: "x' or '1'='1" }, 'account', '账户不能含有特殊符号'],
        [{ account: 'a\u202Eb' }, 'account', '账户不能含有特殊符号'],
        [{ realName: undefined }, 'realName', '姓名不能为空'],
        [{ realName: '名'.repeat(10_240) }, 'realName', '名称最多为50个字符！'],
        [{ realName: '<img src=x>' }, 'realName', '名称不能含有特殊符号'],
        [{ organizeId: undefined }, 'organizeId', '所属组织不能为空'],
        [{ organizeId: '' }, 'organizeId', '所属组织不能为空'],
        [{ organizeId: '1;drop table base_user' }, 'organizeId', '参数格式错误'],
        [{ organizeId: ['a', 'b'] }, 'organizeId', '参数格式错误'],
        [{ gender: undefined }, 'gender', '性别不能为空'],
        [{ gender: '' }, 'gender', '性别不能为空'],
        [{ gender: null }, 'gender', '性别不能为空'],
        [{ gender: 'male' }, 'gender', '找不到该性别'],
        [{ gender: true }, 'gender', '找不到该性别'],
        [{ enabledMark: 5 }, 'enabledMark', '状态只能是禁用、正常或锁定'],
        [{ mobilePhone: '12345' }, 'mobilePhone', '请正确输入您的手机号'],
        [{ email: 'not-an-email' }, 'email', '请正确输入您的邮箱地址'],
        [{ certificatesType: idCardType, certificatesNumber: '123' }, 'certificatesNumber', '请正确输入您的身份证号码'],
        [{ headIcon: '../../etc/passwd' }, 'headIcon', '头像文件名不合法'],
        [{ headIcon: '../../etc/passwd\u0000' }, 'headIcon', '含有不允许的字符'],
        [{ description: 'x'.repeat(10_240) }, 'description', '内容长度超出限制'],
        [{ birthday: 'yesterday' }, 'birthday', '时间不正确'],
        [{ entryDate: -62_135_596_800_001 }, 'entryDate', '时间不正确'],
        [{ sortCode: 1.5 }, 'sortCode', '排序只能是0到999999的整数'],
      ],
    );
    // a valid ID card number passes
    const ok = await api('POST', BASE, {
      json: { ...base, certificatesType: idCardType, certificatesNumber: '11010519491231002X' },
    });
    expect(ok.code).toBe(200);
  });
});

describe('reading users', () => {
  it('info carries memberships as ids and paths, never a password', async () => {
    const d = await org();
    const dd = await org(d);
    const p = await positionIn(dd);
    const manager = await newUser({ realName: '主管' });
    const u = await newUser({ organizeId: dd, positionId: p, managerId: manager.id, email: 'a@b.cn', sortCode: 9 });
    const res = await api<Record<string, unknown>>('GET', `${BASE}/${u.id}`);
    expect(res.data).toMatchObject({
      id: u.id,
      account: u.account,
      realName: '张三',
      organizeId: dd,
      organizeIdTree: [[rootId, d, dd]],
      positionId: p,
      roleId: '',
      managerId: manager.id,
      gender: '1',
      email: 'a@b.cn',
      headIcon: '/api/file/Image/userAvatar/001.png',
      enabledMark: 1,
      sortCode: 9,
    });
    expect(JSON.stringify(res)).not.toMatch(/password|salt/i);
    expect(await api('GET', `${BASE}/${newId()}`)).toMatchObject({ code: 400, msg: '用户不存在' });
  });

  it('the list pages and filters by organisation subtree, role, state, gender and keyword', async () => {
    const d = await org();
    const dd = await org(d);
    const r = await roleIn(dd);
    const marker = unique('检');
    const ids: string[] = [];
    for (let i = 0; i < 6; i++)
      ids.push(
        (
          await newUser({
            realName: `${marker}${i}`,
            organizeId: i % 2 ? dd : d,
            gender: i < 3 ? 1 : 2,
            sortCode: i,
            roleId: i === 5 ? r : '',
          })
        ).id,
      );
    const bySubtree = await api<Page<{ id: string; organize: string; gender: string }>>('GET', BASE, {
      query: { organizeId: d, pageSize: 20 },
    });
    expect(bySubtree.data!.pagination.total).toBe(6);
    expect(bySubtree.data!.list.map((x) => x.id)).toEqual(ids);
    expect(bySubtree.data!.list[0]!.gender).toBe('男');
    expect(bySubtree.data!.list[1]!.organize.split('/')).toHaveLength(3);
    const onlyDd = await api<Page<{ id: string }>>('GET', BASE, { query: { organizeId: dd } });
    expect(onlyDd.data!.list.map((x) => x.id)).toEqual([ids[1], ids[3], ids[5]]);
    const byRole = await api<Page<{ id: string }>>('GET', BASE, { query: { roleId: r } });
    expect(byRole.data!.list.map((x) => x.id)).toEqual([ids[5]]);
    const byGender = await api<Page<{ id: string }>>('GET', BASE, { query: { organizeId: d, gender: 2 } });
    expect(byGender.data!.list.map((x) => x.id)).toEqual(ids.slice(3));
    await api('PUT', `${BASE}/${ids[0]}/Actions/State`);
    const disabled = await api<Page<{ id: string; enabledMark: number }>>('GET', BASE, {
      query: { keyword: marker, enabledMark: 0 },
    });
    expect(disabled.data!.list.map((x) => x.id)).toEqual([ids[0]]);
    const paged = await api<Page<{ id: string }>>('GET', BASE, {
      query: { keyword: marker, pageSize: 50, currentPage: 1 },
    });
    expect(paged.data!.pagination).toEqual({ currentPage: 1, pageSize: 50, total: 6 });
    for (const pageSize of [20, 50, 100, 500]) expect((await api('GET', BASE, { query: { pageSize } })).code).toBe(200);
    expect((await api('GET', BASE, { query: { pageSize: 501 } })).code).toBe(401);
    const all = await api<Page<{ account: string }>>('GET', BASE, { query: { pageSize: 500 } });
    expect(all.data!.list.map((x) => x.account)).not.toContain('admin');
    expect(JSON.stringify(all)).not.toMatch(/password|salt/i);
    const sql = await api<Page<unknown>>('GET', BASE, { query: { keyword: "' or 1=1 --" } });
    expect(sql.data!.pagination.total).toBe(0);
  });
});

describe('the list filters of the user screen (性别 and 状态)', () => {
  it('enabledMark finds enabled, disabled and locked users as the list shows them; gender by its code', async () => {
    const marker = unique('态');
    const make = async (i: number, gender: number) =>
      (await newUser({ realName: `${marker}${i}`, gender, sortCode: i })).id;
    const [enabled, disabled, lockedNow, lockedMark, lockOver, disabledAndLocked] = [
      await make(0, 1),
      await make(1, 2),
      await make(2, 1),
      await make(3, 2),
      await make(4, 1),
      await make(5, 2),
    ];
    const now = Date.now();
    const set = (id: string, fields: Partial<typeof user.$inferInsert>) =>
      ctx().db.update(user).set(fields).where(eq(user.id, id));
    await set(disabled!, { enabledMark: 0 });
    await set(lockedNow!, { enabledMark: 2, unlockTime: now + 600_000 });
    await set(lockedMark!, { enabledMark: 2, unlockTime: null });
    // a lock whose time is over counts as enabled again, as the list shows it
    await set(lockOver!, { enabledMark: 2, unlockTime: now - 1000 });
    await set(disabledAndLocked!, { enabledMark: 0, unlockTime: now + 600_000 });

    const listed = async (query: Record<string, string | number>) => {
      const res = await api<Page<{ id: string; enabledMark: number }>>('GET', BASE, {
        query: { keyword: marker, pageSize: 50, ...query },
      });
      expect(res.code).toBe(200);
      return res.data!.list;
    };
    const ids = async (query: Record<string, string | number>) => (await listed(query)).map((row) => row.id);

    expect(await ids({ enabledMark: 1 })).toEqual([enabled, lockOver]);
    expect(await ids({ enabledMark: 0 })).toEqual([disabled, disabledAndLocked]);
    const locked = await listed({ enabledMark: 2 });
    expect(locked.map((row) => row.id)).toEqual([lockedNow, lockedMark]);
    expect(locked.every((row) => row.enabledMark === 2)).toBe(true);
    // '' is every state and every gender, as the screen sends them when nothing is chosen
    expect(await ids({ enabledMark: '', gender: '' })).toHaveLength(6);
    expect(await ids({ gender: 2 })).toEqual([disabled, lockedMark, disabledAndLocked]);
    expect(await ids({ gender: '2', enabledMark: '2' })).toEqual([lockedMark]);
    expect(await ids({ gender: 1, enabledMark: 0 })).toEqual([]);

    // the export finds the same users
    const exported = await api<{ name: string }>('GET', `${BASE}/ExportData`, {
      query: { keyword: marker, enabledMark: 2, dataType: '1', selectKey: 'account,realName' },
    });
    expect(exported.code).toBe(200);

    const bads: Record<string, string | number>[] = [
      { enabledMark: 3 },
      { enabledMark: 'locked' },
      { gender: 'male' },
      { gender: -1 },
    ];
    for (const bad of bads) {
      const refused = await api<Errors>('GET', BASE, { query: bad });
      expect(refused.code, JSON.stringify(bad)).toBe(401);
      expect(Object.keys(refused.data!.errors)).toEqual(Object.keys(bad));
    }
  });
});

describe('updating users', () => {
  it('an update is checked like a create, and records memberships in the audit log', async () => {
    const u = await newUser();
    const body = { account: u.account, realName: '张三', organizeId: rootId, gender: 1 };
    await expectFieldRefusals(
      (patch) => api<Errors>('PUT', `${BASE}/${u.id}`, { json: { ...body, ...patch } }),
      [
        [{ realName: '' }, 'realName', '姓名不能为空'],
        [{ account: 'x'.repeat(10_240) }, 'account', '账号最多为50个字符！'],
        [{ gender: { value: 1 } }, 'gender', '找不到该性别'],
        [{ gender: undefined }, 'gender', '性别不能为空'],
        [{ mobilePhone: "138' or 1=1" }, 'mobilePhone', '请正确输入您的手机号'],
        [{ email: 'a@b.c\u0000' }, 'email', '含有不允许的字符'],
        [{ roleId: 'a,b,c;d' }, 'roleId', '参数格式错误'],
      ],
    );
    expect((await api('PUT', `${BASE}/${u.id}`, { json: { ...body, isAdministrator: 1 } })).code).toBe(200);
    expect((await userRow(u.id))!.isAdministrator).toBe(0);
    const audits = await ctx()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, u.id), eq(auditLog.action, 'memberships')));
    expect(audits.length).toBe(2);
    expect(JSON.stringify(audits)).not.toMatch(/passwordHash|\$scrypt/);
  });

  it('replaces memberships, keeps the main organisation while it stays', async () => {
    const d1 = await org();
    const d2 = await org();
    const p2 = await positionIn(d2);
    const u = await newUser({ organizeId: `${d1},${d2}` });
    const res = await api('PUT', `${BASE}/${u.id}`, {
      json: {
        account: u.account,
        realName: '张三丰',
        organizeId: `${d2},${d1}`,
        positionId: p2,
        gender: 2,
        version: 0,
      },
    });
    expect(res).toMatchObject({ code: 200, msg: '更新成功' });
    const row = (await userRow(u.id))!;
    expect(row).toMatchObject({ realName: '张三丰', gender: 2, organizeId: d1, positionId: p2 });
    expect(await relations(u.id)).toEqual([`Organize:${d1}`, `Organize:${d2}`, `Position:${p2}`].sort());
    expect(
      await api('PUT', `${BASE}/${u.id}`, {
        json: { account: u.account, realName: 'x', organizeId: d1, gender: 1, version: 0 },
      }),
    ).toMatchObject({ code: 400, msg: '数据已被他人修改，请刷新后重试' });
    const other = await newUser();
    expect(
      await api('PUT', `${BASE}/${u.id}`, {
        json: { account: other.account, realName: 'x', organizeId: d1, gender: 1 },
      }),
    ).toMatchObject({
      code: 400,
      msg: '账户名称不能重复',
    });
    expect(
      await api('PUT', `${BASE}/${newId()}`, {
        json: { account: unique('x'), realName: 'x', organizeId: d1, gender: 1 },
      }),
    ).toMatchObject({
      code: 400,
      msg: '更新失败，数据不存在',
    });
  });

  it('the manager is neither the user nor one of its subordinates', async () => {
    const top = await newUser();
    const mid = await newUser({ managerId: top.id });
    const low = await newUser({ managerId: mid.id });
    const put = (id: string, account: string, managerId: string) =>
      api('PUT', `${BASE}/${id}`, { json: { account, realName: 'x', organizeId: rootId, gender: 1, managerId } });
    expect(await put(top.id, top.account, top.id)).toMatchObject({ code: 400, msg: '直属主管不能是自己' });
    expect(await put(top.id, top.account, low.id)).toMatchObject({ code: 400, msg: '直属主管不能是我的下属用户' });
    expect(await put(top.id, top.account, mid.id)).toMatchObject({ code: 400, msg: '直属主管不能是我的下属用户' });
    expect((await put(low.id, low.account, top.id)).code).toBe(200);
  });

  it('protects administrators', async () => {
    const body = { account: 'admin', realName: '管理员', organizeId: rootId, gender: 1, enabledMark: 1 };
    const editor = await operator({ 'permission.user': ALL_BUTTONS });
    const asEditor = (method: string, path: string, json?: unknown) =>
      call(server, method, path, { token: editor.token, ...(json ? { json } : {}) });
    expect(await asEditor('PUT', `${BASE}/${adminId}`, body)).toMatchObject({ code: 400, msg: '无法修改管理员账户' });
    expect(await asEditor('PUT', `${BASE}/${adminId}/Actions/State`)).toMatchObject({
      code: 400,
      msg: '无法修改管理员账户状态',
    });
    expect(await asEditor('DELETE', `${BASE}/${adminId}`)).toMatchObject({ code: 400, msg: '无法删除管理员账户' });
    expect(
      await asEditor('POST', `${BASE}/${adminId}/Actions/ResetPassword`, {
        userPassword: md5Hex('x1'),
        validatePassword: md5Hex('x1'),
      }),
    ).toMatchObject({ code: 400, msg: '无法修改管理员账户' });
    expect(await api('PUT', `${BASE}/${adminId}`, { json: { ...body, enabledMark: 0 } })).toMatchObject({
      code: 400,
      msg: '无法禁用管理员用户',
    });
    // a second administrator may change itself, not the built-in one
    const second = await operator({}, { isAdministrator: 1 });
    const asSecond = (method: string, path: string, json?: unknown) =>
      call(server, method, path, { token: second.token, ...(json ? { json } : {}) });
    expect(await asSecond('PUT', `${BASE}/${adminId}`, body)).toMatchObject({
      code: 400,
      msg: '管理员只能修改自己，不能修改其他管理员',
    });
    expect(
      (
        await asSecond('PUT', `${BASE}/${second.id}`, {
          account: second.account,
          realName: '第二管理员',
          organizeId: rootId,
          gender: 1,
        })
      ).code,
    ).toBe(200);
    // the built-in administrator may change another administrator
    expect(
      (
        await api('PUT', `${BASE}/${second.id}`, {
          json: { account: second.account, realName: '副管理员', organizeId: rootId, gender: 1 },
        })
      ).code,
    ).toBe(200);
    expect((await userRow(adminId))!.enabledMark).toBe(1);
  });
});

describe('deleting users', () => {
  it('refuses administrators, yourself, department managers and users with subordinates', async () => {
    expect(await api('DELETE', `${BASE}/${adminId}`)).toMatchObject({ code: 400, msg: '无法删除管理员账户' });
    const editor = await operator({ 'permission.user': ['btn_remove'] });
    expect(await call(server, 'DELETE', `${BASE}/${editor.id}`, { token: editor.token })).toMatchObject({
      code: 400,
      msg: '不能删除自己',
    });
    const manager = await newUser();
    const dep = await api<string>('POST', '/api/permission/Organize/Department', {
      json: { parentId: rootId, fullName: unique('部'), enCode: unique('D'), managerId: manager.id, enabledMark: 1 },
    });
    expect(await api('DELETE', `${BASE}/${manager.id}`)).toMatchObject({
      code: 400,
      msg: '此用户为某部门主管，无法删除',
    });
    const boss = await newUser();
    const report = await newUser({ managerId: boss.id });
    expect(await api('DELETE', `${BASE}/${boss.id}`)).toMatchObject({ code: 400, msg: '此用户有下属，无法删除' });
    expect(await api('DELETE', `${BASE}/${report.id}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await api('DELETE', `${BASE}/${boss.id}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await relations(boss.id)).toEqual([]);
    expect(await api('DELETE', `${BASE}/${boss.id}`)).toMatchObject({ code: 400, msg: '删除失败，数据不存在' });
    expect((await api('DELETE', `/api/permission/Organize/${dep.data}`)).code).toBe(200);
  });

  it('a deleted user’s session ends at once', async () => {
    const u = await newUser();
    const token = await signIn(server, u.account, '0000');
    expect((await call(server, 'GET', '/api/oauth/CurrentUser', { token })).code).toBe(200);
    await api('DELETE', `${BASE}/${u.id}`);
    expect((await call(server, 'GET', '/api/oauth/CurrentUser', { token })).code).toBe(600);
  });
});

describe('state, lock and password', () => {
  it('a user disabled mid-session gets 600 at the next call, and can sign in again once enabled', async () => {
    const u = await newUser();
    const token = await signIn(server, u.account, '0000');
    expect((await call(server, 'GET', '/api/oauth/CurrentUser', { token })).code).toBe(200);
    expect(await api('PUT', `${BASE}/${u.id}/Actions/State`)).toMatchObject({ code: 200, msg: '操作成功' });
    expect((await userRow(u.id))!.enabledMark).toBe(0);
    expect((await call(server, 'GET', '/api/oauth/CurrentUser', { token })).code).toBe(600);
    const refused = await call(server, 'POST', '/api/oauth/Login', {
      form: {
        account: u.account,
        password: encryptLoginPassword('0000', server.config.cipherKey),
        code: '',
        timestamp: '',
        origin: 'password',
        grant_type: 'password',
        jnpf_ticket: '',
      },
    });
    expect(refused.code).toBe(400);
    await api('PUT', `${BASE}/${u.id}/Actions/State`);
    await signIn(server, u.account, '0000');
    expect(await api('PUT', `${BASE}/${newId()}/Actions/State`)).toMatchObject({
      code: 400,
      msg: '操作失败,用户不存在',
    });
  });

  it('disabling through an update ends sessions too; nobody disables themselves', async () => {
    const u = await newUser();
    const token = await signIn(server, u.account, '0000');
    await api('PUT', `${BASE}/${u.id}`, {
      json: { account: u.account, realName: '张三', organizeId: rootId, gender: 1, enabledMark: 0 },
    });
    expect((await call(server, 'GET', '/api/oauth/CurrentUser', { token })).code).toBe(600);
    const editor = await operator({ 'permission.user': ALL_BUTTONS });
    expect(await call(server, 'PUT', `${BASE}/${editor.id}/Actions/State`, { token: editor.token })).toMatchObject({
      code: 400,
      msg: '不能禁用自己',
    });
  });

  it('unlock ends a lock and starts the error count afresh; a disabled user stays disabled', async () => {
    const u = await newUser();
    await ctx()
      .db.update(user)
      .set({ enabledMark: 2, unlockTime: Date.now() + 600_000, logErrorCount: 7 })
      .where(eq(user.id, u.id));
    const listed = await api<Page<{ id: string; enabledMark: number }>>('GET', BASE, { query: { keyword: u.account } });
    expect(listed.data!.list[0]!.enabledMark).toBe(2);
    expect(await api('PUT', `${BASE}/${u.id}/Actions/unlock`)).toMatchObject({ code: 200, msg: '操作成功' });
    expect(await userRow(u.id)).toMatchObject({ enabledMark: 1, unlockTime: null, logErrorCount: 0 });
    await signIn(server, u.account, '0000');
    await ctx().db.update(user).set({ enabledMark: 0 }).where(eq(user.id, u.id));
    await api('PUT', `${BASE}/${u.id}/Actions/unlock`);
    expect((await userRow(u.id))!.enabledMark).toBe(0);
    expect(await api('PUT', `${BASE}/${newId()}/Actions/unlock`)).toMatchObject({
      code: 400,
      msg: '操作失败,用户不存在',
    });
  });

  it('ResetPassword sets a new hash and changePasswordDate, and ends the user’s sessions', async () => {
    const u = await newUser();
    const token = await signIn(server, u.account, '0000');
    const mismatch = await api<Errors>('POST', `${BASE}/${u.id}/Actions/ResetPassword`, {
      json: { id: u.id, userPassword: md5Hex('New12345'), validatePassword: md5Hex('Other123') },
    });
    expect(mismatch.code).toBe(401);
    expect(mismatch.data!.errors.validatePassword).toBe('两次密码输入不一致');
    const notMd5 = await api<Errors>('POST', `${BASE}/${u.id}/Actions/ResetPassword`, {
      json: { userPassword: 'plain', validatePassword: 'plain' },
    });
    expect(notMd5.data!.errors.userPassword).toBe('密码格式错误');
    const before = Date.now();
    const res = await api('POST', `${BASE}/${u.id}/Actions/ResetPassword`, {
      json: { id: u.id, userPassword: md5Hex('New12345'), validatePassword: md5Hex('New12345') },
    });
    expect(res).toMatchObject({ code: 200, msg: '操作成功' });
    const row = (await userRow(u.id))!;
    expect(row.changePasswordDate).toBeGreaterThanOrEqual(before);
    expect(await verifyPassword(md5Hex('New12345'), row.passwordHash, row.passwordSalt)).toBe(true);
    expect((await call(server, 'GET', '/api/oauth/CurrentUser', { token })).code).toBe(600);
    await signIn(server, u.account, 'New12345');
    expect(
      await api('POST', `${BASE}/${newId()}/Actions/ResetPassword`, {
        json: { userPassword: md5Hex('a1'), validatePassword: md5Hex('a1') },
      }),
    ).toMatchObject({ code: 400, msg: '操作失败,用户不存在' });
  });
});

describe('changes reach signed-in users at their next call', () => {
  it('a membership change changes CurrentUser without a new sign-in', async () => {
    const d = await org();
    const p = await positionIn(d);
    const r = await roleIn(d);
    const u = await newUser();
    const token = await signIn(server, u.account, '0000');
    const before = await call<CurrentUserResult>(server, 'GET', '/api/oauth/CurrentUser', { token });
    expect(before.data!.userInfo.roleIds).toEqual([]);
    expect(before.data!.menuList).toEqual([]);
    // the role grants the user screen
    const [dir] = await ctx().db.select().from(module).where(eq(module.enCode, 'permission'));
    const [page] = await ctx().db.select().from(module).where(eq(module.enCode, 'permission.user'));
    await ctx()
      .db.insert(authorize)
      .values(
        [dir!.id, page!.id].map((itemId) => ({
          objectType: 'Role',
          objectId: r,
          itemType: 'module',
          itemId,
          creatorTime: Date.now(),
        })),
      );
    await ctx().grants.changed('*');
    expect((await call(server, 'GET', BASE, { token })).code).toBe(400);
    const res = await api('PUT', `${BASE}/${u.id}`, {
      json: { account: u.account, realName: '张三', organizeId: d, positionId: p, roleId: r, gender: 1 },
    });
    expect(res.code, res.msg).toBe(200);
    const after = await call<CurrentUserResult>(server, 'GET', '/api/oauth/CurrentUser', { token });
    expect(after.code).toBe(200);
    expect(after.data!.userInfo).toMatchObject({ roleIds: [r], positionId: p, organizeId: d });
    expect(after.data!.menuList.flatMap((m) => [m.enCode, ...(m.children ?? []).map((c) => c.enCode)])).toContain(
      'permission.user',
    );
    expect((await call(server, 'GET', BASE, { token })).code).toBe(200);
  });
});

describe('work handover', () => {
  it('moves the chosen permission groups and marks the user handed over', async () => {
    const from = await newUser();
    const to = await newUser();
    const groupId = newId();
    await ctx()
      .db.insert(permissionGroup)
      .values({ id: groupId, fullName: unique('权限组'), enCode: unique('PG'), creatorTime: Date.now() });
    await ctx().db.insert(permissionGroupMember).values({ groupId, memberType: 'User', memberId: from.id });
    const work = await api<{ wait: unknown[]; flow: unknown[]; permission: { id: string; icon: string }[] }>(
      'GET',
      `${BASE}/getWorkByUser`,
      {
        query: { fromId: from.id },
      },
    );
    expect(work.data).toMatchObject({ wait: [], flow: [], charge: [], circulate: [] });
    expect(work.data!.permission).toEqual([
      expect.objectContaining({ id: groupId, icon: 'icon-ym icon-ym-authGroup' }),
    ]);
    expect(
      await api('POST', `${BASE}/workHandover`, { json: { fromId: from.id, toId: from.id, permissionList: [] } }),
    ).toMatchObject({
      code: 400,
      msg: '不能交接给自己',
    });
    expect(
      await api('POST', `${BASE}/workHandover`, { json: { fromId: from.id, toId: newId(), permissionList: [] } }),
    ).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
    const res = await api('POST', `${BASE}/workHandover`, {
      json: {
        fromId: from.id,
        toId: to.id,
        waitList: [],
        chargeList: [],
        flowList: [],
        circulateList: [],
        permissionList: [groupId],
      },
    });
    expect(res).toMatchObject({ code: 200, msg: '工作交接成功！' });
    const members = await ctx()
      .db.select()
      .from(permissionGroupMember)
      .where(eq(permissionGroupMember.groupId, groupId));
    expect(members.map((x) => x.memberId)).toEqual([to.id]);
    expect((await userRow(from.id))!.handoverMark).toBe(1);
    const missing = await api<Errors>('POST', `${BASE}/workHandover`, { json: { toId: to.id } });
    expect(missing.code).toBe(401);
  });
});

describe('permissions', () => {
  it('the list needs the menu, each action its button', async () => {
    const reader = await operator({ 'permission.user': [] });
    const u = await newUser();
    expect((await call(server, 'GET', BASE, { token: reader.token })).code).toBe(200);
    expect((await call(server, 'GET', `${BASE}/${u.id}`, { token: reader.token })).code).toBe(200);
    const denied = [
      ['POST', BASE, { account: unique('x'), realName: 'x', organizeId: rootId, gender: 1 }],
      ['PUT', `${BASE}/${u.id}`, { account: u.account, realName: 'x', organizeId: rootId, gender: 1 }],
      ['DELETE', `${BASE}/${u.id}`, undefined],
      ['PUT', `${BASE}/${u.id}/Actions/State`, undefined],
      ['PUT', `${BASE}/${u.id}/Actions/unlock`, undefined],
      ['POST', `${BASE}/${u.id}/Actions/ResetPassword`, { userPassword: md5Hex('a1'), validatePassword: md5Hex('a1') }],
      ['POST', `${BASE}/workHandover`, { fromId: u.id, toId: reader.id, permissionList: [] }],
    ] as const;
    for (const [method, path, json] of denied)
      expect(
        await call(server, method, path, { token: reader.token, ...(json ? { json } : {}) }),
        `${method} ${path}`,
      ).toMatchObject({
        code: 400,
        msg: '没有访问权限',
      });
    const nobody = await operator({});
    expect((await call(server, 'GET', BASE, { token: nobody.token })).code).toBe(400);
    expect((await call(server, 'GET', BASE)).code).toBe(602);
  });
});
