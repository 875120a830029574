// Record values on their own: the stored form of each widget's input, each refusal, and the required check over
// the record as it will be. Display conversion of the same values.
import { dataFields } from '@jnpf/core';
import { describe, expect, it } from 'vitest';
import { displayRecord, formatMs, timeText } from './display.js';
import { printTime } from './print.js';
import { m, wm } from '../messages.js';
import { t } from '../../../platform/i18n.js';
import type { OptionLists } from './options.js';
import { field, sampleFields } from '../../../../test/kit/visualdev.js';
import { checkRecord } from './values.js';

const fields = dataFields(sampleFields('PO')).filter(
  (f) =>
    !['billRule', 'createUser', 'createTime', 'modifyUser', 'modifyTime', 'currOrganize', 'currPosition'].includes(
      f.__config__.jnpfKey,
    ),
);
const options: OptionLists = new Map([
  [
    'level',
    {
      labels: new Map([
        ['1', '低'],
        ['2', '高'],
      ]),
      allowed: new Set(['1', '2']),
      parents: new Map(),
    },
  ],
  [
    'tags',
    {
      labels: new Map([
        ['a', '甲'],
        ['b', '乙'],
      ]),
      allowed: new Set(['a', 'b']),
      parents: new Map(),
    },
  ],
  [
    'sex',
    {
      labels: new Map([
        ['1', '男'],
        ['2', '女'],
        ['9', '旧'],
      ]),
      allowed: new Set(['1', '2']),
      parents: new Map(),
    },
  ],
]);
const check = (input: Record<string, unknown>, previous: Record<string, unknown> = {}) =>
  checkRecord(fields, input, previous, options);
const issueKeys = (input: Record<string, unknown>, previous?: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(check(input, previous).issues).map(([k, v]) => [k, v.key]));

