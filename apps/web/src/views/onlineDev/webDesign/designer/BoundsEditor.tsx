// The bounds of a date or a time picker, and the rows of a multi-line text: what the form lets be picked lies between startTime and endTime. A date
// bound is epoch ms, the start cut to the start of what the format shows and the end stretched to its end (an
// end day of 2024-05-31 takes any time that day); a time bound is "HH:mm:ss", the whole day by default. A start
// after the end leaves nothing to pick: the form shows the field read-only, and the panel says so.
import { type FieldConfig } from '@jnpf/core';
import { Alert, DatePicker, Form, InputNumber, TimePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import {
  dateFormatOf,
  dateUnitOf,
  fromDateValue,
  fromTimeValue,
  pickerOf,
  TIME_DAY_END,
  TIME_DAY_START,
  TIME_VALUE_FORMAT,
  toDateValue,
  toTimeValue,
} from '../../../../widgets';
import { designerTexts } from './texts';

const FULL = { width: '100%' } as const;

function Crossed() {
  const t = designerTexts.useText();
  return <Alert type="warning" showIcon title={t('boundsCrossed')} />;
}

export function DateBoundsEditor({ field, onChange }: { field: FieldConfig; onChange: (field: FieldConfig) => void }) {
  const t = designerTexts.useText();
  const format = dateFormatOf(field);
  const { picker, showTime } = pickerOf(format);
  const start = fromDateValue(field.startTime);
  const end = fromDateValue(field.endTime);
  const common = { style: FULL, picker, showTime, format } as const;
  return (
    <>
      <Form.Item label={t('startTime')} htmlFor="prop-startTime">
        <DatePicker
          id="prop-startTime"
          {...common}
          value={start}
          onChange={(date: Dayjs | null) => onChange({ ...field, startTime: toDateValue(date, format) })}
        />
      </Form.Item>
      <Form.Item label={t('endTime')} htmlFor="prop-endTime">
        <DatePicker
          id="prop-endTime"
          {...common}
          value={end}
          onChange={(date: Dayjs | null) =>
            onChange({ ...field, endTime: date ? date.endOf(dateUnitOf(format)).valueOf() : null })
          }
        />
      </Form.Item>
      {start && end && start.isAfter(end) && <Crossed />}
    </>
  );
}

export function TimeBoundsEditor({ field, onChange }: { field: FieldConfig; onChange: (field: FieldConfig) => void }) {
  const t = designerTexts.useText();
  const format = field.format || TIME_VALUE_FORMAT;
  const start = fromTimeValue(field.startTime) ?? fromTimeValue(TIME_DAY_START)!;
  const end = fromTimeValue(field.endTime) ?? fromTimeValue(TIME_DAY_END)!;
  return (
    <>
      <Form.Item label={t('startTime')} htmlFor="prop-startTime">
        <TimePicker
          id="prop-startTime"
          style={FULL}
          format={format}
          allowClear={false}
          value={start}
          onChange={(time: Dayjs | null) => onChange({ ...field, startTime: toTimeValue(time) ?? TIME_DAY_START })}
        />
      </Form.Item>
      <Form.Item label={t('endTime')} htmlFor="prop-endTime">
        <TimePicker
          id="prop-endTime"
          style={FULL}
          format={format}
          allowClear={false}
          value={end}
          // an end of "HH:mm" covers its whole minute
          onChange={(time: Dayjs | null) =>
            onChange({
              ...field,
              endTime: time ? toTimeValue(format.includes('s') ? time : time.second(59)) : TIME_DAY_END,
            })
          }
        />
      </Form.Item>
      {start.isAfter(end) && <Crossed />}
    </>
  );
}

/** a multi-line text's rows: the fewest it shows and the most it grows to (autosize) */
export function TextRowsEditor({ field, onChange }: { field: FieldConfig; onChange: (field: FieldConfig) => void }) {
  const t = designerTexts.useText();
  const { minRows = 4, maxRows = minRows } = field.autosize ?? {};
  const set = (next: { minRows: number; maxRows: number }) => onChange({ ...field, autosize: next });
  return (
    <>
      <Form.Item label={t('minRows')} htmlFor="prop-minRows">
        <InputNumber
          id="prop-minRows"
          style={FULL}
          min={1}
          max={50}
          precision={0}
          value={minRows}
          onChange={(n: number | null) => {
            const rows = n ?? 4;
            set({ minRows: rows, maxRows: Math.max(rows, maxRows) });
          }}
        />
      </Form.Item>
      <Form.Item label={t('maxRows')} htmlFor="prop-maxRows">
        <InputNumber
          id="prop-maxRows"
          style={FULL}
          min={minRows}
          max={50}
          precision={0}
          value={maxRows}
          onChange={(n: number | null) => set({ minRows, maxRows: Math.max(n ?? minRows, minRows) })}
        />
      </Form.Item>
    </>
  );
}
