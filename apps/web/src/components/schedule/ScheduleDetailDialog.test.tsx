import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../admin/testUtils';
import { feedback } from '../../platform/feedback';
import ScheduleDetailDialog from './ScheduleDetailDialog';
import { ALL_USERS_PATH, USER_NAMES_PATH, userNamesReply } from '../../test/userPicker';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 90_000 });

vi.mock('../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const BASE = '/api/system/Schedule';
const at = (text: string) => dayjs(text).valueOf();

/** the fields the detail and the form's record share: a daily 09:00-09:30 meeting reminded 10 minutes before */
const morningMeeting = {
  title: '晨会',
  content: '同步进度',
  allDay: 0,
  startDay: at('2025-03-12 09:00'),
  startTime: '09:00',
  endDay: at('2025-03-12 09:30'),
  endTime: '09:30',
  duration: -1,
  color: '',
  reminderTime: 10,
  reminderType: 1,
  send: '',
  sendName: '',
  repetition: '2',
  repeatTime: at('2025-03-20'),
};

const detail = (extra: Record<string, unknown> = {}) => ({
  id: 's2',
  groupId: 'g1',
  category: '会议',
  urgent: '重要',
  ...morningMeeting,
  creatorUserId: '管理员/admin',
  toUserIds: ['李四/li'],
  files: JSON.stringify([
    { name: '议程.pdf', fileId: '20250101_ab.pdf', fileSize: 2048, url: '/api/system/Schedule/File/20250101_ab.pdf' },
  ]),
  type: 1,
  ...extra,
});

const info = {
  id: 's2',
  groupId: 'g1',
  category: '1',
  urgent: '2',
  ...morningMeeting,
  creatorUserId: 'u1',
  toUserIds: ['u2'],
  files: '[]',
  version: 3,
};

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  vi.mocked(feedback.success).mockClear();
  vi.mocked(feedback.error).mockClear();
  api = mockApi()
    .on('GET', `${BASE}/detail`, ok(detail()))
    .on('GET', `${BASE}/s2`, ok(info))
    .on('GET', '/api/system/DictionaryData/All', ok({ list: [] }))
    .on('POST', USER_NAMES_PATH, (call) => ok(userNamesReply([{ id: 'u2', fullName: '李四/li' }])(call.body)));
  // every scope of s2: only this, this and later, all
  for (const scope of [1, 2, 3]) {
    api.on('DELETE', `${BASE}/s2/${scope}`, ok(undefined, '删除成功'));
    api.on('PUT', `${BASE}/s2/${scope}`, ok(undefined, '更新成功'));
  }
});

/** the dialog whose title (or content) is this text */
async function modalWith(text: string) {
  return (await screen.findByText(text)).closest('.ant-modal') as HTMLElement;
}

function open(extra: { groupId?: string } = {}) {
  const onClose = vi.fn();
  const onChanged = vi.fn();
  renderAdmin(
    <ScheduleDetailDialog open id="s2" groupId={extra.groupId ?? 'g1'} onClose={onClose} onChanged={onChanged} />,
  );
  return { onClose, onChanged };
}

