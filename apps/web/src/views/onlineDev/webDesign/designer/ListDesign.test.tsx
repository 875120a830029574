import type { ColumnDataJson, FieldConfig, FormDataJson } from '@jnpf/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../../../../components/admin/testUtils';
import { FormProperties } from './FormProperties';
import { ListDesign } from './ListDesign';
import { defaultColumnData } from './listModel';
import { BUTTON_TEXTS, makeField } from './testing';

vi.setConfig({ testTimeout: 60_000 });

const make = makeField;

const fields = [make('input', 101, '名称'), make('datePicker', 102, '日期'), make('switch', 103, '启用')];
const buttons = BUTTON_TEXTS;

let latest: ColumnDataJson;
function Harness({ initial, list = fields }: { initial: ColumnDataJson; list?: FieldConfig[] }) {
  const [data, setData] = useState(initial);
  return (
    <ListDesign
      fields={list}
      columnData={data}
      modelId="m1"
      onChange={(next) => {
        latest = next;
        setData(next);
      }}
    />
  );
}

const start = () => ({
  ...defaultColumnData(fields, buttons),
  columnList: defaultColumnData(fields, buttons).columnList.slice(0, 2),
});
const section = (title: string) => screen.getByLabelText(title);
const rowOf = (title: string, label: string) => within(section(title)).getAllByText(label)[0]!.closest('tr')!;

beforeEach(() => {
  latest = start();
});

