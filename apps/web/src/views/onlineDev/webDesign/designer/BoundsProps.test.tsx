// The bounds of a date and a time picker, a slider's stops and a multi-line text's rows and counter: the panel
// writes the keys (startTime / endTime, showStops, autosize, showWordLimit) and the form honours them — dates
// and times outside the bounds are disabled, a start after the end leaves the picker read-only.
import type { FieldConfig, OnlineFieldKey } from '@jnpf/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, type FormInstance } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderAdmin } from '../../../../components/admin/testUtils';
import { FormRenderer } from '../../../../widgets';
import { FieldProperties } from './FieldProperties';
import { createField } from './model';
import { zhFieldTexts } from './testing';

vi.setConfig({ testTimeout: 60_000 });

const make = (key: OnlineFieldKey, label: string): FieldConfig => ({
  ...createField(key, 1, zhFieldTexts(label, { auto: '', on: '', off: '' })),
  __vModel__: 'f1',
});

let latest: FieldConfig;
function Harness({ initial }: { initial: FieldConfig }) {
  const [field, setField] = useState(initial);
  return (
    <FieldProperties
      field={field}
      fields={[field]}
      onChange={(next) => {
        latest = next;
        setField(next);
      }}
    />
  );
}

function open(field: FieldConfig) {
  mockApi();
  latest = field;
  return renderAdmin(<Harness initial={latest} />);
}

function formOf(field: FieldConfig) {
  function FormOf() {
    const [form] = Form.useForm();
    return <FormRenderer formData={{ fields: [field], labelWidth: 100, gutter: 0 }} form={form} name="bounds" />;
  }
  return render(<FormOf />);
}

