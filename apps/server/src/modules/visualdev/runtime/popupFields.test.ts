// Popup select, popup table select, autoComplete and popup attribute values against real data interfaces of a
// running test server (an SQL interface over a table with a parameter, one bound to the caller): the shape of
// input values, the ids checked through InfoByIds for the record's parameters, and labels for a page of records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../../test/kit/access.js';
import { api, ctx, server } from '../../../../test/kit/adminServer.js';
import { useDesignServer } from '../../../../test/kit/designServer.js';
import { field } from '../../../../test/kit/visualdev.js';
import {
  checkPopupRecord,
  hasPopupFields,
  loadPopupRows,
  popupAttrText,
  popupIds,
  popupIssue,
  popupLabel,
  readPopupValue,
  withPopupLabels,
} from './popupFields.js';
import { interfaceBody as diBody } from '../../../../test/kit/dataInterfaces.js';

const DI = '/api/system/DataInterface';
const table = `popup_rows_${Date.now().toString(36)}`;
let sqlId: string;
let meId: string;
let staffCaller: { userId: string; isAdministrator: boolean };

const interfaceBody = (patch: Record<string, unknown>) => diBody(ctx(), patch);

const kind = field('input', 'kind', '类别');
const popup = (patch: Record<string, unknown> = {}) =>
  field(
    'popupSelect',
    'pick',
    '物品',
    {},
    {
      interfaceId: sqlId,
      propsValue: 'id',
      relationField: 'full_name',
      templateJson: [{ field: 'kind', sourceType: 1, relationField: 'kind' }],
      ...patch,
    },
  );
const many = () =>
  field(
    'popupTableSelect',
    'picks',
    '多选',
    {},
    {
      interfaceId: sqlId,
      propsValue: 'id',
      relationField: 'full_name',
      multiple: true,
      templateJson: [],
    },
  );
const attr = field('popupAttr', 'price', '价格', {}, { relationField: 'pick', showField: 'price' });
const auto = field('autoComplete', 'name', '名称', {}, { interfaceId: 'x', relationField: 'full_name', maxlength: 5 });

