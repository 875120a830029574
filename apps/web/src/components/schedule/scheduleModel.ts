// The schedule screen's calendar arithmetic and labels, kept apart from the components so that they can be
// tested alone: the time range a view shows, which schedules fall on which day and where a timed one sits
// in a day column, and the texts of codes (repetition, urgency, reminder).
import dayjs, { type Dayjs } from 'dayjs';
import type { ScheduleRow } from './api';
import type { texts } from './texts';

export type CalendarMode = 'month' | 'week' | 'day';
type T = typeof texts.text;

/** the schedules' date-time format, to the minute */
export const DATE_TIME = 'YYYY-MM-DD HH:mm';
export const DATE = 'YYYY-MM-DD';
/** how the list query sends its range */
const QUERY_FORMAT = 'YYYY-MM-DD HH:mm';

export const NO_REMINDER = -2;
export const AT_START = -1;
/** minutes-before choices of a timed schedule */
export const TIMED_REMINDERS = [5, 10, 15, 30, 60, 120, 1440, 2880, 10080] as const;
/** all-day presets 1..12: the day itself, 1 day, 2 days or a week before, at 08:00, 09:00 or 10:00 */
export const ALL_DAY_REMINDERS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
/** the length choices of a timed schedule, minutes; -1 = the end is chosen */
export const DURATIONS = [-1, 15, 30, 60, 90, 120, 180, 240, 480] as const;

/** urgency → colour of its schedules when no colour of their own is set */
export const URGENCY_COLORS: Record<string, string> = { '1': '#1890ff', '2': '#f5811c', '3': '#f5222d' };
/** colours a schedule may carry (the platform's theme colours) */
export const SCHEDULE_COLORS = ['#1890ff', '#13c2c2', '#3eac12', '#f8bc18', '#f5811c', '#f5222d', '#722ed1'] as const;

export const colorOf = (row: Pick<ScheduleRow, 'color' | 'urgent'>): string =>
  row.color || URGENCY_COLORS[row.urgent] || URGENCY_COLORS['1']!;

/** the days a view of `anchor` shows, first to last (whole days) */
export function viewRange(mode: CalendarMode, anchor: Dayjs): { start: Dayjs; end: Dayjs } {
  if (mode === 'day') return { start: anchor.startOf('day'), end: anchor.endOf('day') };
  if (mode === 'week') {
    const start = anchor.startOf('week');
    return { start, end: start.add(6, 'day').endOf('day') };
  }
  // antd's month grid: 6 rows of 7 days from the week holding the 1st (weeks start as the locale says)
  const start = anchor.startOf('month').startOf('week');
  return { start, end: start.add(41, 'day').endOf('day') };
}

/** the days of a week or day view */
export function daysOf(mode: 'week' | 'day', anchor: Dayjs): Dayjs[] {
  const { start } = viewRange(mode, anchor);
  return Array.from({ length: mode === 'week' ? 7 : 1 }, (_, i) => start.add(i, 'day'));
}

/** the list query's parameters for a range */
export function rangeQuery(range: { start: Dayjs; end: Dayjs }): { startTime: string; endTime: string } {
  return { startTime: range.start.format(QUERY_FORMAT), endTime: range.end.format(QUERY_FORMAT) };
}

/** where the view goes from `anchor` with prev (-1) or next (+1) */
export function step(mode: CalendarMode, anchor: Dayjs, by: 1 | -1): Dayjs {
  return anchor.add(by, mode);
}

/** whether an occurrence touches the local day of `day` */
export function onDay(row: Pick<ScheduleRow, 'startDay' | 'endDay'>, day: Dayjs): boolean {
  const from = day.startOf('day').valueOf();
  const to = day.endOf('day').valueOf();
  return row.startDay <= to && row.endDay >= from;
}

/**
 * The rows of one day, all-day and multi-day ones first, then by start. A timed schedule that ends exactly
 * at midnight does not show on the next day.
 */
export function rowsOfDay<R extends ScheduleRow>(rows: readonly R[], day: Dayjs): R[] {
  const from = day.startOf('day').valueOf();
  return rows
    .filter((r) => onDay(r, day) && !(r.allDay !== 1 && r.endDay === from && r.startDay < from))
    .sort((a, b) => Number(spansDays(b)) - Number(spansDays(a)) || a.startDay - b.startDay || a.id.localeCompare(b.id));
}

/** all-day, or running over more than one day: shown in the all-day row of week and day views */
export function spansDays(row: Pick<ScheduleRow, 'allDay' | 'startDay' | 'endDay'>): boolean {
  if (row.allDay === 1) return true;
  // an end exactly at midnight belongs to the day before
  const last = row.endDay > row.startDay ? row.endDay - 1 : row.endDay;
  return !dayjs(row.startDay).isSame(dayjs(last), 'day');
}

