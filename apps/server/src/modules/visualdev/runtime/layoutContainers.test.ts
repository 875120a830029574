// Fields inside the layout containers tab (标签面板), collapse (折叠面板) and tableGrid (表格布局), over HTTP against a
// real database: their parts (panes, panels, rows of cells) hold fields that are checked and stored exactly as
// top-level ones, and a design whose parts are malformed is refused with a message naming the container.
import { dataFields, type FieldConfig } from '@jnpf/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { categoryId, errorsOf, useDesignServer } from '../../../../test/kit/designServer.js';
import { admin, api, server } from '../../../../test/kit/adminServer.js';
import { recordsAs, releaseDesign } from '../../../../test/kit/released.js';
import { visibleFormData } from './formAccess.js';
import { designBody, field, sampleForm } from '../../../../test/kit/visualdev.js';

const BASE = '/api/visualdev/Base';
let formId = 9000;
let modelId: string;

/** a part of a container: a pane, a panel, a row or a cell */
const part = (jnpfKey: string, children: unknown[], props: Record<string, unknown> = {}, config = {}) =>
  ({ ...props, __config__: { jnpfKey, formId: formId++, children, ...config } }) as unknown as FieldConfig;

const tabs = (panes: FieldConfig[]) =>
  field('tab', '', '标签面板', { children: panes, active: '1' }, { type: '', 'tab-position': 'top' });
const pane = (name: string, children: FieldConfig[]) => part('tabItem', children, { title: `页${name}`, name });
const collapse = (panels: FieldConfig[]) => field('collapse', '', '折叠面板', { children: panels, active: ['1'] });
const panel = (name: string, children: FieldConfig[]) => part('collapseItem', children, { title: `栏${name}`, name });
const grid = (rows: FieldConfig[]) =>
  field('tableGrid', '', '表格布局', { children: rows, borderType: 'solid', borderColor: '#E2E0E0', borderWidth: 1 });
const gridRow = (cells: FieldConfig[]) => part('tableGridTr', cells);
const cell = (children: FieldConfig[], config: Record<string, unknown> = {}) =>
  part('tableGridTd', children, {}, { merged: false, colspan: 1, rowspan: 1, backgroundColor: '', ...config });

const nestedFields = () => [
  field('input', 'title', '标题', { required: true }),
  tabs([
    pane('1', [field('input', 'code', '编号', { required: true }, { maxlength: 5 })]),
    pane('2', [field('inputNumber', 'qty', '数量', {}, { min: 1, max: 10 })]),
  ]),
  collapse([
    panel('1', [field('select', 'level', '级别', { dataType: 'static' }, { options: [{ id: 'a', fullName: '甲' }] })]),
  ]),
  grid([gridRow([cell([field('input', 'note', '备注')], { colspan: 2 })]), gridRow([cell([]), cell([])])]),
];

const design = (fields: FieldConfig[]) =>
  designBody(categoryId, 'none', {
    formData: JSON.stringify(sampleForm('none', fields)),
    columnData: JSON.stringify({
      type: 1,
      columnList: [
        { prop: 'title', label: '标题', jnpfKey: 'input' },
        { prop: 'code', label: '编号', jnpfKey: 'input' },
      ],
      searchList: [],
      btnsList: [{ value: 'add', label: '新增' }],
      columnBtnsList: [],
      hasPage: true,
      pageSize: 20,
    }),
  });

useDesignServer();
beforeAll(async () => {
  const created = await api.post<string>(BASE, design(nestedFields()));
  expect(created.code, created.msg).toBe(200);
  await releaseDesign(server, admin, created.data!);
  modelId = created.data!;
});

describe('fields inside tab, collapse and table grid', () => {
  it('round-trips a record whose fields sit in panes, panels and cells', async () => {
    const records = recordsAs(server, admin);
    const created = await records.create(
      { id: modelId },
      { title: '一', code: 'A1', qty: 3, level: 'a', note: '格内', stray: 'x' },
    );
    expect(created.code, created.msg).toBe(200);
    const stored = await records.get({ id: modelId }, created.data!);
    expect(JSON.parse(stored.data!.data)).toMatchObject({ title: '一', code: 'A1', qty: 3, level: 'a', note: '格内' });
    expect(JSON.parse(stored.data!.data)).not.toHaveProperty('stray');
    const listed = await records.list({ id: modelId });
    expect(listed.data!.list.find((row) => row.id === created.data)).toMatchObject({ code: 'A1' });
  });

  it('refuses a bad value of a nested field, and a missing required one', async () => {
    const records = recordsAs(server, admin);
    const refused = await records.create({ id: modelId }, { title: '二', code: 'TOOLONG', qty: 11, level: 'z' });
    expect(refused.code).toBe(401);
    expect(Object.keys(errorsOf(refused)).sort()).toEqual(['code', 'level', 'qty']);
    const missing = await records.create({ id: modelId }, { title: '三' });
    expect(Object.keys(errorsOf(missing))).toEqual(['code']);
  });
});

describe('container designs', () => {
  it('refuses malformed parts with a message naming the container', async () => {
    const refused = await api.post(
      BASE,
      design([
        field('input', 'title', '标题'),
        tabs([]),
        collapse([panel('1', []), panel('1', [])]),
        grid([gridRow([cell([], { colspan: 0 })]), part('tableGridTd', [])]),
        tabs([pane('1', [field('input', 'title', '重名')])]),
      ]),
    );
    expect(refused.code).toBe(401);
    expect(errorsOf(refused)).toEqual({
      'formData.fields.1.__config__.children': '布局容器“标签面板”至少需要一个标签页、面板或行',
      'formData.fields.2.__config__.children.1.name': '布局容器“折叠面板”的标签页或面板名称重复',
      'formData.fields.3.__config__.children.0.__config__.children.0.__config__':
        '表格布局“表格布局”的单元格合并行数和列数须为大于0的整数',
      'formData.fields.3.__config__.children.1': '布局容器“表格布局”的标签页、面板、行或单元格配置错误',
      'formData.fields.4.__config__.children.0.__config__.children.0.__vModel__': expect.stringContaining('title'),
      // (the list names a field this form does not hold)
      'columnData.columnList.1.prop': expect.stringContaining('code'),
    });
  });
});

describe('form permissions', () => {
  it('leave out of panes and cells the fields the caller may not use, and keep the parts', () => {
    const fields = nestedFields();
    const allowed = new Set(['title', 'qty']);
    const shown = JSON.parse(
      visibleFormData(JSON.stringify(sampleForm('none', fields)), {
        restricted: true,
        fields: dataFields(fields).filter((f) => allowed.has(f.__vModel__)),
        hiddenColumns: new Map(),
      }),
    ) as { fields: FieldConfig[] };
    const itemsOf = (part: FieldConfig) => (part.__config__.children ?? []).map((f) => f.__vModel__);
    const [tab, collapsed, grid] = shown.fields.slice(1);
    expect(tab!.__config__.children!.map(itemsOf)).toEqual([[], ['qty']]);
    expect(collapsed!.__config__.children!.map(itemsOf)).toEqual([[]]);
    expect(grid!.__config__.children!.flatMap((row) => row.__config__.children!.map(itemsOf))).toEqual([[], [], []]);
  });
});
