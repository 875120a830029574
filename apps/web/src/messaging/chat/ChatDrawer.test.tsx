import type { UserInfo } from '@jnpf/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../../components/admin/testUtils';
import { feedback } from '../../platform/feedback';
import { useMessageCounts } from '../../platform/messageCounts';
import type { Frame } from '../../platform/realtime';
import { useSession } from '../../platform/session';
import ChatDrawer from './ChatDrawer';
import { resetChat } from './chatStore';
import { emojiOf } from './emoji';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

// the socket: frames the test pushes, frames the drawer sends
const socket = vi.hoisted(() => ({
  handlers: new Map<string, Set<(frame: Frame) => void>>(),
  sent: [] as Frame[],
  open: true,
}));
vi.mock('../../platform/realtime', async () => {
  const { create } = await import('zustand');
  return {
    useRealtime: create(() => ({ status: 'open', onlineUsers: new Set(['u-ann']) })),
    onFrame: (method: string, handler: (frame: Frame) => void) => {
      let set = socket.handlers.get(method);
      if (!set) socket.handlers.set(method, (set = new Set()));
      set.add(handler);
      return () => set.delete(handler);
    },
    sendFrame: (frame: Frame) => {
      if (!socket.open) return false;
      socket.sent.push(frame);
      return true;
    },
  };
});

/** a frame from the server, as realtime.ts dispatches it (its own badge handling included) */
function push(frame: Frame) {
  act(() => {
    if (frame.method === 'receiveMessage')
      useMessageCounts.setState((s) => ({ chatUnread: s.chatUnread + 1, chatBlink: true }));
    for (const handler of socket.handlers.get(frame.method) ?? []) handler(frame);
  });
}

const sentOf = (method: string) => socket.sent.filter((f) => f.method === method);

const conversations = [
  {
    id: 'u-ann',
    realName: '安妮',
    account: 'ann',
    headIcon: '/api/file/Image/userAvatar/001.png',
    department: '研发部',
    unreadMessage: 2,
    latestMessage: 'see &lt;this&gt; [e:100]',
    messageType: 'text',
    latestDate: Date.now() - 60_000,
  },
  {
    id: 'u-bob',
    realName: '鲍勃',
    account: 'bob',
    headIcon: '/api/file/Image/userAvatar/001.png',
    department: '',
    unreadMessage: 0,
    latestMessage: '{"path":"/api/file/Image/IM/x.png","width":1,"height":1}',
    messageType: 'image',
    latestDate: Date.now() - 3_600_000,
  },
];

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  socket.handlers.clear();
  socket.sent.length = 0;
  socket.open = true;
  vi.mocked(feedback.error).mockClear();
  resetChat();
  useMessageCounts.setState({ chatUnread: 2, chatBlink: true });
  api = mockApi()
    .on('GET', '/api/message/imreply', ok({ list: conversations.map((c) => ({ ...c })) }))
    .on('DELETE', '/api/message/imreply/deleteChatRecord/u-ann', ok(undefined, '删除成功'))
    .on('DELETE', '/api/message/imreply/relocation/u-bob', ok(undefined, '删除成功'))
    .on(
      'GET',
      '/api/permission/Users/ImUser',
      ok({ list: [], pagination: { currentPage: 1, pageSize: 20, total: 0 } }),
    );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderDrawer() {
  const view = renderAdmin(<ChatDrawer open onClose={() => undefined} />);
  useSession.setState({ userInfo: { userId: 'me', userName: '管理员' } as UserInfo });
  await screen.findByText('安妮');
  return view;
}

async function openAnn(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByText('安妮'));
  const panel = await screen.findByTestId('chat-panel');
  push({
    method: 'messageList',
    toUserId: 'u-ann',
    keyword: '',
    sord: 'desc',
    list: [
      {
        id: 'm1',
        sendUserId: 'u-ann',
        sendTime: Date.now() - 50_000,
        content: 'hello &amp; welcome',
        contentType: 'text',
      },
      { id: 'm2', sendUserId: 'me', sendTime: Date.now() - 40_000, content: 'thanks [e:186]', contentType: 'text' },
    ],
    pagination: { total: 2, currentPage: 1, pageSize: 30 },
  });
  await within(panel).findByText('hello & welcome');
  return panel;
}

