// Popup fields of a released form over HTTP against a real database: a popup select over an SQL interface saves an
// id the interface gives and refuses one it does not (naming the field), on create, update and import; its list,
// detail and export show the row's label, and a popup attribute shows another field of the picked row. A user
// granted the form may read the interface the popup's interfaceId names, or a sub-table's select-data dialog lists;
// a design without an interface is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldConfig } from '@jnpf/core';
import { signedInUser } from '../../../../test/kit/access.js';
import { admin, api, ctx, server } from '../../../../test/kit/adminServer.js';
import { categoryId, errorsOf, useDesignServer } from '../../../../test/kit/designServer.js';
import { createReleased, recordsAs, type ReleasedModel } from '../../../../test/kit/released.js';
import { designBody, field, sampleForm } from '../../../../test/kit/visualdev.js';
import { createSqlInterface } from '../../../../test/kit/dataInterfaces.js';

const DI = '/api/system/DataInterface';
const BASE = '/api/visualdev/Base';
const table = `popup_rows_${Date.now().toString(36)}`;
let sqlId: string;
let model: ReleasedModel;

const fields = (): FieldConfig[] => [
  field(
    'popupSelect',
    'goods',
    '商品',
    {},
    {
      interfaceId: sqlId,
      propsValue: 'id',
      relationField: 'full_name',
      columnOptions: [{ value: 'full_name', label: '名称' }],
      templateJson: [],
      hasPage: true,
      pageSize: 20,
      multiple: false,
    },
  ),
  field(
    'popupSelect',
    'many',
    '多个商品',
    {},
    {
      interfaceId: sqlId,
      propsValue: 'id',
      relationField: 'full_name',
      templateJson: [],
      multiple: true,
    },
  ),
  field('popupAttr', 'goodsKind', '商品类别', {}, { relationField: 'goods', showField: 'kind', isStorage: 0 }),
  field('popupAttr', 'kindKept', '存储类别', {}, { relationField: 'goods', showField: 'kind', isStorage: 1 }),
  field('autoComplete', 'note', '备注', {}, { interfaceId: sqlId, relationField: 'full_name', templateJson: [] }),
];

useDesignServer();
beforeAll(async () => {
  await ctx().database.query(`create table ${table} (id text primary key, full_name text, kind text)`);
  await ctx().database.query(`insert into ${table} values ('g1', '苹果', '水果'), ('g2', '白菜', '蔬菜')`);
  sqlId = await createSqlInterface(api, ctx(), `select id, full_name, kind from ${table} order by id`);
  model = await createReleased(
    server,
    admin,
    designBody(categoryId, 'none', {
      formData: JSON.stringify(sampleForm('none', fields())),
      columnData: JSON.stringify({
        type: 1,
        columnList: [
          { prop: 'goods', label: '商品', jnpfKey: 'popupSelect' },
          { prop: 'many', label: '多个商品', jnpfKey: 'popupSelect' },
          { prop: 'goodsKind', label: '商品类别', jnpfKey: 'popupAttr' },
          { prop: 'note', label: '备注', jnpfKey: 'autoComplete' },
        ],
        searchList: [],
        btnsList: [{ value: 'add', label: '新增' }],
        columnBtnsList: [{ value: 'edit', label: '编辑' }],
        hasPage: true,
        pageSize: 20,
      }),
    }) as Record<string, unknown> & { enCode: string },
  );
});

afterAll(async () => {
  await ctx().database.query(`drop table if exists ${table}`);
});