describe('ListDesign', () => {
  it('chooses, edits and orders the columns', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<Harness initial={start()} />);
    await user.click(within(rowOf('列表字段', '启用')).getAllByRole('checkbox')[0]!);
    expect(latest.columnList.map((c) => c.prop)).toEqual(['inputField101', 'datePickerField102', 'switchField103']);
    await user.click(within(rowOf('列表字段', '名称')).getAllByRole('checkbox')[0]!);
    expect(latest.columnList.map((c) => c.prop)).toEqual(['datePickerField102', 'switchField103']);

    fireEvent.change(screen.getByLabelText('列名 日期'), { target: { value: '登记日期' } });
    fireEvent.change(screen.getByLabelText('宽度 日期'), { target: { value: '160' } });
    fireEvent.blur(screen.getByLabelText('宽度 日期'));
    await user.click(screen.getByLabelText('排序 日期'));
    await user.click(screen.getByLabelText('对齐 日期'));
    await user.click(await screen.findByTitle('居中'));
    await user.click(screen.getByLabelText('冻结 日期'));
    await user.click(await screen.findByTitle('左冻结'));
    await waitFor(() =>
      expect(latest.columnList[0]).toMatchObject({
        prop: 'datePickerField102',
        label: '登记日期',
        width: 160,
        sortable: true,
        align: 'center',
        fixed: 'left',
        jnpfKey: 'datePicker',
      }),
    );
    await user.click(within(rowOf('列表字段', '启用')).getByLabelText('上移'));
    expect(latest.columnList.map((c) => c.prop)).toEqual(['switchField103', 'datePickerField102']);
    // a field that is not a column cannot be edited
    expect((screen.getByLabelText('列名 名称') as HTMLInputElement).disabled).toBe(true);
  });

  it('chooses search fields with their type and keyword; switches are not searchable', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<Harness initial={start()} />);
    const search = section('查询字段');
    expect(within(search).queryByText('启用')).toBeNull();
    await user.click(screen.getByLabelText('查询字段 名称'));
    await user.click(screen.getByLabelText('查询字段 日期'));
    expect(latest.searchList.map((s) => [s.prop, s.searchType])).toEqual([
      ['inputField101', 2],
      ['datePickerField102', 3],
    ]);
    await user.click(screen.getByLabelText('关键词 名称'));
    expect(latest.searchList[0]!.isKeyword).toBe(true);
    expect((screen.getByLabelText('关键词 日期') as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByLabelText('查询方式 名称'));
    await user.click(await screen.findByTitle('等于查询'));
    await waitFor(() => expect(latest.searchList[0]).toMatchObject({ searchType: 1, isKeyword: false }));
  });

  it('offers cascaders, area fields and the mixed picker as search fields, several values when asked', async () => {
    const user = userEvent.setup({ delay: null });
    const list = [
      make('input', 101, '名称'),
      make('cascader', 102, '区域'),
      make('areaSelect', 103, '地区'),
      make('usersSelect', 104, '参与人'),
    ];
    const initial = { ...defaultColumnData(list, buttons), searchList: [] };
    latest = initial;
    renderAdmin(<Harness initial={initial} list={list} />);
    for (const label of ['名称', '区域', '地区', '参与人'])
      await user.click(screen.getByLabelText(`查询字段 ${label}`));
    expect(latest.searchList.map((s) => [s.prop, s.searchType, s.searchMultiple])).toEqual([
      ['inputField101', 2, false],
      ['cascaderField102', 1, false],
      ['areaSelectField103', 1, false],
      ['usersSelectField104', 1, false],
    ]);
    // a text box searches one text
    expect((screen.getByLabelText('多选 名称') as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByLabelText('多选 区域'));
    await user.click(screen.getByLabelText('多选 参与人'));
    expect(latest.searchList.filter((s) => s.searchMultiple).map((s) => s.prop)).toEqual([
      'cascaderField102',
      'usersSelectField104',
    ]);
  });

  it('sets the buttons, paging, default sort and permissions', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<Harness initial={start()} />);
    const toolbar = section('按钮配置');
    // a new design offers add, export, import and batch delete; a button ticked again takes its place in the list
    expect(latest.btnsList.map((b) => b.value)).toEqual(['add', 'download', 'upload', 'batchRemove']);
    await user.click(within(toolbar).getByText('导入'));
    await user.click(within(toolbar).getByText('导出'));
    expect(latest.btnsList.map((b) => b.value)).toEqual(['add', 'batchRemove']);
    await user.click(within(toolbar).getByText('导出'));
    expect(latest.btnsList.map((b) => b.value)).toEqual(['add', 'download', 'batchRemove']);
    fireEvent.change(screen.getByLabelText('导出 按钮文字'), { target: { value: '导出Excel' } });
    expect(latest.btnsList[1]).toEqual({ value: 'download', label: '导出Excel', icon: 'icon-ym icon-ym-btn-download' });
    const rows = section('列按钮配置');
    await user.click(within(rows).getByText('详情'));
    await user.click(within(rows).getByText('删除'));
    expect(latest.columnBtnsList.map((b) => b.value)).toEqual(['edit', 'detail']);

    await user.click(screen.getByLabelText('分页条数'));
    await user.click(await screen.findByTitle('50'));
    await waitFor(() => expect(latest.pageSize).toBe(50));
    await user.click(screen.getByLabelText('分页'));
    expect(latest.hasPage).toBe(false);

    await user.click(screen.getByLabelText('排序字段'));
    await user.click(await screen.findByTitle('日期'));
    await waitFor(() => expect(latest.defaultSidx).toBe('datePickerField102'));
    await user.click(screen.getByText('升序'));
    expect(latest.sort).toBe('asc');

    await user.click(screen.getByLabelText('按钮权限'));
    await user.click(screen.getByLabelText('列表权限'));
    expect(latest).toMatchObject({ useBtnPermission: true, useColumnPermission: true });
  });

  it('asks for form fields first when the form has none', () => {
    renderAdmin(<Harness initial={defaultColumnData([], buttons)} list={[]} />);
    expect(screen.getByText('表单中还没有可以列出的字段，请先在表单设计中添加控件')).toBeTruthy();
  });

  it('sets the summary, thousands and complex headers, each with what is wrong beside it', async () => {
    const user = userEvent.setup({ delay: null });
    const withNumber = [...fields, make('inputNumber', 104, '数量')];
    const initial = defaultColumnData(withNumber, buttons);
    renderAdmin(<Harness initial={initial} list={withNumber} />);
    await user.click(screen.getByRole('switch', { name: '合计' }));
    await user.click(screen.getByLabelText('合计字段'));
    // only the number column is offered
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['inputNumberField104']);
    await user.click(await screen.findByTitle('数量'));
    expect(latest).toMatchObject({ showSummary: true, summaryField: ['inputNumberField104'] });

    const headers = section('复杂表头');
    await user.click(within(headers).getByRole('button', { name: /添加表头/ }));
    expect(await within(headers).findByText('第1个复杂表头的名称不能为空')).toBeTruthy();
    expect(within(headers).getByText('复杂表头「1」至少需要一个子列')).toBeTruthy();
    fireEvent.change(within(headers).getByLabelText('表头名称 1'), { target: { value: '基本' } });
    await user.click(within(headers).getByLabelText('子列 1'));
    await user.click(await screen.findByTitle('名称'));
    expect(latest.complexHeaderList).toMatchObject([
      { fullName: '基本', align: 'center', childColumns: ['inputField101'] },
    ]);
    await waitFor(() => expect(within(headers).queryByText(/不能为空|至少需要/)).toBeNull());
    // a second header cannot take a column the first holds
    await user.click(within(headers).getByRole('button', { name: /添加表头/ }));
    await user.click(within(headers).getByLabelText('子列 2'));
    const taken = (await screen.findAllByTitle('名称')).map((o) => o.closest('.ant-select-item-option'));
    expect(taken.some((o) => o?.getAttribute('aria-disabled') === 'true' || o?.className.includes('disabled'))).toBe(
      true,
    );
    await user.click(within(headers).getByRole('button', { name: '删除表头 2' }));
    expect(latest.complexHeaderList).toHaveLength(1);
  });
});

