import type { FieldConfig } from '@jnpf/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../../../../components/admin/testUtils';
import { createField } from './model';
import { nextOptionId, OptionsEditor } from './OptionsEditor';
import { zhFieldTexts } from './testing';

vi.setConfig({ testTimeout: 60_000 });

const select = (): FieldConfig => {
  const field = createField('select', 101, zhFieldTexts('状态', { auto: '', on: '', off: '' }));
  field.__config__.defaultValue = '2';
  return field;
};

/** the editor with its field in state; `latest` is the field after the last change */
let latest: FieldConfig;
function Harness({ initial }: { initial: FieldConfig }) {
  const [field, setField] = useState(initial);
  return (
    <Form component="div">
      <OptionsEditor
        field={field}
        onChange={(next) => {
          latest = next;
          setField(next);
        }}
      />
    </Form>
  );
}

beforeEach(() => {
  latest = select();
  mockApi()
    .on(
      'GET',
      '/api/system/DictionaryType',
      ok({
        list: [
          {
            id: '1',
            fullName: '系统字典',
            children: [
              { id: 'd1', fullName: '订单类型', parentId: '1' },
              { id: 'd2', fullName: '行业', parentId: '1' },
            ],
          },
        ],
      }),
    )
    .on(
      'GET',
      '/api/system/DictionaryData/All',
      ok({
        list: [
          { id: 'd1', fullName: '订单类型', enCode: 'orderType', isTree: 0, dictionaryList: [] },
          { id: 'd2', fullName: '行业', enCode: 'industry', isTree: 1, dictionaryList: [] },
        ],
      }),
    );
});

describe('OptionsEditor', () => {
  it('edits static options: rename, change a value, add, reorder and remove', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<Harness initial={select()} />);
    fireEvent.change(screen.getByLabelText('选项名 1'), { target: { value: '草稿' } });
    fireEvent.change(screen.getByLabelText('选项值 1'), { target: { value: 'draft' } });
    await user.click(screen.getByText('添加选项'));
    expect(latest.options).toEqual([
      { fullName: '草稿', id: 'draft' },
      { fullName: '选项2', id: '2' },
      { fullName: '选项3', id: '3' },
    ]);
    await user.click(screen.getByLabelText('上移 3'));
    expect(latest.options!.map((o) => o.id)).toEqual(['draft', '3', '2']);
    await user.click(screen.getByLabelText('下移 1'));
    expect(latest.options!.map((o) => o.id)).toEqual(['3', 'draft', '2']);
    // removing the default option clears the default value
    expect(latest.__config__.defaultValue).toBe('2');
    await user.click(screen.getByLabelText('删除选项 3'));
    expect(latest.options!.map((o) => o.id)).toEqual(['3', 'draft']);
    expect(latest.__config__.defaultValue).toBe('');
    expect(within(screen.getByRole('list', { name: '选项' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('switches to a dictionary and picks its type', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<Harness initial={select()} />);
    await user.click(screen.getByText('数据字典'));
    expect(latest.__config__.dataType).toBe('dictionary');
    expect(screen.queryByText('添加选项')).toBeNull();
    await user.click(screen.getByLabelText('字典类型'));
    await user.click(await screen.findByTitle('行业'));
    await waitFor(() => expect(latest.__config__.dictionaryType).toBe('d2'));
    expect(latest.__config__.defaultValue).toBe('');
    // back to static: the options are still there
    await user.click(screen.getByText('静态数据'));
    expect(latest.__config__.dataType).toBe('static');
    expect(screen.getByLabelText('选项名 2')).toBeTruthy();
  });

  it('numbers new options after the highest numeric value', () => {
    expect(nextOptionId([])).toBe('1');
    expect(
      nextOptionId([
        { fullName: 'a', id: '7' },
        { fullName: 'b', id: 'x' },
      ]),
    ).toBe('8');
    expect(nextOptionId([{ fullName: 'b', id: 'x' }])).toBe('2');
  });
});
