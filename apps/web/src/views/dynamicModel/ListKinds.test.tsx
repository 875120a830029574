// The kinds of list in the runtime view: a tree beside the table filters it by the relation field (type 2), group
// rows head their rows (type 3), a row edits in place and saves through the record call (type 4), and a tree
// table reads a record's children when it is opened (type 5).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../../components/admin/testUtils';
import type { ListBody } from './api';
import DynamicModelView from './DynamicModelView';
import { BASE, columnData, config, formData, MODEL, rows } from './testing';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const BUTTONS = ['btn_add', 'btn_edit', 'btn_remove', 'btn_detail'];
const page = (list: unknown[], total = list.length) =>
  ok({ list, pagination: { currentPage: 1, pageSize: 20, total } });

let api: ReturnType<typeof mockApi>;
const withList = (extra: Parameters<typeof columnData>[0]) => {
  api = mockApi()
    .on('GET', `${BASE}/Config`, ok(config(2, formData(), columnData(extra))))
    .on('POST', `${BASE}/List`, page(rows));
};
beforeEach(() => withList({}));

const renderView = () => renderAdmin(<DynamicModelView menuId="m" moduleId={MODEL} isTree={false} />, BUTTONS);
const lists = () => api.callsTo('POST', `${BASE}/List`).map((call) => call.body as ListBody);
const listed = (text = '苹果') => screen.findByText(text, {}, { timeout: 20_000 });
const rowOf = (text: string) =>
  within(document.querySelector<HTMLElement>('.ant-table-tbody')!).getByText(text).closest('tr')!;

describe('left-tree list (type 2)', () => {
  it('shows the design tree and filters the table by the chosen node', async () => {
    withList({ type: 2, treeTitle: '品类', treeDataSource: 'dictionary', treeDictionary: 'd1', treeRelation: 'kind' });
    api.on(
      'GET',
      `${BASE}/TreeData`,
      ok({ list: [{ id: 'food', fullName: '食品', children: [{ id: 'fruit', fullName: '水果类' }] }] }),
    );
    renderView();
    await listed();
    expect(screen.getByText('品类')).toBeTruthy();
    await screen.findByText('水果类');
    // the node is clicked until the list asks for it: the tree expands its nodes when they arrive, and a click that
    // lands on the node while the tree draws it again (its expanding motion, under load) selects nothing. A second
    // click on the chosen node changes nothing (TreePanel reports selections only).
    await waitFor(() => {
      fireEvent.click(screen.getByText('水果类'));
      expect(JSON.parse(lists().at(-1)!.queryJson)).toEqual({ kind: 'fruit' });
    });
    expect(lists().at(-1)!.currentPage).toBe(1);
    // the tree's menu shows every record again
    fireEvent.click(screen.getByRole('button', { name: '更多' }));
    fireEvent.click(await screen.findByText('全部数据'));
    await waitFor(() => expect(lists().at(-1)!.queryJson).toBe('{}'));
  });
});

