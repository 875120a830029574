// Option fields whose options come from a data interface (dataType "dynamic") over HTTP against a real
// database: who may call the interface (a granted menu of a released form that uses it, designers,
// administrators), parameters bound to another field or a system variable, the save refusing a value the
// interface does not offer for the record's parameters, and lists and details showing labels.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldConfig } from '@jnpf/core';
import { grantMenus, signedInUser } from '../../../../test/kit/access.js';
import { admin, api, ctx, server } from '../../../../test/kit/adminServer.js';
import { categoryId, errorsOf, useDesignServer } from '../../../../test/kit/designServer.js';
import { createReleased, recordsAs, releaseDesign, type ReleasedModel } from '../../../../test/kit/released.js';
import { designBody, field, sampleForm } from '../../../../test/kit/visualdev.js';
import { interfaceBody as diBody } from '../../../../test/kit/dataInterfaces.js';

const DI = '/api/system/DataInterface';
const BASE = '/api/visualdev/Base';
const table = `dyn_opts_${Date.now().toString(36)}`;
let sqlId: string;
let treeId: string;
let whoId: string;
let meId: string;
let model: ReleasedModel;

const interfaceBody = (patch: Record<string, unknown>) => diBody(ctx(), patch);

const tree = [
  { id: 'east', fullName: '华东', children: [{ id: 'sh', fullName: '上海' }] },
  { id: 'west', fullName: '西部' },
];

/** the form: a kind, a select whose options are the rows of that kind, and a tree select over static data */
const fields = (): FieldConfig[] => [
  field('input', 'kind', '类别'),
  field(
    'select',
    'pick',
    '物品',
    {
      dataType: 'dynamic',
      propsUrl: sqlId,
      templateJson: [{ field: 'kind', fieldName: '类别', dataType: 'varchar', sourceType: 1, relationField: 'kind' }],
    },
    { props: { label: 'full_name', value: 'id' } },
  ),
  field(
    'select',
    'mine',
    '本人',
    {
      dataType: 'dynamic',
      propsUrl: meId,
      templateJson: [{ field: 'who', sourceType: 4, relationField: '@userId' }],
    },
    { props: { label: 'full_name', value: 'id' } },
  ),
  field(
    'treeSelect',
    'node',
    '节点',
    { dataType: 'dynamic', propsUrl: treeId, templateJson: [] },
    { props: { label: 'fullName', value: 'id', children: 'children' } },
  ),
];

