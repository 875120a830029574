// Pickers and popups as sub-table columns: each row's cell is the field's own widget, its dialog opens from that
// row and sets that row's cell only, a popup's parameter bound to another column reads that row's cell (List and
// InfoByIds), and the detail shows the names the server gives.
import type { FieldConfig } from '@jnpf/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../components/admin/testUtils';
import { i18n } from '../platform/i18n';
import { subTableWidth, widestSubTable } from './subTable';
import { fieldOf, formOf, RendererHarness, SUBMIT } from './testing';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 90_000 });
vi.mock('../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const LIST = '/api/system/DataInterface/di1/Actions/List';
const IDS = '/api/system/DataInterface/di1/Actions/InfoByIds';
const ROWS = [
  { id: 'a1', full_name: '苹果', kind: 'fruit' },
  { id: 'a2', full_name: '香蕉', kind: 'fruit' },
  { id: 'v1', full_name: '白菜', kind: 'veg' },
];
type Params = { paramList: { field: string; defaultValue: unknown }[] };
const kindOf = (body: unknown) =>
  String((body as Params).paramList.find((p) => p.field === 'kind')?.defaultValue ?? '');

let api: ReturnType<typeof mockApi>;
beforeEach(async () => {
  await i18n.changeLanguage('zh');
  api = mockApi()
    .on('POST', LIST, (call) => {
      const kind = kindOf(call.body);
      const found = ROWS.filter((r) => !kind || r.kind === kind);
      return ok({ list: found, pagination: { total: found.length } });
    })
    .on('POST', IDS, (call) => ok(ROWS.filter((r) => (call.body as { ids: string[] }).ids.includes(r.id))))
    // the user picker's tree (its top level here) and the names of held users
    .on(
      'POST',
      '/api/permission/Users/ImUser/Selector/0',
      ok({
        list: [
          { id: 'u1', fullName: '张三/zhangsan', type: 'user', isLeaf: true },
          { id: 'u2', fullName: '李四/lisi', type: 'user', isLeaf: true },
        ],
      }),
    )
    .on('POST', '/api/permission/Users/getSelectedList', ok({ list: [] }));
});

/** lines: a kind per row, its owner (user picker) and an item (popup select) of that row's kind */
const linesTable = (): FieldConfig =>
  fieldOf('table', 'lines', '明细', {
    config: {
      children: [
        fieldOf('input', 'rowKind', '行类别'),
        fieldOf('userSelect', 'owner', '负责人'),
        fieldOf('popupSelect', 'item', '条目', {
          interfaceId: 'di1',
          propsValue: 'id',
          relationField: 'full_name',
          columnOptions: [{ value: 'full_name', label: '名称' }],
          templateJson: [{ field: 'kind', sourceType: 1, relationField: 'rowKind' }],
        }),
      ],
    },
  });

const rowOf = (group: HTMLElement, index: number) =>
  within(group)
    .getAllByRole('row')
    .filter((r) => r.getAttribute('data-row-key'))[index]!;
const openChooser = async (row: HTMLElement) => {
  // the popup select is the row's second combobox (after the user picker)
  fireEvent.click(within(row).getAllByRole('combobox')[1]!);
  return waitFor(() => {
    const dialog = screen
      .getAllByRole('dialog')
      .find((d) => d.textContent?.includes('选择数据') && !d.closest('.ant-zoom-leave'));
    if (!dialog) throw new Error('no dialog');
    return dialog;
  });
};
const confirm = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: /^\s*确\s*定\s*$/ }));

