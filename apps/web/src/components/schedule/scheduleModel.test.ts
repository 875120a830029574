import dayjs from 'dayjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../platform/i18n';
import type { ScheduleRow } from './api';
import { inputOfValues, newScheduleValues, valuesOfInfo } from './ScheduleForm';
import {
  colorOf,
  daysOf,
  layoutDay,
  rangeQuery,
  reminderLabel,
  rowsOfDay,
  spansDays,
  step,
  timeLabel,
  viewRange,
} from './scheduleModel';
import { texts } from './texts';

beforeAll(async () => {
  await i18n.changeLanguage('zh');
});

const at = (text: string) => dayjs(text).valueOf();
const row = (id: string, start: string, end: string, extra: Partial<ScheduleRow> = {}): ScheduleRow => ({
  id,
  groupId: `g-${id}`,
  category: '',
  urgent: '1',
  title: id,
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

describe('view ranges', () => {
  const anchor = dayjs('2025-03-12');

  it('covers the six weeks of a month grid, the week and the day, and queries them as YYYY-MM-DD HH:mm', () => {
    const month = viewRange('month', anchor);
    expect(month.start.isSame(dayjs('2025-03-01').startOf('week'))).toBe(true);
    expect(month.end.diff(month.start, 'day')).toBe(41);
    const week = viewRange('week', anchor);
    expect(week.start.isSame(anchor.startOf('week'))).toBe(true);
    expect(daysOf('week', anchor)).toHaveLength(7);
    expect(rangeQuery(viewRange('day', anchor))).toEqual({
      startTime: '2025-03-12 00:00',
      endTime: '2025-03-12 23:59',
    });
  });

  it('steps by a month, a week or a day', () => {
    expect(step('month', anchor, 1).format('YYYY-MM-DD')).toBe('2025-04-12');
    expect(step('week', anchor, -1).format('YYYY-MM-DD')).toBe('2025-03-05');
    expect(step('day', anchor, 1).format('YYYY-MM-DD')).toBe('2025-03-13');
  });
});

describe('placement', () => {
  const rows = [
    row('b', '2025-03-12 09:30', '2025-03-12 11:00'),
    row('a', '2025-03-12 09:00', '2025-03-12 10:00'),
    row('c', '2025-03-12 13:00', '2025-03-12 13:10'),
    row('trip', '2025-03-11 14:00', '2025-03-13 10:00'),
    row('all', '2025-03-12 00:00', '2025-03-12 23:59', { allDay: 1 }),
    row('late', '2025-03-11 23:00', '2025-03-12 00:00'),
  ];

  it('puts each schedule on the days it touches, all-day and multi-day ones first', () => {
    expect(rowsOfDay(rows, dayjs('2025-03-12')).map((r) => r.id)).toEqual(['trip', 'all', 'a', 'b', 'c']);
    expect(rowsOfDay(rows, dayjs('2025-03-11')).map((r) => r.id)).toEqual(['trip', 'late']);
    expect(rowsOfDay(rows, dayjs('2025-03-14'))).toEqual([]);
    expect(spansDays(rows[3]!)).toBe(true);
    expect(spansDays(rows[5]!)).toBe(false);
  });

  it('lays timed schedules out at their minutes, overlapping ones side by side', () => {
    const blocks = layoutDay(rows, dayjs('2025-03-12'));
    expect(blocks.map((b) => [b.row.id, b.top, b.height, b.column, b.columns])).toEqual([
      ['a', 540, 60, 0, 2],
      ['b', 570, 90, 1, 2],
      // too short to click: drawn at the smallest height, alone
      ['c', 780, 20, 0, 1],
    ]);
  });

  it('labels times and colours by urgency unless the schedule has its own colour', () => {
    expect(timeLabel(rows[1]!, '全天')).toBe('09:00–10:00');
    expect(timeLabel(rows[4]!, '全天')).toBe('全天');
    expect(timeLabel(rows[3]!, '全天')).toBe('03-11 14:00 – 03-13 10:00');
    expect(colorOf({ urgent: '3', color: '' })).toBe('#f5222d');
    expect(colorOf({ urgent: '3', color: '#722ed1' })).toBe('#722ed1');
  });

  it('names reminders as the server computes them', () => {
    const t = texts.text;
    expect(reminderLabel(t, -2, false)).toBe('不提醒');
    expect(reminderLabel(t, -1, false)).toBe('开始时');
    expect(reminderLabel(t, 15, false)).toBe('提前15分钟');
    expect(reminderLabel(t, 120, false)).toBe('提前2小时');
    expect(reminderLabel(t, 2880, false)).toBe('提前2天');
    expect(reminderLabel(t, 2, true)).toBe('当天09:00');
    expect(reminderLabel(t, 6, true)).toBe('提前1天10:00');
    expect(reminderLabel(t, 10, true)).toBe('提前1周08:00');
  });
});

describe('form values', () => {
  it('starts a clicked slot an hour long and a clicked day all day', () => {
    const slot = newScheduleValues({ start: at('2025-03-12 14:00'), allDay: false });
    expect([slot.startDay.format('YYYY-MM-DD HH:mm'), slot.endDay.format('HH:mm'), slot.allDay]).toEqual([
      '2025-03-12 14:00',
      '15:00',
      false,
    ]);
    const day = newScheduleValues({ start: at('2025-03-14 00:00'), allDay: true });
    expect([day.startDay.format('YYYY-MM-DD HH:mm'), day.allDay]).toEqual(['2025-03-14 00:00', true]);
  });

  it('sends the body the server takes: a length counts from the start, repeats end on a day', () => {
    const values = {
      ...newScheduleValues({ start: at('2025-03-12 14:00'), allDay: false }),
      title: '  周会 ',
      duration: 30,
      repetition: '2',
      repeatTime: dayjs('2025-03-20 16:00'),
      reminderTime: 10,
      reminderType: 2,
      send: 's1',
      toUserIds: ['u2'],
    };
    expect(inputOfValues(values, '站内信')).toMatchObject({
      title: '周会',
      allDay: 0,
      startDay: at('2025-03-12 14:00'),
      startTime: '14:00',
      endDay: at('2025-03-12 14:30'),
      endTime: '14:30',
      duration: 30,
      repetition: '2',
      repeatTime: at('2025-03-20 00:00'),
      reminderTime: 10,
      reminderType: 2,
      send: 's1',
      sendName: '站内信',
      toUserIds: ['u2'],
      files: '[]',
    });
    const allDay = inputOfValues({ ...values, allDay: true, repetition: '1', reminderTime: -2 });
    expect(allDay).toMatchObject({
      allDay: 1,
      startDay: at('2025-03-12 00:00'),
      startTime: '00:00',
      endTime: '23:59',
      duration: -1,
      repeatTime: null,
      reminderType: 1,
      send: '',
    });
  });

  it('reads a stored occurrence back into the form', () => {
    const values = valuesOfInfo({
      ...row('x', '2025-03-12 09:00', '2025-03-12 10:00', { repetition: '3', repeatTime: at('2025-04-01') }),
      toUserIds: ['u2'],
      files: '[{"name":"a.pdf","fileId":"f1"}]',
      version: 2,
    });
    expect(values).toMatchObject({ allDay: false, repetition: '3', toUserIds: ['u2'], files: [{ name: 'a.pdf' }] });
    expect(values.repeatTime?.format('YYYY-MM-DD')).toBe('2025-04-01');
  });
});
