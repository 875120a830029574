import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { field, wireCondition } from './fixtures';
import {
  conditionsFromWire,
  conditionsToWire,
  opsOf,
  summarize,
  valueMissing,
  valueShape,
  type WireGroup,
} from './conditions';
import { texts } from './texts';

const fields = [
  field('f1', '创建人', 'creatorUserId', '==,<>', '@userId'),
  field('f2', '金额', 'amount', 'between,>,null', 'inputNumber'),
  field('f3', '部门', 'deptId', '==,in', 'depSelect'),
  field('f4', '日期', 'billDate', '>=,between', 'datePicker'),
];
const t = texts.text;

beforeAll(async () => {
  await i18n.changeLanguage('zh');
});

describe('scheme conditions', () => {
  it('offers a field its own operators in the standard order and shapes the value by operator and source', () => {
    expect(opsOf(fields[1])).toEqual(['>', 'between', 'null']);
    expect(valueShape('==', '@userId')).toBe('none');
    expect(valueShape('between', 'inputNumber')).toBe('pair');
    expect(valueShape('in', 'depSelect')).toBe('many');
    expect(valueShape('notNull', 'input')).toBe('none');
    expect(valueShape('like', 'input')).toBe('one');
  });

  it('reads stored conditions back (organisation paths by their last id) and writes them out again', () => {
    const stored: WireGroup[] = [
      {
        logic: 'or',
        groups: [
          wireCondition('f1', 'creatorUserId', '==', '@userId', '@userId'),
          wireCondition('f2', 'amount', 'between', 'inputNumber', [1, 9]),
        ],
      },
      {
        logic: 'and',
        groups: [
          wireCondition('f3', 'deptId', 'in', 'depSelect', ['d1', 'd2']),
          wireCondition('f2', 'amount', 'null', 'inputNumber'),
        ],
      },
    ];
    const values = conditionsFromWire(JSON.stringify(stored), fields);
    expect(values[0]).toEqual({
      logic: 'or',
      groups: [
        { id: 'f1', op: '==', value: undefined },
        { id: 'f2', op: 'between', value: [1, 9] },
      ],
    });
    expect(conditionsToWire(values, fields)).toEqual(stored);

    // the reference's pickers store paths; a field named by its code only is found by code
    const paths = conditionsFromWire(
      [
        {
          logic: 'and',
          groups: [
            {
              field: 'DEPTID',
              op: 'in',
              value: [
                ['c1', 'd1'],
                ['c1', 'd2'],
              ],
            },
          ],
        },
        { logic: 'and', groups: [{ id: 'f3', field: 'deptId', op: '==', value: ['c1', 'd3'] }] },
      ],
      fields,
    );
    expect(paths.map((g) => g.groups[0])).toEqual([
      { id: 'f3', op: 'in', value: ['d1', 'd2'] },
      { id: 'f3', op: '==', value: 'd3' },
    ]);
    expect(conditionsFromWire('', fields)).toEqual([]);
    expect(conditionsFromWire('[{', fields)).toEqual([]);
  });

  it('knows when a value is missing for the shape the operator needs', () => {
    expect(valueMissing(undefined, 'none')).toBe(false);
    expect(valueMissing('  ', 'one')).toBe(true);
    expect(valueMissing(0, 'one')).toBe(false);
    expect(valueMissing([1], 'pair')).toBe(true);
    expect(valueMissing([1, 2], 'pair')).toBe(false);
    expect(valueMissing([], 'many')).toBe(true);
    expect(valueMissing(['d1'], 'many')).toBe(false);
  });

  it('summarises the conditions with names', () => {
    const wire = conditionsToWire(
      [
        {
          logic: 'and',
          groups: [
            { id: 'f1', op: '==' },
            { id: 'f3', op: 'in', value: ['d1', 'd2'] },
          ],
        },
        {
          logic: 'or',
          groups: [
            { id: 'f2', op: 'between', value: [1, 9] },
            { id: 'f4', op: '>=', value: new Date(2024, 0, 31).getTime() },
          ],
        },
      ],
      fields,
    );
    const names: Record<string, string> = { d1: '研发部', d2: '销售部' };
    expect(summarize(wire, 'or', fields, t, (_source, id) => names[id] ?? String(id))).toBe(
      '【{创建人} {等于} {@userId} and {部门} {包含任意一个} {研发部,销售部}】 or ' +
        '【{金额} {介于} {1 ~ 9} or {日期} {大于等于} {2024-01-31}】',
    );
  });
});
