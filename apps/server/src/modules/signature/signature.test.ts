// /api/system/Signature over HTTP: list, selector, ListByIds, create, info, update, delete, every rule and
// message, hostile input and who may call what.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, module, moduleButton, signature, signatureUser } from '../../db/schema/index.js';
import { call, quietPoolAtTeardown, signIn, unique } from '../../../test/harness.js';
import { grantMenus, signedInUser } from '../../../test/kit/access.js';
import { api, ctx, server, useAdminServer } from '../../../test/kit/adminServer.js';
import { insertUser } from '../../../test/kit/directory.js';

const BASE = '/api/system/Signature';
type Errors = { errors: Record<string, string> };

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const JPEG = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAA==';
/** a signature holder, named after the account */
function holder() {
  const account = unique('s');
  return insertUser(ctx(), { account, realName: `签章人${account}` });
}

let holderA: { id: string; account: string; password: string };
let holderB: { id: string; account: string; password: string };

const body = (fields: Record<string, unknown> = {}) => ({
  fullName: unique('财务章'),
  enCode: unique('seal.'),
  userIds: [holderA.id],
  icon: PNG,
  ...fields,
});

async function create(fields: Record<string, unknown> = {}) {
  const json = body(fields);
  const res = await api<string>('POST', BASE, { json });
  expect(res.code, res.msg).toBe(200);
  return { id: res.data!, ...json };
}

useAdminServer();
beforeAll(async () => {
  holderA = await holder();
  holderB = await holder();
});
afterAll(() => {
  if (server) quietPoolAtTeardown(server);
});