/** types a date or a time into an antd picker of the panel and confirms it */
async function pick(label: string, text: string) {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('date and time bounds', () => {
  it('a date: the panel sets the start and end days, and the form disables the days outside', async () => {
    open(make('datePicker', '日期'));
    await pick('开始时间', '2024-05-10');
    await pick('结束时间', '2024-05-20');
    expect(latest.startTime).toBe(new Date(2024, 4, 10).getTime());
    // the end covers its whole day
    expect(latest.endTime).toBe(new Date(2024, 4, 20, 23, 59, 59, 999).getTime());
    expect(screen.queryByText('开始时间晚于结束时间，表单中此字段只读')).toBeNull();

    const { container } = formOf({
      ...latest,
      __config__: { ...latest.__config__, defaultValue: new Date(2024, 4, 15).getTime() },
    });
    const input = container.querySelector('input')!;
    fireEvent.mouseDown(input);
    fireEvent.click(input);
    await screen.findAllByTitle('2024-05-15');
    // the panel's own pickers left their dropdowns in the page: the form's is the last one
    const cell = (day: string) => [...document.querySelectorAll(`td[title="${day}"]`)].at(-1)!;
    expect(cell('2024-05-09').className).toContain('ant-picker-cell-disabled');
    expect(cell('2024-05-10').className).not.toContain('ant-picker-cell-disabled');
    expect(cell('2024-05-20').className).not.toContain('ant-picker-cell-disabled');
    expect(cell('2024-05-21').className).toContain('ant-picker-cell-disabled');
  });

  it('a start after the end: the panel warns and the form picker is read-only', async () => {
    const crossed = {
      ...make('datePicker', '日期'),
      startTime: new Date(2024, 4, 20).getTime(),
      endTime: new Date(2024, 4, 10).getTime(),
    };
    open(crossed);
    expect(screen.getByText('开始时间晚于结束时间，表单中此字段只读')).toBeTruthy();
    const { container } = formOf(crossed);
    const input = container.querySelector('input')!;
    expect(input.readOnly).toBe(true);
    fireEvent.mouseDown(input);
    fireEvent.click(input);
    expect(document.querySelector('.ant-picker-dropdown td')).toBeNull();
  });

  it('a time: the whole day by default; the panel narrows it, and the form disables the hours outside', async () => {
    const time = make('timePicker', '时间');
    expect(time).toMatchObject({ startTime: '00:00:00', endTime: '23:59:59' });
    open(time);
    expect((screen.getByLabelText('开始时间') as HTMLInputElement).value).toBe('00:00:00');
    expect((screen.getByLabelText('结束时间') as HTMLInputElement).value).toBe('23:59:59');
    await pick('开始时间', '09:00:00');
    await pick('结束时间', '17:30:00');
    expect(latest).toMatchObject({ startTime: '09:00:00', endTime: '17:30:00' });

    const { container } = formOf(latest);
    const input = container.querySelector('input')!;
    fireEvent.mouseDown(input);
    fireEvent.click(input);
    await screen.findAllByText('08');
    const dropdown = [...document.querySelectorAll('.ant-picker-dropdown')].at(-1)!;
    const hour = (h: number) => dropdown.querySelector('.ant-picker-time-panel-column')!.querySelectorAll('li')[h]!;
    expect(hour(8).className).toContain('ant-picker-time-panel-cell-disabled');
    expect(hour(9).className).not.toContain('ant-picker-time-panel-cell-disabled');
    expect(hour(18).className).toContain('ant-picker-time-panel-cell-disabled');
  });
});

describe('slider and multi-line text', () => {
  it('a slider: show stops, drawn as dots in the form', async () => {
    open({ ...make('slider', '进度'), step: 25 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: '显示间断点' }));
    expect(latest.showStops).toBe(true);
    const { container } = formOf(latest);
    expect(container.querySelectorAll('.ant-slider-dot').length).toBe(5);
  });

  it('a slider: 范围选择 turns the default into a pair edited end by end, and back into its low end', async () => {
    open({ ...make('slider', '区间'), __config__: { ...make('slider', '区间').__config__, defaultValue: 30 } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: '范围选择' }));
    expect(latest.range).toBe(true);
    expect(latest.__config__.defaultValue).toEqual([30, 30]);
    const end = screen.getByLabelText('结束值');
    await user.clear(end);
    expect(latest.__config__.defaultValue).toBeNull();
    await user.type(end, '70');
    expect(latest.__config__.defaultValue).toEqual([30, 70]);
    const start = screen.getByLabelText('起始值');
    await user.clear(start);
    await user.type(start, '80');
    // past the end: no default until it is in order
    expect(latest.__config__.defaultValue).toBeNull();
    await user.clear(start);
    await user.type(start, '20');
    expect(latest.__config__.defaultValue).toEqual([20, 70]);
    // the form starts at the default pair, two handles
    const { unmount } = formOf(latest);
    expect(screen.getAllByRole('slider').map((h) => h.getAttribute('aria-valuenow'))).toEqual(['20', '70']);
    unmount();
    await user.click(screen.getByRole('switch', { name: '范围选择' }));
    expect(latest.range).toBe(false);
    expect(latest.__config__.defaultValue).toBe(20);
  });

  it('a multi-line text: its rows and its word count, honoured by the form', async () => {
    open({ ...make('textarea', '说明'), maxlength: 200 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: '显示字数统计' }));
    expect(latest.showWordLimit).toBe(true);
    const min = screen.getByLabelText('最小行数');
    await user.clear(min);
    await user.type(min, '6');
    expect(latest.autosize).toEqual({ minRows: 6, maxRows: 6 });
    const { container } = formOf(latest);
    expect(container.querySelector('textarea')!.getAttribute('rows')).toBe('6');
    expect(container.querySelector('.ant-input-data-count')?.textContent).toBe('0 / 200');
  });
});

