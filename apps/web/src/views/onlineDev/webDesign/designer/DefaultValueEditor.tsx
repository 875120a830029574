// The default value of a field, edited with the control its widget's entry names (design.defaultEditor) and stored in the form a record carries
// its value in: text as strings, numbers as numbers, switch as its on/off value, several choices as an array, a
// date as epoch milliseconds and a time as "HH:mm:ss", a picker's pick as its ids (a mixed picker's "id--kind"
// entries), one or with `multiple` a list.
import {
  isMixedPickerKey,
  isRangeSlider,
  isUserPickerKey,
  sliderPair,
  SYSTEM_USER_ID,
  toDayjsFormat,
  type FieldConfig,
} from '@jnpf/core';
import { Checkbox, DatePicker, Input, InputNumber, Select, Space, Switch, TimePicker } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { widgetOf } from '../../../../widgets';
import { CURRENT_USER_ENTRY } from '../../../../widgets/entries/startValues';
import { MixedPicker } from '../../../../widgets/mixedPicker';
import { FieldPicker } from '../../../../widgets/pickerWidgets';
import { useFieldChoices } from './fieldOptions';
import { designerTexts } from './texts';
import { timeOfDay } from './timeOfDay';

const ID = 'prop-defaultValue';
const FULL = { width: '100%' };
const STACK = { display: 'flex', flexDirection: 'column', gap: 8 } as const;

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

const entriesOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string' && v !== '')
    : typeof value === 'string' && value
      ? [value]
      : [];

/**
 * A picker's default, picked with the field's own picker in the field's mode (its custom choices limit it as they
 * limit the form). The user and mixed pickers add "current user": the user picker's system variable
 * (SYSTEM_USER_ID), the mixed picker's user entry of it (CURRENT_USER_ENTRY); a new record starts with the
 * signed-in user in its place. Checked, it replaces a single pick or joins several; unchecked, it leaves them.
 */
function PickerDefault({ field, onChange }: { field: FieldConfig; onChange: (value: unknown) => void }) {
  const t = designerTexts.useText();
  const key = field.__config__.jnpfKey;
  const multiple = field.multiple === true;
  const entries = entriesOf(field.__config__.defaultValue);
  const value = multiple ? entries : (entries[0] ?? '');
  // the designer's copy: enabled and clearable whatever the form field is
  const picking = useMemo<FieldConfig>(() => ({ ...field, disabled: false, clearable: true }), [field]);
  const current = isUserPickerKey(key) ? SYSTEM_USER_ID : isMixedPickerKey(key) ? CURRENT_USER_ENTRY : null;
  const emit = (next: unknown) => onChange(multiple ? entriesOf(next) : (entriesOf(next)[0] ?? ''));
  const picker = isMixedPickerKey(key) ? (
    <MixedPicker field={picking} id={ID} value={value} onChange={emit} />
  ) : (
    <FieldPicker field={picking} id={ID} multiple={multiple} value={value} onChange={emit} clearable />
  );
  if (!current) return picker;
  const setCurrent = (on: boolean) => {
    const others = entries.filter((e) => e !== current);
    emit(on ? (multiple ? [current, ...others] : current) : others);
  };
  return (
    <div style={STACK}>
      {picker}
      <Checkbox
        id="prop-default-current-user"
        checked={entries.includes(current)}
        onChange={(event) => setCurrent(event.target.checked)}
      >
        {t('defaultCurrentUser')}
      </Checkbox>
    </div>
  );
}

/**
 * A cascader's or area's default, picked with the field's own control (its options, levels and `multiple`),
 * enabled and clearable whatever the form field is.
 */
function PathDefault({ field, onChange }: { field: FieldConfig; onChange: (value: unknown) => void }) {
  const picking = useMemo<FieldConfig>(() => ({ ...field, disabled: false, clearable: true }), [field]);
  const entry = widgetOf(field.__config__.jnpfKey);
  if (entry?.kind !== 'input') return null;
  const { Component } = entry;
  const value = field.__config__.defaultValue;
  return (
    <Component
      field={picking}
      id={ID}
      value={Array.isArray(value) ? value : []}
      onChange={(next) => onChange(Array.isArray(next) ? next : [])}
    />
  );
}

/**
 * A range slider's default: its start and its end. Only a whole pair in order is stored; while an end is empty or
 * the start is past the end the default is none, and the two boxes keep what was typed.
 */
function RangeDefault({ field, onChange }: { field: FieldConfig; onChange: (value: unknown) => void }) {
  const t = designerTexts.useText();
  const stored = sliderPair(field.__config__.defaultValue);
  const [ends, setEnds] = useState<[number | null, number | null]>(stored ?? [null, null]);
  // a pair set elsewhere (range switched on) shows here
  const [low, high] = stored ?? [];
  useEffect(() => {
    if (low !== undefined && high !== undefined) setEnds([low, high]);
  }, [low, high]);
  const set = (end: 0 | 1, next: number | null) => {
    const typed: [number | null, number | null] = [...ends];
    typed[end] = next;
    setEnds(typed);
    const [a, b] = typed;
    onChange(a !== null && b !== null && a <= b ? [a, b] : null);
  };
  const input = (end: 0 | 1, label: string) => (
    <InputNumber
      id={end === 0 ? ID : `${ID}-end`}
      aria-label={label}
      placeholder={label}
      style={{ width: '50%' }}
      min={field.min ?? 0}
      max={field.max ?? 100}
      step={field.step}
      value={ends[end]}
      onChange={(next: number | null) => set(end, next)}
    />
  );
  return (
    <Space.Compact style={FULL}>
      {input(0, t('defaultRangeStart'))}
      {input(1, t('defaultRangeEnd'))}
    </Space.Compact>
  );
}

const editorOf = (field: FieldConfig) => widgetOf(field.__config__.jnpfKey)?.design.defaultEditor;

/**
 * true when the field's widget has a default value editor: every input widget but the bill number the server
 * assigns, trees, rich text and files (they start empty)
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
      if (isRangeSlider(field)) return <RangeDefault field={field} onChange={onChange} />;
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
    case 'picker':
      return <PickerDefault field={field} onChange={onChange} />;
    case 'path':
      return <PathDefault field={field} onChange={onChange} />;
    default:
      return null;
  }
}
