import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../../../components/admin/testUtils';
import { feedback } from '../../../platform/feedback';
import AreaPage from './AreaPage';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const BASE = '/api/system/Area';
const area = (id: string, fullName: string, hasChildren: boolean) => ({
  id,
  fullName,
  enCode: id,
  enabledMark: 1,
  sortCode: 0,
  hasChildren,
  isLeaf: !hasChildren,
});

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  vi.mocked(feedback.success).mockClear();
  vi.mocked(feedback.error).mockClear();
  api = mockApi()
    .on('GET', `${BASE}/-1`, (call) =>
      ok({ list: call.query.get('keyword') ? [area('320100', '南京市', false)] : [area('110000', '北京市', true)] }),
    )
    .on('GET', `${BASE}/110000`, ok({ list: [area('110100', '市辖区', false)] }))
    .on('DELETE', `${BASE}/110000`, { code: 400, msg: '删除失败，当前有子节点数据' })
    .on('GET', `${BASE}/-1/Selector/0`, ok({ list: [{ id: '110000', fullName: '北京市', isLeaf: false }] }))
    .on('POST', BASE, ok('new', '新建成功'));
});

describe('AreaPage', () => {
  it('loads children when a node opens, and searches everywhere', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<AreaPage />);
    const row = (await screen.findByText('北京市')).closest('tr')!;
    expect(api.callsTo('GET', `${BASE}/110000`)).toHaveLength(0);
    await user.click(within(row).getByRole('button', { name: /展开|expand/i }));
    expect(await screen.findByText('市辖区')).toBeTruthy();
    expect(api.callsTo('GET', `${BASE}/110000`)).toHaveLength(1);

    await user.type(screen.getByPlaceholderText('请输入区域名称或编码查询'), '南京{Enter}');
    expect(await screen.findByText('南京市')).toBeTruthy();
    expect(api.callsTo('GET', `${BASE}/-1`).at(-1)!.query.get('keyword')).toBe('南京');
  });

  it('shows the server refusal when an area with sub-areas is deleted', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<AreaPage />);
    const row = (await screen.findByText('北京市')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /删\s*除/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('删除失败，当前有子节点数据', 1.5));
    expect(screen.getByText('北京市')).toBeTruthy();
  });

  it('creates a sub-area under the row it was started from', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<AreaPage />);
    const row = (await screen.findByText('北京市')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /新建下级/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('区域名称不能为空')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('区域名称'), '朝阳区');
    await user.type(within(dialog).getByLabelText('区域编码'), '11a');
    expect(await within(dialog).findByText('编码只能输入数字')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('区域编码'));
    await user.type(within(dialog).getByLabelText('区域编码'), '110105');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('新建成功', 1.5));
    expect(api.callsTo('POST', BASE)[0]!.body).toEqual({
      parentId: '110000',
      fullName: '朝阳区',
      enCode: '110105',
      enabledMark: 1,
      sortCode: 0,
      description: '',
    });
  });
});
