// /api/system/Menu over HTTP: menus per system, the selectors, create/update/delete with their refusals,
// state, the permission-group views, and export/import as a .bm file.
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ApiResult } from '@jnpf/core';
import { authorize, module, moduleButton } from '../../db/schema/index.js';
import { admin as token, api, ctx, server, useAdminServer } from '../../../test/kit/adminServer.js';
import { mainSystemId } from '../../../test/kit/menus.js';
import { expectInvalidFields } from '../../../test/kit/answers.js';

let mainId: string;
let otherSystemId: string;

interface Node {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  type: number;
  hasModule?: boolean;
  children: Node[];
}
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

useAdminServer();
beforeAll(async () => {
  mainId = await mainSystemId(ctx());
  const created = await api<string>('POST', '/api/system/System', {
    json: { fullName: '业务系统', enCode: 'biz', enabledMark: 1, sortCode: 5 },
  });
  otherSystemId = created.data!;
});

const menu = (fields: Record<string, unknown> = {}) => ({
  parentId: '-1',
  systemId: otherSystemId,
  category: 'Web',
  type: 1,
  fullName: `目录${Math.random().toString(36).slice(2, 8)}`,
  enCode: `dir${Math.random().toString(36).slice(2, 8)}`,
  icon: 'icon-ym icon-ym-folder',
  enabledMark: 1,
  sortCode: 1,
  ...fields,
});

async function createMenu(fields: Record<string, unknown> = {}) {
  const body = menu(fields);
  const res = await api<string>('POST', '/api/system/Menu', { json: body });
  expect(res.code, res.msg).toBe(200);
  return { id: res.data!, ...body };
}

