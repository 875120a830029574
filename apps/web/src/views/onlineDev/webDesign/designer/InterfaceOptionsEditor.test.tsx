import type { FieldConfig } from '@jnpf/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../../../../components/admin/testUtils';
import { bindingsFor, otherFieldChoices } from './InterfaceOptionsEditor';
import { createField } from './model';
import { OptionsEditor } from './OptionsEditor';
import { zhFieldTexts } from './testing';

vi.setConfig({ testTimeout: 60_000 });

const DI = '/api/system/DataInterface';
const texts = zhFieldTexts('物品', { auto: '', on: '', off: '' });
const kind = createField('input', 100, zhFieldTexts('类别', { auto: '', on: '', off: '' }));
kind.__vModel__ = 'kind';

let latest: FieldConfig;
function Harness({ initial }: { initial: FieldConfig }) {
  const [field, setField] = useState(initial);
  return (
    <Form component="div">
      <OptionsEditor
        field={field}
        fields={[kind, field]}
        onChange={(next) => {
          latest = next;
          setField(next);
        }}
      />
    </Form>
  );
}

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi()
    .on('GET', '/api/system/DictionaryData/All', ok({ list: [] }))
    .on(
      'GET',
      `${DI}/Selector`,
      ok([
        {
          id: 'c1',
          fullName: '基础数据',
          category: '0',
          children: [{ id: 'di1', fullName: '物品列表', category: '1', children: [] }],
        },
      ]),
    )
    .on(
      'GET',
      `${DI}/GetParam/di1`,
      ok([
        { field: 'kind', fieldName: '类别', dataType: 'varchar', required: 0, defaultValue: '' },
        { field: 'who', fieldName: '用户', dataType: 'varchar', required: 0, defaultValue: '' },
      ]),
    )
    .on('POST', `${DI}/di1/Actions/GetFields`, ok(['id', 'full_name']));
});

describe('InterfaceOptionsEditor', () => {
  it('picks an interface, its label and value fields, and binds each parameter', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<Harness initial={createField('select', 101, texts)} />);
    await user.click(screen.getByText('远端数据'));
    expect(latest.__config__.dataType).toBe('dynamic');
    expect(screen.queryByText('添加选项')).toBeNull();

    await user.click(screen.getByLabelText('数据接口'));
    await user.click(await screen.findByTitle('物品列表'));
    await waitFor(() => expect(latest.__config__.propsUrl).toBe('di1'));
    expect(latest.__config__.propsName).toBe('物品列表');
    expect(latest.__config__.templateJson!.map((b) => b.field)).toEqual(['kind', 'who']);

    // the result's fields are offered for the label and the value
    await user.click(screen.getByLabelText('显示字段'));
    await user.click(await screen.findByTitle('full_name'));
    await user.click(screen.getByLabelText('存储字段'));
    await user.click((await screen.findAllByTitle('id')).at(-1)!);
    expect(latest.props).toMatchObject({ label: 'full_name', value: 'id' });
    expect(api.callsTo('POST', `${DI}/di1/Actions/GetFields`).length).toBeGreaterThan(0);

    const params = screen.getByRole('list', { name: '参数设置' });
    expect(within(params).getAllByRole('listitem')).toHaveLength(2);
    // kind ← the form's field 类别
    await user.click(within(params).getByLabelText('参数来源 类别'));
    await user.click((await screen.findAllByTitle('字段')).at(-1)!);
    await user.click(within(params).getByLabelText('参数值 类别'));
    await user.click(await screen.findByTitle('类别 (kind)'));
    // who ← the current user
    await user.click(within(params).getByLabelText('参数来源 用户'));
    await user.click((await screen.findAllByTitle('系统变量')).at(-1)!);
    await user.click(within(params).getByLabelText('参数值 用户'));
    await user.click(await screen.findByTitle('当前用户'));
    expect(latest.__config__.templateJson).toEqual([
      expect.objectContaining({ field: 'kind', sourceType: 1, relationField: 'kind' }),
      expect.objectContaining({ field: 'who', sourceType: 4, relationField: '@userId' }),
    ]);
  });

  it('keeps the bindings of parameters the interface still has', () => {
    expect(
      bindingsFor(
        [{ field: 'a' }, { field: 'b', defaultValue: '9' }],
        [
          { field: 'a', sourceType: 1, relationField: 'kind' },
          { field: 'gone', sourceType: 2, defaultValue: 'x' },
        ],
      ),
    ).toEqual([
      {
        field: 'a',
        fieldName: 'a',
        dataType: 'varchar',
        required: 0,
        sourceType: 1,
        relationField: 'kind',
        defaultValue: '',
      },
      {
        field: 'b',
        fieldName: 'b',
        dataType: 'varchar',
        required: 0,
        sourceType: 2,
        relationField: '',
        defaultValue: '9',
      },
    ]);
  });

  it('offers a sub-table column the other columns of its row first, then the main form’s fields', () => {
    const make = (key: 'input' | 'select' | 'table', id: number, label: string, vModel: string) => {
      const f = createField(key, id, zhFieldTexts(label, { auto: '', on: '', off: '' }));
      f.__vModel__ = vModel;
      return f;
    };
    const rowKind = make('input', 201, '行类别', 'rowKind');
    const item = make('select', 202, '条目', 'item');
    const lines = make('table', 200, '明细', 'lines');
    lines.__config__.children = [rowKind, item];
    expect(otherFieldChoices(item, [kind, lines]).map((c) => c.label)).toEqual([
      '明细-行类别 (rowKind)',
      '类别 (kind)',
    ]);
    // a main field is offered the main fields only, never a whole sub-table
    expect(otherFieldChoices(kind, [kind, lines, make('input', 300, '备注', 'note')]).map((c) => c.value)).toEqual([
      'note',
    ]);
  });
});
