// The input widgets (INPUT_KEYS): antd controls that take and give the contract's raw values.
// Texts come from widgetTexts.text, not a hook: a form has hundreds of widgets, and the form renderer builds
// them again when the language changes.
import {
  Checkbox,
  ColorPicker,
  DatePicker,
  Input,
  InputNumber,
  Radio,
  Rate,
  Select,
  Slider,
  Space,
  Switch,
  TimePicker,
} from 'antd';
import { isRangeSlider, resolveDateBounds, resolveTimeBounds, sliderPair, type BoundContext } from '@jnpf/core';
import type { Dayjs } from 'dayjs';
import styles from './Choices.module.css';
import { withOptions, type ChoiceProps } from './options';
import { widgetTexts } from './texts';
import type { InputWidgetProps } from './types';
import { usePickerBoundContext } from './pickerBounds';
import {
  choiceValue,
  dateFormatOf,
  dateUnitOf,
  fromDateValue,
  fromTimeValue,
  switchValues,
  TIME_DAY_END,
  TIME_DAY_START,
  TIME_VALUE_FORMAT,
  toDateValue,
  toTimeValue,
  colorText,
} from './values';

const asText = (value: unknown): string => (value === undefined || value === null ? '' : String(value));
const asNumber = (value: unknown): number | null => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
};
const asStrings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
// undefined, not false, when not disabled: the form's own disabled state (formData.disabled) then applies
const isOff = (field: InputWidgetProps['field'], disabled?: boolean) => (disabled || field.disabled ? true : undefined);

/** what a one-line and a multi-line text box share: the text, its prompt, its length limit and counter */
const textProps = ({ field, id, value, onChange, disabled }: InputWidgetProps) => ({
  id,
  value: asText(value),
  onChange: (event: { target: { value: string } }) => onChange?.(event.target.value),
  placeholder: field.placeholder ?? widgetTexts.text('inputPlaceholder'),
  maxLength: field.maxlength || undefined,
  showCount: Boolean(field.showWordLimit && field.maxlength),
  readOnly: Boolean(field.readonly),
  disabled: isOff(field, disabled),
});

/** a design's prefix or suffix text, or null */
const addonOf = (text: unknown): string | null => (typeof text === 'string' && text ? text : null);

export function InputWidget(props: InputWidgetProps) {
  const input = <Input {...textProps(props)} allowClear={Boolean(props.field.clearable)} />;
  const before = addonOf(props.field.addonBefore);
  const after = addonOf(props.field.addonAfter);
  if (!before && !after) return input;
  return (
    <Space.Compact style={{ width: '100%' }}>
      {before && <Space.Addon>{before}</Space.Addon>}
      {input}
      {after && <Space.Addon>{after}</Space.Addon>}
    </Space.Compact>
  );
}

export function TextareaWidget(props: InputWidgetProps) {
  const { minRows = 4, maxRows = minRows } = props.field.autosize ?? {};
  return (
    <Input.TextArea
      {...textProps(props)}
      // a fixed height needs no measuring (autoSize measures every textarea as it mounts)
      rows={minRows}
      autoSize={maxRows > minRows ? { minRows, maxRows } : false}
    />
  );
}

export function InputNumberWidget({ field, id, value, onChange, disabled }: InputWidgetProps) {
  const t = widgetTexts.text;
  return (
    <InputNumber<number>
      id={id}
      style={{ width: '100%' }}
      value={asNumber(value)}
      onChange={(next) => onChange?.(next ?? null)}
      min={field.min}
      max={field.max}
      step={field.step}
      precision={field.precision ?? undefined}
      placeholder={field.placeholder ?? t('inputPlaceholder')}
      readOnly={Boolean(field.readonly)}
      disabled={isOff(field, disabled)}
    />
  );
}

export function SwitchWidget({ field, id, value, onChange, disabled }: InputWidgetProps) {
  const { active, inactive } = switchValues(field);
  return (
    <Switch
      id={id}
      checked={value !== undefined && value !== null && String(value) === String(active)}
      onChange={(checked) => onChange?.(checked ? active : inactive)}
      checkedChildren={field.activeTxt || undefined}
      unCheckedChildren={field.inactiveTxt || undefined}
      disabled={isOff(field, disabled)}
    />
  );
}

type ChoiceWidgetProps = InputWidgetProps & ChoiceProps;

/** under a radio or checkbox group listing part of an interface's options: says so (it cannot search) */
function PartialNote({ remote }: { remote: ChoiceProps['remote'] }) {
  if (!remote || remote.total <= remote.shown) return null;
  return (
    <div role="alert" className={styles.partial}>
      {widgetTexts.text('optionsTooMany', { total: remote.total, shown: remote.shown })}
    </div>
  );
}

