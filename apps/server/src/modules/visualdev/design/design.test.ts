// The function-design screen over HTTP against a real database: list, info, create, update, copy, delete, the
// design checks as 401 answers, release to a Web menu with its buttons and columns (and the menu reaching an
// ordinary user's CurrentUser once granted), releasing again, and the refusals of each.
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CurrentUserResult, MenuItem } from '@jnpf/core';
import { auditLog, module, moduleButton, moduleColumn, visualDev } from '../../../db/schema/index.js';
import { call, unique } from '../../../../test/harness.js';
import { signedInUser } from '../../../../test/kit/access.js';
import { api, ctx, server, useAdminServer } from '../../../../test/kit/adminServer.js';
import { findMenuId, mainSystemId } from '../../../../test/kit/menus.js';
import { dictionaryItems } from '../../dictionary/byCode.js';
import { designBody, field, sampleColumns, sampleForm } from '../../../../test/kit/visualdev.js';

const BASE = '/api/visualdev/Base';
let category: { id: string; fullName: string };
let systemId: string;
let onlineDevId: string;

useAdminServer();
beforeAll(async () => {
  const [first] = await dictionaryItems(ctx().db, 'webDesign');
  category = first!;
  systemId = await mainSystemId(ctx());
  onlineDevId = await findMenuId(ctx(), 'onlineDev');
});

type Errors = { errors: Record<string, string> };
interface Row {
  id: string;
  fullName: string;
  enCode: string;
  state: number;
  category: string;
  creatorUser: string;
  lastModifyUser: string;
  pcIsRelease: number;
}
interface Info {
  id: string;
  fullName: string;
  enCode: string;
  state: number;
  webType: number;
  formData: string;
  columnData: string;
  dbLinkId: string;
  tables: string;
}

const menuByCode = async (enCode: string) =>
  (await ctx().db.select().from(module).where(eq(module.enCode, enCode)).limit(1))[0];
const body = (patch: Record<string, unknown> = {}) => designBody(category.id, 'PO', patch);

async function create(patch: Record<string, unknown> = {}) {
  const res = await api<string>('POST', BASE, { json: body(patch) });
  expect([res.code, res.msg], JSON.stringify(res)).toEqual([200, '新建成功']);
  return res.data!;
}
const info = async (id: string) => (await api<Info>('GET', `${BASE}/${id}`)).data!;
const release = (
  id: string,
  json: Record<string, unknown> = { pc: 1, pcSystemId: systemId, pcModuleParentId: onlineDevId, app: 0 },
) => api('POST', `${BASE}/${id}/Actions/Release`, { json });

