import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../../components/admin/testUtils';
import { feedback } from '../../platform/feedback';
import { setNoticeUnread, useMessageCounts } from '../../platform/messageCounts';
import type { Frame } from '../../platform/realtime';
import type { MessageRow } from './api';
import MessageDrawer from './MessageDrawer';
import { base64Utf8 } from './useOpenMessage';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

// the socket: the test delivers frames to whatever the drawer subscribed
const frameHandlers = vi.hoisted(() => new Map<string, Set<(frame: Frame) => void>>());
vi.mock('../../platform/realtime', () => ({
  onFrame: (method: string, handler: (frame: Frame) => void) => {
    const set = frameHandlers.get(method) ?? new Set();
    frameHandlers.set(method, set);
    set.add(handler);
    return () => set.delete(handler);
  },
}));
function push(frame: Frame) {
  act(() => frameHandlers.get(frame.method)?.forEach((handler) => handler(frame)));
}

vi.mock('../../components/schedule/ScheduleDetailDialog', () => ({
  default: (props: { id: string; groupId?: string }) => (
    <div data-testid="schedule-detail">
      {props.id}|{props.groupId}
    </div>
  ),
}));

const LIST = '/api/message';
const row = (i: number, patch: Partial<MessageRow> = {}): MessageRow => ({
  id: `m${i}`,
  title: `消息${i}`,
  type: 3,
  flowType: null,
  isRead: 0,
  excerpt: '',
  releaseUser: '管理员/admin',
  releaseTime: 1705280000000 - i * 60_000,
  ...patch,
});
const page = (rows: MessageRow[], currentPage = 1, total = rows.length) =>
  ok({ list: rows, pagination: { currentPage, pageSize: 20, total } });
const dictionary = ok({
  list: [
    {
      id: 't',
      fullName: '消息来源',
      enCode: 'msgSourceType',
      isTree: 0,
      dictionaryList: [
        { id: 'd1', fullName: '系统消息', enCode: '1' },
        { id: 'd2', fullName: '流程消息', enCode: '2' },
        { id: 'd3', fullName: '公告消息', enCode: '3' },
        { id: 'd4', fullName: '日程消息', enCode: '4' },
      ],
    },
  ],
});

// jsdom lays nothing out: the list's box is 500 px high and each row takes rowHeight px
const LIST_HEIGHT = 500;
let rowHeight = 60;
beforeAll(() => {
  const isList = (element: HTMLElement) => element.dataset.testid === 'message-list';
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isList(this) ? this.querySelectorAll('li').length * rowHeight : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isList(this) ? LIST_HEIGHT : 0;
    },
  });
});
afterAll(() => {
  delete (HTMLElement.prototype as unknown as Record<string, unknown>).scrollHeight;
  delete (HTMLElement.prototype as unknown as Record<string, unknown>).clientHeight;
});

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  frameHandlers.clear();
  rowHeight = 60;
  vi.mocked(feedback.success).mockClear();
  setNoticeUnread(0);
  api = mockApi()
    .on('GET', LIST, page([row(1), row(2)]))
    .on('GET', '/api/system/DictionaryData/All', dictionary)
    .on('GET', `${LIST}/getUnReadMsgNum`, ok({ unReadNum: '7' }))
    .on('POST', `${LIST}/Actions/ReadAll`, ok(undefined, '操作成功'));
});

function Where() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

function renderDrawer() {
  const onClose = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Where />
            <MessageDrawer open onClose={onClose} />
          </>
        ),
      },
    ],
    { initialEntries: ['/home'] },
  );
  renderAdmin(<RouterProvider router={router} />);
  return { onClose };
}

const listCalls = () => api.callsTo('GET', LIST);
const lastList = () => listCalls().at(-1)!.query;
const location = () => screen.getByTestId('location').textContent;

