// The kind of list in the list design: choosing a kind offers what it needs (a left tree's source, dictionary and
// relation field; a group field; a tree table's parent among the fields holding one value), written to columnData.
import type { ColumnDataJson } from '@jnpf/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../../../../components/admin/testUtils';
import { ListDesign } from './ListDesign';
import { defaultColumnData } from './listModel';
import { BUTTON_TEXTS, makeField } from './testing';

vi.setConfig({ testTimeout: 60_000 });

const fields = [makeField('input', 101, '名称'), makeField('select', 102, '类别'), makeField('checkbox', 103, '标签')];
let latest: ColumnDataJson;
function Harness() {
  const [data, setData] = useState(() => defaultColumnData(fields, BUTTON_TEXTS));
  return (
    <ListDesign
      fields={fields}
      columnData={data}
      modelId=""
      onChange={(next) => {
        latest = next;
        setData(next);
      }}
    />
  );
}

const openOptions = async (label: string) => {
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('combobox', { name: label }));
  return waitFor(() => {
    const open = document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    expect(open.length).toBeGreaterThan(0);
    return open[open.length - 1]!;
  });
};

beforeEach(() => {
  mockApi().on(
    'GET',
    '/api/system/DictionaryData/All',
    ok({ list: [{ id: 'd1', fullName: '项目类别', enCode: 'kind', isTree: 0, dictionaryList: [] }] }),
  );
});

describe('ListKindSettings', () => {
  it('a left tree: source, dictionary and relation field', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<Harness />);
    expect(screen.queryByLabelText('数据来源')).toBeNull();
    await user.click(screen.getByRole('radio', { name: '左侧树形+普通表格' }));
    expect(latest.type).toBe(2);
    // (antd's button-style radios take clicks on their label, not their input)
    fireEvent.click(screen.getByRole('radio', { name: '数据字典' }));
    const dictionaries = await openOptions('字典类型');
    await user.click(await within(dictionaries).findByTitle('项目类别'));
    const relation = await openOptions('关联字段');
    await user.click(within(relation).getByTitle('类别'));
    expect(latest).toMatchObject({
      type: 2,
      treeDataSource: 'dictionary',
      treeDictionary: 'd1',
      treeRelation: 'selectField102',
    });
  });

  it('a grouped table and a tree table name their fields; a parent holds one value', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<Harness />);
    await user.click(screen.getByRole('radio', { name: '分组表格' }));
    await user.click(within(await openOptions('分组字段')).getByTitle('标签'));
    expect(latest).toMatchObject({ type: 3, groupField: 'checkboxField103' });
    await user.click(screen.getByRole('radio', { name: '树形表格' }));
    const parents = await openOptions('父级字段');
    expect(within(parents).queryByTitle('标签')).toBeNull();
    await user.click(within(parents).getByTitle('名称'));
    expect(latest).toMatchObject({ type: 5, parentField: 'inputField101' });
  });
});