describe('function designs', () => {
  it('the design menu and the category dictionary are seeded', async () => {
    const menu = await menuByCode('onlineDev.webDesign');
    expect(menu).toMatchObject({
      fullName: '功能设计',
      type: 2,
      urlAddress: 'onlineDev/webDesign',
      parentId: onlineDevId,
    });
    const buttons = await ctx().db.select().from(moduleButton).where(eq(moduleButton.moduleId, menu!.id));
    expect(buttons.map((b) => b.enCode).sort()).toEqual(['btn_add', 'btn_edit', 'btn_remove']);
    expect(await menuByCode('onlineDev')).toMatchObject({ fullName: '在线开发', icon: 'icon-ym icon-ym-onlineDev' });
    expect(category.fullName).toBe('业务功能');
    const me = await api<CurrentUserResult>('GET', '/api/oauth/CurrentUser');
    const dir = me.data!.menuList.find((x) => x.enCode === 'onlineDev');
    expect(dir?.children.map((c) => c.enCode)).toContain('onlineDev.webDesign');
  });

  it('create, info, list, update, copy, delete', async () => {
    const json = body({ description: '说明' });
    const created = await api<string>('POST', BASE, { json });
    expect(created).toMatchObject({ code: 200, msg: '新建成功' });
    const id = created.data!;
    expect(await info(id)).toMatchObject({
      id,
      fullName: json.fullName,
      enCode: json.enCode,
      type: 1,
      webType: 2,
      category: category.id,
      description: '说明',
      state: 0,
      enabledMark: 1,
      dbLinkId: '0',
      tables: '[]',
      formData: json.formData,
      columnData: json.columnData,
    });
    const list = await api<{ list: Row[]; pagination: { total: number } }>('GET', BASE, {
      query: { keyword: String(json.enCode), type: 1, category: category.id },
    });
    expect(list.data!.pagination.total).toBe(1);
    expect(list.data!.list[0]).toMatchObject({
      id,
      state: 0,
      category: category.fullName,
      creatorUser: '管理员/admin',
      lastModifyUser: '',
      pcIsRelease: 0,
    });
    expect(
      (await api<{ list: Row[] }>('GET', BASE, { query: { keyword: String(json.enCode), type: 2 } })).data!.list,
    ).toEqual([]);

    const renamed = { ...json, fullName: `${String(json.fullName)}改` };
    expect(await api('PUT', `${BASE}/${id}`, { json: renamed })).toMatchObject({ code: 200, msg: '修改成功' });
    expect(await info(id)).toMatchObject({ fullName: renamed.fullName, state: 0 });

    const copied = await api<string>('POST', `${BASE}/${id}/Actions/Copy`);
    expect(copied).toMatchObject({ code: 200, msg: '复制成功' });
    const copy = await info(copied.data!);
    expect(copy.fullName).toBe(`${renamed.fullName}副本`);
    expect(copy.enCode).not.toBe(json.enCode);
    expect(copy.enCode.startsWith(String(json.enCode))).toBe(true);
    expect(copy).toMatchObject({ state: 0, formData: json.formData });
    const again = await info((await api<string>('POST', `${BASE}/${id}/Actions/Copy`)).data!);
    expect(again.fullName).toBe(`${renamed.fullName}副本2`);

    expect(await api('DELETE', `${BASE}/${id}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await api('DELETE', `${BASE}/${id}`)).toMatchObject({ code: 400, msg: '删除失败，数据不存在' });
    expect(await api('GET', `${BASE}/${id}`)).toMatchObject({ code: 400, msg: '数据不存在' });
    const audit = await ctx()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.moduleName, 'visualdev'), eq(auditLog.recordId, id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('refuses bad input with the field and duplicate names and codes', async () => {
    const bad = await api<Errors>('POST', BASE, {
      json: { ...body(), fullName: '', enCode: 'a b', webType: 3, type: 2, category: '' },
    });
    expect(bad.code).toBe(401);
    expect(bad.data!.errors).toMatchObject({
      fullName: '请输入名称',
      webType: '页面类型只能是1（纯表单）或2（列表+表单）',
      type: '类型只能是1（功能设计）',
      category: '请选择分类',
    });
    expect(Object.keys(bad.data!.errors)).toContain('enCode');
    const missing = await api<Errors>('POST', BASE, { json: { fullName: 'x', enCode: 'x', category: 'c' } });
    expect(missing.data!.errors).toMatchObject({ formData: '表单数据格式错误' });
    const first = body();
    await create(first);
    expect(await api('POST', BASE, { json: body({ fullName: first.fullName }) })).toMatchObject({
      code: 400,
      msg: '名称重复',
    });
    expect(await api('POST', BASE, { json: body({ enCode: first.enCode }) })).toMatchObject({
      code: 400,
      msg: '编码重复',
    });
    const en = await api('POST', BASE, { json: body({ enCode: first.enCode }), headers: { 'jnpf-language': 'en' } });
    expect(en.msg).toBe('The code is already in use');
    expect(await api('PUT', `${BASE}/404`, { json: body() })).toMatchObject({ code: 400, msg: '更新失败，数据不存在' });
  });

  it('refuses designs that do not hold together, each problem at its path', async () => {
    const check = async (patch: Record<string, unknown>) => {
      const res = await api<Errors>('POST', BASE, { json: body(patch) });
      expect(res.code, JSON.stringify(res)).toBe(401);
      return res.data!.errors;
    };
    expect(await check({ formData: '{not json' })).toEqual({ formData: '表单数据格式错误' });
    expect(await check({ formData: JSON.stringify(sampleForm('PO', [])) })).toEqual({
      'formData.fields': '表单不能为空，请添加控件',
    });
    const fields = [
      field('input', 'dup', '甲'),
      field('input', 'dup', '乙'),
      field('select', 'pick', '选择', {}, { options: [] }),
      field('radio', 'dict', '字典', { dataType: 'dictionary', dictionaryType: 'noSuchDictionary' }),
      field('mystery', 'm', '神秘'),
      field('input', '9lives', '九'),
    ];
    expect(await check({ webType: 1, formData: JSON.stringify(sampleForm('PO', fields)) })).toEqual({
      'formData.fields.1.__vModel__': '字段名dup重复',
      'formData.fields.2.options': '选择的选项不能为空',
      'formData.fields.3.__config__.dictionaryType': '字典的数据字典不存在',
      'formData.fields.4.__config__.jnpfKey': '不支持的控件类型：mystery',
      'formData.fields.5.__vModel__': '九的字段名须以字母开头，只含字母、数字和下划线，最多50个字符',
    });
    expect(
      await check({
        columnData: JSON.stringify(sampleColumns({ columnList: [{ prop: 'ghost', label: 'G', jnpfKey: 'input' }] })),
      }),
    ).toEqual({ 'columnData.columnList.0.prop': '列表字段ghost不在表单中' });
    // a form-only design keeps whatever list it is sent
    expect((await api('POST', BASE, { json: body({ webType: 1, columnData: '' }) })).code).toBe(200);
  });

  it("refuses a formula that reads a masked field, main or sub-table column, in the caller's language", async () => {
    const masked = { useMask: true, maskConfig: { filler: '*', maskType: 1 } };
    const fields = [
      field('input', 'salary', '工资', {}, masked),
      field('input', 'bonus', '奖金'),
      field('calculate', 'calc', '合计', {}, { expression: [{ __vModel__: 'salary' }, '*', '1'] }),
      field('calculate', 'fine', '奖金合计', {}, { expression: [{ __vModel__: 'bonus' }, '+', '1'] }),
      field('table', 'lines', '明细', { children: [field('input', 'card', '卡号', {}, masked)] }),
      field('calculate', 'cards', '卡号和', {}, { expression: [{ __vModel__: 'lines.card' }] }),
    ];
    const formData = JSON.stringify(sampleForm('PO', fields));
    const res = await api<Errors>('POST', BASE, { json: body({ webType: 1, formData }) });
    expect(res.code, JSON.stringify(res)).toBe(401);
    expect(res.data!.errors).toEqual({
      'formData.fields.2.expression': '合计的计算公式不能引用脱敏字段“工资”',
      'formData.fields.5.expression': '卡号和的计算公式不能引用脱敏字段“卡号”',
    });
    const en = await api<Errors>('POST', BASE, {
      json: body({ webType: 1, formData }),
      headers: { 'jnpf-language': 'en' },
    });
    expect(en.data!.errors['formData.fields.2.expression']).toBe(
      'The formula of 合计 cannot use the masked field "工资"',
    );
  });

  it('refuses summary, thousands and complex header settings that name no number column of the list', async () => {
    const columnData = (patch: Record<string, unknown>) => JSON.stringify(sampleColumns(patch));
    const good = columnData({
      showSummary: true,
      summaryField: ['amount'],
      thousands: true,
      thousandsField: ['amount'],
      complexHeaderList: [{ id: 'h1', fullName: '基本', align: 'center', childColumns: ['title', 'amount'] }],
    });
    const id = await create({ columnData: good });
    expect(JSON.parse((await info(id)).columnData)).toMatchObject({ summaryField: ['amount'] });
    const bad = columnData({
      showSummary: true,
      summaryField: ['amount', 'title', 'notes'],
      thousands: true,
      thousandsField: ['ghost'],
      complexHeaderList: [
        { id: 'h1', fullName: '基本', childColumns: ['title', 'amount'] },
        { id: 'h2', fullName: '', childColumns: ['amount', 'nowhere'] },
        { id: 'h3', fullName: '空', childColumns: [] },
      ],
    });
    const res = await api<Errors>('PUT', `${BASE}/${id}`, { json: body({ columnData: bad }) });
    expect(res.code, JSON.stringify(res)).toBe(401);
    expect(res.data!.errors).toEqual({
      'columnData.summaryField.1': '标题不是数字字段，不能合计',
      'columnData.summaryField.2': '合计字段notes不在列表字段中',
      'columnData.thousandsField.0': '千位分隔字段ghost不在列表字段中',
      'columnData.complexHeaderList.1.fullName': '第2个复杂表头的名称不能为空',
      'columnData.complexHeaderList.1.childColumns.0': '金额已在复杂表头「基本」中，一列只能属于一个表头',
      'columnData.complexHeaderList.1.childColumns.1': '复杂表头「2」的子列nowhere不在列表字段中',
      'columnData.complexHeaderList.2.childColumns': '复杂表头「空」至少需要一个子列',
    });
    // in the caller's language; the stored design is unchanged
    const en = await api<Errors>('PUT', `${BASE}/${id}`, {
      json: body({ columnData: bad }),
      headers: { 'jnpf-language': 'en' },
    });
    expect(en.data!.errors['columnData.complexHeaderList.1.childColumns.0']).toBe(
      '金额 is already under the complex header "基本"; a column belongs to one header only',
    );
    const tw = await api<Errors>('POST', BASE, {
      json: body({ columnData: bad }),
      headers: { 'jnpf-language': 'zhtw' },
    });
    expect(tw.data!.errors['columnData.summaryField.1']).toBe('标题不是數字字段，不能合計');
    expect(JSON.parse((await info(id)).columnData)).toMatchObject({ summaryField: ['amount'] });
  });

  it('release creates the Web menu with its buttons and columns; the menu reaches a granted user', async () => {
    const id = await create();
    const design = await info(id);
    expect(await release(id)).toMatchObject({ code: 200, msg: '同步成功' });
    expect((await info(id)).state).toBe(1);
    const [menu] = await ctx().db.select().from(module).where(eq(module.enCode, design.enCode));
    expect(menu).toMatchObject({
      parentId: onlineDevId,
      systemId,
      category: 'Web',
      type: 3,
      fullName: design.fullName,
      urlAddress: `model/${design.enCode}`,
      icon: 'icon-ym icon-ym-webForm',
      isButtonAuthorize: 1,
      isColumnAuthorize: 0,
      enabledMark: 1,
    });
    expect(JSON.parse(menu!.propertyJson!)).toEqual({ moduleId: id, iconBackgroundColor: '', isTree: 0 });
    const buttons = await ctx().db.select().from(moduleButton).where(eq(moduleButton.moduleId, menu!.id));
    expect(buttons.map((b) => [b.enCode, b.fullName]).sort()).toEqual(
      [
        ['btn_add', '新增'],
        ['btn_download', '导出'],
        ['btn_batchRemove', '批量删除'],
        ['btn_edit', '编辑'],
        ['btn_remove', '删除'],
        ['btn_detail', '详情'],
      ].sort(),
    );
    const columns = await ctx().db.select().from(moduleColumn).where(eq(moduleColumn.moduleId, menu!.id));
    expect(columns.map((c) => c.enCode).sort()).toEqual(
      sampleColumns()
        .columnList.map((c) => c.prop)
        .sort(),
    );
    const row = (await api<{ list: Row[] }>('GET', BASE, { query: { keyword: design.enCode } })).data!.list[0];
    expect(row).toMatchObject({ state: 1, pcIsRelease: 1 });

    // an ordinary user granted the directory and the new menu sees it in CurrentUser
    const { token, ...u } = await signedInUser(server);
    const before = await call<CurrentUserResult>(server, 'GET', '/api/oauth/CurrentUser', { token });
    expect(JSON.stringify(before.data!.menuList)).not.toContain(menu!.id);
    const granted = await api('PUT', `/api/permission/Authority/Data/${u.id}`, {
      json: {
        objectType: 'User',
        module: [onlineDevId, menu!.id],
        button: [buttons.find((b) => b.enCode === 'btn_add')!.id],
      },
    });
    expect(granted).toMatchObject({ code: 200 });
    const me = await call<CurrentUserResult>(server, 'GET', '/api/oauth/CurrentUser', { token });
    const dir = me.data!.menuList.find((x: MenuItem) => x.id === onlineDevId);
    expect(dir?.children).toEqual([
      expect.objectContaining({
        id: menu!.id,
        type: 3,
        urlAddress: `model/${design.enCode}`,
        propertyJson: menu!.propertyJson,
      }),
    ]);
    expect(me.data!.permissionList.find((p) => p.modelId === menu!.id)?.button.map((b) => b.enCode)).toEqual([
      'btn_add',
    ]);
  });

  it('editing marks a released design changed; releasing again updates the menu, buttons and columns', async () => {
    const id = await create();
    expect(await release(id)).toMatchObject({ code: 200 });
    const design = await info(id);
    const [menu] = await ctx().db.select().from(module).where(eq(module.enCode, design.enCode));
    const columns = sampleColumns({
      columnList: sampleColumns().columnList.filter((c) => c.prop !== 'org'),
      btnsList: [{ value: 'add', label: '添加' }],
      columnBtnsList: [],
      useBtnPermission: false,
      useColumnPermission: true,
    });
    const edited = {
      ...body(),
      fullName: `${design.fullName}二`,
      enCode: design.enCode,
      columnData: JSON.stringify(columns),
    };
    expect(await api('PUT', `${BASE}/${id}`, { json: edited })).toMatchObject({ code: 200 });
    expect((await info(id)).state).toBe(2);
    expect(await release(id)).toMatchObject({ code: 200, msg: '同步成功' });
    expect((await info(id)).state).toBe(1);
    const menus = await ctx().db.select().from(module).where(eq(module.enCode, design.enCode));
    expect(menus).toHaveLength(1);
    expect(menus[0]).toMatchObject({
      id: menu!.id,
      fullName: edited.fullName,
      isButtonAuthorize: 0,
      isColumnAuthorize: 1,
    });
    const buttons = await ctx().db.select().from(moduleButton).where(eq(moduleButton.moduleId, menu!.id));
    expect(buttons.map((b) => [b.enCode, b.fullName])).toEqual([['btn_add', '添加']]);
    const cols = await ctx().db.select().from(moduleColumn).where(eq(moduleColumn.moduleId, menu!.id));
    expect(cols.map((c) => c.enCode)).not.toContain('org');
    expect(cols).toHaveLength(columns.columnList.length);
  });

  it('refuses a release to an unknown place or over a menu with the same code, and an invalid draft', async () => {
    const id = await create();
    expect(await release(id, { pc: 1, pcSystemId: systemId, pcModuleParentId: '404' })).toMatchObject({
      code: 400,
      msg: '未找到同步路径,请刷新界面',
    });
    expect(await release(id, { pc: 1, pcSystemId: '404', pcModuleParentId: '-1' })).toMatchObject({
      code: 400,
      msg: '未找到同步路径,请刷新界面',
    });
    expect((await info(id)).state).toBe(0);
    // a menu with the design's code already exists in the system
    const design = await info(id);
    const clash = await api('POST', '/api/system/Menu', {
      json: {
        parentId: '-1',
        systemId,
        category: 'Web',
        type: 2,
        fullName: unique('占用'),
        enCode: design.enCode,
        urlAddress: 'x/y',
      },
    });
    expect(clash).toMatchObject({ code: 200 });
    expect(await release(id)).toMatchObject({ code: 400, msg: '同步失败,检查编码或名称是否重复' });
    // the parent given alone names the system; releasing at the top of the system works too
    const other = await create();
    expect(await release(other, { pc: 1, pcModuleParentId: onlineDevId })).toMatchObject({ code: 200 });
    const third = await create();
    expect(await release(third, { pc: 1, pcSystemId: systemId, pcModuleParentId: systemId })).toMatchObject({
      code: 200,
    });
    const [top] = await ctx()
      .db.select()
      .from(module)
      .where(eq(module.enCode, (await info(third)).enCode));
    expect(top!.parentId).toBe('-1');
    // a draft broken behind the API's back is refused at release
    const broken = await create();
    await ctx().db.update(visualDev).set({ formData: '{"fields":[]}' }).where(eq(visualDev.id, broken));
    expect((await release(broken)).code).toBe(401);
    expect(await api('POST', `${BASE}/404/Actions/Release`, { json: { pc: 1, pcSystemId: systemId } })).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
  });

  it('refuses deleting a design while a menu points at it', async () => {
    const id = await create();
    await release(id);
    const menu = await menuByCode((await info(id)).enCode);
    expect(await api('DELETE', `${BASE}/${id}`)).toMatchObject({
      code: 400,
      msg: '该功能已同步到菜单，请先删除对应菜单',
    });
    expect(await api('DELETE', `/api/system/Menu/${menu!.id}`)).toMatchObject({ code: 200 });
    expect(await api('DELETE', `${BASE}/${id}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await api('GET', `/api/visualdev/OnlineDev/${id}/Config`)).toMatchObject({ code: 400, msg: '该功能未发布' });
  });

  it('needs the design menu, and its buttons for writes', async () => {
    const { token, ...u } = await signedInUser(server);
    expect(await call(server, 'GET', BASE, { token })).toMatchObject({ code: 400, msg: '没有访问权限' });
    const menu = await menuByCode('onlineDev.webDesign');
    await api('PUT', `/api/permission/Authority/Data/${u.id}`, {
      json: { objectType: 'User', module: [onlineDevId, menu!.id] },
    });
    expect(await call(server, 'GET', BASE, { token })).toMatchObject({ code: 200 });
    expect(await call(server, 'POST', BASE, { token, json: body() })).toMatchObject({ code: 400, msg: '没有访问权限' });
    const id = await create();
    expect(await call(server, 'POST', `${BASE}/${id}/Actions/Copy`, { token })).toMatchObject({ code: 400 });
    expect(await call(server, 'POST', `${BASE}/${id}/Actions/Release`, { token, json: { pc: 0 } })).toMatchObject({
      code: 400,
    });
    expect(await call(server, 'DELETE', `${BASE}/${id}`, { token })).toMatchObject({ code: 400 });
  });
});