export interface TimedBlock<R> {
  row: R;
  /** minutes from the day's midnight */
  top: number;
  /** minutes */
  height: number;
  /** side by side with overlapping schedules: this one's column and how many columns there are */
  column: number;
  columns: number;
}

/** the smallest block height so that a short schedule can still be read and clicked, minutes */
export const MIN_BLOCK_MINUTES = 20;

/**
 * The timed (not all-day, single-day) schedules of a day as blocks in a time grid: overlapping ones share
 * the width in columns, as calendars do.
 */
export function layoutDay<R extends ScheduleRow>(rows: readonly R[], day: Dayjs): TimedBlock<R>[] {
  const midnight = day.startOf('day');
  const timed = rowsOfDay(rows, day).filter((r) => !spansDays(r));
  const blocks: TimedBlock<R>[] = timed.map((row) => {
    const top = Math.max(0, dayjs(row.startDay).diff(midnight, 'minute'));
    const end = Math.min(24 * 60, dayjs(row.endDay).diff(midnight, 'minute'));
    return { row, top, height: Math.max(MIN_BLOCK_MINUTES, end - top), column: 0, columns: 1 };
  });
  // clusters of blocks that overlap one another get columns, greedily
  let cluster: TimedBlock<R>[] = [];
  let clusterEnd = -1;
  const close = () => {
    const columns = Math.max(1, ...cluster.map((b) => b.column + 1));
    for (const b of cluster) b.columns = columns;
    cluster = [];
  };
  for (const block of blocks) {
    if (cluster.length && block.top >= clusterEnd) close();
    const used = new Set(cluster.filter((b) => b.top + b.height > block.top).map((b) => b.column));
    let column = 0;
    while (used.has(column)) column++;
    block.column = column;
    cluster.push(block);
    clusterEnd = Math.max(clusterEnd, block.top + block.height);
  }
  close();
  return blocks;
}

/** "09:00–10:00", or the dates for a schedule over several days */
export function timeLabel(row: Pick<ScheduleRow, 'allDay' | 'startDay' | 'endDay'>, allDayText: string): string {
  const start = dayjs(row.startDay);
  const end = dayjs(row.endDay);
  if (row.allDay === 1)
    return start.isSame(end, 'day') ? allDayText : `${start.format('MM-DD')} – ${end.format('MM-DD')}`;
  if (start.isSame(end, 'day')) return `${start.format('HH:mm')}–${end.format('HH:mm')}`;
  return `${start.format('MM-DD HH:mm')} – ${end.format('MM-DD HH:mm')}`;
}

/** start and end as the detail dialog shows them: dates for all-day schedules, else date and time */
export function instantLabel(instant: number, allDay: boolean): string {
  return dayjs(instant).format(allDay ? DATE : DATE_TIME);
}

export const repetitionLabel = (t: T, code: string): string =>
  ['1', '2', '3', '4', '5'].includes(code) ? t(`repetition${code}` as 'repetition1') : t('repetition1');

export const urgencyLabel = (t: T, code: string): string =>
  ['1', '2', '3'].includes(code) ? t(`urgent${code}` as 'urgent1') : code;

/** the text of a reminder code (see the server's reminderDue) */
export function reminderLabel(t: T, reminderTime: number, allDay: boolean): string {
  if (reminderTime === NO_REMINDER || reminderTime < AT_START) return t('remindNone');
  if (reminderTime === AT_START) return t('remindAtStart');
  if (allDay && reminderTime >= 1 && reminderTime <= 12) {
    const daysBefore = [0, 1, 2, 7][Math.floor((reminderTime - 1) / 3)]!;
    const time = `${String(8 + ((reminderTime - 1) % 3)).padStart(2, '0')}:00`;
    if (daysBefore === 0) return t('remindSameDay', { time });
    if (daysBefore === 7) return t('remindWeekAt', { time });
    return t('remindDaysAt', { n: daysBefore, time });
  }
  if (reminderTime === 10080) return t('remindWeek');
  if (reminderTime >= 1440 && reminderTime % 1440 === 0) return t('remindDays', { n: reminderTime / 1440 });
  if (reminderTime >= 60 && reminderTime % 60 === 0) return t('remindHours', { n: reminderTime / 60 });
  return t('remindMinutes', { n: reminderTime });
}

export const durationLabel = (t: T, minutes: number): string =>
  minutes < 0 ? t('durationCustom') : minutes >= 60 ? t('hours', { n: minutes / 60 }) : t('minutes', { n: minutes });