describe('record values', () => {
  it('reads every widget into its stored form and drops unknown keys', () => {
    const day = new Date(2024, 4, 1).getTime();
    const result = check({
      title: 'Hello 世界',
      amount: '12.5',
      level: 2,
      tags: ['b', 'a', 'b'],
      sex: '1',
      active: true,
      day: String(day),
      at: '08:30:00',
      color: '#ff0000',
      score: 4,
      progress: 30,
      notes: '',
      unknown: 'dropped',
      creator: 'forged',
    });
    expect(result.issues).toEqual({});
    expect(result.values).toEqual({
      title: 'Hello 世界',
      amount: 12.5,
      level: '2',
      tags: ['b', 'a'],
      sex: '1',
      active: 1,
      day,
      at: '08:30:00',
      color: '#ff0000',
      score: 4,
      progress: 30,
    });
    expect([...result.changed].sort()).toContain('notes');
    expect(check({ title: 'x', active: '0' }).values.active).toBe(0);
  });

  it('refuses each wrong value with its own message', () => {
    expect(
      issueKeys({
        title: 'a'.repeat(21),
        amount: 1001,
        level: '3',
        tags: 'a',
        sex: '9',
        active: 'maybe',
        day: 'tomorrow',
        at: '25:00',
        score: 6,
        progress: -1,
        color: { r: 1 },
      }),
    ).toEqual({
      title: m.tooLong,
      amount: m.tooLarge,
      level: m.notAnOption,
      tags: m.typeMismatch,
      sex: m.notAnOption,
      active: m.typeMismatch,
      day: m.typeMismatch,
      at: m.typeMismatch,
      score: m.tooLarge,
      progress: m.tooSmall,
      color: m.typeMismatch,
    });
    expect(issueKeys({ title: 'no!' })).toEqual({ title: m.patternMessage });
    expect(check({ title: 'no!' }).issues.title!.params).toEqual({ text: '标题只能是文字和数字' });
    expect(issueKeys({ title: 'ok', tags: ['a', 'z'] })).toEqual({ tags: m.notAnOption });
    expect(issueKeys({ title: 'ok', amount: -1 })).toEqual({ amount: m.tooSmall });
  });

  it('refuses what a colour picker or a rating could not have given', () => {
    for (const color of ['#f00', '#ff0000', 'rgb(255,0,0)', 'hsl(0, 100%, 50%)'])
      expect(issueKeys({ title: 'ok', color })).toEqual({});
    // transparency only with the alpha slider shown
    for (const color of ['#ff000080', '#f008', 'rgba(255, 0, 0, 0.5)', 'rgba(255,0,0,1)', 'hsla(0, 100%, 50%, 0.5)'])
      expect(check({ title: 'ok', color }).issues.color).toEqual({ key: m.colorAlpha, params: { label: '颜色' } });
    const alpha = fields.map((f) => (f.__vModel__ === 'color' ? { ...f, showAlpha: true } : f));
    for (const color of ['#ff000080', 'rgba(255, 0, 0, 0.5)', '#f00'])
      expect(checkRecord(alpha, { title: 'ok', color }, {}, options).issues).toEqual({});
    for (const color of ['red; background:url(x)', 'hello', '#ff00f', 'rgb(1,2)', 'javascript:alert(1)'])
      expect(issueKeys({ title: 'ok', color })).toEqual({ color: m.typeMismatch });
    // whole stars unless the design allows halves
    expect(issueKeys({ title: 'ok', score: 3 })).toEqual({});
    expect(issueKeys({ title: 'ok', score: 2.5 })).toEqual({ score: m.wholeStars });
    expect(check({ title: 'ok', score: 2.5 }).issues.score!.params).toEqual({ label: '评分' });
    const halves = fields.map((f) => (f.__vModel__ === 'score' ? { ...f, allowHalf: true } : f));
    const rate = (score: number) => checkRecord(halves, { title: 'ok', score }, {}, options).issues;
    expect(rate(2.5)).toEqual({});
    expect(rate(2.3).score!.key).toBe(m.halfStars);
  });

  it('refuses more decimals than a number input keeps, and seconds an HH:mm time does not show', () => {
    const with2 = fields.map((f) => (f.__vModel__ === 'amount' ? { ...f, precision: 2 } : f));
    const amount = (value: unknown) => checkRecord(with2, { title: 'ok', amount: value }, {}, options);
    expect(amount(12.34).issues).toEqual({});
    expect(amount(12.345).issues.amount).toEqual({ key: wm.numberPrecision, params: { label: '金额', precision: 2 } });
    expect(amount('1.001').issues.amount!.key).toBe(wm.numberPrecision);
    const whole = fields.map((f) => (f.__vModel__ === 'amount' ? { ...f, precision: 0 } : f));
    expect(checkRecord(whole, { title: 'ok', amount: 1.5 }, {}, options).issues.amount!.key).toBe(wm.numberPrecision);
    // no precision: any decimals
    expect(issueKeys({ title: 'ok', amount: 1.23456 })).toEqual({});

    const hhmm = fields.map((f) => (f.__vModel__ === 'at' ? { ...f, format: 'HH:mm' } : f));
    const at = (value: string) => checkRecord(hhmm, { title: 'ok', at: value }, {}, options).issues;
    expect(at('09:30')).toEqual({});
    expect(at('09:30:00')).toEqual({});
    expect(at('09:30:15').at).toEqual({ key: m.timeFormat, params: { label: '时间', format: 'HH:mm' } });
    expect(issueKeys({ title: 'ok', at: '09:30:15' })).toEqual({});
    // a record stored before the check stays editable: its value sent back as it was is kept, a new one is checked
    const kept = { title: 'old', at: '09:30:15', amount: 12.345 };
    const edit = (input: Record<string, unknown>) =>
      checkRecord(
        hhmm.map((f) => (f.__vModel__ === 'amount' ? { ...f, precision: 2 } : f)),
        input,
        kept,
        options,
      );
    const edited = edit({ title: 'new', at: '09:30:15', amount: 12.345 });
    expect(edited.issues).toEqual({});
    expect(edited.values).toMatchObject({ title: 'new', at: '09:30:15', amount: 12.345 });
    expect(edit({ title: 'new', at: '09:31:15' }).issues.at!.key).toBe(m.timeFormat);
    expect(edit({ title: 'new', amount: 12.346 }).issues.amount!.key).toBe(wm.numberPrecision);
  });

  it('words the new refusals with the label in each language', () => {
    const params = { label: '金额', precision: 2, format: 'HH:mm' };
    expect([t('zh', wm.numberPrecision, params), t('zhtw', wm.numberPrecision, params)]).toEqual([
      '金额最多保留2位小数',
      '金额最多保留2位小數',
    ]);
    expect(t('en', m.timeFormat, params)).toBe('金额 must be a time in the form HH:mm');
    expect(t('zhtw', m.timeFormat, params)).toBe('金额的時間格式應為HH:mm');
    expect(t('zh', m.colorAlpha, params)).toBe('金额不支持透明度');
    expect(t('en', m.colorAlpha, params)).toBe('金额 does not take transparency');
  });

  it("refuses a date or a time outside the design's bounds, naming the field", () => {
    const start = new Date(2024, 4, 1).getTime();
    const end = new Date(2024, 4, 31, 23, 59, 59, 999).getTime();
    const bounded = fields.map((f) =>
      f.__vModel__ === 'day'
        ? { ...f, startTime: start, endTime: end }
        : f.__vModel__ === 'at'
          ? { ...f, startTime: '08:00', endTime: '18:00:00' }
          : f,
    );
    const issues = (input: Record<string, unknown>) =>
      checkRecord(bounded, { title: 'ok', ...input }, {}, options).issues;
    expect(issues({ day: start, at: '08:00:00' })).toEqual({});
    expect(issues({ day: end, at: '18:00' })).toEqual({});
    expect(issues({ day: start - 1 }).day!.key).toBe(m.outOfBounds);
    expect(issues({ day: end + 1 }).day).toEqual({ key: m.outOfBounds, params: { label: '日期' } });
    expect(issues({ at: '07:59:59' }).at!.key).toBe(m.outOfBounds);
    expect(issues({ at: '18:00:01' }).at!.key).toBe(m.outOfBounds);
    // no bounds: any date; a time picker's own bounds are the whole day
    expect(issueKeys({ title: 'ok', day: start - 1, at: '23:59:59' })).toEqual({});
    // bounds that cross (start after end) leave nothing to pick
    const crossed = fields.map((f) => (f.__vModel__ === 'day' ? { ...f, startTime: end, endTime: start } : f));
    expect(checkRecord(crossed, { title: 'ok', day: start }, {}, options).issues.day!.key).toBe(m.outOfBounds);
  });

  it('checks bounds counted from now on the clock given, and keeps a value chosen before as it was', () => {
    const now = new Date(2024, 4, 15, 10).getTime();
    const ruled = fields.map((f) =>
      f.__vModel__ === 'day'
        ? { ...f, __config__: { ...f.__config__, startTimeRule: true, startTimeType: 3 } }
        : f.__vModel__ === 'at'
          ? {
              ...f,
              __config__: { ...f.__config__, endTimeRule: true, endTimeType: 4, endTimeTarget: 1, endTimeValue: 1 },
            }
          : f,
    );
    const issues = (input: Record<string, unknown>, previous: Record<string, unknown> = {}) =>
      checkRecord(ruled, { title: 'ok', ...input }, previous, options, { now }).issues;
    const today = new Date(2024, 4, 15).getTime();
    // the start is the day of now (a date format shows days), the end of the time an hour before now
    expect(issues({ day: today, at: '09:00:00' })).toEqual({});
    expect(issues({ day: today - 1 }).day).toEqual({ key: m.outOfBounds, params: { label: '日期' } });
    expect(issues({ at: '09:10:00' }).at!.key).toBe(m.outOfBounds);
    // a year on, the date stored then is kept as it was; a new one is checked
    const later = (input: Record<string, unknown>) =>
      checkRecord(ruled, { title: 'ok', ...input }, { title: 'ok', day: today }, options, {
        now: now + 365 * 86_400_000,
      }).issues;
    expect(later({ day: today })).toEqual({});
    expect(later({ day: today + 86_400_000 }).day!.key).toBe(m.outOfBounds);
  });

  it('refuses a slider value off its steps', () => {
    const stepped = (step: number, min = 0) =>
      fields.map((f) => (f.__vModel__ === 'progress' ? { ...f, step, min } : f));
    const issues = (step: number, progress: number, min = 0) =>
      checkRecord(stepped(step, min), { title: 'ok', progress }, {}, options).issues;
    expect(issues(5, 35)).toEqual({});
    expect(issues(5, 33).progress).toEqual({ key: m.offStep, params: { label: '进度', step: 5 } });
    expect(issues(5, 33, 3)).toEqual({});
    expect(issues(0.1, 0.3)).toEqual({});
    expect(issues(0.1, 0.35).progress!.key).toBe(m.offStep);
    // step 1 unless the design says otherwise
    expect(issueKeys({ title: 'ok', progress: 30.5 })).toEqual({ progress: m.offStep });
  });

  it('checks required fields on the record as it will be', () => {
    expect(issueKeys({})).toEqual({ title: m.required });
    expect(issueKeys({ title: '   ' })).toEqual({});
    expect(issueKeys({ title: '' }, { title: 'before' })).toEqual({ title: m.required });
    expect(issueKeys({ amount: 3 }, { title: 'before' })).toEqual({});
    const kept = check({ amount: 3 }, { title: 'before', level: '1' });
    expect(kept.values).toEqual({ title: 'before', amount: 3, level: '1' });
    expect([...kept.changed]).toEqual(['amount']);
    const hidden = [field('input', 'secret', '隐藏', { required: true, noShow: true })];
    expect(checkRecord(hidden, {}, {}, options).issues).toEqual({});
  });

  it('shows option labels, switch texts, formatted dates and names', () => {
    const day = new Date(2024, 4, 1, 9, 5, 7).getTime();
    const all = dataFields(sampleFields('PO'));
    const shown = displayRecord(
      all,
      {
        title: 'T',
        level: '2',
        tags: ['a', 'b'],
        sex: '9',
        active: 0,
        day,
        creator: 'u1',
        created: day,
        org: 'o1',
        pos: 'p1',
        amount: 3,
      },
      {
        options,
        lang: 'zh',
        names: {
          user: (id) => (id === 'u1' ? '张三/zhangsan' : ''),
          organize: (id, fullPath) => (fullPath ? `总部/${id}` : id),
          position: (id, creator) => `${id}@${creator}`,
        },
      },
      'u1',
    );
    expect(shown).toMatchObject({
      title: 'T',
      level: '高',
      tags: '甲,乙',
      sex: '旧',
      active: '停用',
      day: '2024-05-01',
      creator: '张三/zhangsan',
      created: '2024-05-01 09:05:07',
      org: 'o1',
      pos: 'p1@u1',
      amount: 3,
      notes: '',
      code: '',
    });
    expect(formatMs(day, 'YYYY/MM/DD HH:mm')).toBe('2024/05/01 09:05');
  });

  it("shows times of day in their format, and a record's system times as printed", () => {
    const at = (format?: string) => field('timePicker', 'at', '时刻', {}, format ? { format } : {});
    expect(timeText(at('HH:mm'), '09:30:15')).toBe('09:30');
    expect(timeText(at(), '9:30')).toBe('09:30:00');
    expect(timeText(at('HH:mm:ss'), new Date(2024, 4, 1, 7, 8, 9).getTime())).toBe('07:08:09');
    expect(timeText(at('HH:mm'), 'soon')).toBe('soon');
    expect(printTime(new Date(2024, 4, 1, 9, 5, 7).getTime())).toBe('2024-05-01 09:05:07');
    expect(printTime(null)).toBe('');
  });
});
