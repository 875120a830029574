// What a save keeps of popup values, over HTTP against a real database. A stored popup attribute (isStorage) never
// takes the input's text: it is empty when the picked row has nothing in its shown field, and when the row is not
// known now (its interface no longer gives it) it keeps what the record held. A popup value is checked against its
// interface only for the ids the input adds, as pickers are: a record whose picked row was deleted since can still be
// saved, and keeps it; an id it did not hold must be one the interface gives. A sub-table whose popup column binds
// a parameter to a cell of its row is checked row by row, however many distinct parameters its rows make: each
// cell against what its own row's parameters give.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldConfig } from '@jnpf/core';
import { visualRecord } from '../../../db/schema/index.js';
import { admin, api, ctx, server } from '../../../../test/kit/adminServer.js';
import { categoryId, useDesignServer } from '../../../../test/kit/designServer.js';
import { createReleased, recordsAs, type ReleasedModel } from '../../../../test/kit/released.js';
import { designBody, field, sampleForm } from '../../../../test/kit/visualdev.js';
import { createSqlInterface } from '../../../../test/kit/dataInterfaces.js';

const table = `popup_kept_${Date.now().toString(36)}`;
let sqlId: string;
let model: ReleasedModel;

const popup = (vModel: string, label: string) =>
  field(
    'popupSelect',
    vModel,
    label,
    {},
    { interfaceId: sqlId, propsValue: 'id', relationField: 'full_name', templateJson: [], multiple: false },
  );

const fields = (): FieldConfig[] => [
  field('input', 'title', '标题'),
  popup('goods', '商品'),
  field('popupAttr', 'kindKept', '存储类别', {}, { relationField: 'goods', showField: 'kind', isStorage: 1 }),
  field('table', 'lines', '明细', {
    children: [
      popup('item', '条目'),
      field('popupAttr', 'itemKind', '条目类别', {}, { relationField: 'item', showField: 'kind', isStorage: 1 }),
    ],
  }),
];

const stored = async (id: string) =>
  (await ctx().db.select().from(visualRecord).where(eq(visualRecord.id, id)))[0]!.data;

