import type { SearchItem } from '@jnpf/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../components/admin/testUtils';
import { SearchWidget } from './SearchWidget';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

beforeEach(() => {
  mockApi();
});

const item = (jnpfKey: SearchItem['jnpfKey'], searchType: 1 | 2 | 3, extra: Record<string, unknown> = {}) =>
  ({ label: '条件', prop: 'p', jnpfKey, searchType, ...extra }) as SearchItem;

describe('search widgets give the queryJson value forms', () => {
  it('a date range: [start ms, end of the last day ms]', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderAdmin(<SearchWidget item={item('datePicker', 3, { format: 'yyyy-MM-dd' })} onChange={onChange} />);
    const [from, to] = screen.getAllByRole('textbox') as HTMLInputElement[];
    await user.click(from!);
    fireEvent.change(from!, { target: { value: '2024-05-01' } });
    fireEvent.keyDown(from!, { key: 'Enter', keyCode: 13 });
    fireEvent.change(to!, { target: { value: '2024-05-03' } });
    fireEvent.keyDown(to!, { key: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith([
        dayjs('2024-05-01').valueOf(),
        dayjs('2024-05-03').endOf('day').valueOf(),
      ]),
    );
  });

  it('a number range: [from, to]; a switch: its active or inactive value', async () => {
    const onNumbers = vi.fn();
    renderAdmin(<SearchWidget item={item('inputNumber', 3)} onChange={onNumbers} />);
    fireEvent.change(screen.getByPlaceholderText('开始'), { target: { value: '3' } });
    expect(onNumbers).toHaveBeenLastCalledWith([3, null]);

    const onSwitch = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderAdmin(
      <SearchWidget
        item={item('switch', 1, { activeTxt: '启用', activeValue: 'on', inactiveValue: 'off' })}
        onChange={onSwitch}
      />,
    );
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByTitle('启用'));
    expect(onSwitch).toHaveBeenLastCalledWith('on');
  });

  it('several choices when the item allows it', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderAdmin(
      <SearchWidget
        item={item('checkbox', 1, {
          searchMultiple: true,
          options: [
            { fullName: '甲', id: 'a' },
            { fullName: '乙', id: 'b' },
          ],
        })}
        onChange={onChange}
      />,
    );
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByTitle('乙'));
    expect(onChange).toHaveBeenLastCalledWith(['b']);
  });
});

// the organisation, department … search items open their field's picker; in custom mode only its permitted entries
describe('directory search widgets', () => {
  const openDialog = () =>
    waitFor(() => {
      const found = screen.getAllByRole('dialog').find((d) => !d.closest('.ant-zoom-leave'));
      if (!found) throw new Error('no dialog');
      return found;
    });
  const confirm = (box: HTMLElement) => fireEvent.click(within(box).getByRole('button', { name: /^\s*确\s*定\s*$/ }));

  it('in custom mode offers only the permitted entries that are not disabled', async () => {
    const api = mockApi().on('POST', '/api/permission/Users/getSelectedList', (call) => ({
      code: 200,
      msg: '',
      data: {
        list: (call.body as { ids: string[] }).ids.flatMap((entry) => {
          const id = entry.split('--')[0]!;
          const known: Record<string, object> = {
            d1: { id: 'd1', fullName: '研发部', type: 'department' },
            d2: { id: 'd2', fullName: '停用部', type: 'department', disabled: true },
            d3: { id: 'd3', fullName: '销售部', type: 'department' },
          };
          return known[id] ? [known[id]] : [];
        }),
      },
    }));
    const onChange = vi.fn();
    renderAdmin(
      <SearchWidget
        item={item('depSelect', 1, { searchMultiple: true, selectType: 'custom', ableIds: ['d1', 'd2', 'd3'] })}
        onChange={onChange}
      />,
    );
    fireEvent.click(screen.getByRole('combobox'));
    const box = await openDialog();
    expect(within(box).getByText('选择部门')).toBeTruthy();
    const list = await within(box).findByRole('listbox', { name: '全部数据' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.getAttribute('title')),
      ).toEqual(['研发部', '销售部']),
    );
    fireEvent.click(within(list).getByText('销售部'));
    fireEvent.click(within(list).getByText('研发部'));
    confirm(box);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(['d3', 'd1']));
    // the whole directory is never read
    expect(api.calls.some((c) => c.path.includes('/Selector'))).toBe(false);
  });

  it('in "all" mode offers the directory tree; clearing the field is no condition (null)', async () => {
    mockApi()
      .on('POST', '/api/permission/Users/getSelectedList', ok({ list: [] }))
      // the organisation tab a level at a time: the company, then its roles
      .on(
        'POST',
        '/api/permission/Users/ImUser/Selector/0',
        ok({ list: [{ id: 'c1', fullName: '总公司', type: 'company', hasChildren: true }] }),
      )
      .on('POST', '/api/permission/Users/ImUser/Selector/c1', ok({ list: [] }))
      .on(
        'POST',
        '/api/permission/Role/getListByOrgIds',
        ok({
          list: [
            { id: 'c1', type: 'company', children: [{ id: 'r1', fullName: '审批员', type: 'role', isLeaf: true }] },
          ],
        }),
      );
    const onChange = vi.fn();
    renderAdmin(<SearchWidget item={item('roleSelect', 1)} value="r9" onChange={onChange} />);
    fireEvent.click(screen.getByRole('combobox'));
    const box = await openDialog();
    expect(within(box).getByText('选择角色')).toBeTruthy();
    fireEvent.click((await within(box).findByTitle('总公司')).parentElement!.querySelector('.ant-tree-switcher')!);
    fireEvent.click(await within(box).findByTitle('审批员'));
    confirm(box);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('r1'));
    await waitFor(() =>
      expect(screen.queryAllByRole('dialog').filter((d) => !d.closest('.ant-zoom-leave'))).toHaveLength(0),
    );
    fireEvent.mouseDown(document.querySelector('.ant-select-clear')!);
    fireEvent.click(document.querySelector('.ant-select-clear')!);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(null));
  });
});