useDesignServer();
beforeAll(async () => {
  await ctx().database.query(`create table ${table} (id text primary key, full_name text, kind text, price int)`);
  await ctx().database.query(
    `insert into ${table} values ('a1', '苹果', 'fruit', 3), ('a2', '香蕉', 'fruit', 5), ('v1', '白菜', 'veg', 2)`,
  );
  sqlId = await api.create(
    DI,
    await interfaceBody({
      parameterJson: JSON.stringify([{ field: 'kind', fieldName: '类别', dataType: 'varchar', required: 0 }]),
      dataConfigJson: JSON.stringify({
        sqlData: {
          dbLinkId: '0',
          sql: `select id, full_name, price from ${table} where coalesce({kind}, '') = '' or kind = {kind} order by id`,
        },
      }),
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
  const someone = await signedInUser(server);
  staffCaller = { userId: someone.id, isAdministrator: false };
});

afterAll(async () => {
  await ctx().database.query(`drop table if exists ${table}`);
});

describe('popup values: shape', () => {
  it('a single popup keeps one id, a multiple one a list of distinct ids; anything else is refused', () => {
    expect(readPopupValue(popup(), 'a1')).toEqual({ value: 'a1' });
    expect(readPopupValue(popup(), 7)).toEqual({ value: '7' });
    expect(readPopupValue(popup(), '')).toEqual({ value: undefined });
    expect(readPopupValue(popup(), ['a1'])).toEqual({
      issue: { key: 'visualdev.typeMismatch', params: { label: '物品' } },
    });
    expect(readPopupValue(popup(), { id: 'a1' })).toMatchObject({ issue: { key: 'visualdev.typeMismatch' } });
    expect(readPopupValue(popup(), 'x'.repeat(201))).toMatchObject({ issue: { key: 'visualdev.typeMismatch' } });
    expect(readPopupValue(many(), ['a1', 'a2', 'a1'])).toEqual({ value: ['a1', 'a2'] });
    expect(readPopupValue(many(), 'a1')).toEqual({ value: ['a1'] });
    expect(readPopupValue(many(), ['a1', { id: 1 }])).toMatchObject({ issue: { key: 'visualdev.typeMismatch' } });
    expect(
      readPopupValue(
        many(),
        Array.from({ length: 501 }, (_, i) => `r${i}`),
      ),
    ).toMatchObject({
      issue: { key: 'visualdev.typeMismatch' },
    });
  });

  it('autoComplete is free text up to its maxlength', () => {
    expect(readPopupValue(auto, '苹果汁')).toEqual({ value: '苹果汁' });
    expect(readPopupValue(auto, 12)).toEqual({ value: '12' });
    expect(readPopupValue(auto, '一二三四五六')).toEqual({
      issue: { key: 'visualdev.tooLong', params: { label: '名称', max: 5 } },
    });
    expect(readPopupValue(auto, ['a'])).toMatchObject({ issue: { key: 'visualdev.typeMismatch' } });
  });

  it('ids of a stored value and labels from known rows', () => {
    expect(popupIds(['a', 2, null])).toEqual(['a', '2']);
    expect(popupIds(undefined)).toEqual([]);
    const rows = new Map([['a1', { id: 'a1', full_name: '苹果' }]]);
    expect(popupLabel(many(), ['a1', 'gone'], rows)).toBe('苹果,gone');
    expect(hasPopupFields([kind])).toBe(false);
    expect(hasPopupFields([field('table', 't', '表', { children: [many()] })])).toBe(true);
  });
});

describe('popup values: against the interface', () => {
  it('reads the rows held by a page of records, one call per parameter set, for each record', async () => {
    const records = [
      { kind: 'fruit', pick: 'a2', picks: ['a1', 'v1'] },
      { kind: 'veg', pick: 'v1' },
      // a fruit is not a vegetable: not given for this record's kind
      { kind: 'veg', pick: 'a1' },
    ];
    const fields = [kind, popup(), many(), attr];
    const rows = await loadPopupRows(ctx(), fields, { records, caller: staffCaller, strict: true, lang: 'zh' });
    expect([...rows.get('pick')!.keys()].sort()).toEqual(['a2', 'v1']);
    expect([...rows.get('picks')!.keys()].sort()).toEqual(['a1', 'v1']);
    expect(popupIssue(popup(), 'a2', rows.get('pick'))).toBeNull();
    expect(popupIssue(popup(), 'a1', rows.get('pick'))).toEqual({
      key: 'visualdev.notAnOption',
      params: { label: '物品' },
    });
    expect(popupAttrText(attr, records[0]!, rows)).toBe('5');

    const shown = withPopupLabels(fields, records, rows);
    expect(shown[0]).toMatchObject({
      pick: '香蕉',
      pick_id: 'a2',
      picks: '苹果,白菜',
      picks_id: ['a1', 'v1'],
      price: '5',
    });
    expect(shown[1]).toMatchObject({ pick: '白菜', price: '2' });
    // the id the interface does not give for the record shows as stored
    expect(shown[2]).toMatchObject({ pick: 'a1', pick_id: 'a1' });
    expect(shown[2]!.price).toBeUndefined();
  });

  it('checks a record: stored forms, ids given for its parameters, sub-table columns', async () => {
    const fields = [
      kind,
      popup(),
      many(),
      auto,
      field('table', 'lines', '明细', {
        children: [field('popupSelect', 'item', '条目', {}, { interfaceId: sqlId, relationField: 'full_name' })],
      }),
    ];
    const read = { caller: staffCaller, lang: 'zh' as const };
    const good = await checkPopupRecord(
      ctx(),
      fields,
      { kind: 'fruit', pick: 'a1', picks: 'v1', name: '果汁', lines: [{ item: 'a2' }] },
      read,
    );
    expect(good.issues).toEqual({});
    expect(good.values).toMatchObject({ pick: 'a1', picks: ['v1'], name: '果汁', lines: [{ item: 'a2' }] });

    const bad = await checkPopupRecord(
      ctx(),
      fields,
      { kind: 'fruit', pick: 'v1', picks: ['a1', 'zz'], lines: [{ item: 'a1' }, { item: 'nope' }] },
      read,
    );
    expect(bad.issues).toEqual({
      pick: { key: 'visualdev.notAnOption', params: { label: '物品' } },
      picks: { key: 'visualdev.notAnOption', params: { label: '多选' } },
      lines: {
        key: 'visualdev.rowIssue',
        params: { label: '明细', row: 2 },
        inner: { key: 'visualdev.notAnOption', params: { label: '条目' } },
        // the refused cell: second row, its column
        cell: { rowIndex: 1, column: 'item' },
      },
    });
    // shapes first: no interface call for a value that is not an id
    const shape = await checkPopupRecord(ctx(), fields, { pick: { id: 'a1' }, name: 'x'.repeat(9) }, read);
    expect(Object.keys(shape.issues).sort()).toEqual(['name', 'pick']);
  });

  it('checks only the ids the record did not hold under the same parameters', async () => {
    const fields = [
      kind,
      popup(),
      field('table', 'lines', '明细', {
        children: [field('popupSelect', 'item', '条目', {}, { interfaceId: sqlId, relationField: 'full_name' })],
      }),
    ];
    const read = { caller: staffCaller, lang: 'zh' as const };
    const previous = { kind: 'fruit', pick: 'gone', lines: [{ item: 'nope' }] };
    // held before: kept, the rows they picked gone or not (a cell: held by some row of the column)
    const kept = await checkPopupRecord(
      ctx(),
      fields,
      { kind: 'fruit', pick: 'gone', lines: [{ item: 'a1' }, { item: 'nope' }] },
      read,
      previous,
    );
    expect(kept.issues).toEqual({});
    // the parameters it was picked under changed: checked again
    const moved = await checkPopupRecord(ctx(), fields, { kind: 'veg', pick: 'gone' }, read, previous);
    expect(Object.keys(moved.issues)).toEqual(['pick']);
    // a new id is checked
    const added = await checkPopupRecord(
      ctx(),
      fields,
      { kind: 'fruit', pick: 'gone', lines: [{ item: 'zz' }] },
      read,
      previous,
    );
    expect(Object.keys(added.issues)).toEqual(['lines']);
  });

  it('a parameter bound to the current user takes the caller', async () => {
    const user = await signedInUser(server);
    const mine = field(
      'popupSelect',
      'mine',
      '本人',
      {},
      {
        interfaceId: meId,
        relationField: 'full_name',
        templateJson: [{ field: 'who', sourceType: 4, relationField: '@userId' }],
      },
    );
    const caller = { userId: user.id, isAdministrator: false };
    expect((await checkPopupRecord(ctx(), [mine], { mine: user.id }, { caller, lang: 'zh' })).issues).toEqual({});
    expect(
      (await checkPopupRecord(ctx(), [mine], { mine: staffCaller.userId }, { caller, lang: 'zh' })).issues,
    ).toEqual({ mine: { key: 'visualdev.notAnOption', params: { label: '本人' } } });
  });

  it('an interface that cannot be read refuses a check naming the field, and a list shows stored values', async () => {
    const missing = popup({ interfaceId: 'no-such-interface' });
    await expect(
      checkPopupRecord(ctx(), [kind, missing], { kind: 'fruit', pick: 'a1' }, { caller: staffCaller, lang: 'zh' }),
    ).rejects.toMatchObject({ key: 'visualdev.optionsUnavailable', params: { label: '物品' } });
    await ctx().database.query(`update base_data_interface set enabled_mark = 0 where id = $1`, [sqlId]);
    try {
      const records = [{ kind: 'fruit', pick: 'a1' }];
      const rows = await loadPopupRows(ctx(), [kind, popup()], {
        records,
        caller: staffCaller,
        strict: false,
        lang: 'zh',
      });
      expect(withPopupLabels([popup()], records, rows)[0]).toMatchObject({ pick: 'a1', pick_id: 'a1' });
    } finally {
      await ctx().database.query(`update base_data_interface set enabled_mark = 1 where id = $1`, [sqlId]);
    }
  });
});

describe('popup list call', () => {
  it('an unpaged popup reads up to 10000 rows in one List call; more is refused', async () => {
    const list = (pageSize: number) =>
      api.post<{ list: { id: string }[]; pagination: { total: number } }>(`${DI}/${sqlId}/Actions/List`, {
        pageSize,
        relationField: 'full_name',
        columnOptions: 'full_name,price',
        paramList: [{ field: 'kind', defaultValue: '' }],
      });
    const all = await list(10_000);
    expect(all.code, all.msg).toBe(200);
    expect(all.data!.list.map((r) => r.id)).toEqual(['a1', 'a2', 'v1']);
    expect((await list(10_001)).code).not.toBe(200);
  });
});
