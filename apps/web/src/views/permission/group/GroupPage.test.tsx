import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paged, renderScreen, serveApi } from '../../../test/screen';
import GroupPage from './GroupPage';

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

beforeEach(() => vi.unstubAllGlobals());

describe('group screen', () => {
  it('enables a disabled group only after confirmation and shows the empty state', { timeout: 90_000 }, async () => {
    const row = {
      id: 'g1',
      fullName: '项目组',
      enCode: 'P',
      type: '项目',
      description: '',
      enabledMark: 0,
      sortCode: 0,
      creatorTime: 0,
    };
    const { calls } = serveApi({
      'GET /api/permission/Group': paged([row]),
      'PUT /api/permission/Group/g1/Actions/State': { code: 200, msg: '操作成功', data: null },
    });
    renderScreen(<GroupPage />);
    expect(await screen.findByText('项目组')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /启\s*用/ }));
    const confirm = (await screen.findByText('您确定要启用当前数据吗, 是否继续?')).closest('.ant-modal') as HTMLElement;
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/permission/Group/g1/Actions/State')).toBe(true));
  });

  it('shows an empty list', { timeout: 60_000 }, async () => {
    serveApi({ 'GET /api/permission/Group': paged([]) });
    renderScreen(<GroupPage />);
    await waitFor(() => expect(document.querySelector('.ant-table-placeholder .ant-empty')).not.toBeNull());
  });
});
