// The bounds of a date and a time picker, a slider's stops and a multi-line text's rows and counter: the panel
// writes the keys (startTime / endTime, showStops, autosize, showWordLimit) and the form honours them — dates
// and times outside the bounds are disabled, a start after the end leaves the picker read-only.
import type { FieldConfig, OnlineFieldKey } from '@jnpf/core';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
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
