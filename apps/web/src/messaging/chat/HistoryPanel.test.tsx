import type { UserInfo } from '@jnpf/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin } from '../../components/admin/testUtils';
import type { Frame } from '../../platform/realtime';
import { useSession } from '../../platform/session';
import { HistoryPanel } from './HistoryPanel';

vi.setConfig({ testTimeout: 60_000 });

const socket = vi.hoisted(() => ({ handlers: new Set<(frame: Frame) => void>(), sent: [] as Frame[] }));
vi.mock('../../platform/realtime', () => ({
  onFrame: (_method: string, handler: (frame: Frame) => void) => {
    socket.handlers.add(handler);
    return () => socket.handlers.delete(handler);
  },
  sendFrame: (frame: Frame) => {
    socket.sent.push(frame);
    return true;
  },
}));

function answer(keyword: string, currentPage: number, contents: string[], total = contents.length) {
  act(() => {
    for (const handler of socket.handlers)
      handler({
        method: 'messageList',
        toUserId: 'u-ann',
        keyword,
        sord: 'desc',
        list: contents.map((content, i) => ({
          id: `${keyword}-${currentPage}-${i}`,
          sendUserId: i % 2 ? 'me' : 'u-ann',
          sendTime: 1_700_000_000_000 + i * 1000,
          content,
          contentType: 'text',
        })),
        pagination: { total, currentPage, pageSize: 50 },
      });
  });
}

const peer = { id: 'u-ann', realName: '安妮', account: 'ann', headIcon: '', department: '' };

beforeEach(() => {
  socket.handlers.clear();
  socket.sent.length = 0;
});

describe('chat history', () => {
  it('pages 50 at a time, searches by keyword, marks it and ignores stale answers', async () => {
    const user = userEvent.setup();
    renderAdmin(<HistoryPanel peer={peer} />);
    useSession.setState({ userInfo: { userId: 'me', userName: '管理员' } as UserInfo });
    expect(socket.sent).toEqual([
      expect.objectContaining({
        method: 'MessageList',
        toUserId: 'u-ann',
        currentPage: 1,
        pageSize: 50,
        keyword: '',
        sord: 'desc',
      }),
    ]);
    answer('', 1, ['first', 'second'], 120);
    await screen.findByText('first');
    expect(screen.getAllByTestId('chat-history-item').map((li) => li.textContent)).toEqual([
      expect.stringContaining('second'),
      expect.stringContaining('first'),
    ]);

    await user.type(screen.getByRole('searchbox'), ' &lt {Enter}');
    expect(socket.sent.at(-1)).toMatchObject({ keyword: '&lt', currentPage: 1 });
    // an answer to the earlier request is not shown
    answer('', 2, ['stale']);
    answer('&lt', 1, ['a &amp;lt b']);
    await screen.findByText('&lt');
    expect(screen.getByText('&lt').tagName).toBe('MARK');
    expect(screen.queryByText('stale')).toBeNull();

    answer('&lt', 1, []);
    await waitFor(() => expect(screen.getByText('没有找到相关记录')).toBeTruthy());
  });
});
