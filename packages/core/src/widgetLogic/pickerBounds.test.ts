import { describe, expect, it } from 'vitest';
import type { FieldConfig } from '../onlineDev.js';
import {
  boundRelations,
  isDateInBounds,
  isTimeInBounds,
  relatedValue,
  resolveDateBounds,
  resolveTimeBounds,
} from './pickerBounds.js';

const at = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, mo - 1, d, h, mi, s).getTime();
// 2024-05-15 10:30:45 local time: far from any month or year edge
const NOW = at(2024, 5, 15, 10, 30, 45);

const dateField = (props: Partial<FieldConfig> = {}, config: Record<string, unknown> = {}): FieldConfig => ({
  __vModel__: 'd',
  __config__: { jnpfKey: 'datePicker', label: '日期', formId: 1, ...config },
  format: 'yyyy-MM-dd',
  ...props,
});
const timeField = (props: Partial<FieldConfig> = {}, config: Record<string, unknown> = {}): FieldConfig => ({
  __vModel__: 't',
  __config__: { jnpfKey: 'timePicker', label: '时间', formId: 2, ...config },
  format: 'HH:mm:ss',
  ...props,
});

describe('date picker bounds', () => {
  it('keeps fixed bounds of a design without rules, cut to the days they name', () => {
    const field = dateField({ startTime: at(2024, 1, 10, 8), endTime: at(2024, 2, 1) });
    expect(resolveDateBounds(field, { now: NOW })).toEqual({
      start: at(2024, 1, 10),
      end: at(2024, 2, 2) - 1,
    });
    expect(resolveDateBounds(dateField(), { now: NOW })).toEqual({ start: null, end: null });
  });

  it('reads a fixed rule value (numeric text too), else the mirrored startTime', () => {
    const field = dateField(
      { startTime: at(2020, 1, 1) },
      {
        startTimeRule: true,
        startTimeType: 1,
        startTimeValue: String(at(2024, 3, 3)),
        endTimeRule: true,
        endTimeType: 1,
      },
    );
    expect(resolveDateBounds(field, { now: NOW })).toEqual({ start: at(2024, 3, 3), end: null });
  });

  it('counts years, months and days before and after now', () => {
    const rules = (type: number, target: number, value: unknown) =>
      resolveDateBounds(
        dateField({}, { startTimeRule: true, startTimeType: type, startTimeTarget: target, startTimeValue: value }),
        {
          now: NOW,
        },
      ).start;
    expect(rules(4, 1, 2)).toBe(at(2022, 5, 15));
    expect(rules(4, 2, '3')).toBe(at(2024, 2, 15));
    expect(rules(4, 3, 5)).toBe(at(2024, 5, 10));
    expect(rules(5, 1, 1)).toBe(at(2025, 5, 15));
    expect(rules(5, 2, 1)).toBe(at(2024, 6, 15));
    expect(rules(5, 3, 20)).toBe(at(2024, 6, 4));
    expect(rules(3, 1, null)).toBe(at(2024, 5, 15));
  });

  it('ends a now-based end at the end of the unit the format shows, or on its second', () => {
    const end = (format: string) =>
      resolveDateBounds(dateField({ format }, { endTimeRule: true, endTimeType: 3 }), { now: NOW }).end;
    expect(end('yyyy-MM-dd')).toBe(at(2024, 5, 16) - 1);
    expect(end('yyyy-MM')).toBe(at(2024, 6, 1) - 1);
    expect(end('yyyy')).toBe(at(2025, 1, 1) - 1);
    expect(end('yyyy-MM-dd HH:mm')).toBe(at(2024, 5, 15, 10, 31) - 1);
    expect(end('yyyy-MM-dd HH:mm:ss')).toBe(at(2024, 5, 15, 10, 30, 46) - 1);
  });

  it('widens now-based bounds by the slack, and leaves fixed ones', () => {
    const field = dateField(
      { format: 'yyyy-MM-dd HH:mm:ss', endTime: at(2024, 12, 1) },
      { startTimeRule: true, startTimeType: 3 },
    );
    expect(resolveDateBounds(field, { now: NOW, slack: 60_000 })).toEqual({
      start: at(2024, 5, 15, 10, 29, 45),
      end: at(2024, 12, 1, 0, 0, 1) - 1,
    });
  });

  it('follows another field of the form, or of the same sub-table row', () => {
    const field = dateField(
      {},
      {
        startTimeRule: true,
        startTimeType: 2,
        startRelationField: 'begin',
        endTimeRule: true,
        endTimeType: 2,
        endRelationField: 'rows-until',
      },
    );
    const values = { begin: at(2024, 4, 1, 9), rows: [] };
    expect(resolveDateBounds(field, { now: NOW, values })).toEqual({ start: at(2024, 4, 1), end: null });
    expect(
      resolveDateBounds(field, { now: NOW, values, table: 'rows', row: { until: String(at(2024, 4, 9)) } }),
    ).toEqual({ start: at(2024, 4, 1), end: at(2024, 4, 10) - 1 });
    // an empty related field sets no bound
    expect(resolveDateBounds(field, { now: NOW, values: {} })).toEqual({ start: null, end: null });
    expect(boundRelations(field)).toEqual(['begin', 'rows-until']);
    expect(boundRelations(dateField({}, { startTimeType: 2, startRelationField: 'begin' }))).toEqual([]);
  });

  it('does not read a column of another sub-table', () => {
    expect(
      relatedValue('other-x', { now: NOW, values: { 'other-x': 1 }, table: 'rows', row: { x: 2 } }),
    ).toBeUndefined();
    expect(relatedValue('rows-x', { now: NOW, values: {}, table: 'rows', row: { x: 2 } })).toBe(2);
  });

  it('says whether a date lies within', () => {
    expect(isDateInBounds(5, { start: 5, end: 5 })).toBe(true);
    expect(isDateInBounds(4, { start: 5, end: null })).toBe(false);
    expect(isDateInBounds(6, { start: null, end: 5 })).toBe(false);
  });
});