describe('POST /api/system/Signature and GET /api/system/Signature/{id}', () => {
  it('creates a seal (新建成功) and the info returns what was saved with its version', async () => {
    const json = body({ userIds: [holderA.id, holderB.id, holderA.id] });
    const res = await api<string>('POST', BASE, { json });
    expect(res).toMatchObject({ code: 200, msg: '新建成功' });
    const info = await api<Record<string, unknown>>('GET', `${BASE}/${res.data}`);
    expect(info.data).toEqual({
      id: res.data,
      fullName: json.fullName,
      enCode: json.enCode,
      userIds: [holderA.id, holderB.id],
      icon: PNG,
      sortCode: 0,
      description: '',
      creatorTime: expect.any(Number),
      version: 0,
    });
  });

  it('requires name, code, authorised users and the image, each with its message', async () => {
    const res = await api<Errors>('POST', BASE, { json: {} });
    expect(res.code).toBe(401);
    expect(res.data!.errors).toEqual({
      fullName: '名称不能为空',
      enCode: '编码不能为空',
      userIds: '授权人不能为空',
      icon: '签章不能为空',
    });
    const blank = await api<Errors>('POST', BASE, {
      json: body({ fullName: '   ', enCode: '', userIds: [], icon: '' }),
    });
    expect(blank.data!.errors).toEqual({
      fullName: '名称不能为空',
      enCode: '编码不能为空',
      userIds: '授权人不能为空',
      icon: '签章不能为空',
    });
    const en = await api<Errors>('POST', BASE, { json: {}, headers: { 'jnpf-language': 'en' } });
    expect(en.data!.errors.fullName).toBe('The name cannot be empty');
  });

  it('refuses wrong types, oversize text and bad codes', async () => {
    const wrong = await api<Errors>('POST', BASE, {
      json: body({ fullName: 42, enCode: ['x'], userIds: 'abc', icon: 7 }),
    });
    expect(Object.keys(wrong.data!.errors).sort()).toEqual(['enCode', 'fullName', 'icon', 'userIds']);
    const long = await api<Errors>('POST', BASE, {
      json: body({ fullName: '章'.repeat(10_240), enCode: 'c'.repeat(10_240) }),
    });
    expect(long.data!.errors).toEqual({
      fullName: '名称最多为50个字符',
      enCode: '编码最多50个字符，只能包含英文、数字、下划线、中划线和小数点',
    });
    for (const enCode of ["x'; drop table base_signature; --", '.lead', 'has space', '编码'])
      expect((await api<Errors>('POST', BASE, { json: body({ enCode }) })).data!.errors, enCode).toEqual({
        enCode: '编码最多50个字符，只能包含英文、数字、下划线、中划线和小数点',
      });
    const ctrl = await api<Errors>('POST', BASE, { json: body({ fullName: 'a\u0000b' }) });
    expect(ctrl.data!.errors).toEqual({ fullName: '含有不允许的字符' });
    const users = await api<Errors>('POST', BASE, { json: body({ userIds: ['x'.repeat(10_240)] }) });
    expect(users.code).toBe(401);
    expect(
      await ctx().db.select().from(signature).where(eq(signature.enCode, "x'; drop table base_signature; --")),
    ).toEqual([]);
  });

  it('stores SQL fragments in the name literally', async () => {
    const fullName = `x'; drop table base_signature; --${randomBytes(2).toString('hex')}`;
    const { id } = await create({ fullName });
    expect((await api<{ fullName: string }>('GET', `${BASE}/${id}`)).data!.fullName).toBe(fullName);
  });

  it('accepts real images (data URL) and image paths or addresses, and nothing else', async () => {
    const gif = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    for (const icon of [
      PNG,
      JPEG,
      gif,
      '/api/file/Image/signature/seal.png',
      'seal.JPG',
      'https://cdn.example.com/seal.webp?v=2',
    ])
      expect((await api('POST', BASE, { json: body({ icon }) })).code, icon.slice(0, 40)).toBe(200);
    const tooBig = `data:image/png;base64,${Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(1024 * 1024)]).toString('base64')}`;
    const refusedIcons = [
      'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
      'data:image/png;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAA==',
      'data:image/png;base64,@@@@',
      'data:text/html;base64,PGI+',
      tooBig,
      'javascript:alert(1).png',
      '//evil.example/seal.png',
      '/api/file/seal.exe',
      '"><img src=x onerror=alert(1)>.png',
      'x'.repeat(10_240),
    ];
    for (const icon of refusedIcons) {
      const res = await api<Errors>('POST', BASE, { json: body({ icon }) });
      expect(res.code, icon.slice(0, 40)).toBe(401);
      expect(res.data!.errors.icon).toBe('签章须为PNG、JPEG、GIF、WEBP或BMP图片（不超过1MB），或图片文件的路径或网址');
    }
  });

  it('refuses a duplicate name (EXIST001), a duplicate code (EXIST002) and unknown users', async () => {
    const first = await create();
    expect(await api('POST', BASE, { json: body({ fullName: first.fullName }) })).toMatchObject({
      code: 400,
      msg: '名称不能重复',
    });
    expect(await api('POST', BASE, { json: body({ enCode: first.enCode }) })).toMatchObject({
      code: 400,
      msg: '编码不能重复',
    });
    const unknown = await api<Errors>('POST', BASE, { json: body({ userIds: [holderA.id, 'nobody'] }) });
    expect(unknown.code).toBe(401);
    expect(unknown.data!.errors).toEqual({ userIds: '所选授权人不存在' });
  });

  it('two creates racing for one name: one wins, the other gets the duplicate message', async () => {
    const json = body();
    const results = await Promise.all([
      api('POST', BASE, { json }),
      api('POST', BASE, { json: { ...json, enCode: unique('race.') } }),
    ]);
    expect(results.map((r) => r.code).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.code === 400)!.msg).toBe('名称不能重复');
  });

  it('GET an unknown seal answers 数据不存在', async () => {
    expect(await api('GET', `${BASE}/nope`)).toMatchObject({ code: 400, msg: '数据不存在' });
    expect((await api('GET', `${BASE}/${'x'.repeat(100)}`)).code).toBe(401);
  });
});