describe('pickers and popups in sub-table rows', () => {
  it("opens each row's chooser with that row's parameters and sets that row's cells only", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([linesTable()])}
        record={{ lines: [{ rowKind: 'fruit' }, { rowKind: 'veg', item: 'v1' }] }}
        onSubmit={onSubmit}
      />,
    );
    const group = screen.getByRole('group', { name: '明细' });
    // the second row's stored item shows by its label, asked with that row's kind
    expect(await within(rowOf(group, 1)).findByText('白菜')).toBeTruthy();
    expect(api.callsTo('POST', IDS).at(-1)!.body).toMatchObject({
      ids: ['v1'],
      paramList: [{ field: 'kind', defaultValue: 'veg' }],
    });

    // the first row's chooser offers fruit only
    const dialog = await openChooser(rowOf(group, 0));
    expect(await within(dialog).findByText('香蕉')).toBeTruthy();
    expect(within(dialog).queryByText('白菜')).toBeNull();
    expect(kindOf(api.callsTo('POST', LIST).at(-1)!.body)).toBe('fruit');
    fireEvent.click(within(dialog).getByText('香蕉'));
    confirm(dialog);
    await waitFor(() => expect(within(rowOf(group, 0)).getByText('香蕉')).toBeTruthy());

    // the second row's user picker: its own dialog, its own cell
    await user.click(within(rowOf(group, 1)).getAllByRole('combobox')[0]!);
    const users = await waitFor(() => {
      const found = screen
        .getAllByRole('dialog')
        .find((d) => d.textContent?.includes('选择用户') && !d.closest('.ant-zoom-leave'));
      if (!found) throw new Error('no dialog');
      return found;
    });
    await user.click(await within(users).findByTitle('李四/lisi'));
    confirm(users);

    await user.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls.at(-1)![0]).toEqual({
      lines: [
        { rowKind: 'fruit', item: 'a2' },
        { rowKind: 'veg', item: 'v1', owner: 'u2' },
      ],
    });
  });

  it("a row's changed kind asks its chooser again with the new kind", async () => {
    renderAdmin(
      <RendererHarness
        formData={formOf([linesTable()])}
        record={{ lines: [{ rowKind: 'fruit' }] }}
        onSubmit={vi.fn()}
      />,
    );
    const group = screen.getByRole('group', { name: '明细' });
    fireEvent.change(within(rowOf(group, 0)).getByDisplayValue('fruit'), { target: { value: 'veg' } });
    const dialog = await openChooser(rowOf(group, 0));
    expect(await within(dialog).findByText('白菜')).toBeTruthy();
    expect(within(dialog).queryByText('香蕉')).toBeNull();
  });

  it('the detail shows the names and labels the server gives for each row', () => {
    renderAdmin(
      <RendererHarness
        mode="detail"
        formData={formOf([linesTable()])}
        record={{ lines: [] }}
        display={{ lines: [{ rowKind: 'fruit', owner: '李四/lisi', item: '香蕉' }] }}
        onSubmit={vi.fn()}
      />,
    );
    const group = screen.getByRole('group', { name: '明细' });
    expect(within(group).getByText('李四/lisi')).toBeTruthy();
    expect(within(group).getByText('香蕉')).toBeTruthy();
  });
});

describe('a relation-form column', () => {
  it("names each row's record from the texts the server gave for that row", async () => {
    const table = fieldOf('table', 'lines', '明细', {
      config: {
        children: [
          fieldOf('input', 'qty', '数量'),
          fieldOf('relationForm', 'customer', '客户', { modelId: 'm1', relationField: 'name', columnOptions: [] }),
        ],
      },
    });
    renderAdmin(
      <RendererHarness
        formData={formOf([table])}
        record={{
          lines: [
            { qty: '1', customer: 'r1' },
            { qty: '2', customer: 'r2' },
          ],
        }}
        display={{
          lines: [
            { qty: '1', customer: 'ACME', customer_id: 'r1' },
            // texts of another record than the row holds now: not taken
            { qty: '2', customer: '别家', customer_id: 'r9' },
          ],
        }}
        onSubmit={vi.fn()}
      />,
    );
    const group = screen.getByRole('group', { name: '明细' });
    expect(await within(rowOf(group, 0)).findByText('ACME')).toBeTruthy();
    expect(within(rowOf(group, 1)).queryByText('别家')).toBeNull();
    expect(within(rowOf(group, 1)).getByText('r2')).toBeTruthy();
  });
});

describe('room for the columns', () => {
  it("a sub-table's width is its columns' side by side, the widest of a form's the one its dialog needs", () => {
    const table = linesTable();
    // selection 48, serial 60, three columns of 160, actions 130, borders 2
    expect(subTableWidth(table)).toBe(720);
    expect(subTableWidth(table, false)).toBe(542);
    table.__config__.children![0]!.__config__.columnWidth = 100;
    expect(subTableWidth(table)).toBe(660);
    const row = fieldOf('row', '', '栅格', { config: { children: [table] } });
    expect(widestSubTable([fieldOf('input', 'a', 'A'), row])).toBe(660);
  });
});
