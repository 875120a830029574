// How chat times read: the clock today, "yesterday" with the clock, the date this year, else the full date.
import dayjs from 'dayjs';

/** A gap longer than this between two messages shows the time again. */
export const TIME_GAP_MS = 5 * 60_000;

export function chatTime(ms: number, yesterday: string, now: number = Date.now()): string {
  const time = dayjs(ms);
  const today = dayjs(now);
  if (time.isSame(today, 'day')) return time.format('HH:mm');
  if (time.isSame(today.subtract(1, 'day'), 'day')) return `${yesterday} ${time.format('HH:mm')}`;
  if (time.isSame(today, 'year')) return time.format('MM-DD HH:mm');
  return time.format('YYYY-MM-DD HH:mm');
}

/** The conversation list's short form: the clock today, else the date. */
export function conversationTime(ms: number, yesterday: string, now: number = Date.now()): string {
  if (!ms) return '';
  const time = dayjs(ms);
  const today = dayjs(now);
  if (time.isSame(today, 'day')) return time.format('HH:mm');
  if (time.isSame(today.subtract(1, 'day'), 'day')) return yesterday;
  if (time.isSame(today, 'year')) return time.format('MM-DD');
  return time.format('YYYY-MM-DD');
}