useDesignServer();
beforeAll(async () => {
  await ctx().database.query(`create table ${table} (id text primary key, full_name text, kind text)`);
  await ctx().database.query(
    `insert into ${table} values ('a1', '苹果', 'fruit'), ('a2', '香蕉', 'fruit'), ('v1', '白菜', 'veg')`,
  );
  sqlId = await api.create(
    DI,
    await interfaceBody({
      parameterJson: JSON.stringify([{ field: 'kind', fieldName: '类别', dataType: 'varchar', required: 0 }]),
      dataConfigJson: JSON.stringify({
        sqlData: {
          dbLinkId: '0',
          sql: `select id, full_name from ${table} where coalesce({kind}, '') = '' or kind = {kind} order by id`,
        },
      }),
    }),
  );
  treeId = await api.create(
    DI,
    await interfaceBody({ type: 2, dataConfigJson: JSON.stringify({ staticData: JSON.stringify(tree) }) }),
  );
  whoId = await api.create(
    DI,
    await interfaceBody({
      parameterJson: JSON.stringify([{ field: 'who', fieldName: '谁', dataType: 'varchar', required: 0 }]),
      dataConfigJson: JSON.stringify({ sqlData: { dbLinkId: '0', sql: `select cast({who} as text) as who` } }),
    }),
  );
  meId = await api.create(
    DI,
    await interfaceBody({
      parameterJson: JSON.stringify([{ field: 'who', fieldName: '谁', dataType: 'varchar', required: 0 }]),
      dataConfigJson: JSON.stringify({
        sqlData: { dbLinkId: '0', sql: `select cast({who} as text) as id, '本人' as full_name` },
      }),
    }),
  );
  model = await createReleased(
    server,
    admin,
    designBody(categoryId, 'none', {
      formData: JSON.stringify(sampleForm('none', fields())),
      columnData: JSON.stringify({
        type: 1,
        columnList: [
          { prop: 'pick', label: '物品', jnpfKey: 'select' },
          { prop: 'node', label: '节点', jnpfKey: 'treeSelect' },
          { prop: 'mine', label: '本人', jnpfKey: 'select' },
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

describe('dynamic options', () => {
  it('a dynamic field needs an interface', async () => {
    const noInterface = [field('select', 'pick', '物品', { dataType: 'dynamic' })];
    const refused = await api.post(
      BASE,
      designBody(categoryId, 'none', { webType: 1, formData: JSON.stringify(sampleForm('none', noInterface)) }),
    );
    expect(errorsOf(refused)).toEqual({ 'formData.fields.0.__config__.propsUrl': '请为物品选择数据接口' });
  });

  it('the interface answers users granted the form, designers and administrators; others are refused', async () => {
    const list = (token: string, id = sqlId) =>
      api.post<{ list: { id: string }[] }>(
        `${DI}/${id}/Actions/List`,
        { pageSize: 100, paramList: [{ field: 'kind', defaultValue: 'fruit' }] },
        { token },
      );
    const granted = await signedInUser(server, {}, { grants: { [model.enCode]: [] } });
    const res = await list(granted.token);
    expect(res.code, res.msg).toBe(200);
    expect(res.data!.list.map((r) => r.id)).toEqual(['a1', 'a2']);
    const ids = await api.post<{ id: string }[]>(
      `${DI}/${sqlId}/Actions/InfoByIds`,
      { ids: ['v1'], propsValue: 'id' },
      { token: granted.token },
    );
    expect(ids.data!.map((r) => r.id)).toEqual(['v1']);
    expect((await api.post(`${DI}/${sqlId}/Actions/GetFields`, {}, { token: granted.token })).data).toEqual([
      'id',
      'full_name',
    ]);
    // the form does not use this interface
    expect((await list(granted.token, whoId)).msg).toBe('没有访问权限');

    const other = await signedInUser(server, {}, { grants: { 'system.area': [] } });
    for (const action of ['List', 'InfoByIds', 'GetFields'])
      expect((await api.post(`${DI}/${sqlId}/Actions/${action}`, {}, { token: other.token })).msg, action).toBe(
        '没有访问权限',
      );
    const nobody = await signedInUser(server);
    expect((await list(nobody.token)).msg).toBe('没有访问权限');

    const designer = await signedInUser(server, {}, { grants: { 'onlineDev.webDesign': [] } });
    expect((await list(designer.token, whoId)).code).toBe(200);
    expect((await list(admin)).code).toBe(200);
    await grantMenus(ctx(), other.id, { [model.enCode]: [] });
    expect((await list(other.token)).code).toBe(200);
  });

  it('a release that starts or stops using an interface changes who may call it at once', async () => {
    const plain = [field('input', 'kind', '类别')];
    const using = [
      ...plain,
      field('select', 'who', '谁', { dataType: 'dynamic', propsUrl: whoId, templateJson: [] }, { props: {} }),
    ];
    const design = (formFields: FieldConfig[], enCode?: string) => ({
      ...designBody(categoryId, 'none', {
        formData: JSON.stringify(sampleForm('none', formFields)),
        columnData: JSON.stringify({
          type: 1,
          columnList: [{ prop: 'kind', label: '类别', jnpfKey: 'input' }],
          searchList: [],
          btnsList: [],
          columnBtnsList: [],
          hasPage: true,
          pageSize: 20,
        }),
      }),
      ...(enCode ? { enCode, fullName: `功能${enCode}` } : {}),
    });
    const first = design(plain) as Record<string, unknown> & { enCode: string };
    const released = await createReleased(server, admin, first);
    const user = await signedInUser(server, {}, { grants: { [released.enCode]: [] } });
    const list = () => api.post(`${DI}/${whoId}/Actions/List`, {}, { token: user.token });
    // asked twice: the answer "no form uses it" is kept
    expect((await list()).msg).toBe('没有访问权限');
    expect((await list()).msg).toBe('没有访问权限');
    expect((await api.put(`${BASE}/${released.id}`, design(using, released.enCode))).code).toBe(200);
    // saved but not released: the runtime still reads the old release
    expect((await list()).msg).toBe('没有访问权限');
    await releaseDesign(server, admin, released.id);
    expect((await list()).code).toBe(200);
    expect((await list()).code).toBe(200);
    // released again without the field: refused at once
    expect((await api.put(`${BASE}/${released.id}`, design(plain, released.enCode))).code).toBe(200);
    await releaseDesign(server, admin, released.id);
    expect((await list()).msg).toBe('没有访问权限');
  });

  it('a parameter bound to a system variable takes the caller, never the value sent', async () => {
    const staff = await signedInUser(server, {}, { grants: { 'onlineDev.webDesign': [] } });
    const res = await api.post<{ list: { who: string }[] }>(
      `${DI}/${whoId}/Actions/List`,
      { paramList: [{ field: 'who', sourceType: 4, relationField: '@userId', defaultValue: 'forged' }] },
      { token: staff.token },
    );
    expect(res.data!.list).toEqual([{ who: staff.id }]);
    const hostile = await api.post<{ list: { who: string | null }[] }>(
      `${DI}/${whoId}/Actions/List`,
      { paramList: [{ field: 'who', sourceType: 4, relationField: "@x'; drop table base_user; --" }] },
      { token: staff.token },
    );
    expect(hostile.data!.list).toEqual([{ who: null }]);
  });

  it('saves a value the interface offers for the record, refuses others, and shows labels', async () => {
    const user = await signedInUser(server, {}, { grants: { [model.enCode]: ['btn_add', 'btn_edit'] } });
    const records = recordsAs(server, user.token);
    const created = await records.create(model, { kind: 'fruit', pick: 'a2', node: 'sh' });
    expect(created.code, created.msg).toBe(200);
    // 白菜 is a vegetable: not offered for kind "fruit"
    expect(errorsOf(await records.create(model, { kind: 'fruit', pick: 'v1' }))).toEqual({
      pick: '物品的值不在选项中',
    });
    expect(errorsOf(await records.create(model, { node: 'mars' }))).toEqual({ node: '节点的值不在选项中' });
    expect(errorsOf(await records.create(model, { kind: 'veg', pick: { id: 'v1' } }))).toEqual({
      pick: '物品格式不正确',
    });
    // an update is checked with the record's other values as they stay
    expect(errorsOf(await records.update(model, created.data!, { pick: 'v1' }))).toEqual({
      pick: '物品的值不在选项中',
    });
    // the whole form sent with the bound field changed: the kept value is checked under the new kind
    expect(errorsOf(await records.update(model, created.data!, { kind: 'veg', pick: 'a2', node: 'sh' }))).toEqual({
      pick: '物品的值不在选项中',
    });
    expect((await records.create(model, { kind: 'veg', pick: 'v1' })).code).toBe(200);

    const page = await records.list(model);
    expect(page.code, page.msg).toBe(200);
    const row = page.data!.list.find((r) => r.id === created.data)!;
    expect(row).toMatchObject({ pick: '香蕉', pick_id: 'a2', node: '上海', node_id: 'sh' });
    expect(page.data!.list.map((r) => r.pick).sort()).toEqual(['白菜', '香蕉']);
    const shown = JSON.parse((await records.shown(model, created.data!)).data!.data);
    expect(shown).toMatchObject({ pick: '香蕉', node: '上海' });
  });

  it('a sub-table column reads a parameter from the main form, checked at save and on every update', async () => {
    const bound = [{ field: 'kind', fieldName: '类别', dataType: 'varchar', sourceType: 1, relationField: 'kind' }];
    const lineFields = (): FieldConfig[] => [
      field('input', 'kind', '类别'),
      field('input', 'note', '备注'),
      field(
        'popupSelect',
        'chosen',
        '选品',
        {},
        { interfaceId: sqlId, propsValue: 'id', relationField: 'full_name', templateJson: bound },
      ),
      field('table', 'lines', '明细', {
        children: [
          field(
            'select',
            'item',
            '条目',
            { dataType: 'dynamic', propsUrl: sqlId, templateJson: bound },
            { props: { label: 'full_name', value: 'id' } },
          ),
        ],
      }),
    ];
    const lines = await createReleased(
      server,
      admin,
      designBody(categoryId, 'none', {
        formData: JSON.stringify(sampleForm('none', lineFields())),
        columnData: JSON.stringify({
          type: 1,
          columnList: [{ prop: 'kind', label: '类别', jnpfKey: 'input' }],
          searchList: [],
          btnsList: [{ value: 'add', label: '新增' }],
          columnBtnsList: [{ value: 'edit', label: '编辑' }],
          hasPage: true,
          pageSize: 20,
        }),
      }) as Record<string, unknown> & { enCode: string },
    );
    const user = await signedInUser(server, {}, { grants: { [lines.enCode]: ['btn_add', 'btn_edit'] } });
    const records = recordsAs(server, user.token);
    // the rows' options are those of the main form's kind
    const refused = await records.create(lines, { kind: 'veg', lines: [{ item: 'v1' }, { item: 'a1' }] });
    expect(refused.code).toBe(401);
    expect(JSON.stringify(errorsOf(refused))).toContain('条目的值不在选项中');
    const created = await records.create(lines, {
      kind: 'fruit',
      chosen: 'a1',
      lines: [{ item: 'a1' }, { item: 'a2' }],
    });
    expect(created.code, created.msg).toBe(200);
    const shown = JSON.parse((await records.shown(lines, created.data!)).data!.data) as Record<string, unknown>;
    expect(shown).toMatchObject({ lines: [{ item: '苹果' }, { item: '香蕉' }] });

    // an update of the bound field alone checks the values kept under the new kind: the popup and the rows
    const onlyKind = await records.update(lines, created.data!, { kind: 'veg' });
    expect(errorsOf(onlyKind)).toEqual({ lines: '明细第1行：条目的值不在选项中' });
    const popupLeft = await records.update(lines, created.data!, { kind: 'veg', lines: [{ item: 'v1' }] });
    expect(errorsOf(popupLeft)).toEqual({ chosen: '选品的值不在选项中' });
    // the same kind sent again, or another field changed: nothing to check again
    expect((await records.update(lines, created.data!, { kind: 'fruit', note: '好' })).code).toBe(200);
    expect((await records.update(lines, created.data!, { note: '更好' })).code).toBe(200);
    const moved = await records.update(lines, created.data!, { kind: 'veg', chosen: 'v1', lines: [{ item: 'v1' }] });
    expect(moved.code, moved.msg).toBe(200);
    const kept = JSON.parse((await records.get(lines, created.data!)).data!.data) as Record<string, unknown>;
    expect(kept).toMatchObject({ kind: 'veg', chosen: 'v1', note: '更好', lines: [{ item: 'v1' }] });
  });

  it('a sub-table column reads a parameter from a cell of its own row: each row is offered its own', async () => {
    const bound = [{ field: 'kind', fieldName: '类别', dataType: 'varchar', sourceType: 1, relationField: 'rowKind' }];
    const rowFields = (): FieldConfig[] => [
      field('table', 'lines', '明细', {
        children: [
          field('input', 'rowKind', '行类别'),
          field(
            'select',
            'item',
            '条目',
            { dataType: 'dynamic', propsUrl: sqlId, templateJson: bound },
            { props: { label: 'full_name', value: 'id' } },
          ),
        ],
      }),
    ];
    const rowsModel = await createReleased(
      server,
      admin,
      designBody(categoryId, 'none', {
        formData: JSON.stringify(sampleForm('none', rowFields())),
        columnData: JSON.stringify({
          type: 1,
          columnList: [],
          searchList: [],
          btnsList: [{ value: 'add', label: '新增' }],
          columnBtnsList: [{ value: 'edit', label: '编辑' }],
          hasPage: true,
          pageSize: 20,
        }),
      }) as Record<string, unknown> & { enCode: string },
    );
    const user = await signedInUser(server, {}, { grants: { [rowsModel.enCode]: ['btn_add', 'btn_edit'] } });
    const records = recordsAs(server, user.token);
    // a fruit offered to the fruit row is not offered to the vegetable row beside it
    const refused = await records.create(rowsModel, {
      lines: [
        { rowKind: 'fruit', item: 'a1' },
        { rowKind: 'veg', item: 'a1' },
      ],
    });
    expect(refused.code).toBe(401);
    expect(errorsOf(refused)).toEqual({ lines: '明细第2行：条目的值不在选项中' });
    const created = await records.create(rowsModel, {
      lines: [
        { rowKind: 'fruit', item: 'a2' },
        { rowKind: 'veg', item: 'v1' },
      ],
    });
    expect(created.code, created.msg).toBe(200);
    const shown = JSON.parse((await records.shown(rowsModel, created.data!)).data!.data) as Record<string, unknown>;
    expect(shown).toMatchObject({ lines: [{ item: '香蕉' }, { item: '白菜' }] });
    // an update is checked row by row the same way
    const swapped = await records.update(rowsModel, created.data!, {
      lines: [
        { rowKind: 'veg', item: 'a2' },
        { rowKind: 'veg', item: 'v1' },
      ],
    });
    expect(errorsOf(swapped)).toEqual({ lines: '明细第1行：条目的值不在选项中' });
  });

  it('an update changing only the bound field refuses a kept value no longer offered, naming the field', async () => {
    const user = await signedInUser(server, {}, { grants: { [model.enCode]: ['btn_add', 'btn_edit'] } });
    const records = recordsAs(server, user.token);
    const created = await records.create(model, { kind: 'fruit', pick: 'a2' });
    expect(created.code, created.msg).toBe(200);
    expect(errorsOf(await records.update(model, created.data!, { kind: 'veg' }))).toEqual({
      pick: '物品的值不在选项中',
    });
    // cleared together with the change, or changed to a value offered: saved
    expect((await records.update(model, created.data!, { kind: 'veg', pick: 'v1' })).code).toBe(200);
    expect((await records.update(model, created.data!, { kind: 'fruit', pick: '' })).code).toBe(200);
    expect((await records.update(model, created.data!, { kind: 'veg' })).code).toBe(200);
  });

  it('the keyword and fuzzy search match the label an interface gives, or the stored value', async () => {
    const searchFields = (): FieldConfig[] => [
      ...fields().filter((f) => ['kind', 'pick', 'node'].includes(f.__vModel__)),
      field('popupSelect', 'chosen', '选品', {}, { interfaceId: sqlId, propsValue: 'id', relationField: 'full_name' }),
    ];
    const searchItem = (prop: string, label: string, jnpfKey: string, isKeyword = true) => ({
      prop,
      label,
      jnpfKey,
      searchType: 2,
      isKeyword,
    });
    const searched = await createReleased(
      server,
      admin,
      designBody(categoryId, 'none', {
        formData: JSON.stringify(sampleForm('none', searchFields())),
        columnData: JSON.stringify({
          type: 1,
          columnList: [
            { prop: 'kind', label: '类别', jnpfKey: 'input' },
            { prop: 'pick', label: '物品', jnpfKey: 'select' },
          ],
          searchList: [
            searchItem('pick', '物品', 'select'),
            searchItem('node', '节点', 'treeSelect'),
            searchItem('chosen', '选品', 'popupSelect', false),
          ],
          btnsList: [{ value: 'add', label: '新增' }],
          columnBtnsList: [],
          hasPage: true,
          pageSize: 20,
        }),
      }) as Record<string, unknown> & { enCode: string },
    );
    const user = await signedInUser(server, {}, { grants: { [searched.enCode]: ['btn_add'] } });
    const records = recordsAs(server, user.token);
    const ids: Record<string, string> = {};
    for (const [name, value] of Object.entries({
      banana: { kind: 'fruit', pick: 'a2', node: 'sh', chosen: 'v1' },
      cabbage: { kind: 'veg', pick: 'v1', node: 'west', chosen: 'a1' },
      apple: { kind: 'fruit', pick: 'a1' },
    })) {
      const created = await records.create(searched, value);
      expect(created.code, created.msg).toBe(200);
      ids[name] = created.data!;
    }
    const found = async (body: Record<string, unknown>) => {
      const page = await records.list(searched, body);
      expect(page.code, page.msg).toBe(200);
      return page.data!.list.map((r) => Object.keys(ids).find((k) => ids[k] === r.id)).sort();
    };
    // 香蕉 is a2 for kind fruit; 白菜 is v1 for kind veg; the stored id still matches
    expect(await found({ keyword: '香' })).toEqual(['banana']);
    expect(await found({ keyword: '白菜' })).toEqual(['cabbage']);
    expect(await found({ keyword: 'a1' })).toEqual(['apple']);
    // a tree's label at any level: 上海 under 华东, 西部 at the top
    expect(await found({ keyword: '上海' })).toEqual(['banana']);
    expect(await found({ keyword: '西' })).toEqual(['cabbage']);
    expect(await found({ keyword: '火星' })).toEqual([]);
    // the fuzzy search form over a popup select's label
    expect(await found({ queryJson: JSON.stringify({ chosen: '苹' }) })).toEqual(['cabbage']);
    expect(await found({ queryJson: JSON.stringify({ chosen: '白' }) })).toEqual(['banana']);
    // a keyword with LIKE and SQL characters is a literal
    expect(await found({ keyword: "%' or 1=1 --" })).toEqual([]);
  });

  it('a parameter bound to the current user is the caller, when saving and when showing', async () => {
    const user = await signedInUser(server, {}, { grants: { [model.enCode]: ['btn_add'] } });
    const other = await signedInUser(server, {}, { grants: { [model.enCode]: ['btn_add'] } });
    const records = recordsAs(server, user.token);
    // only the caller's own id is offered
    expect(errorsOf(await records.create(model, { mine: other.id }))).toEqual({ mine: '本人的值不在选项中' });
    const created = await records.create(model, { mine: user.id });
    expect(created.code, created.msg).toBe(200);
    const mine = (await records.list(model)).data!.list.find((r) => r.id === created.data)!;
    expect(mine).toMatchObject({ mine: '本人', mine_id: user.id });
    // another user's list asks the interface for that user: the value stays as stored
    const theirs = (await recordsAs(server, other.token).list(model)).data!.list.find((r) => r.id === created.data)!;
    expect(theirs.mine).toBe(user.id);
  });

  it('an interface that cannot be read refuses the save naming the field, and the list shows stored values', async () => {
    const user = await signedInUser(server, {}, { grants: { [model.enCode]: ['btn_add'] } });
    const records = recordsAs(server, user.token);
    await ctx().database.query(`update base_data_interface set enabled_mark = 0 where id = $1`, [sqlId]);
    try {
      const refused = await records.create(model, { kind: 'fruit', pick: 'a1' });
      expect(refused.msg).toMatch(/^物品的选项无法读取：/);
      const page = await records.list(model);
      expect(page.code).toBe(200);
      expect(page.data!.list.map((r) => r.pick)).toContain('a2');
    } finally {
      await ctx().database.query(`update base_data_interface set enabled_mark = 1 where id = $1`, [sqlId]);
    }
  });
});
