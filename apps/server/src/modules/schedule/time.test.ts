// Schedule calendar arithmetic: instants from days and times, repeats, reminder times.
import { describe, expect, it } from 'vitest';
import { atTime, MAX_OCCURRENCES, occurrences, parseInstant, reminderDue } from './time.js';

const at = (y: number, mo: number, d: number, h = 0, mi = 0) => new Date(y, mo - 1, d, h, mi).getTime();

describe('schedule time', () => {
  it('parses the list query’s instants', () => {
    expect(parseInstant('2025-03-01 08:30')).toBe(at(2025, 3, 1, 8, 30));
    expect(parseInstant('2025-03-01')).toBe(at(2025, 3, 1));
    expect(parseInstant(String(at(2025, 3, 1)))).toBe(at(2025, 3, 1));
    expect(parseInstant('yesterday')).toBeNull();
    expect(atTime(at(2025, 3, 1, 17, 5), '09:15')).toBe(at(2025, 3, 1, 9, 15));
  });

  it('repeats daily, weekly, monthly (clamped to the month’s last day) and yearly until the end day', () => {
    const start = at(2025, 1, 31, 9);
    const end = start + 3_600_000;
    expect(occurrences(start, end, '1', null)).toEqual([{ start, end }]);
    expect(occurrences(start, end, '2', at(2025, 2, 2)).map((o) => new Date(o.start).getDate())).toEqual([31, 1, 2]);
    expect(occurrences(start, end, '3', at(2025, 2, 14)).length).toBe(3);
    expect(occurrences(start, end, '4', at(2025, 4, 30)).map((o) => o.start)).toEqual([
      start,
      at(2025, 2, 28, 9),
      at(2025, 3, 31, 9),
      at(2025, 4, 30, 9),
    ]);
    expect(occurrences(start, end, '5', at(2027, 12, 31)).length).toBe(3);
    expect(occurrences(start, end, '2', null).length).toBe(366);
    expect(occurrences(start, end, '2', at(2030, 1, 1)).length).toBe(MAX_OCCURRENCES);
    for (const o of occurrences(start, end, '3', at(2025, 6, 1))) expect(o.end - o.start).toBe(3_600_000);
  });

  it('works out reminder times', () => {
    const start = at(2025, 5, 10, 14, 0);
    expect(reminderDue(start, false, -2)).toBeNull();
    expect(reminderDue(start, false, -1)).toBe(start);
    expect(reminderDue(start, false, 15)).toBe(at(2025, 5, 10, 13, 45));
    expect(reminderDue(start, false, 1440)).toBe(at(2025, 5, 9, 14, 0));
    const day = at(2025, 5, 10);
    expect(reminderDue(day, true, 1)).toBe(at(2025, 5, 10, 8));
    expect(reminderDue(day, true, 6)).toBe(at(2025, 5, 9, 10));
    expect(reminderDue(day, true, 10)).toBe(at(2025, 5, 3, 8));
  });
});