describe('print settings', () => {
  const selector = {
    list: [
      {
        id: 'c1',
        parentId: '-1',
        fullName: '功能表单',
        children: [
          { id: 'p1', parentId: 'c1', fullName: '送货单', formModelId: 'm1' },
          { id: 'p2', parentId: 'c1', fullName: '别的表单的单据', formModelId: 'm2' },
          { id: 'p3', parentId: 'c1', fullName: 'SQL 单据', formModelId: '' },
        ],
      },
    ],
  };

  it('the list offers batch print with its templates; the form its print button, text and template', async () => {
    mockApi().on('GET', '/api/system/printDev/Selector', ok(selector));
    const user = userEvent.setup({ delay: null });
    const view = renderAdmin(<Harness initial={start()} />);
    await user.click(within(section('按钮配置')).getByText('批量打印'));
    expect(latest.btnsList.at(-1)).toMatchObject({ value: 'batchPrint', label: '批量打印' });
    await user.click(screen.getByLabelText('批量打印模板'));
    // the form's own templates and those over SQL; not another form's
    expect(await screen.findByTitle('SQL 单据')).toBeTruthy();
    expect(screen.queryByTitle('别的表单的单据')).toBeNull();
    await user.click(await screen.findByTitle('送货单'));
    await waitFor(() => expect(latest.printIds).toEqual(['p1']));
    view.unmount();

    let form: FormDataJson = { fields: [] };
    function Form() {
      const [data, setData] = useState(form);
      return (
        <FormProperties
          formData={data}
          modelId="m1"
          onChange={(patch) => {
            form = { ...data, ...patch };
            setData(form);
          }}
        />
      );
    }
    renderAdmin(<Form />);
    await user.click(screen.getByLabelText('打印按钮'));
    expect(form).toMatchObject({ hasPrintBtn: true, printButtonText: '打印' });
    fireEvent.change(screen.getByLabelText('打印按钮 按钮文字'), { target: { value: '打印单据' } });
    await user.click(screen.getByLabelText('打印模板'));
    expect(screen.queryByTitle('别的表单的单据')).toBeNull();
    await user.click(await screen.findByTitle('送货单'));
    await waitFor(() => expect(form).toMatchObject({ printButtonText: '打印单据', printId: 'p1' }));
  });
});