describe('MessageDrawer', () => {
  it('lists unread messages first and syncs the badge with the server when it opens', async () => {
    renderDrawer();
    expect(await screen.findByText('站内消息')).toBeTruthy();
    expect(await screen.findByText('消息1')).toBeTruthy();
    expect(lastList().get('isRead')).toBe('0');
    expect(lastList().get('currentPage')).toBe('1');
    expect(lastList().get('pageSize')).toBe('20');
    expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    await waitFor(() => expect(useMessageCounts.getState().noticeUnread).toBe(7));
    const item = screen.getByText('消息1').closest('button')!;
    expect(within(item).getByText('公告消息')).toBeTruthy();
    expect(within(item).getByText('未读')).toBeTruthy();
    expect(screen.getByText('没有更多了')).toBeTruthy();
  });

  it('sends the keyword, the type and the read state', async () => {
    const user = userEvent.setup({ delay: null });
    renderDrawer();
    await screen.findByText('消息1');
    await user.type(screen.getByPlaceholderText('请输入关键词查询'), '维护{Enter}');
    await waitFor(() => expect(lastList().get('keyword')).toBe('维护'));

    await user.click(screen.getByLabelText('消息类型'));
    await user.click(await screen.findByTitle('日程消息'));
    await waitFor(() => expect(lastList().get('type')).toBe('4'));
    expect(lastList().get('keyword')).toBe('维护');

    await user.click(screen.getByRole('switch'));
    await waitFor(() => expect(lastList().get('isRead')).toBe(''));
    expect(lastList().get('type')).toBe('4');
    // the type options: All, then the dictionary's
    await user.click(screen.getByLabelText('消息类型'));
    await screen.findByTitle('系统消息');
    const options = document.querySelectorAll('.ant-select-dropdown .ant-select-item-option');
    expect(Array.from(options, (o) => o.textContent)).toEqual(['全部', '系统消息', '流程消息', '公告消息', '日程消息']);
  });

  it('loads the next page when scrolled within 200 px of the bottom', async () => {
    api.on('GET', LIST, (call) => {
      const n = Number(call.query.get('currentPage'));
      const rows = Array.from({ length: n < 3 ? 20 : 5 }, (_, i) => row((n - 1) * 20 + i + 1));
      return page(rows, n, 45);
    });
    renderDrawer();
    await screen.findByText('消息20');
    const list = screen.getByTestId('message-list');
    // 20 rows: 1200 px, 700 px of scrolling
    list.scrollTop = 400; // 300 px left
    fireEvent.scroll(list);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listCalls()).toHaveLength(1);
    list.scrollTop = 550; // 150 px left
    fireEvent.scroll(list);
    expect(await screen.findByText('消息40')).toBeTruthy();
    expect(lastList().get('currentPage')).toBe('2');
    expect(screen.queryByText('消息41')).toBeNull();
    list.scrollTop = 1750; // 40 rows: 2400 px, 150 px left
    fireEvent.scroll(list);
    expect(await screen.findByText('消息45')).toBeTruthy();
    expect(lastList().get('currentPage')).toBe('3');
    expect(screen.getByText('没有更多了')).toBeTruthy();
    fireEvent.scroll(list);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listCalls()).toHaveLength(3);
  });

  it('keeps loading while the rows do not fill the list', async () => {
    rowHeight = 10; // 20 rows: 200 px in a 500 px box
    api.on('GET', LIST, (call) => {
      const n = Number(call.query.get('currentPage'));
      return page(
        Array.from({ length: n === 1 ? 20 : 5 }, (_, i) => row((n - 1) * 20 + i + 1)),
        n,
        25,
      );
    });
    renderDrawer();
    expect(await screen.findByText('消息25')).toBeTruthy();
    expect(listCalls().map((c) => c.query.get('currentPage'))).toEqual(['1', '2']);
  });

  it('marks all read after the confirmation, with the current filters, and reloads', async () => {
    const user = userEvent.setup({ delay: null });
    renderDrawer();
    await screen.findByText('消息1');
    await user.click(screen.getByLabelText('消息类型'));
    await user.click(await screen.findByTitle('公告消息'));
    await waitFor(() => expect(lastList().get('type')).toBe('3'));
    const before = listCalls().length;
    await user.click(screen.getByRole('button', { name: /全部已读/ }));
    const confirm = (await screen.findByText('确定要将全部消息标记为已读吗？')).closest('.ant-modal') as HTMLElement;
    expect(api.callsTo('POST', `${LIST}/Actions/ReadAll`)).toHaveLength(0);
    api.on('GET', LIST, page([]));
    api.on('GET', `${LIST}/getUnReadMsgNum`, ok({ unReadNum: '0' }));
    await user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('操作成功', 1.5));
    expect(api.callsTo('POST', `${LIST}/Actions/ReadAll`)[0]!.body).toEqual({ keyword: '', type: '3', isRead: '0' });
    expect(await screen.findByText('暂无消息')).toBeTruthy();
    expect(listCalls().length).toBeGreaterThan(before);
    await waitFor(() => expect(useMessageCounts.getState().noticeUnread).toBe(0));
  });

  it('reloads the first page when a message is pushed', async () => {
    renderDrawer();
    await screen.findByText('消息1');
    api.on('GET', LIST, page([row(0, { title: '新公告' }), row(1), row(2)]));
    push({ method: 'messagePush', unreadNoticeCount: 1, messageType: 3, title: '新公告', id: 'm0' });
    expect(await screen.findByText('新公告')).toBeTruthy();
    expect(lastList().get('currentPage')).toBe('1');
  });

  it('opens a notice in the detail dialog, safely, and lowers the badge', async () => {
    const user = userEvent.setup({ delay: null });
    api.on(
      'GET',
      `${LIST}/ReadInfo/m1`,
      ok({
        id: 'm1',
        type: 3,
        title: '消息1',
        excerpt: '放假安排摘要',
        bodyText:
          '<p onclick="alert(1)">正文<b>加粗</b></p><script>window.hacked = 1</script><a href="javascript:alert(1)">坏链接</a><img src="x" onerror="alert(1)">',
        files: JSON.stringify([{ name: '通知.pdf', fileId: 'f1', url: '/api/file/Annex/f1', fileSize: 2048 }]),
        releaseUser: '管理员/admin',
        releaseTime: 1705280000000,
      }),
    );
    renderDrawer();
    await waitFor(() => expect(useMessageCounts.getState().noticeUnread).toBe(7));
    await user.click(await screen.findByText('消息1'));
    const detail = await screen.findByTestId('message-detail');
    expect(within(detail).getByRole('heading', { name: '消息1' })).toBeTruthy();
    expect(within(detail).getByText(/管理员\/admin/)).toBeTruthy();
    expect(within(detail).getByText(/2024-01-15/)).toBeTruthy();
    expect(within(detail).getByText('放假安排摘要')).toBeTruthy();
    expect(within(detail).getByText('加粗').tagName).toBe('B');
    expect(detail.querySelector('script')).toBeNull();
    expect(detail.querySelector('[onclick]')).toBeNull();
    expect(detail.querySelector('img')).toBeNull();
    expect(within(detail).getByText('坏链接').getAttribute('href')).toBeNull();
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
    expect(within(detail).getByText('通知.pdf')).toBeTruthy();
    expect(within(detail).getByText('2.0 KB')).toBeTruthy();
    expect(within(detail).getByRole('button', { name: /下载 通知.pdf/ })).toBeTruthy();
    expect(useMessageCounts.getState().noticeUnread).toBe(6);
    // the row shows read without a reload
    const item = screen.getByText('消息1', { selector: 'span' }).closest('button')!;
    expect(within(item).getByText('已读')).toBeTruthy();
  });

  it('opens a schedule message in the schedule detail, except a deleted schedule (type 3)', async () => {
    const user = userEvent.setup({ delay: null });
    api
      .on('GET', LIST, page([row(1, { type: 4, title: '日程提醒' }), row(2, { type: 4, title: '已删日程' })]))
      .on('GET', `${LIST}/ReadInfo/m1`, ok({ id: 'm1', type: 4, bodyText: '{"type":1,"groupId":"g1","id":"s1"}' }))
      .on('GET', `${LIST}/ReadInfo/m2`, ok({ id: 'm2', type: 4, bodyText: '{"type":3,"groupId":"g2","id":"s2"}' }));
    renderDrawer();
    await user.click(await screen.findByText('已删日程'));
    await waitFor(() => expect(api.callsTo('GET', `${LIST}/ReadInfo/m2`)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('schedule-detail')).toBeNull();
    await user.click(screen.getByText('日程提醒'));
    expect((await screen.findByTestId('schedule-detail')).textContent).toBe('s1|g1');
    expect(screen.queryByTestId('message-detail')).toBeNull();
  });

  it('navigates for flow messages and closes the drawer', async () => {
    const user = userEvent.setup({ delay: null });
    const body = '{"id":"f1","flowId":"流程"}';
    api
      .on(
        'GET',
        LIST,
        page([row(1, { type: 2, flowType: 1, title: '审批待办' }), row(2, { type: 2, flowType: 2, title: '委托' })]),
      )
      .on('GET', `${LIST}/ReadInfo/m1`, ok({ id: 'm1', type: 2, flowType: 1, bodyText: body }))
      .on('GET', `${LIST}/ReadInfo/m2`, ok({ id: 'm2', type: 2, flowType: 2, bodyText: '{"type":1}' }));
    const { onClose } = renderDrawer();
    await user.click(await screen.findByText('审批待办'));
    await waitFor(() => expect(location()).toBe(`/workFlowDetail?config=${encodeURIComponent(base64Utf8(body))}`));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(new TextDecoder().decode(Uint8Array.from(atob(base64Utf8(body)), (c) => c.charCodeAt(0)))).toBe(body);
    await user.click(screen.getByText('委托'));
    await waitFor(() => expect(location()).toBe('/workFlow/entrust?config=1'));
  });

  it('opens the message centre from the more link', async () => {
    const user = userEvent.setup({ delay: null });
    const { onClose } = renderDrawer();
    await screen.findByText('消息1');
    await user.click(screen.getByRole('button', { name: /查看更多/ }));
    await waitFor(() => expect(location()).toBe('/messageRecord'));
    expect(onClose).toHaveBeenCalled();
  });
});