useDesignServer();
beforeAll(async () => {
  await ctx().database.query(`create table ${table} (id text primary key, full_name text, kind text)`);
  await ctx().database.query(
    `insert into ${table} values ('g1', '苹果', '水果'), ('g2', '白菜', '蔬菜'), ('g3', '无类', null),
      ('g4', '梨', '水果'), ('g5', '萝卜', '蔬菜'), ('g6', '桃', '水果'), ('g7', '芹菜', '蔬菜')`,
  );
  sqlId = await createSqlInterface(api, ctx(), `select id, full_name, kind from ${table} order by id`);
  model = await createReleased(
    server,
    admin,
    designBody(categoryId, 'none', {
      formData: JSON.stringify(sampleForm('none', fields())),
      columnData: JSON.stringify({
        type: 1,
        columnList: [{ prop: 'title', label: '标题', jnpfKey: 'input' }],
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

describe('a stored popup attribute', () => {
  it('is empty when the picked row shows nothing, whatever the input said', async () => {
    const res = await recordsAs(server, admin).create(model, {
      goods: 'g3',
      kindKept: '伪造',
      lines: [{ item: 'g3', itemKind: '伪造' }, { item: 'g1' }],
    });
    expect(res.code, res.msg).toBe(200);
    const data = await stored(res.data!);
    expect(data.goods).toBe('g3');
    expect(data).not.toHaveProperty('kindKept');
    expect(data.lines).toEqual([{ item: 'g3' }, { item: 'g1', itemKind: '水果' }]);
  });

  it('keeps what the record held when the row is not known now, not the input', async () => {
    const records = recordsAs(server, admin);
    const res = await records.create(model, { title: 'a', goods: 'g4', lines: [{ item: 'g2' }] });
    expect(res.code, res.msg).toBe(200);
    expect(await stored(res.data!)).toMatchObject({ kindKept: '水果', lines: [{ item: 'g2', itemKind: '蔬菜' }] });
    await ctx().database.query(`delete from ${table} where id = 'g4'`);
    const up = await records.update(model, res.data!, { title: 'b', kindKept: '伪造' });
    expect(up.code, up.msg).toBe(200);
    expect(await stored(res.data!)).toMatchObject({ title: 'b', goods: 'g4', kindKept: '水果' });
  });
});

describe('a popup value a record held', () => {
  it('is kept although its row is gone; an id the input adds is still checked', async () => {
    const records = recordsAs(server, admin);
    const res = await records.create(model, { title: 'a', goods: 'g6', lines: [{ item: 'g7' }, { item: 'g1' }] });
    expect(res.code, res.msg).toBe(200);
    await ctx().database.query(`delete from ${table} where id in ('g6', 'g7')`);
    // the whole form sent back as it was (the rows reordered), with forged attribute texts: saved, the texts kept
    const up = await records.update(model, res.data!, {
      title: 'b',
      goods: 'g6',
      kindKept: '伪造',
      lines: [{ item: 'g1' }, { item: 'g7', itemKind: '伪造' }],
    });
    expect(up.code, up.msg).toBe(200);
    expect(await stored(res.data!)).toMatchObject({
      title: 'b',
      goods: 'g6',
      kindKept: '水果',
      lines: [{ item: 'g1', itemKind: '水果' }, { item: 'g7' }],
    });
    // an id the record did not hold, gone or never given, is refused, in a new row too
    const refused = await records.update(model, res.data!, { goods: 'g4' });
    expect(refused.code).toBe(401);
    expect(refused.msg).toContain('商品的值不在选项中');
    const row = await records.update(model, res.data!, { lines: [{ item: 'g7' }, { item: 'zz' }] });
    expect(row.code).toBe(401);
    expect(row.msg).toContain('明细第2行');
    // a new record may not pick the row that is gone
    expect((await records.create(model, { goods: 'g6' })).code).toBe(401);
  });
});

describe('a sub-table popup whose parameter reads its row', () => {
  it('checks every row, beyond 50 distinct parameter sets', async () => {
    const kinds = `popup_kinds_${Date.now().toString(36)}`;
    const n = 60;
    await ctx().database.query(`create table ${kinds} (id text primary key, full_name text, kind text)`);
    await ctx().database.query(
      `insert into ${kinds} select 'r' || i, '行' || i, 'k' || i from generate_series(1, ${n}) as i`,
    );
    try {
      const byKind = await createSqlInterface(
        api,
        ctx(),
        `select id, full_name from ${kinds} where kind = {kind} order by id`,
        { parameterJson: JSON.stringify([{ field: 'kind', fieldName: '类别', dataType: 'varchar', required: 0 }]) },
      );
      const rowsModel = await createReleased(
        server,
        admin,
        designBody(categoryId, 'none', {
          formData: JSON.stringify(
            sampleForm('none', [
              field('table', 'items', '明细', {
                children: [
                  field('input', 'k', '类别'),
                  field(
                    'popupSelect',
                    'p',
                    '条目',
                    {},
                    {
                      interfaceId: byKind,
                      propsValue: 'id',
                      relationField: 'full_name',
                      templateJson: [{ field: 'kind', sourceType: 1, relationField: 'k' }],
                      multiple: false,
                    },
                  ),
                ],
              }),
            ]),
          ),
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
      const items = Array.from({ length: n }, (_, i) => ({ k: `k${i + 1}`, p: `r${i + 1}` }));
      const res = await recordsAs(server, admin).create(rowsModel, { items });
      expect(res.code, res.msg).toBe(200);
      expect((await stored(res.data!)).items).toEqual(items);
      // an id no parameter gives is still refused, in the last row too
      const wrong = items.map((row, i) => (i === n - 1 ? { ...row, p: 'zz' } : row));
      const refused = await recordsAs(server, admin).create(rowsModel, { items: wrong });
      expect(refused.code).toBe(401);
      expect(refused.msg).toContain(`明细第${n}行`);
      // so is an id given only for another row's parameters
      const other = items.map((row, i) => (i === 2 ? { ...row, p: 'r1' } : row));
      const crossed = await recordsAs(server, admin).create(rowsModel, { items: other });
      expect(crossed.code).toBe(401);
      expect(crossed.msg).toContain('明细第3行');
    } finally {
      await ctx().database.query(`drop table if exists ${kinds}`);
    }
  });
});
