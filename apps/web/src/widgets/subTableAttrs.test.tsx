// Attribute columns of a sub-table: a popup attribute shows (and with isStorage stores) a field of the row picked
// in the popup column of its own row, and follows that row's new pick; a relation-form attribute shows a field of
// the record its row's relation-form column holds — from the server's texts for that row, then from a new pick.
import type { FieldConfig } from '@jnpf/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dialogTitled, mockApi, ok, renderAdmin } from '../components/admin/testUtils';
import { i18n } from '../platform/i18n';
import { fieldOf, formOf, RendererHarness, SUBMIT } from './testing';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 90_000 });
vi.mock('../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const LIST = '/api/system/DataInterface/di1/Actions/List';
const IDS = '/api/system/DataInterface/di1/Actions/InfoByIds';
const ROWS = [
  { id: 'a1', full_name: '苹果', kind: '水果' },
  { id: 'v1', full_name: '白菜', kind: '蔬菜' },
];
const RECORDS_URL = '/api/visualdev/Base/m1/FieldDataSelect';
const RECORDS = [
  { id: 'r1', name: 'ACME', phone: '110' },
  { id: 'r2', name: 'Beta', phone: '120' },
];

let api: ReturnType<typeof mockApi>;
beforeEach(async () => {
  await i18n.changeLanguage('zh');
  api = mockApi()
    .on('POST', LIST, ok({ list: ROWS, pagination: { total: ROWS.length } }))
    .on('POST', IDS, (call) => ok(ROWS.filter((r) => (call.body as { ids: string[] }).ids.includes(r.id))))
    .on('GET', RECORDS_URL, ok({ list: RECORDS, pagination: { total: RECORDS.length } }));
});

const rowOf = (group: HTMLElement, index: number) =>
  within(group)
    .getAllByRole('row')
    .filter((r) => r.getAttribute('data-row-key'))[index]!;
const cellValue = (row: HTMLElement, id: string) => (row.querySelector(`[id$="_${id}"]`) as HTMLInputElement).value;
const confirm = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: /^\s*确\s*定\s*$/ }));

describe('popup attribute columns', () => {
  const table = (): FieldConfig =>
    fieldOf('table', 'lines', '明细', {
      config: {
        children: [
          fieldOf('popupSelect', 'item', '条目', {
            interfaceId: 'di1',
            propsValue: 'id',
            relationField: 'full_name',
            columnOptions: [{ value: 'full_name', label: '名称' }],
            templateJson: [],
          }),
          fieldOf('popupAttr', 'itemKind', '类别', { relationField: 'item', showField: 'kind', isStorage: 0 }),
          fieldOf('popupAttr', 'kindKept', '存储类别', { relationField: 'item', showField: 'kind', isStorage: 1 }),
        ],
      },
    });

  it("each row shows its own pick's field, follows that row's new pick, and stores it when isStorage", async () => {
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([table()])}
        record={{ lines: [{ item: 'a1', kindKept: '水果' }, { item: 'v1' }, { item: 'a1', kindKept: '伪造' }] }}
        onSubmit={onSubmit}
      />,
    );
    const group = screen.getByRole('group', { name: '明细' });
    // the rows read back for the stored ids: each row's attributes show its own row's kind
    await waitFor(() => expect(cellValue(rowOf(group, 0), 'itemKind')).toBe('水果'));
    await waitFor(() => expect(cellValue(rowOf(group, 1), 'itemKind')).toBe('蔬菜'));
    expect(cellValue(rowOf(group, 0), 'kindKept')).toBe('水果');
    await waitFor(() => expect(cellValue(rowOf(group, 1), 'kindKept')).toBe('蔬菜'));
    await waitFor(() => expect(cellValue(rowOf(group, 2), 'kindKept')).toBe('水果'));

    // the third row picks a cabbage: its attributes follow, the first row's (the same pick before) stay
    fireEvent.click(within(rowOf(group, 2)).getByRole('combobox'));
    const dialog = await dialogTitled('选择数据');
    fireEvent.click(await within(dialog).findByText('白菜'));
    confirm(dialog);
    await waitFor(() => expect(cellValue(rowOf(group, 2), 'itemKind')).toBe('蔬菜'));
    expect(cellValue(rowOf(group, 2), 'kindKept')).toBe('蔬菜');
    expect(cellValue(rowOf(group, 0), 'itemKind')).toBe('水果');
    expect(cellValue(rowOf(group, 0), 'kindKept')).toBe('水果');

    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    // the display-only attribute is not a value; the stored one is each row's own
    expect(onSubmit.mock.calls.at(-1)![0]).toEqual({
      lines: [
        { item: 'a1', kindKept: '水果' },
        { item: 'v1', kindKept: '蔬菜' },
        { item: 'v1', kindKept: '蔬菜' },
      ],
    });
  });
});

describe('relation-form attribute columns', () => {
  it("shows the field of its row's record from the row's texts, then of the record the row picks", async () => {
    const table = fieldOf('table', 'lines', '明细', {
      config: {
        children: [
          fieldOf('relationForm', 'customer', '客户', {
            modelId: 'm1',
            relationField: 'name',
            columnOptions: [{ value: 'name', label: '名称' }],
          }),
          fieldOf('relationFormAttr', 'phone', '电话', { relationField: 'customer', showField: 'phone' }),
        ],
      },
    });
    renderAdmin(
      <RendererHarness
        formData={formOf([table])}
        record={{ lines: [{ customer: 'r1' }, { customer: 'r2' }, { customer: 'r1' }] }}
        display={{
          lines: [
            { customer: 'ACME', customer_id: 'r1', phone: '110' },
            { customer: 'Beta', customer_id: 'r2', phone: '120' },
            { customer: 'ACME', customer_id: 'r1', phone: '110' },
          ],
        }}
        onSubmit={vi.fn()}
      />,
    );
    const group = screen.getByRole('group', { name: '明细' });
    await waitFor(() => expect(cellValue(rowOf(group, 0), 'phone')).toBe('110'));
    expect(cellValue(rowOf(group, 1), 'phone')).toBe('120');
    expect(cellValue(rowOf(group, 2), 'phone')).toBe('110');

    // the first row picks Beta: its chooser asks for the field its attribute shows; the third keeps its own
    fireEvent.click(within(rowOf(group, 0)).getByRole('combobox'));
    const dialog = await dialogTitled('选择数据');
    expect(api.callsTo('GET', RECORDS_URL).at(-1)!.query.get('columnOptions')).toBe('name,phone');
    fireEvent.click(await within(dialog).findByText('Beta'));
    confirm(dialog);
    await waitFor(() => expect(cellValue(rowOf(group, 0), 'phone')).toBe('120'));
    expect(cellValue(rowOf(group, 2), 'phone')).toBe('110');
  });
});