describe('chat drawer', () => {
  it('lists conversations with their last message, unread count and online dot; opening stops the blink', async () => {
    await renderDrawer();
    const rows = screen.getAllByTestId('chat-conversation');
    expect(rows).toHaveLength(2);
    // text decoded, emoji shown; a picture as its label
    expect(within(rows[0]!).getByText(`see <this> ${emojiOf(100)}`)).toBeTruthy();
    expect(within(rows[0]!).getByText('2')).toBeTruthy();
    expect(within(rows[0]!).queryByTestId('online-dot')).toBeTruthy();
    expect(within(rows[1]!).getByText('[图片]')).toBeTruthy();
    expect(within(rows[1]!).queryByTestId('online-dot')).toBeNull();
    expect(useMessageCounts.getState()).toMatchObject({ chatUnread: 2, chatBlink: false });
  });

  it('opens a chat: asks for the newest page, marks it read and lowers the badge', async () => {
    const user = userEvent.setup();
    await renderDrawer();
    const panel = await openAnn(user);
    expect(sentOf('MessageList')).toEqual([
      expect.objectContaining({
        toUserId: 'u-ann',
        formUserId: 'me',
        currentPage: 1,
        pageSize: 30,
        sord: 'desc',
        keyword: '',
      }),
    ]);
    expect(sentOf('UpdateReadMessage')).toEqual([{ method: 'UpdateReadMessage', formUserId: 'u-ann' }]);
    expect(useMessageCounts.getState().chatUnread).toBe(0);
    expect(within(panel).getByText('thanks')).toBeTruthy();
    expect(within(panel).getByRole('img', { name: emojiOf(186) })).toBeTruthy();
    // the answer of another chat or of the history search is not this chat's
    push({
      method: 'messageList',
      toUserId: 'u-bob',
      keyword: '',
      list: [{ id: 'x', sendUserId: 'u-bob', sendTime: 1, content: 'stale', contentType: 'text' }],
      pagination: { total: 1, currentPage: 1, pageSize: 30 },
    });
    expect(within(panel).queryByText('stale')).toBeNull();
  });

  it('loads older pages on request, keeping each message once', async () => {
    const user = userEvent.setup();
    await renderDrawer();
    await user.click(screen.getByText('安妮'));
    const panel = await screen.findByTestId('chat-panel');
    const row = (id: string, content: string, sendTime: number) => ({
      id,
      sendUserId: 'u-ann',
      sendTime,
      content,
      contentType: 'text',
    });
    push({
      method: 'messageList',
      toUserId: 'u-ann',
      keyword: '',
      list: [row('m31', 'newest', 3000)],
      pagination: { total: 31, currentPage: 1, pageSize: 30 },
    });
    await within(panel).findByText('newest');
    await user.click(within(panel).getByRole('button', { name: '查看更早的消息' }));
    expect(sentOf('MessageList').at(-1)).toMatchObject({ currentPage: 2, pageSize: 30 });
    // the older page overlaps what is shown (a message arrived meanwhile): no duplicates, oldest first
    push({
      method: 'messageList',
      toUserId: 'u-ann',
      keyword: '',
      list: [row('m1', 'oldest', 1000), row('m31', 'newest', 3000)],
      pagination: { total: 31, currentPage: 2, pageSize: 30 },
    });
    await within(panel).findByText('oldest');
    expect(
      within(panel)
        .getAllByTestId('chat-message')
        .map((m) => m.textContent),
    ).toEqual(['安oldest', '安newest']);
    expect(within(panel).queryByRole('button', { name: '查看更早的消息' })).toBeNull();
  });

  it('does not send an empty or blank message; sends text with an emoji picked from the picker', async () => {
    const user = userEvent.setup();
    await renderDrawer();
    const panel = await openAnn(user);
    const input = within(panel).getByTestId('chat-input');
    await user.type(input, '   {Enter}');
    expect(sentOf('SendMessage')).toHaveLength(0);
    expect((within(panel).getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(true);

    await user.clear(input);
    await user.type(input, 'hi ');
    await user.click(within(panel).getByTestId('chat-emoji'));
    await user.click(await screen.findByRole('button', { name: emojiOf(105) }));
    expect((input as HTMLTextAreaElement).value).toBe('hi [e:105]');
    await user.type(input, '{Enter}');
    expect(sentOf('SendMessage')).toEqual([
      { method: 'SendMessage', toUserId: 'u-ann', messageType: 'text', messageContent: 'hi [e:105]' },
    ]);
    expect((input as HTMLTextAreaElement).value).toBe('');

    // the echo shows it as mine and moves the conversation's last message
    push({
      method: 'sendMessage',
      UserId: 'me',
      toUserId: 'u-ann',
      dateTime: Date.now(),
      messageType: 'text',
      toMessage: 'hi [e:105]',
      toRealName: '安妮',
      toAccount: 'ann',
    });
    await waitFor(() => expect(within(panel).getAllByRole('img', { name: emojiOf(105) }).length).toBeGreaterThan(0));
    expect(within(screen.getAllByTestId('chat-conversation')[0]!).getByText(`hi ${emojiOf(105)}`)).toBeTruthy();
  });

  it('keeps the text when the socket is not open', async () => {
    const user = userEvent.setup();
    await renderDrawer();
    const panel = await openAnn(user);
    socket.open = false;
    const input = within(panel).getByTestId('chat-input');
    await user.type(input, 'lost?{Enter}');
    expect(feedback.error).toHaveBeenCalledWith('聊天服务未连接，消息未发送');
    expect((input as HTMLTextAreaElement).value).toBe('lost?');
  });

  it('appends a message of the open chat and marks it read; counts one from someone else as unread', async () => {
    const user = userEvent.setup();
    await renderDrawer();
    const panel = await openAnn(user);
    socket.sent.length = 0;

    push({
      method: 'receiveMessage',
      formUserId: 'u-ann',
      dateTime: Date.now(),
      realName: '安妮',
      account: 'ann',
      messageType: 'text',
      formMessage: 'are you &lt;there&gt;?',
    });
    await within(panel).findByText('are you <there>?');
    expect(sentOf('UpdateReadMessage')).toEqual([{ method: 'UpdateReadMessage', formUserId: 'u-ann' }]);
    expect(useMessageCounts.getState().chatUnread).toBe(0);

    push({
      method: 'receiveMessage',
      formUserId: 'u-bob',
      dateTime: Date.now(),
      realName: '鲍勃',
      account: 'bob',
      messageType: 'text',
      formMessage: 'ping',
    });
    const bob = screen.getAllByTestId('chat-conversation')[0]!;
    expect(within(bob).getByText('鲍勃')).toBeTruthy();
    expect(within(bob).getByText('ping')).toBeTruthy();
    expect(within(bob).getByText('1')).toBeTruthy();
    expect(within(panel).queryByText('ping')).toBeNull();
    expect(useMessageCounts.getState().chatUnread).toBe(1);

    // someone not yet in the list appears with the message
    push({
      method: 'receiveMessage',
      formUserId: 'u-cat',
      dateTime: Date.now(),
      realName: '凯特',
      account: 'cat',
      messageType: 'image',
      formMessage: { path: '/api/file/Image/IM/c.png', width: 2, height: 2 },
    });
    const cat = screen.getAllByTestId('chat-conversation')[0]!;
    expect(within(cat).getByText('凯特')).toBeTruthy();
    expect(within(cat).getByText('[图片]')).toBeTruthy();
    expect(useMessageCounts.getState().chatUnread).toBe(2);
  });

  it('right-click offers removing and clearing; clearing asks “clear all records of this chat?” first', async () => {
    const user = userEvent.setup();
    await renderDrawer();
    fireEvent.contextMenu(screen.getAllByTestId('chat-conversation')[0]!);
    await user.click(await screen.findByText('删除聊天记录'));
    const question = await screen.findByText('确定清空该聊天的所有记录吗？');
    const dialog = question.closest<HTMLElement>('.ant-modal')!;
    expect(within(dialog).getAllByText('提示').length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    expect(api.callsTo('DELETE', /deleteChatRecord/)).toHaveLength(0);

    fireEvent.contextMenu(screen.getAllByTestId('chat-conversation')[0]!);
    await user.click(await screen.findByText('删除聊天记录'));
    const again = (await screen.findByText('确定清空该聊天的所有记录吗？')).closest<HTMLElement>('.ant-modal')!;
    await user.click(within(again).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/message/imreply/deleteChatRecord/u-ann')).toHaveLength(1));
    // the server counted them read: the badge goes down
    await waitFor(() => expect(useMessageCounts.getState().chatUnread).toBe(0));
  });

  it('the row’s menu is reachable by keyboard and removes the conversation without asking', async () => {
    const user = userEvent.setup();
    await renderDrawer();
    const row = screen.getAllByTestId('chat-conversation')[1]!;
    within(row).getAllByRole('button')[0]!.focus();
    await user.keyboard('{Shift>}{F10}{/Shift}');
    await user.click(await screen.findByText('移除会话'));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/message/imreply/relocation/u-bob')).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByTestId('chat-conversation')).toHaveLength(1));
  });
});