describe('bounds by rules', () => {
  const dated = (vModel: string, label: string, formId: number, config: Record<string, unknown> = {}): FieldConfig => {
    const base = createField('datePicker', formId, zhFieldTexts(label, { auto: '', on: '', off: '' }));
    return { ...base, __vModel__: vModel, __config__: { ...base.__config__, formId, ...config } };
  };

  function RulesHarness({ initial, others }: { initial: FieldConfig; others: FieldConfig[] }) {
    const [field, setField] = useState(initial);
    return (
      <FieldProperties
        field={field}
        fields={[...others, field]}
        onChange={(next) => {
          latest = next;
          setField(next);
        }}
      />
    );
  }

  /** opens an antd select of the panel and clicks one of its options */
  async function choose(label: string, option: string) {
    const user = userEvent.setup();
    await user.click(screen.getByLabelText(label));
    const items = await screen.findAllByTitle(option);
    await user.click(items.at(-1)!);
  }

  it('the panel offers the kinds; a field bound lists the other date fields, a count from now its units', async () => {
    mockApi();
    const own = dated('finish', '结束日期', 3);
    latest = own;
    const text = { ...make('input', '备注'), __vModel__: 'note' };
    const table = {
      ...make('table', '明细'),
      __vModel__: 'rows',
      __config__: { ...make('table', '明细').__config__, formId: 9, children: [dated('day', '日期', 10)] },
    };
    renderAdmin(<RulesHarness initial={own} others={[dated('begin', '开始日期', 2), text, table]} />);
    await choose('开始时间类型', '表单字段');
    expect(latest.__config__).toMatchObject({ startTimeRule: true, startTimeType: 2, startRelationField: '' });
    expect(screen.queryByLabelText('开始时间')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('开始时间关联字段'));
    // the main form's other date field; not a text field, not itself, not a column of a sub-table
    expect(await screen.findByTitle('开始日期')).toBeTruthy();
    expect(screen.queryByTitle('备注')).toBeNull();
    expect(screen.queryByTitle('结束日期')).toBeNull();
    expect(screen.queryByTitle('明细-日期')).toBeNull();
    await user.click(screen.getByTitle('开始日期'));
    expect(latest.__config__.startRelationField).toBe('begin');

    await choose('结束时间类型', '当前时间后');
    expect(latest.__config__).toMatchObject({ endTimeRule: true, endTimeType: 5, endTimeValue: 1, endTimeTarget: 1 });
    const count = screen.getByLabelText('结束时间数值');
    await user.clear(count);
    await user.type(count, '3');
    await choose('结束时间单位', '日');
    expect(latest.__config__).toMatchObject({ endTimeValue: 3, endTimeTarget: 3 });
    // back to a fixed bound: the rule is off again
    await choose('结束时间类型', '特定时间');
    expect(latest.__config__.endTimeRule).toBe(false);
    expect(screen.getByLabelText('结束时间')).toBeTruthy();
  });

  it('a sub-table column may follow a column of its own row or a main field', async () => {
    mockApi();
    const column = dated('arrive', '到达', 11);
    latest = column;
    const tableOf = (children: FieldConfig[]) => ({
      ...make('table', '行程'),
      __vModel__: 'legs',
      __config__: { ...make('table', '行程').__config__, formId: 9, children },
    });
    function Harness() {
      const [field, setField] = useState(column);
      return (
        <FieldProperties
          field={field}
          fields={[dated('to', '结束日期', 2), tableOf([dated('depart', '出发', 10), field])]}
          onChange={(next) => {
            latest = next;
            setField(next);
          }}
        />
      );
    }
    renderAdmin(<Harness />);
    await choose('开始时间类型', '表单字段');
    await choose('开始时间关联字段', '行程-出发');
    expect(latest.__config__.startRelationField).toBe('legs-depart');
    expect(screen.getAllByTitle('结束日期').length).toBeGreaterThan(0);
  });

  it('a time counts hours, minutes and seconds from now', async () => {
    open(make('timePicker', '时间'));
    await choose('开始时间类型', '当前时间前');
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('开始时间单位'));
    for (const unit of ['时', '分', '秒']) expect((await screen.findAllByTitle(unit)).length).toBeGreaterThan(0);
  });

  function boundForm(fields: FieldConfig[], initial: Record<string, unknown>) {
    let instance: FormInstance | undefined;
    function FormOf() {
      const [form] = Form.useForm();
      instance = form;
      return (
        <FormRenderer formData={{ fields, labelWidth: 100, gutter: 0 }} form={form} record={initial} name="rules" />
      );
    }
    const view = render(<FormOf />);
    return { ...view, form: () => instance! };
  }

  const dayCell = (day: string) => [...document.querySelectorAll(`td[title="${day}"]`)].at(-1)!;
  async function openPicker(input: HTMLInputElement, day: string) {
    fireEvent.mouseDown(input);
    fireEvent.click(input);
    await screen.findAllByTitle(day);
  }

  it('the form disables the days before the field a bound follows, follows its changes and flags a value left outside', async () => {
    const begin = dated('begin', '开始日期', 2);
    const finish = dated('finish', '结束日期', 3, {
      startTimeRule: true,
      startTimeType: 2,
      startRelationField: 'begin',
    });
    const { container, form } = boundForm([begin, finish], {
      begin: new Date(2024, 4, 10).getTime(),
      finish: new Date(2024, 4, 11).getTime(),
    });
    const finishInput = container.querySelector<HTMLInputElement>('#rules_finish')!;
    await openPicker(finishInput, '2024-05-11');
    expect(dayCell('2024-05-09').className).toContain('ant-picker-cell-disabled');
    expect(dayCell('2024-05-10').className).not.toContain('ant-picker-cell-disabled');
    // the followed field moves past the value: the picker follows, and the value is flagged
    await act(async () => {
      form().setFieldValue('begin', new Date(2024, 4, 12).getTime());
    });
    await act(async () => {
      await form()
        .validateFields()
        .catch(() => undefined);
    });
    expect(await screen.findByText('结束日期不在可选的范围内')).toBeTruthy();
    await openPicker(finishInput, '2024-05-11');
    expect(dayCell('2024-05-11').className).toContain('ant-picker-cell-disabled');
    expect(dayCell('2024-05-12').className).not.toContain('ant-picker-cell-disabled');
  });

  it('a sub-table cell before the cell of its row it follows, or after a main field, is flagged', async () => {
    const base = make('table', '行程');
    const legs: FieldConfig = {
      ...base,
      __vModel__: 'legs',
      __config__: {
        ...base.__config__,
        formId: 9,
        children: [
          dated('depart', '出发', 10),
          dated('arrive', '到达', 11, {
            startTimeRule: true,
            startTimeType: 2,
            startRelationField: 'legs-depart',
            endTimeRule: true,
            endTimeType: 2,
            endRelationField: 'to',
          }),
        ],
      },
    };
    const day = (d: number) => new Date(2024, 4, d).getTime();
    const { form } = boundForm([dated('to', '结束日期', 2), legs], {
      to: day(20),
      legs: [{ depart: day(10), arrive: day(12) }],
    });
    const check = async () =>
      act(async () => {
        await form()
          .validateFields()
          .catch(() => undefined);
      });
    // the message names the table, the row and the column (in the interface language)
    const legsError = () => form().getFieldError('legs').join();
    await check();
    expect(legsError()).toBe('');
    await act(async () => form().setFieldValue('legs', [{ depart: day(10), arrive: day(9) }]));
    await check();
    expect(legsError()).toMatch(/行程.*1.*到达/);
    await act(async () => form().setFieldValue('legs', [{ depart: day(10), arrive: day(21) }]));
    await check();
    expect(legsError()).toMatch(/行程.*1.*到达/);
  });

  it('the form disables the days before a count from now (the clock set)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2024, 4, 15, 10));
    try {
      const field = dated('visit', '回访日期', 4, {
        startTimeRule: true,
        startTimeType: 4,
        startTimeTarget: 3,
        startTimeValue: 2,
      });
      const { container } = boundForm([field], { visit: new Date(2024, 4, 20).getTime() });
      await openPicker(container.querySelector<HTMLInputElement>('#rules_visit')!, '2024-05-20');
      expect(dayCell('2024-05-12').className).toContain('ant-picker-cell-disabled');
      expect(dayCell('2024-05-13').className).not.toContain('ant-picker-cell-disabled');
    } finally {
      vi.useRealTimers();
    }
  });
});