function RadioControl({ field, id, value, onChange, disabled, options, remote }: ChoiceWidgetProps) {
  return (
    <>
      <Radio.Group
        id={id}
        value={value === undefined || value === null ? undefined : String(value)}
        onChange={(event) => onChange?.(String(event.target.value))}
        options={options}
        optionType={field.optionType === 'button' ? 'button' : 'default'}
        disabled={isOff(field, disabled)}
      />
      <PartialNote remote={remote} />
    </>
  );
}

function CheckboxControl({ field, id, value, onChange, disabled, options, remote }: ChoiceWidgetProps) {
  return (
    <div id={id} role="group">
      <Checkbox.Group
        value={asStrings(value)}
        onChange={(checked) => onChange?.(checked.map(String))}
        options={options}
        disabled={isOff(field, disabled)}
      />
      <PartialNote remote={remote} />
    </div>
  );
}

function SelectControl({ field, id, value, onChange, disabled, options, optionsLoading, remote }: ChoiceWidgetProps) {
  const t = widgetTexts.text;
  const multiple = Boolean(field.multiple);
  // options that are part of an interface's rows: the typed text searches the interface, not the page listed
  const search = remote
    ? { filterOption: false as const, onSearch: remote.onSearch }
    : field.filterable
      ? { optionFilterProp: 'label' }
      : false;
  return (
    <Select<string | string[]>
      id={id}
      style={{ width: '100%' }}
      mode={multiple ? 'multiple' : undefined}
      value={choiceValue(value, multiple)}
      // an emptied single select gives '' (as the reference's), a multiple one []
      onChange={(next) => onChange?.(next ?? (multiple ? [] : ''))}
      options={options}
      loading={optionsLoading}
      allowClear={Boolean(field.clearable)}
      showSearch={search}
      popupRender={
        remote
          ? (menu) => (
              <>
                {menu}
                {remote.total > remote.shown && (
                  <div className={styles.more}>{t('optionsMore', { shown: remote.shown, total: remote.total })}</div>
                )}
              </>
            )
          : undefined
      }
      placeholder={field.placeholder ?? t('selectPlaceholder')}
      disabled={isOff(field, disabled)}
    />
  );
}

export const RadioWidget = withOptions<InputWidgetProps>(RadioControl);
export const CheckboxWidget = withOptions<InputWidgetProps>(CheckboxControl);
export const SelectWidget = withOptions<InputWidgetProps>(SelectControl);

/** The antd picker that shows a format: years, months, dates, or dates with a time. */
export function pickerOf(format: string): { picker: 'year' | 'month' | 'date'; showTime: boolean } {
  const unit = dateUnitOf(format);
  if (unit === 'year') return { picker: 'year', showTime: false };
  if (unit === 'month') return { picker: 'month', showTime: false };
  return { picker: 'date', showTime: unit === 'hour' || unit === 'minute' || unit === 'second' };
}

/** a time of day as [hour, minute, second] */
type Clock = readonly [number, number, number];
const clockOf = (time: Dayjs): Clock => [time.hour(), time.minute(), time.second()];
const upTo = (n: number) => Array.from({ length: n }, (_, i) => i);
const beyond = (n: number, size: number) => Array.from({ length: Math.max(size - n - 1, 0) }, (_, i) => n + 1 + i);

/**
 * The hours, minutes and seconds a time panel disables so that no time before `low` or after `high` (either
 * may be absent) can be picked.
 */
function clockLimits(low: Clock | null, high: Clock | null) {
  return {
    disabledHours: () => [...(low ? upTo(low[0]) : []), ...(high ? beyond(high[0], 24) : [])],
    disabledMinutes: (hour: number) => [
      ...(low && hour === low[0] ? upTo(low[1]) : []),
      ...(high && hour === high[0] ? beyond(high[1], 60) : []),
    ],
    disabledSeconds: (hour: number, minute: number) => [
      ...(low && hour === low[0] && minute === low[1] ? upTo(low[2]) : []),
      ...(high && hour === high[0] && minute === high[1] ? beyond(high[2], 60) : []),
    ],
  };
}

/** the bounds of a date field (epoch ms, either absent), fixed or by its rules, for now and the form's values */
function dateBoundsOf(field: InputWidgetProps['field'], context: BoundContext) {
  const { start, end } = resolveDateBounds(field, context);
  return { start: fromDateValue(start), end: fromDateValue(end) };
}

/** the bounds of a time field ("HH:mm:ss"): the whole day unless the design (its rules) narrows it */
function timeBoundsOf(field: InputWidgetProps['field'], context: BoundContext) {
  const { start, end } = resolveTimeBounds(field, context);
  return {
    start: fromTimeValue(start) ?? fromTimeValue(TIME_DAY_START)!,
    end: fromTimeValue(end) ?? fromTimeValue(TIME_DAY_END)!,
  };
}

/**
 * Dates outside the field's startTime / endTime cannot be picked: a cell (a year, a month, a day) is disabled
 * when it lies wholly outside; with a time, the times before the start or after the end on their days too.
 */
