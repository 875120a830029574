// The default value of a field, edited with the control its widget's entry names (design.defaultEditor) and stored in the form a record carries
// its value in: text as strings, numbers as numbers, switch as its on/off value, several choices as an array, a
// date as epoch milliseconds and a time as "HH:mm:ss".
import { toDayjsFormat, type FieldConfig } from '@jnpf/core';
import { DatePicker, Input, InputNumber, Select, Switch, TimePicker } from 'antd';
import dayjs from 'dayjs';
import { widgetOf } from '../../../../widgets';
import { useFieldChoices } from './fieldOptions';
import { timeOfDay } from './timeOfDay';

const ID = 'prop-defaultValue';
const FULL = { width: '100%' };

function ChoiceDefault({
  field,
  always,
  onChange,
}: {
  field: FieldConfig;
  /** always a list (checkbox), else when the field takes several */
  always: boolean;
  onChange: (value: unknown) => void;
}) {
  const choices = useFieldChoices(field);
  const value = field.__config__.defaultValue;
  const many = always || !!field.multiple;
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

const editorOf = (field: FieldConfig) => widgetOf(field.__config__.jnpfKey)?.design.defaultEditor;

/**
 * true when the field's widget has a default value editor: every input widget but the bill number the server
 * assigns, the pickers, trees, rich text and files (they start empty)
 */
export function hasDefaultValue(field: FieldConfig): boolean {
  return editorOf(field) !== undefined;
}

export function DefaultValueEditor({ field, onChange }: { field: FieldConfig; onChange: (value: unknown) => void }) {
  const value = field.__config__.defaultValue;
  const editor = editorOf(field);
  switch (editor) {
    case 'text':
      return (
        <Input
          id={ID}
          allowClear
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'number':
    case 'numberOrZero':
      return (
        <InputNumber
          id={ID}
          style={FULL}
          min={field.min}
          max={field.max}
          step={field.step}
          value={typeof value === 'number' ? value : null}
          onChange={(next: number | null) => onChange(next ?? (editor === 'number' ? null : 0))}
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
    case 'choice':
    case 'choices':
      return <ChoiceDefault field={field} always={editor === 'choices'} onChange={onChange} />;
    case 'date':
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
    case 'time':
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
