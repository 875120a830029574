import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paged, renderScreen, serveApi } from '../../../test/screen';
import OnlineUserPage from './OnlineUserPage';

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

beforeEach(() => vi.unstubAllGlobals());

const row = (id: string, name: string) => ({
  sessionId: id,
  userName: name,
  organize: '',
  loginTime: 0,
  lastTime: 0,
  loginIPAddress: '127.0.0.1',
  loginAddress: '',
  loginSystem: 'Linux',
  loginBrowser: 'Chrome',
  device: 'pc',
});

describe('online users', () => {
  it('forces several sessions offline after confirmation', { timeout: 90_000 }, async () => {
    const { calls } = serveApi({
      'GET /api/system/OnlineUser': paged([row('s1', '张三/zs'), row('s2', '李四/ls')]),
      'DELETE /api/system/OnlineUser': { code: 200, msg: '操作成功', data: null },
    });
    renderScreen(<OnlineUserPage />);
    await screen.findByText('张三/zs');
    const batch = screen.getByRole('button', { name: '批量下线' }) as HTMLButtonElement;
    expect(batch.disabled).toBe(true);
    const boxes = screen.getAllByRole('checkbox');
    await userEvent.click(boxes[1]!);
    await userEvent.click(boxes[2]!);
    await userEvent.click(batch);
    const modal = (await screen.findByText('此操作将使选中的 2 个用户退出登录，是否继续？')).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(modal).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ ids: ['s1', 's2'] }));
  });

  it('offers no force-offline without the button', { timeout: 60_000 }, async () => {
    serveApi({ 'GET /api/system/OnlineUser': paged([row('s1', '张三/zs')]) });
    renderScreen(<OnlineUserPage />, []);
    await screen.findByText('张三/zs');
    expect(screen.queryByRole('button', { name: /下线/ })).toBeNull();
  });
});