// a cascader or area item picks a path at any level (the records on it or below), several with searchMultiple
describe('path search widgets', () => {
  const tree = {
    dataType: 'static',
    props: { label: 'fullName', value: 'id', children: 'children' },
    options: [
      {
        id: 'east',
        fullName: '华东',
        children: [{ id: 'js', fullName: '江苏', children: [{ id: 'nj', fullName: '南京' }] }],
      },
      { id: 'west', fullName: '西部' },
    ],
  };
  const checkboxOf = (label: string) =>
    screen.getByTitle(label).closest('.ant-cascader-menu-item')!.querySelector('.ant-cascader-checkbox')!;

  it('a cascader gives the path picked, even above a leaf', async () => {
    const onChange = vi.fn();
    renderAdmin(<SearchWidget item={item('cascader', 1, tree)} onChange={onChange} />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('华东'));
    expect(onChange).toHaveBeenLastCalledWith(['east']);
    fireEvent.click(await screen.findByTitle('江苏'));
    expect(onChange).toHaveBeenLastCalledWith(['east', 'js']);
  });

  it('a cascader with searchMultiple gives the paths checked', async () => {
    const onChange = vi.fn();
    renderAdmin(<SearchWidget item={item('cascader', 1, { ...tree, searchMultiple: true })} onChange={onChange} />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    await screen.findByTitle('华东');
    fireEvent.click(checkboxOf('西部'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([['west']]));
    // a parent checked whole is its own path (the field's value is controlled, so this is the only path)
    fireEvent.click(checkboxOf('华东'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([['east']]));
  });

  const AREAS: Record<string, { id: string; fullName: string; isLeaf: boolean }[]> = {
    '-1': [
      { id: '440000', fullName: '广东省', isLeaf: false },
      { id: '110000', fullName: '北京市', isLeaf: false },
    ],
    '440000': [{ id: '440300', fullName: '深圳市', isLeaf: false }],
  };
  const serveAreas = () =>
    mockApi().on('POST', '/api/system/Area/SelectorNew', (call) => ({
      code: 200,
      msg: '',
      data: { list: AREAS[(call.body as { pid: string }).pid] ?? [] },
    }));

  it('an area item gives a province or a city, not only a full path', async () => {
    serveAreas();
    const onChange = vi.fn();
    renderAdmin(<SearchWidget item={item('areaSelect', 1, { level: 2 })} onChange={onChange} />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('广东省'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(['440000']));
    fireEvent.click(await screen.findByTitle('深圳市'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(['440000', '440300']));
  });

  it('an area item with searchMultiple gives the areas checked as their own paths', async () => {
    serveAreas();
    const onChange = vi.fn();
    renderAdmin(<SearchWidget item={item('areaSelect', 1, { level: 2, searchMultiple: true })} onChange={onChange} />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    await screen.findByTitle('北京市');
    fireEvent.click(checkboxOf('北京市'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([['110000']]));
  });
});

// the mixed users/organisation item opens the field's mixed picker and gives its "id--kind" entries
describe('mixed picker search widget', () => {
  it('gives the entries picked, one or several with searchMultiple', async () => {
    mockApi().on('POST', '/api/permission/Users/getSelectedList', (call) => ({
      code: 200,
      msg: '',
      data: {
        list: (call.body as { ids: string[] }).ids.flatMap((entry) => {
          const [id, type] = entry.split('--');
          const known: Record<string, string> = { r1: '审批员', u1: '张三' };
          return known[id!] ? [{ id, fullName: known[id!], type }] : [];
        }),
      },
    }));
    const onChange = vi.fn();
    renderAdmin(
      <SearchWidget
        item={item('usersSelect', 1, { searchMultiple: true, selectType: 'custom', ableIds: ['r1--role', 'u1--user'] })}
        onChange={onChange}
      />,
    );
    fireEvent.click(screen.getByRole('combobox'));
    const box = await waitFor(() => {
      const found = screen.getAllByRole('dialog').find((d) => !d.closest('.ant-zoom-leave'));
      if (!found) throw new Error('no dialog');
      return found;
    });
    const list = await within(box).findByRole('listbox', { name: '全部数据' });
    fireEvent.click(await within(list).findByText('张三'));
    fireEvent.click(within(list).getByText('审批员'));
    fireEvent.click(within(box).getByRole('button', { name: /^\s*确\s*定\s*$/ }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(['u1--user', 'r1--role']));
  });
});
