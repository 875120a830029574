import { parseDesignJson, type ColumnDataJson, type FieldConfig, type FormDataJson } from '@jnpf/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { mockApi, ok, renderAdmin } from '../../../../components/admin/testUtils';
import { feedback } from '../../../../platform/feedback';
import { Designer, type DesignerTarget } from './Designer';

// antd in jsdom is slow on a busy two-core machine. The designer is a large page: these tests find things by
// text, label and attribute, since role queries with names compute the styles of every candidate.
vi.setConfig({ testTimeout: 120_000 });

vi.mock('../../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const BASE = '/api/visualdev/Base';
const stored: FormDataJson = {
  labelWidth: 100,
  idGlobal: 103,
  fields: [
    {
      __config__: { jnpfKey: 'input', label: '名称', formId: 101, span: 24, required: true, regList: [] },
      __vModel__: 'name',
      placeholder: '请输入',
    },
    {
      __config__: {
        jnpfKey: 'row',
        label: '栅格容器',
        formId: 102,
        layout: 'rowFormItem',
        showLabel: false,
        children: [
          {
            __config__: { jnpfKey: 'select', label: '状态', formId: 103, dataType: 'static', defaultValue: '' },
            __vModel__: 'status',
            options: [
              { fullName: '启用', id: '1' },
              { fullName: '停用', id: '0' },
            ],
          },
        ],
      },
      __vModel__: '',
    },
  ],
};
const storedColumns = {
  type: 1,
  columnList: [
    { label: '名称', prop: 'name', jnpfKey: 'input', fixed: 'none', align: 'left', sortable: true, width: null },
    { label: '状态', prop: 'status', jnpfKey: 'select', fixed: 'none', align: 'left', sortable: false, width: null },
  ],
  searchList: [{ label: '名称', prop: 'name', jnpfKey: 'input', searchType: 2, isKeyword: true }],
  btnsList: [{ value: 'add', icon: '', label: '新增' }],
  columnBtnsList: [{ value: 'edit', icon: '', label: '编辑' }],
  hasPage: true,
  pageSize: 20,
  defaultSidx: 'status',
  sort: 'desc',
};
const info = {
  id: 'd1',
  fullName: '客户档案',
  enCode: 'customer',
  type: 1,
  webType: 2,
  category: '',
  description: '说明',
  sortCode: 3,
  state: 1,
  enabledMark: 1,
  dbLinkId: '0',
  tables: '[]',
  formData: JSON.stringify(stored),
  columnData: JSON.stringify(storedColumns),
};

let api: ReturnType<typeof mockApi>;
let onClose: Mock<() => void>;
let onSaved: Mock<() => void>;
beforeEach(() => {
  vi.mocked(feedback.success).mockClear();
  vi.mocked(feedback.error).mockClear();
  onClose = vi.fn();
  onSaved = vi.fn();
  api = mockApi()
    .on('GET', `${BASE}/d1`, ok(info))
    .on('PUT', `${BASE}/d1`, ok(undefined, '修改成功'))
    .on('GET', '/api/system/DictionaryData/All', ok({ list: [] }))
    .on(
      'GET',
      '/api/system/BillRule/Selector',
      ok({
        list: [{ id: 'r1', fullName: '订单编号', enCode: 'OrderNo' }],
        pagination: { currentPage: 1, pageSize: 500, total: 1 },
      }),
    );
});

const open = async (target: DesignerTarget = { id: 'd1' }) => {
  renderAdmin(<Designer target={target} onClose={onClose} onSaved={onSaved} />);
  await screen.findByText(`功能设计 · ${'id' in target ? '客户档案' : target.base.fullName}`, {}, { timeout: 20_000 });
};
const item = (label: string) => document.querySelector<HTMLElement>(`[role="treeitem"][aria-label="${label}"]`);
const items = () =>
  [...document.querySelectorAll<HTMLElement>('[role="tree"] [role="treeitem"]')].map((e) =>
    e.getAttribute('aria-label'),
  );
const palette = (name: string) => within(screen.getByLabelText('点击或拖动控件添加到表单')).getByText(name);
const save = () => fireEvent.click(screen.getByText(/^保\s*存$/));
const lastPut = () => {
  const body = api.callsTo('PUT', `${BASE}/d1`).at(-1)!.body as Record<string, string>;
  return {
    body,
    formData: parseDesignJson<FormDataJson>(body.formData)!,
    columnData: parseDesignJson<ColumnDataJson>(body.columnData)!,
  };
};
const flat = (fields: FieldConfig[]): string[] =>
  fields.flatMap((f) => [f.__vModel__ || f.__config__.jnpfKey, ...flat(f.__config__.children ?? [])]);

describe('Designer: fields', () => {
  it('loads the stored design, with the row holding its field', async () => {
    await open();
    expect(items()).toEqual(['名称', '栅格容器', '状态']);
    expect(within(item('栅格容器')!).getByText('状态')).toBeTruthy();
    expect(api.callsTo('GET', `${BASE}/d1`)).toHaveLength(1);
  });

  it('adds fields after the selection, into a selected container, and by dropping', async () => {
    await open();
    fireEvent.click(item('名称')!);
    fireEvent.click(palette('多行输入'));
    expect(items()).toEqual(['名称', '多行输入', '栅格容器', '状态']);
    // the new field is selected and its properties show
    expect((screen.getByLabelText('控件字段') as HTMLInputElement).value).toBe('textareaField104');
    fireEvent.click(item('栅格容器')!);
    fireEvent.click(palette('开关'));
    expect(within(item('栅格容器')!).getByText('开关')).toBeTruthy();
    // drag a palette key onto the body of a card added after the textarea
    fireEvent.click(item('多行输入')!);
    fireEvent.click(palette('卡片容器'));
    const card = item('卡片容器')!;
    fireEvent.dragStart(palette('日期选择'));
    fireEvent.dragOver(within(card).getByRole('group'));
    fireEvent.drop(within(card).getByRole('group'));
    expect(within(item('卡片容器')!).getByText('日期选择')).toBeTruthy();
    // drag a canvas item before another
    fireEvent.dragStart(item('日期选择')!);
    fireEvent.drop(item('名称')!);
    expect(items()[0]).toBe('日期选择');
    expect(within(item('卡片容器')!).queryByText('日期选择')).toBeNull();

    save();
    await waitFor(() => expect(api.callsTo('PUT', `${BASE}/d1`)).toHaveLength(1));
    const { formData } = lastPut();
    expect(flat(formData.fields)).toEqual([
      'datePickerField107',
      'name',
      'textareaField104',
      'card',
      'row',
      'status',
      'switchField105',
    ]);
    expect(formData.idGlobal).toBe(107);
  });

  it('undoes and redoes with the header buttons and Ctrl+Z / Ctrl+Y, but not while typing', async () => {
    await open();
    const undo = () => screen.getByLabelText('撤销') as HTMLButtonElement;
    const redo = () => screen.getByLabelText('重做') as HTMLButtonElement;
    expect([undo().disabled, redo().disabled]).toEqual([true, true]);
    fireEvent.click(item('名称')!);
    fireEvent.click(palette('多行输入'));
    fireEvent.click(item('名称')!);
    fireEvent.click(within(item('名称')!).getAllByLabelText('删除')[0]!);
    expect(items()).toEqual(['多行输入', '栅格容器', '状态']);
    fireEvent.click(undo());
    expect(items()).toEqual(['名称', '多行输入', '栅格容器', '状态']);
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(items()).toEqual(['名称', '栅格容器', '状态']);
    expect(undo().disabled).toBe(true);
    fireEvent.keyDown(document.body, { key: 'y', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(items()).toEqual(['多行输入', '栅格容器', '状态']);
    expect(redo().disabled).toBe(true);
    // in a text box the keys are the box's own: the design stays
    fireEvent.click(item('多行输入')!);
    const label = screen.getByLabelText('控件标题') as HTMLInputElement;
    fireEvent.change(label, { target: { value: '备注' } });
    fireEvent.keyDown(label, { key: 'z', ctrlKey: true });
    expect(items()).toEqual(['备注', '栅格容器', '状态']);
    // the property panel shows the undone label
    fireEvent.click(undo());
    expect(items()).toEqual(['多行输入', '栅格容器', '状态']);
    expect((screen.getByLabelText('控件标题') as HTMLInputElement).value).toBe('多行输入');
  });

  it('moves, copies and removes with the tools and the keyboard', async () => {
    await open();
    fireEvent.click(item('名称')!);
    expect((within(item('名称')!).getByLabelText('上移') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(item('名称')!).getByLabelText('下移'));
    // one step down goes into the row
    expect(within(item('栅格容器')!).getByText('名称')).toBeTruthy();
    fireEvent.keyDown(item('名称')!, { key: 'ArrowUp', altKey: true });
    expect(items()).toEqual(['名称', '栅格容器', '状态']);

    fireEvent.click(item('状态')!);
    fireEvent.click(within(item('状态')!).getByLabelText('复制'));
    expect(items()).toEqual(['名称', '栅格容器', '状态', '状态']);
    const copy = document.querySelector<HTMLElement>('[data-form-id="104"]')!;
    expect(copy.getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText('控件字段') as HTMLInputElement).value).toBe('selectField104');

    fireEvent.keyDown(copy, { key: 'Delete' });
    expect(items()).toEqual(['名称', '栅格容器', '状态']);
    fireEvent.click(item('栅格容器')!);
    fireEvent.click(within(item('栅格容器')!).getAllByLabelText('删除')[0]!);
    expect(items()).toEqual(['名称']);
    expect(screen.getByText('请先在画布中选择一个控件')).toBeTruthy();

    save();
    await waitFor(() => expect(api.callsTo('PUT', `${BASE}/d1`)).toHaveLength(1));
    const { formData, columnData } = lastPut();
    expect(flat(formData.fields)).toEqual(['name']);
    // the removed field left the list design and the default sort
    expect(columnData.columnList.map((c) => c.prop)).toEqual(['name']);
    expect(columnData.defaultSidx).toBe('');
  });
});

describe('Designer: tab, collapse and table grid', () => {
  it('adds a pane to a tab and drops fields into its panes', async () => {
    await open();
    fireEvent.click(palette('标签面板'));
    expect(items()).toEqual(['名称', '栅格容器', '状态', '标签面板']);
    const tab = () => item('标签面板')!;
    expect(within(tab()).getByText('标签页1')).toBeTruthy();
    // the property panel adds a third pane
    fireEvent.click(screen.getByText('添加标签页'));
    expect(within(tab()).getByText('标签页3')).toBeTruthy();
    fireEvent.click(within(tab()).getByText('标签页3'));
    const panes = () => [...tab().querySelectorAll<HTMLElement>('[role="group"]')];
    expect(panes()).toHaveLength(3);
    // a palette key dropped on the third pane, a canvas item moved into the first
    fireEvent.dragStart(palette('单行输入'));
    fireEvent.dragOver(panes()[2]!);
    fireEvent.drop(panes()[2]!);
    expect(within(panes()[2]!).getByText('单行输入')).toBeTruthy();
    fireEvent.dragStart(item('名称')!);
    fireEvent.drop(panes()[0]!);
    expect(items()).toEqual(['栅格容器', '状态', '标签面板', '名称', '单行输入']);

    save();
    await waitFor(() => expect(api.callsTo('PUT', `${BASE}/d1`)).toHaveLength(1));
    const { formData, columnData } = lastPut();
    // (名称 left the top level for the first pane)
    const saved = formData.fields[1]!;
    expect(saved.__config__.jnpfKey).toBe('tab');
    const parts = saved.__config__.children!;
    expect(parts.map((p) => [p.__config__.jnpfKey, p.title, p.name])).toEqual([
      ['tabItem', '标签页1', '1'],
      ['tabItem', '标签页2', '2'],
      ['tabItem', '标签页3', '3'],
    ]);
    expect(parts.map((p) => p.__config__.children!.map((f) => f.__vModel__))).toEqual([
      ['name'],
      [],
      ['inputField108'],
    ]);
    // a field in a pane is listed like any other
    expect(columnData.columnList.map((c) => c.prop)).toContain('inputField108');
  });

  it('edits the rows and cells of a table grid: spans merge the cells they cover, fields keep theirs', async () => {
    await open();
    fireEvent.click(palette('表格布局'));
    const grid = () => item('表格布局')!;
    const tds = () => [...grid().querySelectorAll('td')];
    expect(tds()).toHaveLength(4);
    fireEvent.click(screen.getByText('添加行'));
    expect(tds()).toHaveLength(6);
    // the first cell spans two columns: the second cell of its row is merged, not drawn, and has no spans
    fireEvent.change(screen.getByLabelText('第1行 单元格1 合并列数'), { target: { value: '2' } });
    expect(tds()).toHaveLength(5);
    expect(tds()[0]!.colSpan).toBe(2);
    expect((screen.getByLabelText('第1行 单元格2 合并列数') as HTMLInputElement).disabled).toBe(true);
    // a field dropped into the first cell of the second row, then the first cell may not span over it
    const secondRowCell = tds()[1]!.querySelector<HTMLElement>('[role="group"]')!;
    fireEvent.dragStart(palette('多行输入'));
    fireEvent.dragOver(secondRowCell);
    fireEvent.drop(secondRowCell);
    expect(within(tds()[1]!).getByText('多行输入')).toBeTruthy();
    fireEvent.click(grid());
    fireEvent.change(screen.getByLabelText('第1行 单元格1 合并行数'), { target: { value: '2' } });
    expect(feedback.error).toHaveBeenLastCalledWith('要合并的单元格中还有控件，请先把这些控件移走');
    expect(tds()).toHaveLength(5);
    // nor past the edge of the grid
    fireEvent.change(screen.getByLabelText('第2行 单元格2 合并列数'), { target: { value: '2' } });
    expect(feedback.error).toHaveBeenLastCalledWith('合并范围超出了表格布局，请减小合并行数或列数');
    // the second row's second cell spans two rows: the third row's second cell is merged
    fireEvent.change(screen.getByLabelText('第2行 单元格2 合并行数'), { target: { value: '2' } });
    expect(tds()).toHaveLength(4);
    // removing the third row takes the span back to one row
    fireEvent.click(within(document.querySelector<HTMLElement>('[aria-label="第3行"]')!).getByText('删除行'));
    expect(tds()).toHaveLength(3);

    save();
    await waitFor(() => expect(api.callsTo('PUT', `${BASE}/d1`)).toHaveLength(1));
    const saved = lastPut().formData.fields[2]!;
    expect(saved.__config__).toMatchObject({ borderType: 'solid', borderColor: '#E2E0E0', borderWidth: 1 });
    const rows = saved.__config__.children!;
    const spans = (c: FieldConfig) =>
      c.__config__.merged ? '-' : `${String(c.__config__.colspan)}x${String(c.__config__.rowspan)}`;
    expect(rows.map((row) => row.__config__.children!.map(spans))).toEqual([
      ['2x1', '-'],
      ['1x1', '1x1'],
    ]);
    expect(rows[1]!.__config__.children![0]!.__config__.children!.map((f) => f.__config__.jnpfKey)).toEqual([
      'textarea',
    ]);
  });

  it('adds a palette click into the selected tab, collapse or table grid, the new field selected', async () => {
    await open();
    fireEvent.click(palette('标签面板'));
    const tab = () => item('标签面板')!;
    const parts = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('[role="group"]')];
    // the tab is selected: a new field goes into its active pane
    fireEvent.click(palette('单行输入'));
    expect(within(parts(tab())[0]!).getByText('单行输入')).toBeTruthy();
    expect(item('单行输入')!.getAttribute('aria-selected')).toBe('true');
    // the second pane chosen (the tab selected again): there
    fireEvent.click(within(tab()).getByText('标签页2'));
    expect(tab().getAttribute('aria-selected')).toBe('true');
    fireEvent.click(palette('数字输入'));
    expect(within(parts(tab())[1]!).getByText('数字输入')).toBeTruthy();
    expect(item('数字输入')!.getAttribute('aria-selected')).toBe('true');
    // a field selected: after it, in its pane
    fireEvent.click(palette('多行输入'));
    expect(within(parts(tab())[1]!).getByText('多行输入')).toBeTruthy();

    // (after a top-level field: the new containers at the top level)
    fireEvent.click(item('名称')!);
    fireEvent.click(palette('折叠面板'));
    const collapse = () => item('折叠面板')!;
    fireEvent.click(palette('开关'));
    expect(within(parts(collapse())[0]!).getByText('开关')).toBeTruthy();

    fireEvent.click(item('名称')!);
    fireEvent.click(palette('表格布局'));
    const grid = () => item('表格布局')!;
    // the first cell spans the first row: the next click still goes to the first cell drawn
    fireEvent.change(screen.getByLabelText('第1行 单元格1 合并列数'), { target: { value: '2' } });
    fireEvent.click(palette('评分'));
    expect(within(grid().querySelector('td')!).getByText('评分')).toBeTruthy();
    expect(item('评分')!.getAttribute('aria-selected')).toBe('true');

    save();
    await waitFor(() => expect(api.callsTo('PUT', `${BASE}/d1`)).toHaveLength(1));
    const fields = lastPut().formData.fields;
    const itemsOfParts = (field: FieldConfig) =>
      field.__config__.children!.map((part) => part.__config__.children!.map((f) => f.__config__.jnpfKey));
    expect(fields.map((f) => f.__config__.jnpfKey)).toEqual(['input', 'tableGrid', 'collapse', 'row', 'tab']);
    expect(fields[4]!.__config__.active).toBe('2');
    expect(itemsOfParts(fields[4]!)).toEqual([['input'], ['inputNumber', 'textarea']]);
    expect(itemsOfParts(fields[2]!)).toEqual([['switch'], []]);
    expect(
      fields[1]!.__config__.children![0]!.__config__.children!.map((cell) => cell.__config__.children!.length),
    ).toEqual([1, 0]);
  });
});

describe('Designer: choosing a pane, a panel or a cell on the canvas', () => {
  const parts = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('[role="group"]')];

  it('selects the pane, panel or cell clicked: its properties show and a palette click adds into it', async () => {
    await open();
    fireEvent.click(palette('标签面板'));
    const tab = () => item('标签面板')!;
    fireEvent.click(within(tab()).getByText('标签页2'));
    // the pane in view chosen itself: the pane, not the tab, is selected, with its title and name
    fireEvent.click(parts(tab())[1]!);
    expect(parts(tab())[1]!.getAttribute('aria-current')).toBe('true');
    expect(tab().getAttribute('aria-selected')).toBe('false');
    const title = document.getElementById('prop-part-title') as HTMLInputElement;
    expect(title.value).toBe('标签页2');
    fireEvent.change(title, { target: { value: '明细页' } });
    expect(within(tab()).getByText('明细页')).toBeTruthy();
    fireEvent.click(palette('单行输入'));
    expect(within(parts(tab())[1]!).getByText('单行输入')).toBeTruthy();

    // a collapse's second panel: there, though the first is the one open by default
    fireEvent.click(item('名称')!);
    fireEvent.click(palette('折叠面板'));
    const collapse = () => item('折叠面板')!;
    fireEvent.click(parts(collapse())[1]!);
    expect(parts(collapse())[1]!.getAttribute('aria-current')).toBe('true');
    expect((document.getElementById('prop-part-name') as HTMLInputElement).value).toBe('2');
    fireEvent.click(palette('开关'));
    expect(within(parts(collapse())[1]!).getByText('开关')).toBeTruthy();
    expect(parts(collapse())[0]!.textContent).not.toContain('开关');

    // a table grid's cell: its spans and colour; a span merges the cell it covers
    fireEvent.click(item('名称')!);
    fireEvent.click(palette('表格布局'));
    const grid = () => item('表格布局')!;
    const tds = () => [...grid().querySelectorAll('td')];
    fireEvent.click(parts(tds()[2]!)[0]!);
    expect(parts(tds()[2]!)[0]!.getAttribute('aria-current')).toBe('true');
    expect(screen.getByText('表格布局 · 第2行 单元格1')).toBeTruthy();
    fireEvent.change(document.getElementById('prop-cell-colspan')!, { target: { value: '2' } });
    expect(tds()).toHaveLength(3);
    expect(tds()[2]!.colSpan).toBe(2);
    fireEvent.click(palette('评分'));
    expect(within(tds()[2]!).getByText('评分')).toBeTruthy();
    // a click on an item in a cell selects the item, not the cell
    fireEvent.click(item('评分')!);
    expect(item('评分')!.getAttribute('aria-selected')).toBe('true');
    expect(parts(tds()[2]!)[0]!.getAttribute('aria-current')).toBeNull();

    save();
    await waitFor(() => expect(api.callsTo('PUT', `${BASE}/d1`)).toHaveLength(1));
    const fields = lastPut().formData.fields;
    expect(fields.map((f) => f.__config__.jnpfKey)).toEqual(['input', 'tableGrid', 'collapse', 'row', 'tab']);
    expect(fields[4]!.__config__.children![1]!.title).toBe('明细页');
    const cells = fields[1]!.__config__.children![1]!.__config__.children!;
    expect(cells.map((c) => [c.__config__.colspan, c.__config__.merged])).toEqual([
      [2, false],
      [1, true],
    ]);
  });
});

describe('Designer: sub-tables', () => {
  it('designs a sub-table: columns inside it, pickers after it, its title, button and total row', async () => {
    const user = userEvent.setup({ delay: null });
    await open();
    fireEvent.click(palette('设计子表'));
    expect(items()).toEqual(['名称', '栅格容器', '状态', '设计子表']);
    expect(within(item('设计子表')!).getByText('将控件拖到这里作为子表的列，或选中子表后点选控件')).toBeTruthy();
    // the table is selected: a single-line input becomes its first column
    fireEvent.click(palette('单行输入'));
    expect(within(item('设计子表')!).getByText('单行输入')).toBeTruthy();
    // a column has no span and cannot be unique
    expect(screen.queryByLabelText('控件栅格')).toBeNull();
    expect(screen.queryByLabelText('不能重复')).toBeNull();
    fireEvent.change(screen.getByLabelText('控件标题'), { target: { value: '品名' } });
    expect(within(item('设计子表')!).getByText('品名')).toBeTruthy();
    // with a column selected, a number goes after it, and so do a user picker and a popup select (columns
    // too); a file upload goes after the table
    fireEvent.click(palette('数字输入'));
    expect(within(item('设计子表')!).getByText('数字输入')).toBeTruthy();
    fireEvent.click(palette('用户选择'));
    expect(within(item('设计子表')!).getByText('用户选择')).toBeTruthy();
    // a picker column keeps its own properties: not the span, but picking several
    expect(screen.queryByLabelText('控件栅格')).toBeNull();
    expect(screen.getByLabelText('是否多选')).toBeTruthy();
    fireEvent.click(palette('弹窗选择'));
    expect(within(item('设计子表')!).getByText('弹窗选择')).toBeTruthy();
    // the popup's interface panel, inside a column
    expect(screen.getByLabelText('数据接口')).toBeTruthy();
    fireEvent.click(item('用户选择')!);
    fireEvent.click(palette('文件上传'));
    expect(items()).toEqual([
      '名称',
      '栅格容器',
      '状态',
      '设计子表',
      '品名',
      '数字输入',
      '用户选择',
      '弹窗选择',
      '文件上传',
    ]);
    expect(within(item('设计子表')!).queryByText('文件上传')).toBeNull();
    // a palette key no column may be, dropped on the table: nothing changes
    fireEvent.dragStart(palette('图片上传'));
    fireEvent.dragOver(within(item('设计子表')!).getByRole('group'));
    fireEvent.drop(within(item('设计子表')!).getByRole('group'));
    expect(items()).toHaveLength(9);
    // a department picker dropped on the table becomes its last column
    fireEvent.dragStart(palette('部门选择'));
    fireEvent.dragOver(within(item('设计子表')!).getByRole('group'));
    fireEvent.drop(within(item('设计子表')!).getByRole('group'));
    expect(within(item('设计子表')!).getByText('部门选择')).toBeTruthy();
    // the upload and the popup (it has no interface yet) go again
    fireEvent.keyDown(item('文件上传')!, { key: 'Delete' });
    fireEvent.keyDown(item('弹窗选择')!, { key: 'Delete' });
    expect(items()).toEqual(['名称', '栅格容器', '状态', '设计子表', '品名', '数字输入', '用户选择', '部门选择']);

    // the table's own properties
    fireEvent.click(item('设计子表')!);
    expect(screen.queryByLabelText('控件栅格')).toBeNull();
    expect(screen.getByLabelText('显示标题')).toBeTruthy();
    expect(screen.getByText('至少填写一行')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('控件标题'), { target: { value: '订单明细' } });
    fireEvent.change(screen.getByLabelText('动作按钮文字'), { target: { value: '加一行' } });
    expect(within(item('订单明细')!).getByText('加一行')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('是否必填'));
    expect(screen.queryByLabelText('合计字段')).toBeNull();
    fireEvent.click(screen.getByLabelText('合计'));
    await user.click(screen.getByLabelText('合计字段'));
    // only the number column can be summed
    expect(screen.queryByTitle('品名')).toBeNull();
    await user.click(await screen.findByTitle('数字输入'));

    save();
    await waitFor(() => expect(api.callsTo('PUT', `${BASE}/d1`)).toHaveLength(1));
    const { formData, columnData } = lastPut();
    expect(formData.fields[2]).toMatchObject({
      __vModel__: 'tableField104',
      actionText: '加一行',
      __config__: {
        jnpfKey: 'table',
        label: '订单明细',
        componentName: 'table104',
        showTitle: true,
        required: true,
        showSummary: true,
        summaryField: ['inputNumberField106'],
      },
    });
    expect(formData.fields[2]!.__config__.children!.map((c) => [c.__vModel__, c.__config__.label])).toEqual([
      ['inputField105', '品名'],
      ['inputNumberField106', '数字输入'],
      ['userSelectField107', '用户选择'],
      [expect.stringMatching(/^depSelectField\d+$/), '部门选择'],
    ]);
    // neither the table nor its columns are list columns
    expect(columnData.columnList.map((c) => c.prop)).toEqual(['name', 'status']);
  });

  it('will not save a sub-table without columns', async () => {
    await open();
    fireEvent.click(palette('设计子表'));
    fireEvent.click(item('名称')!);
    save();
    expect(await screen.findByText('子表「设计子表」至少需要一列')).toBeTruthy();
    expect(api.callsTo('PUT', `${BASE}/d1`)).toHaveLength(0);
    await waitFor(() => expect(item('设计子表')!.getAttribute('aria-selected')).toBe('true'));
  });
});

describe('Designer: properties', () => {
  it('edits the properties of a field and its record key follows into the list design', async () => {
    await open();
    fireEvent.click(item('状态')!);
    fireEvent.change(screen.getByLabelText('控件标题'), { target: { value: '单据状态' } });
    expect(item('单据状态')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('控件字段'), { target: { value: 'billState' } });
    fireEvent.change(screen.getByLabelText('占位提示'), { target: { value: '选择状态' } });
    fireEvent.change(screen.getByLabelText('控件栅格'), { target: { value: '12' } });
    fireEvent.blur(screen.getByLabelText('控件栅格'));
    fireEvent.click(screen.getByLabelText('是否必填'));
    fireEvent.click(screen.getByLabelText('是否多选'));
    fireEvent.click(screen.getByText('添加选项'));

    fireEvent.click(item('名称')!);
    fireEvent.change(screen.getByLabelText('最多输入'), { target: { value: '20' } });
    fireEvent.blur(screen.getByLabelText('最多输入'));
    fireEvent.click(screen.getByLabelText('不能重复'));
    fireEvent.click(screen.getByText('添加规则'));
    fireEvent.change(screen.getByLabelText('表达式 1'), { target: { value: '^[A-Z]' } });
    fireEvent.change(screen.getByLabelText('错误提示 1'), { target: { value: '大写开头' } });
    fireEvent.change(screen.getByLabelText('默认值'), { target: { value: 'A1' } });

    save();
    await waitFor(() => expect(api.callsTo('PUT', `${BASE}/d1`)).toHaveLength(1));
    const { body, formData, columnData } = lastPut();
    expect(body).toMatchObject({
      fullName: '客户档案',
      enCode: 'customer',
      webType: 2,
      sortCode: 3,
      description: '说明',
    });
    const [name, row] = formData.fields;
    expect(name).toMatchObject({
      __vModel__: 'name',
      maxlength: 20,
      __config__: {
        unique: true,
        defaultValue: 'A1',
        regList: [{ pattern: '/^[A-Z]/', message: '大写开头' }],
      },
    });
    expect(row!.__config__.children![0]).toMatchObject({
      __vModel__: 'billState',
      placeholder: '选择状态',
      multiple: true,
      options: [
        { fullName: '启用', id: '1' },
        { fullName: '停用', id: '0' },
        { fullName: '选项2', id: '2' },
      ],
      __config__: { label: '单据状态', span: 12, required: true, defaultValue: [] },
    });
    // columns, search and default sort follow the new key; the column title followed the label
    expect(columnData.columnList.map((c) => [c.prop, c.label])).toEqual([
      ['name', '名称'],
      ['billState', '单据状态'],
    ]);
    expect(columnData.defaultSidx).toBe('billState');
    expect(columnData.searchList).toMatchObject([{ prop: 'name', searchType: 2, isKeyword: true }]);
  });

  it('configures switches, dates, number rules, layout items and the form', async () => {
    const user = userEvent.setup({ delay: null });
    await open();
    fireEvent.click(palette('开关'));
    fireEvent.change(screen.getByLabelText('开启提示'), { target: { value: '是' } });
    fireEvent.change(screen.getByLabelText('开启值'), { target: { value: 'Y' } });
    fireEvent.change(screen.getByLabelText('关闭值'), { target: { value: '2' } });
    fireEvent.click(screen.getByLabelText('默认值'));

    fireEvent.click(palette('日期选择'));
    fireEvent.click(screen.getByText('日期时间'));

    fireEvent.click(palette('单据组件'));
    await user.click(screen.getByLabelText('单据模板'));
    const rules = (await screen.findByText('选择单据模板')).closest<HTMLElement>('[role="dialog"]')!;
    await user.click(await within(rules).findByText('订单编号'));
    await user.click(within(rules).getByRole('button', { name: /确\s*定/ }));

    fireEvent.click(palette('提示'));
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '请核对' } });
    expect(within(item('提示')!).getByText('请核对')).toBeTruthy();

    fireEvent.click(screen.getByText('表单属性'));
    fireEvent.click(screen.getByText('顶部对齐'));
    fireEvent.click(screen.getByLabelText('确定并新增按钮'));
    fireEvent.change(screen.getByLabelText('确定并新增按钮 按钮文字'), { target: { value: '保存并继续' } });

    save();
    await waitFor(() => expect(api.callsTo('PUT', `${BASE}/d1`)).toHaveLength(1));
    const { formData } = lastPut();
    const [, , sw, date, bill, alert] = formData.fields;
    expect(sw).toMatchObject({
      activeTxt: '是',
      activeValue: 'Y',
      inactiveValue: 2,
      __config__: { defaultValue: 'Y' },
    });
    expect(date).toMatchObject({ type: 'datetime', format: 'yyyy-MM-dd HH:mm:ss' });
    expect(bill).toMatchObject({ __vModel__: 'billRuleField106', rule: 'OrderNo' });
    expect(alert).toMatchObject({ __vModel__: '', title: '请核对' });
    expect(formData).toMatchObject({
      labelPosition: 'top',
      hasConfirmAndAddBtn: true,
      confirmAndAddText: '保存并继续',
    });
  });
});