describe('grouped list (type 3)', () => {
  it('heads each group with its value and count', async () => {
    withList({ type: 3, groupField: 'kind' });
    api.on(
      'POST',
      `${BASE}/List`,
      page([{ id: 'group:0', top: true, kind: '水果', kind_id: 'fruit', children: [rows[0]] }], 1),
    );
    renderView();
    expect(await screen.findByText('水果（1）', {}, { timeout: 20_000 })).toBeTruthy();
    const group = rowOf('水果（1）');
    expect(within(group).queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    // the group's rows show beneath it, with their buttons
    expect(within(rowOf('苹果')).getByRole('button', { name: /编\s*辑/ })).toBeTruthy();
  });
});

describe('editable list (type 4)', () => {
  it('edits a row in place and saves it through the record call; refusals go on the cells', async () => {
    withList({ type: 4 });
    api.on('PUT', `${BASE}/r1`, ok(undefined, '修改成功'));
    renderView();
    await listed();
    fireEvent.click(within(rowOf('苹果')).getByRole('button', { name: /编\s*辑/ }));
    const name = await screen.findByDisplayValue('苹果');
    fireEvent.change(name, { target: { value: '青苹果' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.callsTo('PUT', `${BASE}/r1`)).toHaveLength(1));
    expect(JSON.parse((api.callsTo('PUT', `${BASE}/r1`)[0]!.body as { data: string }).data)).toEqual({
      name: '青苹果',
      kind: 'fruit',
      amount: 3,
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull());
  });

  it('keeps the row open with the form rule and the server message on its cell', async () => {
    withList({ type: 4 });
    api.on('PUT', `${BASE}/r1`, { code: 401, msg: '名称重复', data: { errors: { name: '名称已存在' } } });
    renderView();
    await listed();
    fireEvent.click(within(rowOf('苹果')).getByRole('button', { name: /编\s*辑/ }));
    const name = await screen.findByDisplayValue('苹果');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    // required: refused before any call
    expect(await screen.findByText(/请输入名称|名称不能为空/)).toBeTruthy();
    expect(api.callsTo('PUT', `${BASE}/r1`)).toHaveLength(0);
    fireEvent.change(name, { target: { value: '梨' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('名称已存在')).toBeTruthy();
    expect(screen.getByRole('button', { name: /保\s*存/ })).toBeTruthy();
  });

  it('starts a masked cell from the stored value, not the masked text the list shows', async () => {
    const masked = formData();
    masked.fields[0] = { ...masked.fields[0]!, useMask: true, maskConfig: { maskType: 2 } };
    api = mockApi()
      .on('GET', `${BASE}/Config`, ok(config(2, masked, columnData({ type: 4 }))))
      .on('POST', `${BASE}/List`, page([{ ...rows[0], name: '苹*', name_id: '苹*' }]))
      .on('GET', `${BASE}/r1`, ok({ id: 'r1', data: JSON.stringify({ name: '苹果', kind: 'fruit', amount: 3 }) }))
      .on('PUT', `${BASE}/r1`, ok(undefined, '修改成功'));
    renderView();
    await listed('苹*');
    fireEvent.click(within(rowOf('苹*')).getByRole('button', { name: /编\s*辑/ }));
    expect(await screen.findByDisplayValue('苹果')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.callsTo('PUT', `${BASE}/r1`)).toHaveLength(1));
    expect(JSON.parse((api.callsTo('PUT', `${BASE}/r1`)[0]!.body as { data: string }).data)).toMatchObject({
      name: '苹果',
    });
  });

  it('adds a new row at the top and creates it', async () => {
    withList({ type: 4 });
    api.on('POST', BASE, ok('r9', '新建成功'));
    renderView();
    await listed();
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const first = document.querySelector<HTMLElement>('.ant-table-tbody tr.ant-table-row')!;
    const input = await waitFor(() => first.querySelector('input')!);
    fireEvent.change(input, { target: { value: '葡萄' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.callsTo('POST', BASE)).toHaveLength(1));
    expect(JSON.parse((api.callsTo('POST', BASE)[0]!.body as { data: string }).data)).toMatchObject({ name: '葡萄' });
  });
});

describe('tree table (type 5)', () => {
  it('reads the children of a record when it is opened', async () => {
    withList({ type: 5, parentField: 'kind' });
    api
      .on(
        'POST',
        `${BASE}/List`,
        page([
          { ...rows[0], hasChildren: true },
          { ...rows[1], hasChildren: false },
        ]),
      )
      .on('POST', `${BASE}/List/r1`, page([{ id: 'c1', name: '红富士', name_id: '红富士', hasChildren: false }]));
    renderView();
    await listed();
    expect(within(rowOf('白菜')).queryByRole('button', { name: /展开|expand/i })).toBeNull();
    const expand = rowOf('苹果').querySelector<HTMLElement>('.ant-table-row-expand-icon')!;
    fireEvent.click(expand);
    expect(await screen.findByText('红富士')).toBeTruthy();
    expect(api.callsTo('POST', `${BASE}/List/r1`)[0]!.body).toMatchObject({ menuId: 'm' });
    // read once: closing and opening again asks no more
    fireEvent.click(expand);
    fireEvent.click(expand);
    expect(api.callsTo('POST', `${BASE}/List/r1`)).toHaveLength(1);
  });
});

describe('summary row and complex headers', () => {
  const extras = {
    showSummary: true,
    summaryField: ['amount'],
    thousands: true,
    thousandsField: ['amount'],
    complexHeaderList: [{ id: 'h1', fullName: '明细', align: 'center' as const, childColumns: ['kind', 'amount'] }],
  };
  const summaryRow = () => document.querySelector<HTMLElement>('.model-list-summary')!;

  it('sums the page under a grouped header, with thousands separators in cells and total', async () => {
    withList(extras);
    api.on('POST', `${BASE}/List`, page([rows[0], { ...rows[1], amount: '1200', amount_id: 1200 }]));
    renderView();
    await listed();
    expect(screen.getByText('1,200')).toBeTruthy();
    await waitFor(() => expect(within(summaryRow()).getByText('1,203')).toBeTruthy());
    expect(within(summaryRow()).getByText('合计')).toBeTruthy();
    // 类型 and 数量 sit on the header's second line, under 明细
    const headerRows = document.querySelectorAll('.ant-table-thead tr');
    expect(headerRows).toHaveLength(2);
    expect(within(headerRows[0] as HTMLElement).getByText('明细')).toBeTruthy();
    expect(within(headerRows[1] as HTMLElement).getByText('数量')).toBeTruthy();
  });

  it('follows the cells of an edited row', async () => {
    withList({ ...extras, type: 4, complexHeaderList: [] });
    renderView();
    await listed();
    await waitFor(() => expect(within(summaryRow()).getByText('8')).toBeTruthy());
    fireEvent.click(within(rowOf('苹果')).getByRole('button', { name: /编\s*辑/ }));
    const amount = await screen.findByDisplayValue('3');
    fireEvent.change(amount, { target: { value: '10.5' } });
    await waitFor(() => expect(within(summaryRow()).getByText('15.50')).toBeTruthy());
  });
});
