import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FormInstance } from 'antd';
import type { ComponentType } from 'react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { FieldConfig } from '@jnpf/core';
import { applyServerErrors } from '../components/admin/serverErrors';
import { mockApi, renderAdmin } from '../components/admin/testUtils';
import { feedback } from '../platform/feedback';
import { i18n } from '../platform/i18n';
import { RequestError } from '../platform/request';
import { widgetRegistry } from './registry';
import { cellProblems, newRow, rowsProblem, totals } from './subTable';
import type { InputWidgetProps } from './types';
import type { RecordValues } from './values';
import { fieldOf, formOf, RendererHarness, SUBMIT } from './testing';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  mockApi();
  vi.mocked(feedback.error).mockClear();
});

const submit = () => fireEvent.click(screen.getByRole('button', { name: SUBMIT }));

function itemsTable(config: Partial<FieldConfig['__config__']> = {}, extra: Partial<FieldConfig> = {}) {
  return fieldOf('table', 'items', '明细', {
    ...extra,
    config: {
      children: [
        fieldOf('input', 'name', '品名', { config: { required: true } }),
        fieldOf('inputNumber', 'qty', '数量', { min: 1, thousands: true }),
        fieldOf('switch', 'urgent', '加急'),
      ],
      showSummary: true,
      summaryField: ['qty'],
      ...config,
    },
  });
}

describe('sub-table rows (pure)', () => {
  const table = itemsTable();

  it('starts a row with the columns’ defaults', () => {
    expect(newRow(table.__config__.children!)).toEqual({ urgent: 0 });
  });

  it('names the first refused cell with its row, as the server does', () => {
    const rows = [{ name: 'a', qty: 2 }, { qty: 0 }];
    expect(cellProblems(table, rows).map((p) => [p.row, p.column])).toEqual([
      [1, 'name'],
      [1, 'qty'],
    ]);
    expect(rowsProblem(table, rows)).toBe('明细第2行：品名不能为空');
    expect(rowsProblem(table, [{ name: 'a' }])).toBeNull();
  });

  it('sums the listed number columns to two decimals, thousands when the column shows them', () => {
    expect(totals(table, [{ qty: 1200.5 }, { qty: '3' }, { qty: 'x' }])).toEqual({ qty: '1,203.50' });
    expect(totals(table, [{ name: 'a' }])).toEqual({ qty: '' });
  });
});

