// The sub-table's panel beyond its total row: grouped headers over its columns, the buttons it shows and their
// texts, the select-data dialog (interface, chooser columns, column mapping), and a column's alignment and freezing.
import type { FieldConfig, OnlineFieldKey } from '@jnpf/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../../../../components/admin/testUtils';
import { FieldProperties } from './FieldProperties';
import { createField } from './model';
import { zhFieldTexts } from './testing';

vi.setConfig({ testTimeout: 60_000 });

const DI = '/api/system/DataInterface';
const make = (key: OnlineFieldKey, id: number, label: string, vModel: string): FieldConfig => ({
  ...createField(key, id, zhFieldTexts(label, { auto: '', on: '', off: '' })),
  __vModel__: vModel,
});

const table = (): FieldConfig => {
  const field = make('table', 200, '明细', 'items');
  return {
    ...field,
    __config__: {
      ...field.__config__,
      children: [make('input', 201, '品名', 'name'), make('inputNumber', 202, '数量', 'qty')],
    },
  };
};

let latest: FieldConfig;
function Harness({ initial, select }: { initial: FieldConfig; select?: (f: FieldConfig) => FieldConfig }) {
  const [field, setField] = useState(initial);
  const shown = select ? select(field) : field;
  return (
    <FieldProperties
      field={shown}
      fields={[field]}
      onChange={(next) => {
        const whole = select
          ? {
              ...field,
              __config__: {
                ...field.__config__,
                children: field.__config__.children!.map((c) =>
                  c.__config__.formId === next.__config__.formId ? next : c,
                ),
              },
            }
          : next;
        latest = whole;
        setField(whole);
      }}
    />
  );
}

beforeEach(() => {
  mockApi()
    .on(
      'GET',
      `${DI}/Selector`,
      ok([
        {
          id: 'c1',
          fullName: '基础数据',
          category: '0',
          children: [{ id: 'di1', fullName: '商品列表', category: '1', children: [] }],
        },
      ]),
    )
    .on('GET', `${DI}/GetParam/di1`, ok([]))
    .on('POST', `${DI}/di1/Actions/GetFields`, ok(['id', 'full_name', 'price']))
    .on(
      'GET',
      '/api/visualdev/Base/Selector',
      ok({ list: [{ id: 'cat', fullName: '业务', children: [{ id: 'm1', fullName: '商品档案' }] }] }),
    )
    .on(
      'GET',
      '/api/visualdev/Base/m1/FormDataFields',
      ok({
        list: [
          { vmodel: 'goodsName', label: '商品名称' },
          { vmodel: 'stock', label: '库存' },
        ],
      }),
    );
});

describe('sub-table panel', () => {
  it('groups columns under a header, and sets the buttons and their texts', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<Harness initial={table()} />);
    await user.click(screen.getByRole('button', { name: /添加表头/ }));
    await user.type(screen.getByLabelText('表头名称 1'), '规格');
    await user.click(screen.getByLabelText('子列 1'));
    await user.click(await screen.findByTitle('数量'));
    expect(latest.__config__.complexHeaderList).toMatchObject([
      { fullName: '规格', align: 'center', childColumns: ['qty'] },
    ]);

    const rows = screen.getByRole('list', { name: '行按钮' });
    await user.click(within(rows).getByRole('switch', { name: '复制' }));
    expect(latest.columnBtnsList).toMatchObject([
      { value: 'copy', show: false },
      { value: 'remove', show: true },
    ]);
    const footer = screen.getByRole('list', { name: '底部按钮' });
    await user.clear(within(footer).getByLabelText('添加 按钮文字'));
    await user.type(within(footer).getByLabelText('添加 按钮文字'), '加一行');
    expect(latest.footerBtnsList).toMatchObject([
      { value: 'add', label: '加一行', show: true },
      { value: 'selectData', show: false },
      { value: 'batchRemove', label: '批量删除', show: true },
    ]);
    expect(latest.actionText).toBe('加一行');
  });

  it('turns on select data and maps the interface fields to the columns', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<Harness initial={table()} />);
    expect(screen.queryByLabelText('数据接口')).toBeNull();
    const footer = screen.getByRole('list', { name: '底部按钮' });
    await user.click(within(footer).getByRole('switch', { name: '选择数据' }));
    expect(latest.addType).toBe(1);
    await user.click(screen.getByLabelText('数据接口'));
    await user.click(await screen.findByTitle('商品列表'));
    await waitFor(() => expect((latest.addTableConf as { interfaceId?: string }).interfaceId).toBe('di1'));
    await user.type(screen.getByLabelText('品名 取值'), 'full_name');
    await user.click(screen.getByLabelText('数量 来源'));
    await user.click(await screen.findByTitle('固定值'));
    await user.type(screen.getByLabelText('数量 取值'), '1');
    expect(latest.addTableConf).toMatchObject({
      dataSource: 'dynamic',
      interfaceId: 'di1',
      relationOptions: [
        { field: 'name', type: 1, value: 'full_name' },
        { field: 'qty', type: 2, value: '1' },
      ],
    });
  });

  it('chooses the records of a released form: its columns and the fields the rows copy', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<Harness initial={table()} />);
    const footer = screen.getByRole('list', { name: '底部按钮' });
    await user.click(within(footer).getByRole('switch', { name: '选择数据' }));
    await user.click(screen.getByText('功能表单'));
    expect(screen.queryByLabelText('数据接口')).toBeNull();
    await user.click(screen.getByLabelText('关联功能'));
    await user.click(await screen.findByTitle('商品档案'));
    await user.click(screen.getByLabelText('列表字段'));
    await user.click(await screen.findByTitle('商品名称'));
    await user.click(await screen.findByTitle('库存'));
    await user.type(screen.getByLabelText('品名 取值'), 'goodsName');
    expect(latest.addTableConf).toMatchObject({
      dataSource: 'model',
      modelId: 'm1',
      columnOptions: [
        { value: 'goodsName', label: '商品名称' },
        { value: 'stock', label: '库存' },
      ],
      relationOptions: [{ field: 'name', type: 1, value: 'goodsName' }],
    });
    // back to a data interface: the form's choices go
    await user.click(screen.getByText('远端数据'));
    expect(latest.addTableConf).toMatchObject({
      dataSource: 'dynamic',
      modelId: '',
      columnOptions: [],
      relationOptions: [],
    });
  });

  it('shows a mapping of a column no longer in the table, and takes it away', async () => {
    const user = userEvent.setup({ delay: null });
    const initial = {
      ...table(),
      addType: 1,
      addTableConf: {
        dataSource: 'dynamic',
        interfaceId: 'di1',
        relationOptions: [
          { field: 'name', type: 1, value: 'full_name' },
          { field: 'gone', type: 2, value: '1' },
        ],
      },
    };
    renderAdmin(<Harness initial={initial} />);
    expect(screen.getByText('列「gone」已不在子表中')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '移除 gone' }));
    expect((latest.addTableConf as { relationOptions: unknown[] }).relationOptions).toEqual([
      { field: 'name', type: 1, value: 'full_name' },
    ]);
    expect(screen.queryByText('列「gone」已不在子表中')).toBeNull();
  });

  it('a column sets its alignment and freezing', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<Harness initial={table()} select={(f) => f.__config__.children![1]!} />);
    await user.click(screen.getByLabelText('对齐'));
    await user.click(await screen.findByTitle('居右'));
    await user.click(screen.getByLabelText('冻结'));
    await user.click(await screen.findByTitle('左冻结'));
    expect(latest.__config__.children![1]!.__config__).toMatchObject({ tableAlign: 'right', tableFixed: 'left' });
  });
});