describe('time picker bounds', () => {
  it('is the whole day, or the fixed bounds of a design without rules', () => {
    expect(resolveTimeBounds(timeField(), { now: NOW })).toEqual({ start: '00:00:00', end: '23:59:59' });
    expect(resolveTimeBounds(timeField({ startTime: '08:00', endTime: '18:00:00' }), { now: NOW })).toEqual({
      start: '08:00:00',
      end: '18:00:00',
    });
  });

  it('counts hours, minutes and seconds before and after now', () => {
    const start = (type: number, target: number, value: unknown, format = 'HH:mm:ss') =>
      resolveTimeBounds(
        timeField(
          { format },
          { startTimeRule: true, startTimeType: type, startTimeTarget: target, startTimeValue: value },
        ),
        { now: NOW },
      ).start;
    expect(start(3, 1, null)).toBe('10:30:45');
    expect(start(3, 1, null, 'HH:mm')).toBe('10:30:00');
    expect(start(4, 1, 2)).toBe('08:30:45');
    expect(start(4, 2, 31)).toBe('09:59:45');
    expect(start(5, 3, 20)).toBe('10:31:05');
    expect(start(1, 1, '09:15')).toBe('09:15:00');
  });

  it('stops at the edge of the day a count from now would leave', () => {
    const field = timeField(
      {},
      {
        startTimeRule: true,
        startTimeType: 4,
        startTimeTarget: 1,
        startTimeValue: 12,
        endTimeRule: true,
        endTimeType: 5,
        endTimeTarget: 1,
        endTimeValue: 14,
      },
    );
    expect(resolveTimeBounds(field, { now: NOW })).toEqual({ start: '00:00:00', end: '23:59:59' });
  });

  it('follows another time field, the whole day while it is empty', () => {
    const field = timeField({}, { endTimeRule: true, endTimeType: 2, endRelationField: 'close' });
    expect(resolveTimeBounds(field, { now: NOW, values: { close: '17:00' } }).end).toBe('17:00:00');
    expect(resolveTimeBounds(field, { now: NOW, values: {} }).end).toBe('23:59:59');
  });

  it('says whether a time lies within', () => {
    const bounds = { start: '08:00:00', end: '17:00:00' };
    expect(isTimeInBounds('08:00', bounds)).toBe(true);
    expect(isTimeInBounds('17:00:01', bounds)).toBe(false);
    expect(isTimeInBounds('07:59:59', bounds)).toBe(false);
  });
});