describe('Designer: saving and closing', () => {
  it('lists what prevents saving and selects the field', async () => {
    await open();
    fireEvent.click(item('状态')!);
    fireEvent.change(screen.getByLabelText('控件字段'), { target: { value: 'name' } });
    expect(screen.getAllByText('「状态」的控件字段与其他控件重复').length).toBeGreaterThan(0);
    fireEvent.click(item('名称')!);
    save();
    expect(await screen.findByText('无法保存，请修正以下问题')).toBeTruthy();
    expect(api.callsTo('PUT', `${BASE}/d1`)).toHaveLength(0);
    // the problem's field is selected again
    await waitFor(() => expect(item('状态')!.getAttribute('aria-selected')).toBe('true'));
  });

  it('shows the per-field messages of a refused save and keeps the designer open', async () => {
    api.on('PUT', `${BASE}/d1`, {
      code: 401,
      msg: '设计校验失败',
      data: { errors: { 'formData.fields.0.__vModel__': '字段名已存在', enCode: '编码重复' } },
    });
    await open();
    save();
    expect(await screen.findByText('服务器未接受本次保存：设计校验失败')).toBeTruthy();
    expect(screen.getByText('formData.fields.0.__vModel__')).toBeTruthy();
    expect(screen.getAllByText(/字段名已存在/).length).toBeGreaterThan(0);
    // a message about a basic setting also sits on its field
    expect((await screen.findAllByText('编码重复')).length).toBeGreaterThan(0);
    expect(feedback.error).toHaveBeenCalledWith('设计校验失败', expect.any(Number));
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('saves and stays open, then closes without asking; asks when there are changes', async () => {
    const user = userEvent.setup({ delay: null });
    await open();
    fireEvent.click(screen.getByText(/关\s*闭/));
    expect(onClose).toHaveBeenCalledTimes(1);

    fireEvent.click(palette('单行输入'));
    fireEvent.click(screen.getByText(/关\s*闭/));
    expect(await screen.findByText('当前设计尚未保存，确定要关闭吗？')).toBeTruthy();
    await user.click(screen.getByText(/取\s*消/));
    expect(onClose).toHaveBeenCalledTimes(1);

    save();
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('修改成功', 1.5));
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(screen.getByText('功能设计 · 客户档案')).toBeTruthy();
    fireEvent.click(screen.getByText(/关\s*闭/));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('edits the basic settings and checks them before saving', async () => {
    await open();
    fireEvent.click(screen.getByText('基础设置'));
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '' } });
    save();
    expect(await screen.findByText('请输入名称')).toBeTruthy();
    expect(api.callsTo('PUT', `${BASE}/d1`)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '客户资料' } });
    fireEvent.click(screen.getByText('表单'));
    // a form-only design has no list design
    await waitFor(() => expect(screen.queryByText('列表设计')).toBeNull());
    save();
    await waitFor(() => expect(api.callsTo('PUT', `${BASE}/d1`)).toHaveLength(1));
    expect(lastPut().body).toMatchObject({ fullName: '客户资料', webType: 1 });
  });

  it('undoes a change of the basic settings, and its form shows the value again', async () => {
    await open();
    fireEvent.click(screen.getByText('基础设置'));
    const name = () => screen.getByLabelText('名称') as HTMLInputElement;
    const before = name().value;
    fireEvent.change(name(), { target: { value: '客户资料' } });
    expect(screen.getByText('功能设计 · 客户资料')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('撤销'));
    await waitFor(() => expect(name().value).toBe(before));
    expect(screen.getByText(`功能设计 · ${before}`)).toBeTruthy();
    // outside a text box the keys work on this tab too
    fireEvent.keyDown(document.body, { key: 'y', ctrlKey: true });
    await waitFor(() => expect(name().value).toBe('客户资料'));
  });

  it('asks before closing a new design that was never saved', async () => {
    await open({
      base: { fullName: '新功能', enCode: 'newOne', category: '', webType: 1, sortCode: 0, description: '' },
    });
    expect(screen.getByText('从左侧点选或拖入控件进行表单设计')).toBeTruthy();
    fireEvent.click(screen.getByText(/关\s*闭/));
    expect(await screen.findByText('当前设计尚未保存，确定要关闭吗？')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    save();
    expect(await screen.findByText('请先在表单设计中添加控件')).toBeTruthy();
  });

  it('designs the list in its own tab', async () => {
    await open();
    fireEvent.click(screen.getByText('列表设计'));
    fireEvent.click(screen.getByLabelText('查询字段 状态'));
    fireEvent.click(within(screen.getByLabelText('列按钮配置')).getByText('详情'));
    save();
    await waitFor(() => expect(api.callsTo('PUT', `${BASE}/d1`)).toHaveLength(1));
    const { columnData } = lastPut();
    expect(columnData.searchList.map((s) => [s.prop, s.searchType])).toEqual([
      ['name', 2],
      ['status', 1],
    ]);
    expect(columnData.columnBtnsList.map((b) => b.value)).toEqual(['edit', 'detail']);
    // the stored items gained their field spread
    expect(columnData.columnList[1]).toMatchObject({
      prop: 'status',
      __config__: { formId: 103 },
      options: [{ id: '1' }, { id: '0' }],
    });
  });
});