describe('SubTableWidget in a form', () => {
  it('adds, fills, copies and deletes rows, and sends them as the value', async () => {
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness formData={formOf([itemsTable({}, { actionText: '新增明细' })])} onSubmit={onSubmit} />,
    );
    const group = screen.getByRole('group', { name: '明细' });
    fireEvent.click(within(group).getByRole('button', { name: /新增明细/ }));
    fireEvent.click(within(group).getByRole('button', { name: /新增明细/ }));
    const names = () => within(group).getAllByPlaceholderText('请输入');
    await waitFor(() => expect(names()).toHaveLength(4)); // two rows: name and qty each
    fireEvent.change(names()[0]!, { target: { value: '螺丝' } });
    fireEvent.click(within(group).getAllByRole('button', { name: '复制' })[0]!);
    await waitFor(() => expect(names()).toHaveLength(6));

    // the second row (copy of the first) is deleted after confirmation; the empty third row stays
    fireEvent.click(within(group).getAllByRole('button', { name: '删除' })[1]!);
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(names()).toHaveLength(4));
    fireEvent.change(names()[2]!, { target: { value: '螺母' } });

    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      items: [
        { name: '螺丝', urgent: 0 },
        { name: '螺母', urgent: 0 },
      ],
    });
  });

  it('refuses a row with an empty required cell on submit, naming the row, and clears once it is filled', async () => {
    const onSubmit = vi.fn();
    renderAdmin(<RendererHarness formData={formOf([itemsTable()])} onSubmit={onSubmit} />);
    const group = screen.getByRole('group', { name: '明细' });
    fireEvent.click(within(group).getByRole('button', { name: /添加/ }));
    // a row just added is not a mistake yet
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('明细第1行：品名不能为空')).toBeNull();
    submit();
    expect(await screen.findByText('明细第1行：品名不能为空')).toBeTruthy();
    expect(within(group).getByTitle('品名不能为空')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(within(group).getAllByPlaceholderText('请输入')[0]!, { target: { value: '螺丝' } });
    await waitFor(() => expect(screen.queryByText('明细第1行：品名不能为空')).toBeNull());
    expect(within(group).queryByTitle('品名不能为空')).toBeNull();
  });

  it('a required sub-table needs a row; batch delete asks for a selection first', async () => {
    const onSubmit = vi.fn();
    renderAdmin(<RendererHarness formData={formOf([itemsTable({ required: true })])} onSubmit={onSubmit} />);
    submit();
    expect(await screen.findByText('明细不能为空')).toBeTruthy();
    const group = screen.getByRole('group', { name: '明细' });
    fireEvent.click(within(group).getByRole('button', { name: /批量删除/ }));
    expect(feedback.error).toHaveBeenCalledWith('请选择一条数据');
  });

  it('has a selection column only with the batch-remove button', async () => {
    const view = renderAdmin(<RendererHarness formData={formOf([itemsTable()])} onSubmit={vi.fn()} />);
    fireEvent.click(within(screen.getByRole('group', { name: '明细' })).getByRole('button', { name: /添加/ }));
    await waitFor(() => expect(document.querySelector('.ant-table-selection-column')).not.toBeNull());
    view.unmount();
    const table = itemsTable();
    table.footerBtnsList = [{ value: 'add', label: '', show: true }];
    renderAdmin(<RendererHarness formData={formOf([table])} onSubmit={vi.fn()} />);
    const group = screen.getByRole('group', { name: '明细' });
    fireEvent.click(within(group).getByRole('button', { name: /添加/ }));
    await waitFor(() => expect(within(group).getAllByPlaceholderText('请输入').length).toBeGreaterThan(0));
    expect(document.querySelector('.ant-table-selection-column')).toBeNull();
  });

  it('shows the stored rows, and the total of the listed columns', async () => {
    renderAdmin(
      <RendererHarness
        formData={formOf([itemsTable()])}
        record={{
          items: [
            { name: 'a', qty: 1000 },
            { name: 'b', qty: 2.5 },
          ],
        }}
        onSubmit={vi.fn()}
      />,
    );
    const group = screen.getByRole('group', { name: '明细' });
    expect(within(group).getByDisplayValue('a')).toBeTruthy();
    expect(within(group).getByText('合计')).toBeTruthy();
    expect(within(group).getByText('1,002.50')).toBeTruthy();
  });

  it('renders again only the cells of the row that changed, and still removes the right row after', async () => {
    // the switch column's widget, counting its renders by row (its id ends in _<row>_urgent)
    const entry = widgetRegistry.switch as unknown as { Component: ComponentType<InputWidgetProps> };
    const Original = entry.Component;
    const renders = new Map<string, number>();
    entry.Component = function Counted(props: InputWidgetProps) {
      const row = /_(\d+)_urgent$/.exec(props.id ?? '')?.[1] ?? '?';
      renders.set(row, (renders.get(row) ?? 0) + 1);
      return <Original {...props} />;
    };
    try {
      const onSubmit = vi.fn();
      renderAdmin(
        <RendererHarness
          formData={formOf([itemsTable()])}
          record={{ items: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] }}
          onSubmit={onSubmit}
        />,
      );
      const group = screen.getByRole('group', { name: '明细' });
      const before = new Map(renders);
      fireEvent.change(within(group).getByDisplayValue('a'), { target: { value: 'a2' } });
      await waitFor(() => expect(within(group).getByDisplayValue('a2')).toBeTruthy());
      expect(renders.get('0')).toBeGreaterThan(before.get('0')!);
      expect(renders.get('1')).toBe(before.get('1'));
      expect(renders.get('2')).toBe(before.get('2'));
      // a row's buttons act on the rows as they are now, though that row's cells were not rendered again
      fireEvent.click(within(group).getAllByRole('button', { name: /删\s*除/ })[2]!);
      fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
      await waitFor(() => expect(within(group).queryByDisplayValue('c')).toBeNull());
      submit();
      await waitFor(() => expect(onSubmit).toHaveBeenCalled());
      expect((onSubmit.mock.calls[0]![0] as { items: { name: string }[] }).items.map((r) => r.name)).toEqual([
        'a2',
        'b',
      ]);
    } finally {
      entry.Component = Original;
    }
  });

  it('shows the display rows read-only in the detail mode', () => {
    renderAdmin(
      <RendererHarness
        mode="detail"
        formData={formOf([itemsTable()])}
        record={{ items: [] }}
        display={{ items: [{ name: '螺丝', qty: 3, urgent: '开' }] }}
        onSubmit={vi.fn()}
      />,
    );
    const group = screen.getByRole('group', { name: '明细' });
    expect(within(group).getByText('螺丝')).toBeTruthy();
    expect(within(group).getByText('3.00')).toBeTruthy();
    expect(within(group).queryByRole('button')).toBeNull();
  });

  it('shows a sub-table without rows, as the server gives it ([]), with its columns and no row in the detail', () => {
    renderAdmin(
      <RendererHarness
        mode="detail"
        formData={formOf([itemsTable()])}
        record={{ items: [] }}
        display={{ items: [] }}
        onSubmit={vi.fn()}
      />,
    );
    const group = screen.getByRole('group', { name: '明细' });
    expect(within(group).getByRole('columnheader', { name: '品名' })).toBeTruthy();
    // the table's empty state: no row, no serial number, no total
    expect(group.querySelectorAll('.ant-table-row')).toHaveLength(0);
    expect(group.querySelector('.ant-table-placeholder')).not.toBeNull();
    expect(within(group).queryByText('合计')).toBeNull();
    expect(within(group).queryByRole('button')).toBeNull();
  });

  it('edits a record whose sub-table has no rows ([]): starts empty, a row added is sent', async () => {
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([itemsTable()])}
        record={{ items: [] }}
        display={{ items: [] }}
        onSubmit={onSubmit}
      />,
    );
    const group = screen.getByRole('group', { name: '明细' });
    expect(group.querySelectorAll('.ant-table-row')).toHaveLength(0);
    expect(group.querySelector('.ant-table-placeholder')).not.toBeNull();
    expect(within(group).queryByPlaceholderText('请输入')).toBeNull();
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ items: [] });
    fireEvent.click(within(group).getByRole('button', { name: /添加/ }));
    fireEvent.change((await within(group).findAllByPlaceholderText('请输入'))[0]!, { target: { value: '垫片' } });
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]![0]).toMatchObject({ items: [{ name: '垫片' }] });
  });
});