describe('menu create, update, delete', () => {
  it('creates, reads with a version, updates and refuses a stale version', async () => {
    const dir = await createMenu();
    const page = await createMenu({
      parentId: dir.id,
      type: 2,
      urlAddress: ' biz/page ',
      isButtonAuthorize: 1,
      propertyJson: { iconBackgroundColor: '', isTree: 0 },
    });
    const info = await api<Record<string, unknown>>('GET', `/api/system/Menu/${page.id}`);
    expect(info.data).toMatchObject({
      id: page.id,
      parentId: dir.id,
      systemId: otherSystemId,
      type: 2,
      urlAddress: 'biz/page',
      isButtonAuthorize: 1,
      propertyJson: '{"iconBackgroundColor":"","isTree":0}',
      version: 0,
    });
    const updated = await api('PUT', `/api/system/Menu/${page.id}`, {
      json: { ...page, fullName: '页面甲', version: 0 },
    });
    expect(updated).toMatchObject({ code: 200, msg: '更新成功' });
    const stale = await api('PUT', `/api/system/Menu/${page.id}`, {
      json: { ...page, fullName: '页面乙', version: 0 },
    });
    expect(stale).toMatchObject({ code: 400, msg: '数据已被他人修改，请刷新后重试' });
  });

  it('refuses duplicate names under one parent and duplicate codes in one system side', async () => {
    const dir = await createMenu();
    expect(await api('POST', '/api/system/Menu', { json: menu({ fullName: dir.fullName }) })).toMatchObject({
      code: 400,
      msg: '名称重复，请重新输入',
    });
    expect(await api('POST', '/api/system/Menu', { json: menu({ enCode: dir.enCode }) })).toMatchObject({
      code: 400,
      msg: '编码重复，请重新输入',
    });
    // the same code on the App side or in another system is fine
    expect((await api('POST', '/api/system/Menu', { json: menu({ enCode: dir.enCode, category: 'App' }) })).code).toBe(
      200,
    );
    expect((await api('POST', '/api/system/Menu', { json: menu({ enCode: dir.enCode, systemId: mainId }) })).code).toBe(
      200,
    );
  });

  it('refuses a parent elsewhere, itself or below itself, and a type change of a directory with children', async () => {
    const dir = await createMenu();
    const child = await createMenu({ parentId: dir.id });
    expect(await api('POST', '/api/system/Menu', { json: menu({ parentId: '404' }) })).toMatchObject({
      code: 400,
      msg: '上级菜单不存在',
    });
    expect(await api('POST', '/api/system/Menu', { json: menu({ parentId: dir.id, systemId: mainId }) })).toMatchObject(
      {
        code: 400,
        msg: '上级菜单不存在',
      },
    );
    expect(await api('PUT', `/api/system/Menu/${dir.id}`, { json: { ...dir, parentId: child.id } })).toMatchObject({
      code: 400,
      msg: '上级菜单不能是自己或下级菜单',
    });
    expect(await api('PUT', `/api/system/Menu/${dir.id}`, { json: { ...dir, type: 2 } })).toMatchObject({
      code: 400,
      msg: '当前目录存在数据,不能修改类型',
    });
    expect(await api('POST', '/api/system/Menu', { json: menu({ systemId: '404' }) })).toMatchObject({
      code: 400,
      msg: '应用不存在',
    });
    expect(await api('PUT', '/api/system/Menu/404', { json: dir })).toMatchObject({
      code: 400,
      msg: '更新失败，数据不存在',
    });
  });

  it('refuses bad input on create and update with field messages', async () => {
    const dir = await createMenu();
    for (const [path, method] of [
      ['/api/system/Menu', 'POST'],
      [`/api/system/Menu/${dir.id}`, 'PUT'],
    ] as const) {
      const bad = await api<{ errors: Record<string, string> }>(method, path, {
        json: { systemId: '', type: 9, fullName: '', enCode: '.bad.', enabledMark: 7, category: 'Desk', sortCode: -1 },
      });
      expectInvalidFields(bad, ['category', 'enCode', 'enabledMark', 'fullName', 'sortCode', 'systemId', 'type']);
      expect(bad.data!.errors.fullName).toBe('名称不能为空');
      const badJson = await api<{ errors: Record<string, string> }>(method, path, {
        json: { ...dir, propertyJson: '{not json' },
      });
      expect(badJson.data!.errors.propertyJson).toBe('JSON格式错误');
    }
  });

  it('deletes a menu without children together with its items and their grants; flips the state', async () => {
    const dir = await createMenu();
    const page = await createMenu({ parentId: dir.id, type: 2 });
    const button = await api<string>('POST', '/api/system/ModuleButton', {
      json: { moduleId: page.id, fullName: '新增', enCode: 'btn_add' },
    });
    const now = Date.now();
    await ctx()
      .db.insert(authorize)
      .values([
        { objectType: 'Role', objectId: 'r1', itemType: 'module', itemId: page.id, creatorTime: now },
        { objectType: 'Role', objectId: 'r1', itemType: 'button', itemId: button.data!, creatorTime: now },
      ]);
    expect(await api('DELETE', `/api/system/Menu/${dir.id}`)).toMatchObject({
      code: 400,
      msg: '删除失败，请先删除子菜单。',
    });
    expect((await api('PUT', `/api/system/Menu/${page.id}/Actions/State`)).msg).toBe('更新成功');
    expect((await api<{ enabledMark: number }>('GET', `/api/system/Menu/${page.id}`)).data!.enabledMark).toBe(0);
    expect(await api('DELETE', `/api/system/Menu/${page.id}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await ctx().db.select().from(moduleButton).where(eq(moduleButton.moduleId, page.id))).toEqual([]);
    expect(await ctx().db.select().from(authorize).where(eq(authorize.objectId, 'r1'))).toEqual([]);
    expect(await api('DELETE', `/api/system/Menu/${page.id}`)).toMatchObject({
      code: 400,
      msg: '删除失败，数据不存在',
    });
    expect(await api('PUT', `/api/system/Menu/${page.id}/Actions/State`)).toMatchObject({ code: 400 });
  });
});

describe('menu lists and selectors', () => {
  let dir: { id: string; enCode: string; fullName: string };
  let page: { id: string; enCode: string; fullName: string };
  let appDir: { id: string };
  beforeAll(async () => {
    dir = await createMenu({ fullName: '采购管理', enCode: 'purchase' });
    page = await createMenu({ parentId: dir.id, type: 2, fullName: '采购订单', enCode: 'purchase.order' });
    await createMenu({ parentId: dir.id, type: 2, fullName: '供应商', enCode: 'purchase.supplier', enabledMark: 0 });
    appDir = await createMenu({ category: 'App', fullName: '移动采购', enCode: 'appPurchase' });
  });

  it('ModuleBySystem: the tree of one side; a keyword brings the ancestors of its hits', async () => {
    const web = await api<{ list: Node[] }>('GET', `/api/system/Menu/ModuleBySystem/${otherSystemId}`, {
      query: { category: 'Web' },
    });
    const purchase = web.data!.list.find((n) => n.id === dir.id)!;
    expect(purchase.children.map((c) => c.enCode).sort()).toEqual(['purchase.order', 'purchase.supplier']);
    expect(flatten(web.data!.list).some((n) => n.id === appDir.id)).toBe(false);
    const hit = await api<{ list: Node[] }>('GET', `/api/system/Menu/ModuleBySystem/${otherSystemId}`, {
      query: { keyword: '订单', category: 'Web' },
    });
    expect(hit.data!.list.map((n) => n.id)).toEqual([dir.id]);
    expect(hit.data!.list[0]!.children.map((c) => c.id)).toEqual([page.id]);
    const enabled = await api<{ list: Node[] }>('GET', `/api/system/Menu/ModuleBySystem/${otherSystemId}`, {
      query: { enabledMark: 0 },
    });
    expect(flatten(enabled.data!.list).map((n) => n.enCode)).toEqual(['purchase.supplier']);
  });

  it('Selector/{id}/{systemId}: directories only, without {id} and below; "0" lists the other systems as roots', async () => {
    const sub = await createMenu({ parentId: dir.id, fullName: '子目录', enCode: 'purchase.sub' });
    const all = await api<{ list: Node[] }>('GET', `/api/system/Menu/Selector/0/${otherSystemId}`, {
      query: { category: 'Web' },
    });
    const ids = flatten(all.data!.list).map((n) => n.id);
    expect(ids).toContain(dir.id);
    expect(ids).toContain(sub.id);
    expect(ids).not.toContain(page.id);
    const without = await api<{ list: Node[] }>('GET', `/api/system/Menu/Selector/${dir.id}/${otherSystemId}`);
    expect(flatten(without.data!.list).map((n) => n.id)).not.toContain(sub.id);
    const systems = await api<{ list: Node[] }>('GET', '/api/system/Menu/Selector/0/0');
    expect(systems.data!.list.map((n) => [n.id, n.type])).toEqual([[otherSystemId, 0]]);
    expect(flatten(systems.data!.list).map((n) => n.id)).toContain(dir.id);
  });

  it('Selector/{id}: directories of the caller’s current system; Selector/All and SystemSelector', async () => {
    const mine = await api<{ list: Node[] }>('GET', '/api/system/Menu/Selector/0');
    expect(mine.data!.list.map((n) => n.enCode)).toEqual(expect.arrayContaining(['system', 'permission']));
    const all = await api<{ list: Node[] }>('GET', '/api/system/Menu/Selector/All', { query: { category: 'Web' } });
    const roots = all.data!.list.map((n) => [n.id, n.type, n.hasModule]);
    expect(roots).toEqual(
      expect.arrayContaining([
        [mainId, 0, false],
        [otherSystemId, 0, false],
      ]),
    );
    const flat = flatten(all.data!.list);
    expect(flat.find((n) => n.id === page.id)?.hasModule).toBe(true);
    expect(flat.find((n) => n.id === dir.id)?.hasModule).toBe(false);
    // disabled menus are left out of pickers
    expect(flat.some((n) => n.enCode === 'purchase.supplier')).toBe(false);
    const main = await api<{ list: Node[] }>('GET', '/api/system/Menu/SystemSelector');
    expect(main.data!.list).toHaveLength(1);
    expect(main.data!.list[0]).toMatchObject({ id: mainId, type: 0 });
    expect(flatten(main.data!.list).map((n) => n.enCode)).toContain('system.menu');
  });
});

describe('permission-group views of a menu', () => {
  it('getPermissionGroup: type 0 without items, 2 without groups, 1 with the groups granting it', async () => {
    const page = await createMenu({ type: 2 });
    expect((await api('GET', `/api/system/Menu/getPermissionGroup/${page.id}`)).data).toEqual({ list: [], type: 0 });
    const button = await api<string>('POST', '/api/system/ModuleButton', {
      json: { moduleId: page.id, fullName: '新增', enCode: 'btn_add' },
    });
    await api('POST', '/api/system/ModuleButton', {
      json: { moduleId: page.id, fullName: '编辑', enCode: 'btn_edit' },
    });
    expect((await api('GET', `/api/system/Menu/getPermissionGroup/${page.id}`)).data).toEqual({ list: [], type: 2 });
    const group = await api<string>('POST', '/api/permission/PermissionGroup', {
      json: { fullName: '菜单视图组', enCode: 'menuView' },
    });
    await api('PUT', `/api/permission/Authority/Data/${group.data}`, {
      json: { systemIds: [otherSystemId], module: [page.id], button: [button.data] },
    });
    const groups = await api<{ list: { id: string; icon: string }[]; type: number }>(
      'GET',
      `/api/system/Menu/getPermissionGroup/${page.id}`,
    );
    expect(groups.data).toEqual({
      list: [{ id: group.data, fullName: '菜单视图组', enCode: 'menuView', icon: 'icon-ym icon-ym-authGroup' }],
      type: 1,
    });
    const detail = await api<Record<string, { type?: number; list: { id: string }[] }>>(
      'GET',
      `/api/system/Menu/getPermission/${page.id}/${group.data}`,
    );
    expect(detail.data!.buttonAuthorize).toMatchObject({ fullName: '按钮权限', type: 1, list: [{ id: button.data }] });
    expect(detail.data!.columnAuthorize).toEqual({ fullName: '列表权限', list: [] });
    expect(detail.data!.permissionMember).toMatchObject({ fullName: '权限成员', list: [] });
    expect(await api('GET', `/api/system/Menu/getPermission/${page.id}/404`)).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
    expect(await api('GET', '/api/system/Menu/getPermissionGroup/404')).toMatchObject({ code: 400, msg: '数据不存在' });
  });
});

describe('export and import', () => {
  async function upload(systemId: string, name: string, content: string, fields: Record<string, string>) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([content]), name);
    const res = await fetch(`${server.baseUrl}/api/system/Menu/${systemId}/Actions/Import`, {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    });
    return (await res.json()) as ApiResult;
  }

  it('exports a menu with its items as a .bm file behind a download link, and imports it back', async () => {
    const page = await createMenu({ type: 2, fullName: '导出页', enCode: 'exportPage' });
    await api('POST', '/api/system/ModuleButton', { json: { moduleId: page.id, fullName: '新增', enCode: 'btn_add' } });
    await api('POST', '/api/system/ModuleColumn', { json: { moduleId: page.id, fullName: '名称', enCode: 'name' } });
    const field = await api<string>('POST', '/api/system/ModuleDataAuthorize', {
      json: {
        moduleId: page.id,
        fullName: '创建人',
        enCode: 'creator',
        type: 'varchar',
        conditionSymbol: '==',
        conditionText: '@userId',
      },
    });
    await api('POST', '/api/system/ModuleDataAuthorizeScheme', {
      json: {
        moduleId: page.id,
        fullName: '本人',
        enCode: 'mine',
        conditionJson: [{ logic: 'and', groups: [{ id: field.data, field: 'creator', op: '==', value: '@userId' }] }],
      },
    });
    const exported = await api<{ name: string; url: string }>('GET', `/api/system/Menu/${page.id}/Actions/Export`);
    expect(exported.data!.name).toBe('导出页.bm');
    const download = await fetch(server.baseUrl + exported.data!.url);
    expect(download.headers.get('content-disposition')).toContain("filename*=UTF-8''");
    const content = await download.text();
    const model = JSON.parse(content) as Record<string, unknown[]>;
    expect(model.moduleEntity).toMatchObject({ id: page.id, enCode: 'exportPage' });
    expect(model.buttonEntityList).toHaveLength(1);
    expect(model.schemeEntityList).toHaveLength(1);
    const unknownTicket = exported.data!.url.replace(/Download\/[^/]+/, `Download/${'a'.repeat(43)}`);
    expect((await fetch(server.baseUrl + unknownTicket).then((r) => r.json())) as ApiResult).toMatchObject({
      code: 400,
      msg: '文件不存在或已过期',
    });

    // refusing duplicates (type 0): the same ids, name and code exist
    const refused = await upload(otherSystemId, 'x.bm', content, { parentId: '-1', category: 'Web', type: '0' });
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain('导入失败，moduleEntity：ID（');
    // as copies (type 1): new ids, a renamed copy, its scheme pointing at the copied field
    const copied = await upload(otherSystemId, 'x.bm', content, { parentId: '-1', category: 'Web', type: '1' });
    expect(copied).toMatchObject({ code: 200, msg: '导入成功' });
    const rows = await ctx()
      .db.select()
      .from(module)
      .where(and(eq(module.systemId, otherSystemId), eq(module.category, 'Web')));
    const copy = rows.find((r) => r.fullName.startsWith('导出页.副本'))!;
    expect(copy.enCode).toMatch(/^exportPage[0-9a-f]{5}$/);
    const copiedSchemes = await api<{ list: { id: string }[] }>(
      'GET',
      `/api/system/ModuleDataAuthorizeScheme/${copy.id}/List`,
    );
    const info = await api<{ conditionJson: string }>(
      'GET',
      `/api/system/ModuleDataAuthorizeScheme/${copiedSchemes.data!.list[0]!.id}`,
    );
    expect(info.data!.conditionJson).not.toContain(field.data!);
    // into another system as it is (type 0) once the ids are free
    await api(
      'DELETE',
      `/api/system/ModuleDataAuthorizeScheme/${(await api<{ list: { id: string }[] }>('GET', `/api/system/ModuleDataAuthorizeScheme/${page.id}/List`)).data!.list[0]!.id}`,
    );
    await api('DELETE', `/api/system/ModuleDataAuthorize/${field.data}`);
    const buttons = await api<{ list: { id: string }[] }>('GET', `/api/system/ModuleButton/${page.id}/List`);
    await api('DELETE', `/api/system/ModuleButton/${buttons.data!.list[0]!.id}`);
    const columns = await api<{ list: { id: string }[] }>('GET', `/api/system/ModuleColumn/${page.id}/Fields`);
    await api('DELETE', `/api/system/ModuleColumn/${columns.data!.list[0]!.id}`);
    await api('DELETE', `/api/system/Menu/${page.id}`);
    const moved = await upload(mainId, 'x.bm', content, { parentId: '-1', category: 'Web', type: '0' });
    expect(moved).toMatchObject({ code: 200, msg: '导入成功' });
    expect((await api<{ systemId: string }>('GET', `/api/system/Menu/${page.id}`)).data!.systemId).toBe(mainId);
  });

  it('refuses the wrong side, App menus at the root, other files and broken content', async () => {
    const page = await createMenu({ type: 2 });
    const exported = await api<{ url: string }>('GET', `/api/system/Menu/${page.id}/Actions/Export`);
    const content = await fetch(server.baseUrl + exported.data!.url).then((r) => r.text());
    expect(await upload(otherSystemId, 'x.bm', content, { parentId: '-1', category: 'App', type: '1' })).toMatchObject({
      code: 400,
      msg: '当前导入菜单为WEB端菜单，请在对应模块下导入！',
    });
    const appMenu = JSON.stringify({
      ...JSON.parse(content),
      moduleEntity: { ...JSON.parse(content).moduleEntity, category: 'App' },
    });
    expect(await upload(otherSystemId, 'x.bm', appMenu, { parentId: '-1', category: 'App', type: '1' })).toMatchObject({
      code: 400,
      msg: '请在顶级节点下创建目录后再进行菜单导入',
    });
    expect(
      await upload(otherSystemId, 'x.json', content, { parentId: '-1', category: 'Web', type: '1' }),
    ).toMatchObject({
      code: 400,
      msg: '请选择.bm格式的文件',
    });
    expect(await upload(otherSystemId, 'x.bm', '{"moduleEntity":{}}', { category: 'Web', type: '1' })).toMatchObject({
      code: 400,
      msg: '导入文件格式错误',
    });
    expect(await upload(otherSystemId, 'x.bm', content, { parentId: '404', category: 'Web', type: '1' })).toMatchObject(
      {
        code: 400,
        msg: '上级菜单不存在',
      },
    );
    const noFile = await api('POST', `/api/system/Menu/${otherSystemId}/Actions/Import`, { json: {} });
    expect(noFile).toMatchObject({ code: 400, msg: '请选择导入文件' });
  });
});
