// Calendar arithmetic of schedules, in the server's local time zone: a day and "HH:mm" to an instant, the
// occurrences of a repeating schedule, and when a reminder is due.

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;
/** a repeating schedule makes at most this many occurrences */
export const MAX_OCCURRENCES = 400;

export const Repetition = { none: '1', daily: '2', weekly: '3', monthly: '4', yearly: '5' } as const;
export const NO_REMINDER = -2;
export const AT_START = -1;

const pad = (n: number) => String(n).padStart(2, '0');

/** the local day of an instant at "HH:mm" */
export function atTime(day: number, hhmm: string): number {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const d = new Date(day);
  d.setHours(h, m, 0, 0);
  return d.getTime();
}

export const hhmmOf = (instant: number) => {
  const d = new Date(instant);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

export const startOfDay = (instant: number) => atTime(instant, '00:00');
export const endOfDay = (instant: number) => startOfDay(instant) + DAY - 1;

/**
 * An instant from what a query sends: epoch milliseconds, "YYYY-MM-DD", "YYYY-MM-DD HH:mm" or with seconds
 * (local time). Null when it is none of these.
 */
export function parseInstant(text: string): number | null {
  const value = text.trim();
  if (/^\d{10,15}$/.test(value)) return Number(value);
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return Number.isNaN(date.getTime()) ? null : date.getTime();
}

/** the same wall-clock time `months` calendar months later; a missing day becomes the month's last */
function addMonths(instant: number, months: number): number {
  const d = new Date(instant);
  const day = d.getDate();
  const target = new Date(d.getFullYear(), d.getMonth() + months, 1, d.getHours(), d.getMinutes(), d.getSeconds());
  const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  target.setDate(Math.min(day, lastDay));
  return target.getTime();
}

export function addDays(instant: number, days: number): number {
  const d = new Date(instant);
  d.setDate(d.getDate() + days);
  return d.getTime();
}

/** whole calendar days from the local day of `from` to that of `to` (negative when `to` is earlier) */
export function daysBetween(from: number, to: number): number {
  return Math.round((startOfDay(to) - startOfDay(from)) / DAY);
}

/** how far the repeats go when no end is given */
function defaultHorizon(start: number, repetition: string): number {
  return addMonths(start, repetition === Repetition.yearly ? 120 : 12);
}

/**
 * The [start, end] of each occurrence of a schedule from its first; one for a schedule that does not repeat.
 * Repeats run until the end of the day repeatUntil names (or a default horizon), at most MAX_OCCURRENCES.
 */
export function occurrences(
  start: number,
  end: number,
  repetition: string,
  repeatUntil: number | null | undefined,
): { start: number; end: number }[] {
  if (repetition === Repetition.none || !Object.values(Repetition).includes(repetition as never))
    return [{ start, end }];
  const until = repeatUntil != null ? endOfDay(repeatUntil) : defaultHorizon(start, repetition);
  const length = end - start;
  const out: { start: number; end: number }[] = [];
  for (let k = 0; out.length < MAX_OCCURRENCES; k++) {
    const s =
      repetition === Repetition.daily
        ? addDays(start, k)
        : repetition === Repetition.weekly
          ? addDays(start, 7 * k)
          : repetition === Repetition.monthly
            ? addMonths(start, k)
            : addMonths(start, 12 * k);
    if (s > until) break;
    out.push({ start: s, end: s + length });
  }
  return out.length ? out : [{ start, end }];
}

/**
 * When the reminder of an occurrence is due, or null for none. reminderTime: -2 none, -1 at the start, else
 * minutes before; for all-day schedules 1..12 pick a preset: the day itself, one day, two days or a week
 * before, at 08:00, 09:00 or 10:00.
 */
export function reminderDue(start: number, allDay: boolean, reminderTime: number): number | null {
  if (reminderTime === NO_REMINDER || reminderTime < AT_START) return null;
  if (reminderTime === AT_START) return start;
  if (allDay && reminderTime >= 1 && reminderTime <= 12) {
    const daysBefore = [0, 1, 2, 7][Math.floor((reminderTime - 1) / 3)]!;
    const hour = 8 + ((reminderTime - 1) % 3);
    return atTime(addDays(startOfDay(start), -daysBefore), `${pad(hour)}:00`);
  }
  return start - reminderTime * MINUTE;
}
