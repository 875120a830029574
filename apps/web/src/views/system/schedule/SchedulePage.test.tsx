import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../../../components/admin/testUtils';
import { feedback } from '../../../platform/feedback';
import type { ScheduleRow } from '../../../components/schedule/api';
import SchedulePage from './SchedulePage';
import { rangeQuery, viewRange } from '../../../components/schedule/scheduleModel';
import {
  ALL_USERS_PATH,
  pickUserBySearch,
  USER_NAMES_PATH,
  USER_SEARCH_PATH,
  userNamesReply,
  userSearchReply,
} from '../../../test/userPicker';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 90_000 });

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const BASE = '/api/system/Schedule';
const ANCHOR = dayjs('2025-03-12');
const at = (text: string) => dayjs(text).valueOf();
const row = (id: string, title: string, start: string, end: string, extra: Partial<ScheduleRow> = {}): ScheduleRow => ({
  id,
  groupId: `g-${id}`,
  category: '1',
  urgent: '1',
  title,
  content: '',
  allDay: 0,
  startDay: at(start),
  startTime: dayjs(start).format('HH:mm'),
  endDay: at(end),
  endTime: dayjs(end).format('HH:mm'),
  duration: -1,
  color: '',
  reminderTime: -2,
  reminderType: 1,
  send: '',
  sendName: '',
  repetition: '1',
  repeatTime: null,
  creatorUserId: 'u1',
  ...extra,
});

const ROWS = [
  row('a', '晨会', '2025-03-12 09:00', '2025-03-12 10:00'),
  row('b', '评审', '2025-03-12 09:30', '2025-03-12 11:00', { urgent: '3' }),
  row('c', '出差', '2025-03-14 00:00', '2025-03-14 23:59', { allDay: 1 }),
  row('d', '培训', '2025-03-10 14:00', '2025-03-11 10:00'),
];

const PEOPLE = [{ id: 'u2', fullName: '李四/li' }];

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi()
    .on('GET', BASE, ok({ list: ROWS }))
    .on(
      'GET',
      '/api/system/DictionaryData/All',
      ok({
        list: [
          {
            id: 't',
            fullName: '日程类型',
            enCode: 'scheduleCategory',
            isTree: 0,
            dictionaryList: [{ id: 'i1', fullName: '会议', enCode: '1' }],
          },
        ],
      }),
    )
    .on('POST', USER_SEARCH_PATH, (call) => ok(userSearchReply(PEOPLE)(call.body)))
    .on('POST', USER_NAMES_PATH, (call) => ok(userNamesReply(PEOPLE)(call.body)))
    .on('POST', BASE, ok('new-id', '新建成功'))
    .on(
      'POST',
      `${BASE}/Uploader`,
      ok({ name: '20250312_ab.pdf', url: `${BASE}/File/20250312_ab.pdf`, fileSize: 4, fileExtension: 'pdf' }),
    );
});

const cell = (day: string) => document.querySelector(`[data-day="${day}"]`) as HTMLElement;
const allDayCell = (day: string) => document.querySelector(`[data-all-day="${day}"]`) as HTMLElement;
const block = (id: string) => document.querySelector(`[data-schedule-id="${id}"]`) as HTMLElement;