describe('schedule detail dialog', () => {
  it('shows every field with names, the attachment as a download fetched with the token', async () => {
    // the file route answers the bytes, not an envelope
    const answerJson = api.fetchMock;
    const fileFetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('/Schedule/File/')
        ? Promise.resolve(new Response('%PDF', { headers: { 'Content-Type': 'application/pdf' } }))
        : answerJson(input, init),
    );
    vi.stubGlobal('fetch', fileFetch);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:agenda', revokeObjectURL: () => undefined }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    open();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('详情')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByText('晨会')).toBeTruthy());
    for (const text of [
      '会议',
      '重要',
      '2025-03-12 09:00',
      '2025-03-12 09:30',
      '每天重复',
      '提前10分钟',
      '管理员/admin',
      '李四/li',
      '同步进度',
    ])
      expect(within(dialog).getByText(text)).toBeTruthy();
    expect(within(dialog).getByText('2.0 KB')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: /议程\.pdf/ }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect([link.download, link.getAttribute('href')]).toEqual(['议程.pdf', 'blob:agenda']);
    const fileCall = fileFetch.mock.calls.find(([input]) => String(input).includes('/Schedule/File/'))!;
    expect(String(fileCall[0])).toContain('/api/system/Schedule/File/20250101_ab.pdf');
    expect((fileCall[1]!.headers as Record<string, string>).Authorization).toBe('bearer test');
    click.mockRestore();
    const call = api.callsTo('GET', `${BASE}/detail`)[0]!;
    expect([call.query.get('id'), call.query.get('groupId')]).toEqual(['s2', 'g1']);
  });

  it('asks which occurrences before deleting a repeating schedule, and insists on a choice', async () => {
    const { onClose, onChanged } = open();
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: /删\s*除/ }));
    const scope = await modalWith('删除重复日程');
    await userEvent.click(within(scope).getByRole('button', { name: /确\s*定/ }));
    expect(await within(scope).findByText('请选择日程')).toBeTruthy();
    expect(api.callsTo('DELETE', /Schedule\/s2/)).toHaveLength(0);
    await userEvent.click(within(scope).getByLabelText('此日程及后续日程'));
    await userEvent.click(within(scope).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.callsTo('DELETE', /Schedule\/s2/)).toHaveLength(1));
    expect(api.callsTo('DELETE', /Schedule\/s2/)[0]!.path).toBe(`${BASE}/s2/2`);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onChanged).toHaveBeenCalled();
    expect(feedback.success).toHaveBeenCalledWith('删除成功', 1.5);
  });

  it('confirms before deleting a schedule that does not repeat', async () => {
    api.on('GET', `${BASE}/detail`, ok(detail({ repetition: '1', repeatTime: null })));
    const { onClose } = open();
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('此操作将删除日程，是否继续？')).toBeTruthy();
    const confirm = screen.getByText('此操作将删除日程，是否继续？').closest('.ant-modal') as HTMLElement;
    expect(within(confirm).getAllByText('提示').length).toBeGreaterThan(0);
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.callsTo('DELETE', `${BASE}/s2/1`)).toHaveLength(1));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('offers no change to a participant', async () => {
    api.on('GET', `${BASE}/detail`, ok(detail({ type: 2 })));
    open();
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText('同步进度')).toBeTruthy());
    expect(within(dialog).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /编\s*辑/ })).toBeNull();
  });

  it('closes when the schedule is gone', async () => {
    api.on('GET', `${BASE}/detail`, { code: 400, msg: '该日程已被删除' });
    const { onClose } = open({ groupId: 'old' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(feedback.error).toHaveBeenCalledWith('该日程已被删除', 1.5);
  });

  it('edits a repeating schedule in the chosen scope', async () => {
    const { onChanged } = open();
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: /编\s*辑/ }));
    const form = await modalWith('编辑日程');
    await waitFor(() => expect((within(form).getByLabelText('标题') as HTMLInputElement).value).toBe('晨会'));
    // the held participant is named by the selected-list call, not by reading every user
    await waitFor(() => expect(api.callsTo('POST', USER_NAMES_PATH).at(-1)?.body).toEqual({ ids: ['u2'] }));
    expect(api.callsTo('GET', ALL_USERS_PATH)).toHaveLength(0);
    await userEvent.clear(within(form).getByLabelText('标题'));
    await userEvent.type(within(form).getByLabelText('标题'), '晨会（新）');
    await userEvent.click(within(form).getByRole('button', { name: /确\s*定/ }));
    const scope = await modalWith('编辑重复日程');
    await userEvent.click(within(scope).getByLabelText('此日程及后续日程'));
    await userEvent.click(within(scope).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.callsTo('PUT', /Schedule\/s2/)).toHaveLength(1));
    const put = api.callsTo('PUT', /Schedule\/s2/)[0]!;
    expect(put.path).toBe(`${BASE}/s2/2`);
    expect(put.body).toMatchObject({
      title: '晨会（新）',
      urgent: '2',
      category: '1',
      repetition: '2',
      repeatTime: at('2025-03-20'),
      reminderTime: 10,
      toUserIds: ['u2'],
      startDay: at('2025-03-12 09:00'),
      endDay: at('2025-03-12 09:30'),
      version: 3,
    });
    await waitFor(() => expect(onChanged).toHaveBeenCalled(), { timeout: 5000 });
  });
});
