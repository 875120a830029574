// The kind of list in the list design: choosing a kind offers what it needs (a left tree's source, dictionary and
// relation field; a group field; a tree table's parent among the fields holding one value), written to columnData.
import type { ColumnDataJson } from '@jnpf/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRoutes } from '../../../../app/routes/routeTable';
import type { AppRoute } from '../../../../app/routes/types';
import { useCurrentModule } from '../../../../platform/auth/moduleContext';
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

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi().on(
    'GET',
    '/api/system/DictionaryType',
    ok({ list: [{ id: '0', fullName: '业务字典', children: [{ id: 'd1', fullName: '项目类别', parentId: '0' }] }] }),
  );
});
afterEach(() => setRoutes([]));

function FakeScreen() {
  const { menuId } = useCurrentModule();
  return <div data-testid="dictionary-screen">{menuId}</div>;
}
const dictionaryRoute: AppRoute = {
  path: '/systemData/dictionary',
  meta: {
    name: 'systemData-dictionary',
    title: '数据字典',
    icon: '',
    menuId: 'menu-dict',
    menuType: 2,
    noCache: false,
    parents: [],
  },
  content: { kind: 'page', viewKey: 'systemData/dictionary', query: '', load: async () => ({ default: FakeScreen }) },
};

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

  it('a left tree’s dictionary can be added in the dictionary screen, and the choices reload', async () => {
    setRoutes([dictionaryRoute]);
    const user = userEvent.setup({ delay: null });
    renderAdmin(<Harness />);
    await user.click(screen.getByRole('radio', { name: '左侧树形+普通表格' }));
    fireEvent.click(screen.getByRole('radio', { name: '数据字典' }));
    const field = screen.getByRole('combobox', { name: '字典类型' }).closest('.ant-space-compact') as HTMLElement;
    await user.click(within(field).getByRole('button', { name: /添\s?加/ }));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByTestId('dictionary-screen')).textContent).toBe('menu-dict');
    const before = api.callsTo('GET', '/api/system/DictionaryType').length;
    await user.click(within(dialog).getByRole('button', { name: /close|关闭/i }));
    await waitFor(() => expect(api.callsTo('GET', '/api/system/DictionaryType').length).toBeGreaterThan(before));
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