describe('popup fields of a released form', () => {
  it('a popup select or autoComplete needs an interface', async () => {
    const none = [
      field('popupSelect', 'goods', '商品'),
      field('autoComplete', 'note', '备注', {}, { interfaceId: ' ' }),
    ];
    const refused = await api.post(
      BASE,
      designBody(categoryId, 'none', { webType: 1, formData: JSON.stringify(sampleForm('none', none)) }),
    );
    expect(errorsOf(refused)).toEqual({
      'formData.fields.0.interfaceId': '请为商品选择数据接口',
      'formData.fields.1.interfaceId': '请为备注选择数据接口',
    });
  });

  it('a user granted the form reads the interface the popup names (interfaceId)', async () => {
    const granted = await signedInUser(server, {}, { grants: { [model.enCode]: [] } });
    const res = await api.post<{ list: { id: string }[] }>(
      `${DI}/${sqlId}/Actions/List`,
      { pageSize: 20, propsValue: 'id', relationField: 'full_name' },
      { token: granted.token },
    );
    expect(res.code, res.msg).toBe(200);
    expect(res.data!.list.map((r) => r.id)).toEqual(['g1', 'g2']);
    const other = await signedInUser(server, {}, { grants: { 'system.area': [] } });
    expect((await api.post(`${DI}/${sqlId}/Actions/List`, {}, { token: other.token })).msg).toBe('没有访问权限');
  });

  it("a user granted the form reads the interface a sub-table's select-data dialog lists", async () => {
    const chooserOnly = await createSqlInterface(api, ctx(), `select id, full_name from ${table} order by id`);
    const chooserTable = (addType: number) =>
      field(
        'table',
        'lines',
        '明细',
        { children: [field('input', 'lineName', '名称')] },
        {
          addType,
          addTableConf: {
            dataSource: 'dynamic',
            interfaceId: chooserOnly,
            relationField: 'full_name',
            relationOptions: [{ field: 'lineName', type: 1, value: 'full_name' }],
          },
        },
      );
    const release = (addType: number) =>
      createReleased(
        server,
        admin,
        designBody(categoryId, 'none', {
          formData: JSON.stringify(sampleForm('none', [field('input', 'title', '标题'), chooserTable(addType)])),
          columnData: JSON.stringify({
            type: 1,
            columnList: [{ prop: 'title', label: '标题', jnpfKey: 'input' }],
            searchList: [],
            btnsList: [],
            columnBtnsList: [],
            hasPage: true,
            pageSize: 20,
          }),
        }) as Record<string, unknown> & { enCode: string },
      );
    const listAs = (token: string) =>
      api.post<{ list: { id: string }[] }>(`${DI}/${chooserOnly}/Actions/List`, { pageSize: 20 }, { token });
    // rows added by hand (addType 0): the stored dialog is not used, and grants nothing
    const byHand = await release(0);
    const handUser = await signedInUser(server, {}, { grants: { [byHand.enCode]: [] } });
    expect((await listAs(handUser.token)).msg).toBe('没有访问权限');
    const chosen = await release(1);
    const user = await signedInUser(server, {}, { grants: { [chosen.enCode]: [] } });
    const res = await listAs(user.token);
    expect(res.code, res.msg).toBe(200);
    expect(res.data!.list.map((r) => r.id)).toEqual(['g1', 'g2']);
  });

  it('saves an id the interface gives, refuses others naming the field, and shows labels', async () => {
    const user = await signedInUser(server, {}, { grants: { [model.enCode]: ['btn_add', 'btn_edit'] } });
    const records = recordsAs(server, user.token);
    const created = await records.create(model, { goods: 'g1', many: ['g1', 'g2'], note: '随便写' });
    expect(created.code, created.msg).toBe(200);
    expect(errorsOf(await records.create(model, { goods: 'zz' }))).toEqual({ goods: '商品的值不在选项中' });
    expect(errorsOf(await records.create(model, { many: ['g1', 'nope'] }))).toEqual({
      many: '多个商品的值不在选项中',
    });
    expect(errorsOf(await records.create(model, { goods: { id: 'g1' } }))).toEqual({ goods: '商品格式不正确' });
    expect(errorsOf(await records.create(model, { goods: ['g1'] }))).toEqual({ goods: '商品格式不正确' });
    expect(errorsOf(await records.update(model, created.data!, { goods: 'forged' }))).toEqual({
      goods: '商品的值不在选项中',
    });
    // an unchanged popup is not asked again; a changed one is
    expect((await records.update(model, created.data!, { note: '改了', goods: 'g2' })).code).toBe(200);

    const page = await records.list(model);
    expect(page.code, page.msg).toBe(200);
    const row = page.data!.list.find((r) => r.id === created.data)!;
    expect(row).toMatchObject({ goods: '白菜', goods_id: 'g2', many: '苹果,白菜', goodsKind: '蔬菜', note: '改了' });
    const shown = JSON.parse((await records.shown(model, created.data!)).data!.data);
    expect(shown).toMatchObject({ goods: '白菜', many: '苹果,白菜', goodsKind: '蔬菜' });
  });

  it('a stored popup attribute keeps the field of the row, not what the input says', async () => {
    const user = await signedInUser(server, {}, { grants: { [model.enCode]: ['btn_add', 'btn_edit'] } });
    const records = recordsAs(server, user.token);
    const stored = async (id: string) =>
      (
        await ctx().database.query<{ data: Record<string, unknown> }>(
          'select data from base_visual_record where id = $1',
          [id],
        )
      )[0]!.data;
    const created = await records.create(model, { goods: 'g1', kindKept: '伪造' });
    expect(created.code, created.msg).toBe(200);
    expect(await stored(created.data!)).toMatchObject({ goods: 'g1', kindKept: '水果' });
    expect((await records.update(model, created.data!, { kindKept: '又伪造' })).code).toBe(200);
    expect((await stored(created.data!)).kindKept).toBe('水果');
    expect((await records.update(model, created.data!, { goods: 'g2' })).code).toBe(200);
    expect((await stored(created.data!)).kindKept).toBe('蔬菜');
    expect((await records.update(model, created.data!, { goods: '' })).code).toBe(200);
    expect(await stored(created.data!)).not.toHaveProperty('kindKept');
  });

  it('an interface that cannot be read refuses the save, and the list shows the stored ids', async () => {
    const user = await signedInUser(server, {}, { grants: { [model.enCode]: ['btn_add'] } });
    const records = recordsAs(server, user.token);
    expect((await records.create(model, { goods: 'g1' })).code).toBe(200);
    await ctx().database.query(`update base_data_interface set enabled_mark = 0 where id = $1`, [sqlId]);
    try {
      expect((await records.create(model, { goods: 'g1' })).msg).toMatch(/^商品的选项无法读取：/);
      const page = await records.list(model);
      expect(page.code).toBe(200);
      expect(page.data!.list.map((r) => r.goods)).toContain('g1');
    } finally {
      await ctx().database.query(`update base_data_interface set enabled_mark = 1 where id = $1`, [sqlId]);
    }
  });
});
