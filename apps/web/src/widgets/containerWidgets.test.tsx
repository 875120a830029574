import { newContainerPart, type FieldConfig } from '@jnpf/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAdmin } from '../components/admin/testUtils';
import { fieldOf, formOf, RendererHarness, SUBMIT } from './testing';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

beforeEach(() => {
  mockApi();
});

let partId = 5000;
const pane = (key: 'tabItem' | 'collapseItem', name: string, title: string, children: FieldConfig[]) =>
  newContainerPart(key, partId++, { title, name }, {}, children);
const cell = (children: FieldConfig[], config: Record<string, unknown> = {}) =>
  newContainerPart('tableGridTd', partId++, {}, { colspan: 1, rowspan: 1, merged: false, ...config }, children);
const gridRow = (cells: FieldConfig[]) => newContainerPart('tableGridTr', partId++, {}, {}, cells);

const tabs = (panes: FieldConfig[], active = '1') =>
  fieldOf('tab', '', '标签面板', { config: { children: panes, active, showLabel: false } });
const collapse = (panels: FieldConfig[], active: string[] = []) =>
  fieldOf('collapse', '', '折叠面板', { config: { children: panels, active, showLabel: false } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
const selectedTab = () => document.querySelector('.ant-tabs-tab-active')?.textContent;

describe('tab, collapse and table grid in the form', () => {
  it('checks a required field in an inactive tab, shows its message and switches to its pane', async () => {
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([
          tabs([
            pane('tabItem', '1', '基本', [fieldOf('input', 'name', '名称')]),
            pane('tabItem', '2', '更多', [fieldOf('input', 'code', '编号', { config: { required: true } })]),
          ]),
        ])}
        onSubmit={onSubmit}
      />,
    );
    expect(selectedTab()).toBe('基本');
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '甲' } });
    submit();
    expect(await screen.findByText('编号不能为空')).toBeTruthy();
    await waitFor(() => expect(selectedTab()).toBe('更多'));
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('编号'), { target: { value: 'A1' } });
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: '甲', code: 'A1' }, expect.anything()));
  });

  it('shows a server refusal of a field in an inactive tab on its pane', async () => {
    renderAdmin(
      <RendererHarness
        formData={formOf([
          tabs([
            pane('tabItem', '1', '基本', [fieldOf('input', 'name', '名称')]),
            pane('tabItem', '2', '更多', [fieldOf('input', 'code', '编号')]),
          ]),
        ])}
        onSubmit={(_values, form) => form.setFields([{ name: 'code', errors: ['编号已存在'] }])}
      />,
    );
    submit();
    expect(await screen.findByText('编号已存在')).toBeTruthy();
    await waitFor(() => expect(selectedTab()).toBe('更多'));
  });

  it('checks a required field in a collapsed panel and opens the panel', async () => {
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([
          collapse([
            pane('collapseItem', '1', '概要', [fieldOf('input', 'name', '名称')]),
            pane('collapseItem', '2', '明细', [fieldOf('inputNumber', 'qty', '数量', { config: { required: true } })]),
          ]),
        ])}
        onSubmit={onSubmit}
      />,
    );
    const header = (title: string) => screen.getByText(title).closest('.ant-collapse-item')!;
    expect(header('明细').classList.contains('ant-collapse-item-active')).toBe(false);
    submit();
    expect(await screen.findByText('数量不能为空')).toBeTruthy();
    await waitFor(() => expect(header('明细').classList.contains('ant-collapse-item-active')).toBe(true));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('lays a table grid out with its spans, borders and cell colours; merged cells are not drawn', async () => {
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([
          fieldOf('tableGrid', '', '表格布局', {
            config: {
              showLabel: false,
              borderType: 'dashed',
              borderColor: '#ff0000',
              borderWidth: 2,
              children: [
                gridRow([
                  cell([fieldOf('input', 'a', '甲')], { colspan: 2, backgroundColor: '#eeeeee' }),
                  cell([], { merged: true }),
                ]),
                gridRow([cell([fieldOf('input', 'b', '乙')], { rowspan: 2 }), cell([])]),
              ],
            },
          }),
        ])}
        onSubmit={onSubmit}
      />,
    );
    const cells = [...document.querySelectorAll<HTMLTableCellElement>('table td')];
    expect(cells).toHaveLength(3);
    expect(cells[0]!.colSpan).toBe(2);
    expect(cells[0]!.style.backgroundColor).toBe('rgb(238, 238, 238)');
    expect(cells[1]!.rowSpan).toBe(2);
    expect(cells[0]!.style.border).toBe('2px dashed rgb(255, 0, 0)');
    // a cell with no field keeps a form row's height
    const empty = cells[2]!.firstElementChild as HTMLElement;
    expect(empty.style.minHeight).toBe('calc(var(--label-height, 32px) + 18px)');
    expect((cells[0]!.firstElementChild as HTMLElement).style.minHeight).toBe('');
    fireEvent.change(screen.getByLabelText('甲'), { target: { value: 'x' } });
    fireEvent.change(screen.getByLabelText('乙'), { target: { value: 'y' } });
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ a: 'x', b: 'y' }, expect.anything()));
  });

  it('computes from fields in other containers, and a hidden (noShow) field in a cell still sends its value', async () => {
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([
          tabs([pane('tabItem', '1', '基本', [fieldOf('inputNumber', 'qty', '数量')])]),
          collapse(
            [
              pane('collapseItem', '1', '合计', [
                fieldOf('calculate', 'total', '总价', {
                  expression: [{ __vModel__: 'qty', label: '数量' }, '×', '2'],
                }),
              ]),
            ],
            ['1'],
          ),
          fieldOf('tableGrid', '', '表格布局', {
            config: {
              showLabel: false,
              children: [
                gridRow([cell([fieldOf('input', 'secret', '隐藏', { config: { noShow: true, defaultValue: 's' } })])]),
              ],
            },
          }),
        ])}
        onSubmit={onSubmit}
      />,
    );
    fireEvent.change(screen.getByLabelText('数量'), { target: { value: '21' } });
    const total = screen.getByLabelText('总价') as HTMLInputElement;
    await waitFor(() => expect(total.value).toBe('42'));
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ qty: 21, total: 42, secret: 's' });
  });

  it('shows nested values read-only in the detail', () => {
    renderAdmin(
      <RendererHarness
        mode="detail"
        record={{ code: 'A1' }}
        display={{ code: 'A1' }}
        formData={formOf([tabs([pane('tabItem', '1', '基本', [fieldOf('input', 'code', '编号')])])])}
        onSubmit={vi.fn()}
      />,
    );
    expect(screen.getByText('A1')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
