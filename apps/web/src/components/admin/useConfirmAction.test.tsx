import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../platform/feedback';
import { http } from '../../platform/request';
import { mockApi, ok, renderAdmin } from './testUtils';
import { useConfirmAction } from './useConfirmAction';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

function Harness({ onDone, enabled }: { onDone: () => void; enabled: boolean }) {
  const { confirmDelete, confirmToggle, holder } = useConfirmAction();
  return (
    <>
      {holder}
      <button onClick={() => confirmDelete({ action: () => http.delete('/api/x/1'), onDone })}>del</button>
      <button onClick={() => confirmToggle(enabled, { action: () => http.put('/api/x/1/Actions/State'), onDone })}>
        toggle
      </button>
    </>
  );
}

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi()
    .on('DELETE', '/api/x/1', ok(undefined, '删除成功'))
    .on('PUT', '/api/x/1/Actions/State', ok(undefined, '更新成功'));
  vi.mocked(feedback.success).mockClear();
});

describe('useConfirmAction', () => {
  it('asks before deleting; cancel sends nothing, OK deletes and shows the server message', async () => {
    const onDone = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderAdmin(<Harness onDone={onDone} enabled />);
    await user.click(screen.getByText('del'));
    expect(await screen.findByText('此操作将永久删除该数据, 是否继续?')).toBeTruthy();
    expect(screen.getAllByText('提示').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(api.calls).toHaveLength(0);

    await user.click(screen.getByText('del'));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(api.callsTo('DELETE', '/api/x/1')).toHaveLength(1);
    expect(feedback.success).toHaveBeenCalledWith('删除成功', 1.5);
  });

  it('asks to disable an enabled record and to enable a disabled one', async () => {
    const onDone = vi.fn();
    const user = userEvent.setup({ delay: null });
    const view = renderAdmin(<Harness onDone={onDone} enabled />);
    await user.click(screen.getByText('toggle'));
    expect(await screen.findByText('您确定要禁用当前数据吗, 是否继续?')).toBeTruthy();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(api.callsTo('PUT', '/api/x/1/Actions/State')).toHaveLength(1);
    view.unmount();

    renderAdmin(<Harness onDone={onDone} enabled={false} />);
    await user.click(screen.getByText('toggle'));
    expect(await screen.findByText('您确定要启用当前数据吗, 是否继续?')).toBeTruthy();
  });

  it('a refused call runs no follow-up (the request layer showed the message)', async () => {
    api.on('DELETE', '/api/x/1', { code: 400, msg: '删除失败，当前有子节点数据' });
    const onDone = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderAdmin(<Harness onDone={onDone} enabled />);
    await user.click(screen.getByText('del'));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('删除失败，当前有子节点数据', 1.5));
    expect(onDone).not.toHaveBeenCalled();
  });
});