describe('schedule calendar', () => {
  it('places schedules on their days in the month view and loads the grid range', async () => {
    renderAdmin(<SchedulePage initialDate={ANCHOR} />);
    await waitFor(() => expect(within(cell('2025-03-12')).getByText('晨会')).toBeTruthy());
    expect(within(cell('2025-03-12')).getByText('评审')).toBeTruthy();
    expect(within(cell('2025-03-14')).getByText('出差')).toBeTruthy();
    // a schedule over two days shows on both
    expect(within(cell('2025-03-10')).getByText('培训')).toBeTruthy();
    expect(within(cell('2025-03-11')).getByText('培训')).toBeTruthy();
    expect(within(cell('2025-03-13')).queryByRole('button')).toBeNull();
    const { startTime, endTime } = rangeQuery(viewRange('month', ANCHOR));
    const query = api.callsTo('GET', BASE)[0]!.query;
    expect([query.get('startTime'), query.get('endTime')]).toEqual([startTime, endTime]);
    expect(screen.getByTestId('schedule-heading').textContent).toBe('2025年3月');
  });

  it('places timed schedules at their hours and all-day ones in the all-day row of the week and day views', async () => {
    renderAdmin(<SchedulePage initialDate={ANCHOR} />);
    await userEvent.click(await screen.findByText('周'));
    await waitFor(() => expect(block('a')).toBeTruthy());
    const column = document.querySelector('[data-testid="schedule-time-grid"] [data-day="2025-03-12"]') as HTMLElement;
    expect(within(column).getByText('晨会')).toBeTruthy();
    // 09:00 at 48 px an hour; the overlapping review shares the width
    expect(block('a').style.top).toBe('432px');
    expect(block('b').style.top).toBe('456px');
    expect(block('b').style.width).toBe('calc(50% - 3px)');
    expect(within(allDayCell('2025-03-14')).getByText('出差')).toBeTruthy();
    expect(within(allDayCell('2025-03-10')).getByText('培训')).toBeTruthy();
    const week = rangeQuery(viewRange('week', ANCHOR));
    expect(api.callsTo('GET', BASE).some((c) => c.query.get('startTime') === week.startTime)).toBe(true);

    await userEvent.click(screen.getByText('日'));
    await waitFor(() => expect(screen.getByTestId('schedule-heading').textContent).toContain('2025年3月12日'));
    expect(document.querySelectorAll('[data-testid="schedule-time-grid"] [data-day]')).toHaveLength(1);
    expect(block('a')).toBeTruthy();
    expect(block('c')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '下一个' }));
    await waitFor(() => expect(screen.getByTestId('schedule-heading').textContent).toContain('2025年3月13日'));
    expect(api.callsTo('GET', BASE).some((c) => c.query.get('startTime') === '2025-03-13 00:00')).toBe(true);
  });

  it('creates from a clicked slot, prefilled, and refuses an empty title and an end before the start', async () => {
    renderAdmin(<SchedulePage initialDate={ANCHOR} />);
    await userEvent.click(await screen.findByText('周'));
    const slot = await waitFor(() => {
      const found = document.querySelector('[data-slot="2025-03-13 14:00"]') as HTMLElement | null;
      expect(found).toBeTruthy();
      return found!;
    });
    await userEvent.click(slot);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('新建日程')).toBeTruthy();
    const start = within(dialog).getByLabelText('开始时间') as HTMLInputElement;
    const end = within(dialog).getByLabelText('结束时间') as HTMLInputElement;
    expect(start.value).toBe('2025-03-13 14:00');
    expect(end.value).toBe('2025-03-13 15:00');

    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('日程标题不能为空')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: '复盘' } });

    // an end before the start
    await userEvent.click(end);
    await userEvent.clear(end);
    await userEvent.type(end, '2025-03-13 13:00{enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('结束时间不能早于开始时间')).toBeTruthy();
    expect(api.callsTo('POST', BASE)).toHaveLength(0);

    await userEvent.click(end);
    await userEvent.clear(end);
    await userEvent.type(end, '2025-03-13 16:00{enter}');
    // a participant found by a keyword in the "select user" dialog (never the list of every user)
    await pickUserBySearch(within(dialog).getByLabelText('参与人'), '李', '李四/li');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.callsTo('POST', BASE)).toHaveLength(1));
    expect(api.callsTo('POST', BASE)[0]!.body).toMatchObject({
      title: '复盘',
      allDay: 0,
      startDay: at('2025-03-13 14:00'),
      startTime: '14:00',
      endDay: at('2025-03-13 16:00'),
      endTime: '16:00',
      repetition: '1',
      urgent: '1',
      toUserIds: ['u2'],
    });
    expect(api.callsTo('GET', ALL_USERS_PATH)).toHaveLength(0);
  });

  it('keeps the form dialog within the window: the fields scroll, the title and the buttons stay', async () => {
    renderAdmin(<SchedulePage initialDate={ANCHOR} />);
    await screen.findByText('晨会');
    fireEvent.doubleClick(cell('2025-03-20'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByLabelText('标题');
    const container = dialog.closest('.ant-modal-container') ?? dialog.querySelector('.ant-modal-container');
    const body = dialog.querySelector('.ant-modal-body') as HTMLElement;
    expect((container as HTMLElement).style.maxHeight).toBe('calc(100vh - 200px)');
    expect(body.style.overflowY).toBe('auto');
    expect(body.style.minHeight).toBe('0');
    // a gap between the title and the first field
    expect(body.style.paddingTop).toBe('12px');
    // the buttons are outside the scrolling part
    expect(body.contains(within(dialog).getByRole('button', { name: /确\s*定/ }))).toBe(false);
  });

  it('uploads an attachment in the form and saves it in files', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    renderAdmin(<SchedulePage initialDate={ANCHOR} />);
    await waitFor(() => expect(within(cell('2025-03-12')).getByText('晨会')).toBeTruthy());
    fireEvent.doubleClick(cell('2025-03-20'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: '评审会' } });
    // a type the server refuses is stopped before it is sent
    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, new File(['x'], 'run.exe'));
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('不支持上传run.exe这种类型的文件', 1.5));
    expect(api.callsTo('POST', `${BASE}/Uploader`)).toHaveLength(0);

    // the upload renews its input after each choice
    const again = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(again, new File(['%PDF'], '议程.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByRole('button', { name: '议程.pdf' })).toBeTruthy();
    expect(api.callsTo('POST', `${BASE}/Uploader`)).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.callsTo('POST', BASE)).toHaveLength(1));
    expect(JSON.parse((api.callsTo('POST', BASE)[0]!.body as { files: string }).files)).toEqual([
      {
        name: '议程.pdf',
        fileId: '20250312_ab.pdf',
        fileSize: 4,
        fileExtension: 'pdf',
        url: `${BASE}/File/20250312_ab.pdf`,
      },
    ]);
  });

  it('creates an all-day schedule from a double-clicked day and opens a schedule’s detail on click', async () => {
    api.on(
      'GET',
      `${BASE}/detail`,
      ok({ ...ROWS[0], urgent: '普通', category: '会议', toUserIds: [], files: '[]', type: 2 }),
    );
    renderAdmin(<SchedulePage initialDate={ANCHOR} />);
    await waitFor(() => expect(within(cell('2025-03-12')).getByText('晨会')).toBeTruthy());
    fireEvent.doubleClick(cell('2025-03-20'));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('开始时间') as HTMLInputElement).value).toBe('2025-03-20');
    expect(within(dialog).getByRole('switch', { name: '全天' }).getAttribute('aria-checked')).toBe('true');
    await userEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(within(cell('2025-03-12')).getByText('晨会'));
    const detail = await screen.findByRole('dialog');
    expect(within(detail).getByText('详情')).toBeTruthy();
    await waitFor(() => expect(within(detail).getByText('会议')).toBeTruthy());
    const call = api.callsTo('GET', `${BASE}/detail`)[0]!;
    expect([call.query.get('id'), call.query.get('groupId')]).toEqual(['a', 'g-a']);
    // a participant (type 2) may not change it
    expect(within(detail).queryByRole('button', { name: /删\s*除/ })).toBeNull();
  });
});