/**
 * the cells of the table shown as refused, as "<row>_<column>": a cell outlined with its message, or whose control
 * shows antd's error state
 */
function markedCells(group: HTMLElement): string[] {
  const out: string[] = [];
  // a virtual table's cells are not td but divs
  for (const td of group.querySelectorAll('.ant-table-cell')) {
    const control = td.querySelector<HTMLElement>('[id$="_name"], [id$="_qty"], [id$="_urgent"]');
    const at = control && /_(\d+)_(\w+)$/.exec(control.id);
    if (!at) continue;
    if (td.querySelector('div[title], [class*="status-error"]')) out.push(`${at[1]}_${at[2]}`);
  }
  return out;
}

/** a 401 answer refusing the table's cell (rowIndex, column) as the server gives it */
function cellRefusal(rowIndex: number, column: string, detail: string) {
  const message = `明细第${rowIndex + 1}行：${detail}`;
  return new RequestError(
    message,
    401,
    {
      code: 401,
      msg: message,
      data: { errors: { items: message }, cells: { items: [{ rowIndex, column, message: detail }] } },
    },
    true,
  );
}

describe('a refused cell', () => {
  const record = {
    items: [
      { name: 'a', qty: 1 },
      { name: 'b', qty: 1 },
      { name: 'c', qty: 2 },
    ],
  };

  it('by the rules: only that cell (row 3, column 2) is marked, with its message', async () => {
    const onSubmit = vi.fn();
    const items = record.items.map((row, i) => (i === 2 ? { ...row, qty: 0 } : row));
    renderAdmin(<RendererHarness formData={formOf([itemsTable()])} record={{ items }} onSubmit={onSubmit} />);
    const group = screen.getByRole('group', { name: '明细' });
    submit();
    expect(await screen.findByText('明细第3行：数量不能小于1')).toBeTruthy();
    expect(markedCells(group)).toEqual(['2_qty']);
    expect(within(group).getByText('数量不能小于1')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('by the server: only the cell its answer names is marked, until the table is changed', async () => {
    const onSubmit = vi.fn((_values: RecordValues, form: FormInstance<RecordValues>) =>
      applyServerErrors(form, cellRefusal(2, 'qty', '数量的值不在选项中')),
    );
    renderAdmin(<RendererHarness formData={formOf([itemsTable()])} record={record} onSubmit={onSubmit} />);
    const group = screen.getByRole('group', { name: '明细' });
    submit();
    expect(await screen.findByText('明细第3行：数量的值不在选项中')).toBeTruthy();
    expect(markedCells(group)).toEqual(['2_qty']);
    expect(within(group).getByText('数量的值不在选项中')).toBeTruthy();
    // a change checks the table again by its own rules, which accept it: no cell stays marked
    fireEvent.change(within(group).getByDisplayValue('a'), { target: { value: 'a2' } });
    await waitFor(() => expect(screen.queryByText('明细第3行：数量的值不在选项中')).toBeNull());
    expect(markedCells(group)).toEqual([]);
  });
});

describe('a long sub-table', () => {
  /**
   * jsdom lays nothing out: the virtual rows area scrolls to a row once it and its rows have a height, as in a
   * browser (440 px high, rows of 40)
   */
  function layOut() {
    const clientHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight')!;
    const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')!;
    const holderHeight = vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (
      this: Element,
    ) {
      return this.classList.contains('ant-table-tbody-virtual-holder') ? 440 : (clientHeight.get!.call(this) as number);
    });
    const rowHeight = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.classList.contains('ant-table-row') ? 40 : (offsetHeight.get!.call(this) as number);
    });
    onTestFinished(() => {
      holderHeight.mockRestore();
      rowHeight.mockRestore();
    });
  }

  it('shows the cell of row 150 the server refused, and that cell only', async () => {
    layOut();
    const onSubmit = vi.fn((_values: RecordValues, form: FormInstance<RecordValues>) =>
      applyServerErrors(form, cellRefusal(149, 'qty', '数量的值不在选项中')),
    );
    const items = Array.from({ length: 200 }, (_, i) => ({ name: `件${i + 1}`, qty: 1 }));
    renderAdmin(<RendererHarness formData={formOf([itemsTable()])} record={{ items }} onSubmit={onSubmit} />);
    const group = screen.getByRole('group', { name: '明细' });
    await waitFor(() => expect(within(group).getByDisplayValue('件1')).toBeTruthy());
    submit();
    expect(await screen.findByText('明细第150行：数量的值不在选项中')).toBeTruthy();
    const refused = await within(group).findByTitle('数量的值不在选项中');
    expect(refused.querySelector('input')?.id).toMatch(/_149_qty$/);
    expect(markedCells(group)).toEqual(['149_qty']);
  });

  it('mounts only the rows in view, and still refuses an empty required cell of row 180, showing that row', async () => {
    layOut();
    const onSubmit = vi.fn();
    const items = Array.from({ length: 200 }, (_, i) => (i === 179 ? { qty: 1 } : { name: `件${i + 1}`, qty: 1 }));
    renderAdmin(<RendererHarness formData={formOf([itemsTable()])} record={{ items }} onSubmit={onSubmit} />);
    const group = screen.getByRole('group', { name: '明细' });
    await waitFor(() => expect(within(group).getByDisplayValue('件1')).toBeTruthy());
    // a bounded number of rows is in the page, not 200 (about the rows area's height over a row's)
    const mounted = () => group.querySelectorAll('.ant-table-row').length;
    expect(mounted()).toBeGreaterThan(0);
    expect(mounted()).toBeLessThanOrEqual(20);
    expect(within(group).queryByDisplayValue('件200')).toBeNull();
    // the total row counts every row, mounted or not
    expect(within(group).getByText('200.00')).toBeTruthy();

    submit();
    expect(await screen.findByText('明细第180行：品名不能为空')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    // the refused row is brought into view, its cell marked with the message
    const refused = await within(group).findByTitle('品名不能为空');
    expect(refused.querySelector('input')?.id).toMatch(/_179_name$/);
    expect(mounted()).toBeLessThanOrEqual(20);

    fireEvent.change(refused.querySelector('input')!, { target: { value: '补上' } });
    await waitFor(() => expect(screen.queryByText('明细第180行：品名不能为空')).toBeNull());
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const sent = (onSubmit.mock.calls[0]![0] as { items: { name: string }[] }).items;
    expect(sent).toHaveLength(200);
    expect(sent[179]!.name).toBe('补上');
  });
});

describe('calculated columns', () => {
  const priced = (required = false) =>
    fieldOf('table', 'lines', '明细', {
      config: {
        children: [
          fieldOf('inputNumber', 'weight', '重量'),
          // per row: the row's weight × 2
          fieldOf('calculate', 'double', '双倍', {
            expression: [{ __vModel__: 'lines.weight', label: '重量' }, '×', '2'],
            precision: 0,
            config: { required },
          }),
        ],
      },
    });

  it('computes each row from that row, and sends the results with the rows', async () => {
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([priced()])}
        record={{ lines: [{ weight: 2 }, { weight: 5 }] }}
        onSubmit={onSubmit}
      />,
    );
    const group = screen.getByRole('group', { name: '明细' });
    await waitFor(() => expect(within(group).getByDisplayValue('4')).toBeTruthy());
    expect(within(group).getByDisplayValue('10')).toBeTruthy();
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      lines: [
        { weight: 2, double: 4 },
        { weight: 5, double: 10 },
      ],
    });
  });

  it('does not count a required calculated cell without its result yet as empty', () => {
    const table = priced(true);
    expect(cellProblems(table, [{ weight: 1 }, {}])).toEqual([]);
    // a formula that does not parse computes nothing: then it is empty
    const broken = priced(true);
    broken.__config__.children![1]!.expression = ['2', '×'];
    expect(rowsProblem(broken, [{ weight: 1 }])).toBe('明细第1行：双倍不能为空');
  });
});
