import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../../../components/admin/testUtils';
import { feedback } from '../../../platform/feedback';
import DictionaryPage from './DictionaryPage';
import { categoryTree, TYPES } from './fixtures';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const categories = categoryTree([
  { id: 't1', parentId: '0', fullName: '订单类型', enCode: 'orderType', isTree: 1, sortCode: 3, children: [] },
]);

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  vi.mocked(feedback.success).mockClear();
  api = mockApi()
    .on('GET', TYPES, ok({ list: categories }))
    .on('GET', `${TYPES}/Selector/0`, ok({ list: categories }))
    .on('GET', `${TYPES}/Selector/t1`, ok({ list: categories }))
    .on('GET', '/api/system/DictionaryData/t1', ok({ list: [] }))
    .on(
      'GET',
      `${TYPES}/t1`,
      ok({
        id: 't1',
        parentId: '0',
        fullName: '订单类型',
        enCode: 'orderType',
        isTree: 1,
        sortCode: 3,
        description: '',
        version: 2,
      }),
    )
    .on('PUT', `${TYPES}/t1`, ok(undefined, '更新成功'))
    .on('DELETE', `${TYPES}/t1`, { code: 400, msg: '字典类型下面有字典值禁止删除' })
    .on('POST', TYPES, ok(undefined, '新建成功'));
});

async function openDrawer(user: ReturnType<typeof userEvent.setup>) {
  renderAdmin(<DictionaryPage />);
  await screen.findByText('字典分类');
  await user.click(screen.getByRole('button', { name: '更多' }));
  await user.click(await screen.findByText('分类管理'));
  return screen.findByRole('dialog');
}

describe('category drawer', () => {
  it('lists categories with actions on every row but the roots', async () => {
    const user = userEvent.setup({ delay: null });
    const drawer = await openDrawer(user);
    expect(within(drawer).getByText('字典分类管理')).toBeTruthy();
    const rootRow = within(drawer).getByText('业务字典').closest('tr')!;
    expect(within(rootRow).queryByRole('button', { name: /编\s*辑|删\s*除|导\s*出/ })).toBeNull();
    const row = within(drawer).getByText('orderType').closest('tr')!;
    expect(within(row).getByText('是')).toBeTruthy();
    expect(within(row).getByRole('button', { name: /编\s*辑/ })).toBeTruthy();
    expect(within(row).getByRole('button', { name: /删\s*除/ })).toBeTruthy();
    expect(within(row).getByRole('button', { name: /导\s*出/ })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: /导\s*入/ })).toBeTruthy();
  });

  it('edits with the tree switch disabled and sends the version', async () => {
    const user = userEvent.setup({ delay: null });
    const drawer = await openDrawer(user);
    const row = within(drawer).getByText('orderType').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    const dialog = (await screen.findAllByRole('dialog')).find((d) => within(d).queryByText('编辑分类'))!;
    await waitFor(() => expect((within(dialog).getByLabelText('名称') as HTMLInputElement).value).toBe('订单类型'));
    expect(within(dialog).getByRole('switch').hasAttribute('disabled')).toBe(true);
    await user.clear(within(dialog).getByLabelText('名称'));
    await user.type(within(dialog).getByLabelText('名称'), '#');
    expect(await within(dialog).findByText('名称不能含有特殊符号')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('名称'));
    await user.type(within(dialog).getByLabelText('名称'), '订单种类');
    await user.clear(within(dialog).getByLabelText('编码'));
    await user.type(within(dialog).getByLabelText('编码'), '.order');
    expect(await within(dialog).findByText('编码只能输入英文、数字和小数点且小数点不能放在首尾')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('编码'));
    await user.type(within(dialog).getByLabelText('编码'), 'order.kind');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('更新成功', 1.5));
    expect(api.callsTo('PUT', `${TYPES}/t1`)[0]!.body).toEqual({
      parentId: '0',
      fullName: '订单种类',
      enCode: 'order.kind',
      isTree: 1,
      sortCode: 3,
      description: '',
      version: 2,
    });
  });

  it('asks before deleting and shows the refusal of a category that still has items', async () => {
    const user = userEvent.setup({ delay: null });
    const drawer = await openDrawer(user);
    const row = within(drawer).getByText('orderType').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('此操作将永久删除该数据, 是否继续?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('字典类型下面有字典值禁止删除', 1.5));
  });

  it('requires the parent of a new category', async () => {
    const user = userEvent.setup({ delay: null });
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('button', { name: /新\s*建/ }));
    const dialog = (await screen.findAllByRole('dialog')).find((d) => within(d).queryByText('新建分类'))!;
    expect(within(dialog).getByRole('switch').hasAttribute('disabled')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('上级菜单不能为空')).toBeTruthy();
    expect(api.callsTo('POST', TYPES)).toHaveLength(0);
  });
});
