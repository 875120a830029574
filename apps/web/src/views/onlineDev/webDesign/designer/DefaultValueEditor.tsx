// The default value of a field, edited with a control of the field's kind and stored in the form a record carries
// its value in: text as strings, numbers as numbers, switch as its on/off value, several choices as an array, a
// date as epoch milliseconds and a time as "HH:mm:ss".
import { INPUT_KEYS, isDirectoryPickerKey, toDayjsFormat, type FieldConfig } from '@jnpf/core';
import { DatePicker, Input, InputNumber, Select, Switch, TimePicker } from 'antd';
import dayjs from 'dayjs';
import { useFieldChoices } from './fieldOptions';
import { timeOfDay } from './timeOfDay';

const ID = 'prop-defaultValue';
const FULL = { width: '100%' };

function ChoiceDefault({ field, onChange }: { field: FieldConfig; onChange: (value: unknown) => void }) {
  const choices = useFieldChoices(field);
  const value = field.__config__.defaultValue;
  const many = field.__config__.jnpfKey === 'checkbox' || !!field.multiple;
  return (
    <Select
      id={ID}
      style={FULL}
      allowClear
      mode={many ? 'multiple' : undefined}
      options={choices}
      value={many ? (Array.isArray(value) ? value : []) : (value as string) || undefined}
      onChange={(next: string | string[] | undefined) => onChange(many ? (next ?? []) : (next ?? ''))}
    />
  );
}

/** true when the key has a default value editor: every input widget but the bill number the server assigns */
export function hasDefaultValue(field: FieldConfig): boolean {
  const key = field.__config__.jnpfKey;
  // numbers come from their rule; pickers start empty
  // rich text starts empty
  return (
    key !== 'billRule' &&
    key !== 'editor' &&
    key !== 'uploadFile' &&
    key !== 'cascader' &&
    key !== 'treeSelect' &&
    key !== 'uploadImg' &&
    !isDirectoryPickerKey(key) &&
    (INPUT_KEYS as readonly string[]).includes(key)
  );
}

export function DefaultValueEditor({ field, onChange }: { field: FieldConfig; onChange: (value: unknown) => void }) {
  const value = field.__config__.defaultValue;
  switch (field.__config__.jnpfKey) {
    case 'input':
    case 'textarea':
    case 'colorPicker':
      return (
        <Input
          id={ID}
          allowClear
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'inputNumber':
    case 'rate':
    case 'slider':
      return (
        <InputNumber
          id={ID}
          style={FULL}
          min={field.min}
          max={field.max}
          step={field.step}
          value={typeof value === 'number' ? value : null}
          onChange={(next: number | null) => onChange(next ?? (field.__config__.jnpfKey === 'inputNumber' ? null : 0))}
        />
      );
    case 'switch':
      return (
        <Switch
          id={ID}
          checked={value === field.activeValue}
          onChange={(checked) => onChange(checked ? field.activeValue : field.inactiveValue)}
        />
      );
    case 'radio':
    case 'checkbox':
    case 'select':
      return <ChoiceDefault field={field} onChange={onChange} />;
    case 'datePicker':
      return (
        <DatePicker
          id={ID}
          style={FULL}
          showTime={field.type === 'datetime'}
          format={toDayjsFormat(field.format)}
          value={typeof value === 'number' ? dayjs(value) : null}
          onChange={(next) => onChange(next ? next.valueOf() : null)}
        />
      );
    case 'timePicker':
      return (
        <TimePicker
          id={ID}
          style={FULL}
          format={field.format || 'HH:mm:ss'}
          value={timeOfDay(value)}
          onChange={(next) => onChange(next ? next.format('HH:mm:ss') : '')}
        />
      );
    default:
      return null;
  }
}
