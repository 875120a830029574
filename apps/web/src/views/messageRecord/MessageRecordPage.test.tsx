import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../../components/admin/testUtils';
import type { MessageRow } from '../../messaging/notice/api';
import { feedback } from '../../platform/feedback';
import { setNoticeUnread, useMessageCounts } from '../../platform/messageCounts';
import MessageRecordPage from './MessageRecordPage';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));
vi.mock('../../platform/realtime', () => ({ onFrame: () => () => undefined }));
vi.mock('../../components/schedule/ScheduleDetailDialog', () => ({ default: () => null }));

const LIST = '/api/message';
const rows: MessageRow[] = [
  {
    id: 'm1',
    title: '年终放假通知',
    type: 3,
    flowType: null,
    isRead: 0,
    excerpt: '',
    releaseUser: '管理员/admin',
    releaseTime: 1705280000000,
  },
  {
    id: 'm2',
    title: '系统升级',
    type: 1,
    flowType: null,
    isRead: 1,
    excerpt: '',
    releaseUser: '',
    releaseTime: 1705200000000,
  },
];
const page = (list: MessageRow[]) => ok({ list, pagination: { currentPage: 1, pageSize: 20, total: list.length } });

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  vi.mocked(feedback.success).mockClear();
  setNoticeUnread(3);
  api = mockApi()
    .on('GET', LIST, page(rows))
    .on('GET', '/api/system/DictionaryData/All', ok({ list: [] }))
    .on('GET', `${LIST}/getUnReadMsgNum`, ok({ unReadNum: '1' }))
    .on('POST', `${LIST}/Actions/ReadAll`, ok(undefined, '操作成功'))
    .on('DELETE', `${LIST}/Record`, ok(undefined, '删除成功'))
    .on(
      'GET',
      `${LIST}/ReadInfo/m1`,
      ok({
        id: 'm1',
        type: 3,
        title: '年终放假通知',
        excerpt: '',
        bodyText: '<p>正文内容</p>',
        files: '[]',
        releaseUser: '管理员/admin',
        releaseTime: 1705280000000,
      }),
    );
});

function renderPage() {
  const router = createMemoryRouter([{ path: '*', element: <MessageRecordPage /> }], {
    initialEntries: ['/messageRecord'],
  });
  return renderAdmin(<RouterProvider router={router} />);
}

const lastList = () => api.callsTo('GET', LIST).at(-1)!.query;
const rowOf = (text: string) =>
  within(document.querySelector<HTMLElement>('.ant-table-tbody')!).getByText(text).closest('tr')!;

describe('MessageRecordPage', () => {
  it('lists the messages with type, sender, time and state, filtered and sorted', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByText('年终放假通知');
    expect(within(rowOf('年终放假通知')).getByText('公告消息')).toBeTruthy();
    expect(within(rowOf('年终放假通知')).getByText('未读')).toBeTruthy();
    expect(within(rowOf('系统升级')).getByText('系统')).toBeTruthy();
    expect(within(rowOf('系统升级')).getByText('已读')).toBeTruthy();
    expect(within(rowOf('系统升级')).getByText(dayjs(1705200000000).format('YYYY-MM-DD HH:mm:ss'))).toBeTruthy();

    await user.type(screen.getByPlaceholderText('请输入关键词查询'), '放假{Enter}');
    await waitFor(() => expect(lastList().get('keyword')).toBe('放假'));
    await user.click(screen.getByLabelText('消息类型'));
    await user.click(await screen.findByTitle('公告消息'));
    await waitFor(() => expect(lastList().get('type')).toBe('3'));
    await user.click(screen.getByLabelText('阅读状态'));
    await user.click(await screen.findByTitle('未读'));
    await waitFor(() => expect(lastList().get('isRead')).toBe('0'));
    fireEvent.click(screen.getByRole('columnheader', { name: /发送时间/ }));
    await waitFor(() => expect(lastList().get('sidx')).toBe('releaseTime'));
    expect(lastList().get('sort')).toBe('asc');
  });

  it('shows the empty state', async () => {
    api.on('GET', LIST, page([]));
    renderPage();
    expect(await screen.findByText('暂无消息')).toBeTruthy();
  });

  it('shows a load failure with a retry', async () => {
    api.on('GET', LIST, { code: 500, msg: '系统异常' });
    renderPage();
    expect(await screen.findByText('加载失败')).toBeTruthy();
    api.on('GET', LIST, page(rows));
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('年终放假通知')).toBeTruthy();
  });

  it('marks all read with the shown filters after the confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByText('年终放假通知');
    await user.type(screen.getByPlaceholderText('请输入关键词查询'), '放假{Enter}');
    await waitFor(() => expect(lastList().get('keyword')).toBe('放假'));
    await user.click(screen.getByRole('button', { name: /全部已读/ }));
    await screen.findByText('确定要将全部消息标记为已读吗？');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('操作成功', 1.5));
    expect(api.callsTo('POST', `${LIST}/Actions/ReadAll`)[0]!.body).toEqual({ keyword: '放假', type: '', isRead: '' });
    await waitFor(() => expect(useMessageCounts.getState().noticeUnread).toBe(1));
  });

  it('deletes the selected messages after the confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByText('年终放假通知');
    const remove = screen.getAllByRole('button', { name: /删\s*除$/ }).find((button) => !button.closest('tr'))!;
    expect(remove.hasAttribute('disabled')).toBe(true);
    await user.click(within(rowOf('年终放假通知')).getByRole('checkbox'));
    await user.click(within(rowOf('系统升级')).getByRole('checkbox'));
    expect(screen.getByText('已选 2 条')).toBeTruthy();
    await user.click(remove);
    await screen.findByText('确定要删除选中的2条消息吗？删除后无法恢复。');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('删除成功', 1.5));
    expect(api.callsTo('DELETE', `${LIST}/Record`)[0]!.body).toEqual({ ids: 'm1,m2' });
    await waitFor(() => expect(screen.queryByText('已选 2 条')).toBeNull());
  });

  it('opens a message in the detail dialog and shows it read', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByText('年终放假通知');
    await user.click(within(rowOf('年终放假通知')).getByRole('button', { name: /查\s*看/ }));
    const detail = await screen.findByTestId('message-detail');
    expect(within(detail).getByText('正文内容')).toBeTruthy();
    expect(useMessageCounts.getState().noticeUnread).toBe(2);
    expect(within(rowOf('年终放假通知')).getByText('已读')).toBeTruthy();
  });
});