describe('PUT and DELETE /api/system/Signature/{id}', () => {
  it('updates name, code, users and image; a stale version is refused', async () => {
    const seal = await create();
    const other = await create();
    const next = {
      fullName: unique('合同章'),
      enCode: unique('contract.'),
      userIds: [holderB.id],
      icon: JPEG,
      version: 0,
    };
    expect(await api('PUT', `${BASE}/${seal.id}`, { json: next })).toMatchObject({ code: 200, msg: '更新成功' });
    expect((await api('GET', `${BASE}/${seal.id}`)).data).toMatchObject({ ...next, userIds: [holderB.id], version: 1 });
    expect(await api('PUT', `${BASE}/${seal.id}`, { json: { ...next, version: 0 } })).toMatchObject({
      code: 400,
      msg: '数据已被他人修改，请刷新后重试',
    });
    // keeping its own name and code is fine; taking another seal's is not
    expect((await api('PUT', `${BASE}/${seal.id}`, { json: { ...next, version: 1 } })).code).toBe(200);
    expect(await api('PUT', `${BASE}/${seal.id}`, { json: { ...next, fullName: other.fullName } })).toMatchObject({
      msg: '名称不能重复',
    });
    expect(await api('PUT', `${BASE}/${seal.id}`, { json: { ...next, enCode: other.enCode } })).toMatchObject({
      msg: '编码不能重复',
    });
    const bad = await api<Errors>('PUT', `${BASE}/${seal.id}`, {
      json: { ...next, icon: 'data:image/png;base64,AAAA', userIds: [] },
    });
    expect(Object.keys(bad.data!.errors).sort()).toEqual(['icon', 'userIds']);
    expect(
      (await api<Errors>('PUT', `${BASE}/${seal.id}`, { json: { ...next, version: 'abc' } })).data!.errors,
    ).toHaveProperty('version');
    expect(await api('PUT', `${BASE}/nope`, { json: next })).toMatchObject({ code: 400, msg: '更新失败，数据不存在' });
  });

  it('deletes a seal with its authorisations (删除成功), then it is gone', async () => {
    const seal = await create({ userIds: [holderA.id, holderB.id] });
    expect(await api('DELETE', `${BASE}/${seal.id}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await ctx().db.select().from(signatureUser).where(eq(signatureUser.signatureId, seal.id))).toEqual([]);
    expect(await api('GET', `${BASE}/${seal.id}`)).toMatchObject({ msg: '数据不存在' });
    expect(await api('DELETE', `${BASE}/${seal.id}`)).toMatchObject({ code: 400, msg: '删除失败，数据不存在' });
  });

  it('records create, update and delete in the audit log without the image itself', async () => {
    const seal = await create();
    await api('PUT', `${BASE}/${seal.id}`, { json: body({ fullName: seal.fullName, enCode: seal.enCode }) });
    await api('DELETE', `${BASE}/${seal.id}`);
    const rows = await ctx()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.moduleName, 'signature'), eq(auditLog.recordId, seal.id)))
      .orderBy(desc(auditLog.creatorTime));
    expect(rows.map((r) => r.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(rows.find((r) => r.action === 'create')!.after).toMatchObject({
      fullName: seal.fullName,
      userIds: [holderA.id],
    });
    expect(JSON.stringify(rows)).not.toContain('base64');
  });
});

describe('GET /api/system/Signature (list)', () => {
  it('pages, searches by keyword (literally) and by authorised user, and shows users as name/account', async () => {
    const tag = randomBytes(3).toString('hex');
    const a = await create({ fullName: `检索${tag}甲`, userIds: [holderA.id, holderB.id] });
    const b = await create({ fullName: `检索${tag}乙`, enCode: `find.${tag}`, userIds: [holderB.id] });
    const res = await api<{ list: Record<string, unknown>[]; pagination: Record<string, number> }>('GET', BASE, {
      query: { keyword: tag, currentPage: 1, pageSize: 20 },
    });
    expect(res.data!.pagination).toEqual({ currentPage: 1, pageSize: 20, total: 2 });
    const rowA = res.data!.list.find((r) => r.id === a.id)!;
    expect(Object.keys(rowA).sort()).toEqual(['creatorTime', 'enCode', 'fullName', 'id', 'userIds']);
    // shown by account, whatever order they were chosen in
    const shown = [holderA, holderB].map((h) => `签章人${h.account}/${h.account}`).sort((x, y) => (x < y ? -1 : 1));
    expect(rowA.userIds).toBe(shown.join('；'));
    const byCode = await api<{ list: { id: string }[] }>('GET', BASE, { query: { keyword: `find.${tag}` } });
    expect(byCode.data!.list.map((r) => r.id)).toEqual([b.id]);
    const page2 = await api<{ list: unknown[]; pagination: { total: number } }>('GET', BASE, {
      query: { keyword: tag, currentPage: 2, pageSize: 1 },
    });
    expect(page2.data!.list).toHaveLength(1);
    expect(page2.data!.pagination.total).toBe(2);
    const onlyA = await api<{ list: { id: string }[] }>('GET', BASE, { query: { keyword: tag, userId: holderA.id } });
    expect(onlyA.data!.list.map((r) => r.id)).toEqual([a.id]);
    const nobody = await api<{ list: unknown[] }>('GET', BASE, { query: { userId: 'nobody' } });
    expect(nobody.data!.list).toEqual([]);
    for (const keyword of ['%', '__', "' or 1=1 --"]) {
      const r = await api<{ list: unknown[] }>('GET', BASE, { query: { keyword } });
      expect(r.code, keyword).toBe(200);
      expect(r.data!.list, keyword).toEqual([]);
    }
    expect((await api('GET', BASE, { query: { pageSize: 501 } })).code).toBe(401);
    expect((await api('GET', BASE, { query: { keyword: 'k'.repeat(10_240) } })).code).toBe(401);
  });
});

describe('Selector and ListByIds (for forms)', () => {
  it('any signed-in user gets the selector; ListByIds keeps the seals the caller may use', async () => {
    const mine = await create({ userIds: [holderA.id] });
    const theirs = await create({ userIds: [holderB.id] });
    const token = await signIn(server, holderA.account, holderA.password);
    const sel = await call<{ list: Record<string, unknown>[] }>(server, 'GET', `${BASE}/Selector`, { token });
    expect(sel.code).toBe(200);
    const row = sel.data!.list.find((r) => r.id === mine.id)!;
    expect(row).toEqual({ id: mine.id, fullName: mine.fullName, enCode: mine.enCode, icon: PNG });
    expect(sel.data!.list.some((r) => r.id === theirs.id)).toBe(true);

    const byIds = await call<{ list: { id: string }[] }>(server, 'POST', `${BASE}/ListByIds`, {
      token,
      json: { ids: [mine.id, theirs.id, 'nope'] },
    });
    expect(byIds).toMatchObject({ code: 200 });
    expect(byIds.data!.list).toEqual([{ id: mine.id, fullName: mine.fullName, enCode: mine.enCode, icon: PNG }]);
    expect(
      (await call<{ list: unknown[] }>(server, 'POST', `${BASE}/ListByIds`, { token, json: { ids: [] } })).data,
    ).toEqual({ list: [] });
    expect((await call(server, 'POST', `${BASE}/ListByIds`, { token, json: { ids: 'x' } })).code).toBe(401);
    expect((await call(server, 'POST', `${BASE}/ListByIds`, { json: { ids: [mine.id] } })).code).toBe(602);
    expect((await call(server, 'GET', `${BASE}/Selector`)).code).toBe(602);
  });
});

describe('permissions', () => {
  it('without grants only the form calls work; the menu allows reading; each write needs its button', async () => {
    const seal = await create();
    const staff = await signedInUser(server);
    const token = staff.token;
    const as = (method: string, path: string, json?: unknown) =>
      call(server, method, path, { token, ...(json ? { json } : {}) });
    const writes: [string, string, unknown?][] = [
      ['POST', BASE, body()],
      ['PUT', `${BASE}/${seal.id}`, body()],
      ['DELETE', `${BASE}/${seal.id}`],
    ];
    for (const [method, path, json] of [['GET', BASE], ['GET', `${BASE}/${seal.id}`], ...writes] as [
      string,
      string,
      unknown?,
    ][])
      expect(await as(method, path, json), `${method} ${path}`).toMatchObject({ code: 400, msg: '没有访问权限' });

    await grantMenus(ctx(), staff.id, { 'system.signature': [] });
    expect((await as('GET', BASE)).code).toBe(200);
    expect((await as('GET', `${BASE}/${seal.id}`)).code).toBe(200);
    for (const [method, path, json] of writes)
      expect(await as(method, path, json), `${method} ${path}`).toMatchObject({ msg: '没有访问权限' });

    const { token: editorToken } = await signedInUser(
      server,
      {},
      {
        grants: { 'system.signature': ['btn_add', 'btn_edit', 'btn_remove'] },
      },
    );
    const created = await call<string>(server, 'POST', BASE, { token: editorToken, json: body() });
    expect(created.code).toBe(200);
    expect((await call(server, 'PUT', `${BASE}/${created.data}`, { token: editorToken, json: body() })).code).toBe(200);
    expect((await call(server, 'DELETE', `${BASE}/${created.data}`, { token: editorToken })).code).toBe(200);
    expect((await call(server, 'GET', BASE)).code).toBe(602);
  });

  it('the menu is seeded under 系统管理 with the add, edit and remove buttons', async () => {
    const [menu] = await ctx().db.select().from(module).where(eq(module.enCode, 'system.signature'));
    expect(menu).toMatchObject({ fullName: '电子签章', urlAddress: 'system/signature', type: 2 });
    const buttons = await ctx().db.select().from(moduleButton).where(eq(moduleButton.moduleId, menu!.id));
    expect(buttons.map((b) => b.enCode).sort()).toEqual(['btn_add', 'btn_edit', 'btn_remove']);
  });
});