function dateLimitsOf(
  { start, end }: ReturnType<typeof dateBoundsOf>,
  picker: 'year' | 'month' | 'date',
  showTime: boolean,
) {
  if (!start && !end) return {};
  const unit = picker === 'date' ? 'day' : picker;
  return {
    disabledDate: (date: Dayjs) =>
      Boolean((start && date.endOf(unit).isBefore(start)) || (end && date.startOf(unit).isAfter(end))),
    disabledTime: showTime
      ? (date: Dayjs | null) =>
          clockLimits(
            start && date?.isSame(start, 'day') ? clockOf(start) : null,
            end && date?.isSame(end, 'day') ? clockOf(end) : null,
          )
      : undefined,
  };
}

/**
 * a read-only picker does not open and cannot be cleared; so is one whose start lies after its end (it has nothing
 * to pick)
 */
const readOnlyPicker = { open: false, inputReadOnly: true, allowClear: false } as const;

export function DatePickerWidget({ field, id, value, onChange, disabled }: InputWidgetProps) {
  const t = widgetTexts.text;
  const format = dateFormatOf(field);
  const { picker, showTime } = pickerOf(format);
  const bounds = dateBoundsOf(field, usePickerBoundContext(field));
  const { start, end } = bounds;
  return (
    <DatePicker
      id={id}
      style={{ width: '100%' }}
      picker={picker}
      showTime={showTime}
      format={format}
      value={fromDateValue(value)}
      onChange={(date: Dayjs | null) => onChange?.(toDateValue(date, format))}
      {...dateLimitsOf(bounds, picker, showTime)}
      allowClear={field.clearable !== false}
      placeholder={field.placeholder ?? t('selectPlaceholder')}
      disabled={isOff(field, disabled)}
      {...(field.readonly || (start && end && start.isAfter(end)) ? readOnlyPicker : {})}
    />
  );
}

export function TimePickerWidget({ field, id, value, onChange, disabled }: InputWidgetProps) {
  const t = widgetTexts.text;
  const { start, end } = timeBoundsOf(field, usePickerBoundContext(field));
  return (
    <TimePicker
      id={id}
      style={{ width: '100%' }}
      format={field.format || TIME_VALUE_FORMAT}
      value={fromTimeValue(value)}
      onChange={(time: Dayjs | null) => onChange?.(toTimeValue(time, field.format))}
      disabledTime={() => clockLimits(clockOf(start), clockOf(end))}
      allowClear={field.clearable !== false}
      placeholder={field.placeholder ?? t('selectPlaceholder')}
      disabled={isOff(field, disabled)}
      {...(field.readonly || start.isAfter(end) ? readOnlyPicker : {})}
    />
  );
}

export function ColorPickerWidget({ field, id, value, onChange, disabled }: InputWidgetProps) {
  const rgb = field.colorFormat === 'rgb' || Boolean(field.showAlpha);
  return (
    <span id={id}>
      <ColorPicker
        value={asText(value) || undefined}
        onChange={(color) => onChange?.(colorText(color, rgb, Boolean(field.showAlpha)))}
        onClear={() => onChange?.('')}
        allowClear
        showText
        disabledAlpha={!field.showAlpha}
        disabled={isOff(field, disabled)}
      />
    </span>
  );
}

export function RateWidget({ field, id, value, onChange, disabled }: InputWidgetProps) {
  return (
    <Rate
      id={id}
      value={asNumber(value) ?? 0}
      onChange={(next) => onChange?.(next)}
      count={typeof field.count === 'number' ? field.count : (field.max ?? 5)}
      allowHalf={Boolean(field.allowHalf)}
      disabled={isOff(field, disabled) || Boolean(field.readonly)}
    />
  );
}

/**
 * A slider: one number, or with `range` a pair [low, high]; a range with no value yet shows its handles at both
 * bounds and gives a pair at the first move.
 */
export function SliderWidget({ field, id, value, onChange, disabled }: InputWidgetProps) {
  const min = field.min ?? 0;
  const max = field.max ?? 100;
  const common = {
    min,
    max,
    step: field.step ?? 1,
    dots: Boolean(field.showStops),
    disabled: isOff(field, disabled),
  };
  return (
    <div id={id} style={{ width: '100%' }}>
      {isRangeSlider(field) ? (
        <Slider
          {...common}
          range
          value={sliderPair(value) ?? [min, max]}
          onChange={(next: number[]) => onChange?.([...next])}
        />
      ) : (
        <Slider {...common} value={asNumber(value) ?? min} onChange={(next: number) => onChange?.(next)} />
      )}
    </div>
  );
}

/** The bill number: given by the server on the first save, read-only, "系统自动生成" until then. */
export function BillRuleWidget({ id, value }: InputWidgetProps) {
  const t = widgetTexts.text;
  return <Input id={id} value={asText(value)} placeholder={t('autoGenerated')} readOnly />;
}
