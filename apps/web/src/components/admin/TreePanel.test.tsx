import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAdmin } from './testUtils';
import { TreePanel } from './TreePanel';
import { filterTree, parentIds, withoutEmptyChildren } from './treeUtils';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

const nodes = [
  {
    id: '0',
    fullName: '业务字典',
    children: [
      { id: 'a', fullName: '订单类型', children: [{ id: 'a1', fullName: '采购订单', children: [] }] },
      { id: 'b', fullName: '客户等级', children: [] },
    ],
  },
  { id: '1', fullName: '系统字典', children: [{ id: 'c', fullName: '性别', children: [] }] },
];

describe('tree helpers', () => {
  it('filters by name keeping ancestors, lists parents and drops empty children', () => {
    expect(filterTree(nodes, '采购').map((n) => n.id)).toEqual(['0']);
    expect(filterTree(nodes, '采购')[0]!.children!.map((n) => n.id)).toEqual(['a']);
    expect(filterTree(nodes, '')).toHaveLength(2);
    expect(parentIds(nodes)).toEqual(['0', 'a', '1']);
    expect(withoutEmptyChildren(nodes)[0]!.children![1]!.children).toBeUndefined();
  });
});

describe('TreePanel', () => {
  it('filters, collapses and expands all, refreshes and selects', async () => {
    const onRefresh = vi.fn();
    const onSelect = vi.fn();
    const onMenuClick = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderAdmin(
      <TreePanel
        title="字典分类"
        nodes={nodes}
        onRefresh={onRefresh}
        onSelect={onSelect}
        isSelectable={(n) => n.id !== '0' && n.id !== '1'}
        menuItems={[{ key: 'manage', label: '分类管理' }]}
        onMenuClick={onMenuClick}
      />,
    );
    expect(screen.getByText('字典分类')).toBeTruthy();
    expect(screen.getByText('采购订单')).toBeTruthy();

    const menu = async (label: string) => {
      await user.click(screen.getByRole('button', { name: '更多' }));
      await user.click(await screen.findByText(label));
    };
    await menu('折叠全部');
    await waitFor(() => expect(screen.queryByText('采购订单')).toBeNull());
    await menu('展开全部');
    expect(await screen.findByText('采购订单')).toBeTruthy();
    await menu('刷新数据');
    expect(onRefresh).toHaveBeenCalledTimes(1);
    await menu('分类管理');
    expect(onMenuClick).toHaveBeenCalledWith('manage');

    await user.type(screen.getByPlaceholderText('输入关键字进行过滤'), '性别');
    await waitFor(() => expect(screen.queryByText('客户等级')).toBeNull());
    await user.click(screen.getByText('性别'));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 'c' }));
    await user.click(screen.getByText('系统字典'));
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('shows the loading, empty and error states', async () => {
    const onRefresh = vi.fn();
    const view = renderAdmin(<TreePanel title="T" nodes={[]} loading onRefresh={onRefresh} />);
    expect(document.querySelector('.ant-spin')).not.toBeNull();
    view.unmount();
    const empty = renderAdmin(<TreePanel title="T" nodes={[]} onRefresh={onRefresh} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
    empty.unmount();
    renderAdmin(<TreePanel title="T" nodes={[]} error onRefresh={onRefresh} />);
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });
});
