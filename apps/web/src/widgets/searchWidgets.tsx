// The search controls of a list (columnData.searchList), giving the value the list's queryJson carries
// (contract: searchType 1 equal value, 2 fuzzy text, 3 range [from, to]). Each widget's registry entry names
// its control (SearchWidget.tsx picks it); a text box for the rest.
import { isDirectoryPickerKey, type FieldConfig, type SearchItem } from '@jnpf/core';
import { DatePicker, Input, InputNumber, Select, Space, TimePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { AreaCascader } from './areaWidget';
import { pickerOf } from './inputWidgets';
import { MixedPicker } from './mixedPicker';
import { withOptions, type ChoiceProps } from './options';
import { FieldPicker } from './pickerWidgets';
import { widgetTexts } from './texts';
import { CascaderWidget } from './treeWidgets';
import type { SearchControlProps } from './types';
import {
  choiceValue,
  dateFormatOf,
  dateUnitOf,
  fromDateValue,
  fromTimeValue,
  switchValues,
  TIME_VALUE_FORMAT,
  toDateValue,
  toTimeValue,
} from './values';

export interface SearchWidgetProps {
  item: SearchItem;
  /** the field is masked for this user: the server matches only its whole value */
  exact?: boolean;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

/** A search item is the field spread with search keys; older items may lack the field's own config. */
export function fieldOfSearchItem(item: SearchItem): FieldConfig {
  const field = item as unknown as FieldConfig;
  return field.__config__
    ? field
    : { ...field, __vModel__: item.prop, __config__: { jnpfKey: item.jnpfKey, label: item.label, formId: 0 } };
}

const isRange = (item: SearchItem) => item.searchType === 3;
const pair = (value: unknown): [unknown, unknown] =>
  Array.isArray(value) ? [value[0] ?? null, value[1] ?? null] : [null, null];
const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export function NumberSearch({ item, id, value, onChange }: SearchControlProps) {
  const t = widgetTexts.useText();
  if (!isRange(item))
    return (
      <InputNumber<number>
        id={id}
        style={{ width: '100%' }}
        value={numberOrNull(value)}
        onChange={(next) => onChange?.(next ?? null)}
        placeholder={item.label}
      />
    );
  const [from, to] = pair(value);
  const set = (index: 0 | 1, next: number | null) => {
    const range = [numberOrNull(from), numberOrNull(to)];
    range[index] = next;
    onChange?.(range[0] === null && range[1] === null ? null : range);
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <InputNumber<number>
        id={id}
        style={{ width: '50%' }}
        value={numberOrNull(from)}
        onChange={(next) => set(0, next ?? null)}
        placeholder={t('rangeStart')}
      />
      <InputNumber<number>
        style={{ width: '50%' }}
        value={numberOrNull(to)}
        onChange={(next) => set(1, next ?? null)}
        placeholder={t('rangeEnd')}
        aria-label={`${item.label} ${t('rangeEnd')}`}
      />
    </Space.Compact>
  );
}

export function DateSearch({ item, field, id, value, onChange }: SearchControlProps) {
  const t = widgetTexts.useText();
  const format = dateFormatOf({ format: field.format, type: field.type ?? 'datetime' });
  const { picker, showTime } = pickerOf(format);
  if (!isRange(item))
    return (
      <DatePicker
        id={id}
        style={{ width: '100%' }}
        picker={picker}
        showTime={showTime}
        format={format}
        value={fromDateValue(value)}
        onChange={(date: Dayjs | null) => onChange?.(toDateValue(date, format))}
      />
    );
  const [from, to] = pair(value);
  const unit = dateUnitOf(format);
  return (
    <DatePicker.RangePicker
      id={id}
      style={{ width: '100%' }}
      picker={picker}
      showTime={showTime}
      format={format}
      placeholder={[t('rangeStart'), t('rangeEnd')]}
      value={[fromDateValue(from), fromDateValue(to)]}
      // the end covers its whole day (or month …): "to 2024-05-01" includes that day
      onChange={(dates) =>
        onChange?.(dates?.[0] && dates[1] ? [toDateValue(dates[0], format), dates[1].endOf(unit).valueOf()] : null)
      }
    />
  );
}

export function TimeSearch({ item, field, id, value, onChange }: SearchControlProps) {
  const t = widgetTexts.useText();
  const format = field.format || TIME_VALUE_FORMAT;
  if (!isRange(item))
    return (
      <TimePicker
        id={id}
        style={{ width: '100%' }}
        format={format}
        value={fromTimeValue(value)}
        onChange={(time: Dayjs | null) => onChange?.(toTimeValue(time))}
      />
    );
  const [from, to] = pair(value);
  return (
    <TimePicker.RangePicker
      id={id}
      style={{ width: '100%' }}
      format={format}
      placeholder={[t('rangeStart'), t('rangeEnd')]}
      value={[fromTimeValue(from), fromTimeValue(to)]}
      onChange={(times) => onChange?.(times?.[0] && times[1] ? [toTimeValue(times[0]), toTimeValue(times[1])] : null)}
    />
  );
}

export function SwitchSearch({ field, id, value, onChange }: SearchControlProps) {
  const t = widgetTexts.useText();
  const { active, inactive } = switchValues(field);
  return (
    <Select<string | number>
      id={id}
      style={{ width: '100%' }}
      allowClear
      placeholder={t('selectPlaceholder')}
      value={value === undefined || value === null || value === '' ? undefined : (value as string | number)}
      onChange={(next) => onChange?.(next ?? null)}
      options={[
        { value: active, label: field.activeTxt || t('switchOn') },
        { value: inactive, label: field.inactiveTxt || t('switchOff') },
      ]}
    />
  );
}

function ChoiceSearchControl({ item, id, value, onChange, options, optionsLoading }: SearchControlProps & ChoiceProps) {
  const t = widgetTexts.useText();
  const multiple = Boolean(item.searchMultiple);
  const current = choiceValue(value, multiple);
  return (
    <Select<string | string[]>
      id={id}
      style={{ width: '100%' }}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('selectPlaceholder')}
      loading={optionsLoading}
      value={current}
      onChange={(next) => onChange?.(Array.isArray(next) ? (next.length ? next : null) : (next ?? null))}
      options={options}
    />
  );
}

export const ChoiceSearch = withOptions<SearchControlProps>(ChoiceSearchControl);

/**
 * an organisation, user … equal to the one picked (or one of those picked, with searchMultiple), with the field's
 * own picker: in custom mode only the entries the field permits
 */
export function DirectorySearch({ item, field, id, value, onChange }: SearchControlProps) {
  const t = widgetTexts.useText();
  if (!isDirectoryPickerKey(item.jnpfKey)) return null;
  const multiple = Boolean(item.searchMultiple);
  return (
    <FieldPicker
      field={field}
      id={id}
      multiple={multiple}
      value={Array.isArray(value) ? value.map(String) : value ? String(value) : undefined}
      placeholder={t('selectPlaceholder')}
      onChange={(next) => onChange?.(Array.isArray(next) ? (next.length ? next : null) : next || null)}
    />
  );
}

/** the field as its search control shows it: one value, or several with searchMultiple; never disabled */
function useSearchField(item: SearchItem, field: FieldConfig): FieldConfig {
  const t = widgetTexts.useText();
  const multiple = Boolean(item.searchMultiple);
  const placeholder = t('selectPlaceholder');
  return useMemo(
    () => ({ ...field, multiple, disabled: false, clearable: true, placeholder }),
    [field, multiple, placeholder],
  );
}

/** a picked path, or list of them, as the queryJson carries it: none when nothing is picked */
const pathsOrNull = (next: unknown) => (Array.isArray(next) && next.length ? next : null);

/**
 * a cascader: the path of options picked, at any level (the records whose path is it or lies below it), or
 * several paths with searchMultiple
 */
export function CascaderSearch({ item, field, id, value, onChange }: SearchControlProps) {
  const base = useSearchField(item, field);
  // any option may be picked, not only a leaf
  const shown = useMemo(
    () => ({ ...base, props: { label: 'fullName', value: 'id', ...base.props, checkStrictly: true } }),
    [base],
  );
  return <CascaderWidget field={shown} id={id} value={value} onChange={(next) => onChange?.(pathsOrNull(next))} />;
}

/** an area field: a province, city … (the records in it), or several with searchMultiple */
export function AreaSearch({ item, field, id, value, onChange }: SearchControlProps) {
  const shown = useSearchField(item, field);
  return (
    <AreaCascader field={shown} id={id} anyLevel value={value} onChange={(next) => onChange?.(pathsOrNull(next))} />
  );
}

/** the mixed picker: the records holding the user, department, role … picked (or one of those picked) */
export function MixedPickerSearch({ item, field, id, value, onChange }: SearchControlProps) {
  const shown = useSearchField(item, field);
  return (
    <MixedPicker
      field={shown}
      id={id}
      value={value}
      onChange={(next) => onChange?.(Array.isArray(next) ? (next.length ? next : null) : next || null)}
    />
  );
}

export function TextSearch({ item, exact, id, value, onChange }: SearchControlProps) {
  const t = widgetTexts.useText();
  return (
    <Input
      id={id}
      allowClear
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange?.(event.target.value)}
      placeholder={exact ? t('wholeValuePlaceholder', { label: item.label }) : `${t('inputPlaceholder')}${item.label}`}
    />
  );
}
