// The bounds of a date or a time picker, and the rows of a multi-line text: what the form lets be picked lies
// between a start and an end. Each bound is of a kind, as in the reference: a fixed time (startTime / endTime; a date
// bound is epoch ms, the start cut to the start of what the format shows and the end stretched to its end, a time
// bound "HH:mm:ss"), another date or time field of the form, the moment the form is filled in, or some units before
// or after it. A kind other than the fixed one is a rule in the field's config (startTimeRule, startTimeType,
// startTimeTarget, startTimeValue, startRelationField; the same for end). A fixed start after the fixed end leaves
// nothing to pick: the form shows the field read-only, and the panel says so.
import { BOUND_TYPES, isSubTableKey, type FieldConfig } from '@jnpf/core';
import { Alert, DatePicker, InputNumber, Select, TimePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
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
import { designerTexts, type DesignerText } from './texts';
import { PanelItem } from '../../../../widgets/panel/PanelItem';

const FULL = { width: '100%' } as const;

type Side = 'start' | 'end';
type Kind = 'date' | 'time';

interface BoundsEditorProps {
  field: FieldConfig;
  /** every field of the form: a bound may follow another date (time) field */
  fields: readonly FieldConfig[];
  onChange: (field: FieldConfig) => void;
}

function Crossed() {
  const t = designerTexts.useText();
  return <Alert type="warning" showIcon title={t('boundsCrossed')} />;
}

/** the kind of a bound: a rule's type when its rule is on, else fixed */
function boundTypeOf(field: FieldConfig, side: Side): number {
  const config = field.__config__;
  return config[`${side}TimeRule`] === true
    ? Number(config[`${side}TimeType`]) || BOUND_TYPES.fixed
    : BOUND_TYPES.fixed;
}

/** a bound of another kind: a fixed one is startTime (endTime) as before rules; the others are rules */
function withBoundType(field: FieldConfig, side: Side, kind: Kind, type: number): FieldConfig {
  const counted = type === BOUND_TYPES.beforeNow || type === BOUND_TYPES.afterNow;
  const config = {
    ...field.__config__,
    [`${side}TimeRule`]: type !== BOUND_TYPES.fixed,
    [`${side}TimeType`]: type,
    [`${side}TimeTarget`]: 1,
    [`${side}TimeValue`]: counted ? 1 : null,
    [`${side}RelationField`]: '',
  };
  const fixed = kind === 'time' ? (side === 'start' ? TIME_DAY_START : TIME_DAY_END) : null;
  return { ...field, __config__: config, [`${side}Time`]: fixed };
}

/**
 * The fields a bound may follow: the form's other fields of the same widget; a sub-table column may also follow
 * a column of its own table ("table-column", the same row), a main field never a column.
 */
export function boundRelationChoices(fields: readonly FieldConfig[], self: FieldConfig) {
  const key = self.__config__.jnpfKey;
  const found: { field: FieldConfig; table?: FieldConfig }[] = [];
  const walk = (list: readonly FieldConfig[], table?: FieldConfig) => {
    for (const item of list) {
      const config = item.__config__;
      if (isSubTableKey(config.jnpfKey)) {
        walk(config.children ?? [], item);
        continue;
      }
      if (item.__vModel__ && config.jnpfKey === key) found.push({ field: item, table });
      if (config.children) walk(config.children, table);
    }
  };
  walk(fields);
  const ownTable = found.find((f) => f.field.__config__.formId === self.__config__.formId)?.table;
  return found
    .filter(({ field, table }) => field.__config__.formId !== self.__config__.formId && (!table || table === ownTable))
    .map(({ field, table }) =>
      table
        ? {
            value: `${table.__vModel__}-${field.__vModel__}`,
            label: `${table.__config__.label}-${field.__config__.label}`,
          }
        : { value: field.__vModel__, label: field.__config__.label },
    );
}

const typeOptions = (t: DesignerText) => [
  { value: BOUND_TYPES.fixed, label: t('boundFixed') },
  { value: BOUND_TYPES.field, label: t('boundField') },
  { value: BOUND_TYPES.now, label: t('boundNow') },
  { value: BOUND_TYPES.beforeNow, label: t('boundBefore') },
  { value: BOUND_TYPES.afterNow, label: t('boundAfter') },
];

/** the units a count from now is in: years, months, days for a date; hours, minutes (seconds) for a time */
const unitOptions = (t: DesignerText, kind: Kind, format: string) =>
  kind === 'date'
    ? [
        { value: 1, label: t('unitYear') },
        { value: 2, label: t('unitMonth') },
        { value: 3, label: t('unitDay') },
      ]
    : [
        { value: 1, label: t('unitHour') },
        { value: 2, label: t('unitMinute') },
        ...(format.includes('s') ? [{ value: 3, label: t('unitSecond') }] : []),
      ];

/** one bound: its kind, then what that kind needs (the fixed picker, the field, the count and unit) */
function BoundEditor({
  side,
  kind,
  format,
  field,
  fields,
  onChange,
  fixed,
}: BoundsEditorProps & { side: Side; kind: Kind; format: string; fixed: ReactNode }) {
  const t = designerTexts.useText();
  const config = field.__config__;
  const type = boundTypeOf(field, side);
  const setConfig = (patch: Record<string, unknown>) =>
    onChange({ ...field, __config__: { ...field.__config__, ...patch } });
  const id = (suffix: string) => `prop-${side}${suffix}`;
  return (
    <>
      <PanelItem label={t(`${side}TimeType`)} htmlFor={id('TimeType')}>
        <Select
          id={id('TimeType')}
          value={type}
          options={typeOptions(t)}
          onChange={(next: number) => onChange(withBoundType(field, side, kind, next))}
        />
      </PanelItem>
      {type === BOUND_TYPES.fixed && fixed}
      {type === BOUND_TYPES.field && (
        <PanelItem label={t(`${side}RelationField`)} htmlFor={id('RelationField')}>
          <Select
            id={id('RelationField')}
            value={(config[`${side}RelationField`] as string) || undefined}
            placeholder={t('boundRelationPlaceholder')}
            options={boundRelationChoices(fields, field)}
            onChange={(relation: string) => setConfig({ [`${side}RelationField`]: relation })}
          />
        </PanelItem>
      )}
      {(type === BOUND_TYPES.beforeNow || type === BOUND_TYPES.afterNow) && (
        <>
          <PanelItem label={t(`${side}TimeValue`)} htmlFor={id('TimeValue')}>
            <InputNumber
              id={id('TimeValue')}
              style={FULL}
              min={1}
              precision={0}
              value={Number(config[`${side}TimeValue`]) || 1}
              onChange={(n: number | null) => setConfig({ [`${side}TimeValue`]: n ?? 1 })}
            />
          </PanelItem>
          <PanelItem label={t(`${side}TimeTarget`)} htmlFor={id('TimeTarget')}>
            <Select
              id={id('TimeTarget')}
              value={Number(config[`${side}TimeTarget`]) || 1}
              options={unitOptions(t, kind, format)}
              onChange={(target: number) => setConfig({ [`${side}TimeTarget`]: target })}
            />
          </PanelItem>
        </>
      )}
    </>
  );
}

/** the fixed value of a bound: the rule's value (a design from the reference), else startTime (endTime) */
const fixedValueOf = (field: FieldConfig, side: Side): unknown =>
  field.__config__[`${side}TimeRule`] === true
    ? (field.__config__[`${side}TimeValue`] ?? field[`${side}Time`])
    : field[`${side}Time`];

/** a fixed bound written as designs without rules keep it */
const withFixed = (field: FieldConfig, side: Side, value: unknown): FieldConfig => ({
  ...field,
  __config__: { ...field.__config__, [`${side}TimeRule`]: false, [`${side}TimeValue`]: null },
  [`${side}Time`]: value,
});

export function DateBoundsEditor({ field, fields, onChange }: BoundsEditorProps) {
  const t = designerTexts.useText();
  const format = dateFormatOf(field);
  const { picker, showTime } = pickerOf(format);
  const start = fromDateValue(fixedValueOf(field, 'start'));
  const end = fromDateValue(fixedValueOf(field, 'end'));
  const common = { style: FULL, picker, showTime, format } as const;
  const both = boundTypeOf(field, 'start') === BOUND_TYPES.fixed && boundTypeOf(field, 'end') === BOUND_TYPES.fixed;
  const shared = { kind: 'date' as const, format, field, fields, onChange };
  return (
    <>
      <BoundEditor
        side="start"
        {...shared}
        fixed={
          <PanelItem label={t('startTime')} htmlFor="prop-startTime">
            <DatePicker
              id="prop-startTime"
              {...common}
              value={start}
              onChange={(date: Dayjs | null) => onChange(withFixed(field, 'start', toDateValue(date, format)))}
            />
          </PanelItem>
        }
      />
      <BoundEditor
        side="end"
        {...shared}
        fixed={
          <PanelItem label={t('endTime')} htmlFor="prop-endTime">
            <DatePicker
              id="prop-endTime"
              {...common}
              value={end}
              onChange={(date: Dayjs | null) =>
                onChange(withFixed(field, 'end', date ? date.endOf(dateUnitOf(format)).valueOf() : null))
              }
            />
          </PanelItem>
        }
      />
      {both && start && end && start.isAfter(end) && <Crossed />}
    </>
  );
}

export function TimeBoundsEditor({ field, fields, onChange }: BoundsEditorProps) {
  const t = designerTexts.useText();
  const format = field.format || TIME_VALUE_FORMAT;
  const start = fromTimeValue(fixedValueOf(field, 'start')) ?? fromTimeValue(TIME_DAY_START)!;
  const end = fromTimeValue(fixedValueOf(field, 'end')) ?? fromTimeValue(TIME_DAY_END)!;
  const both = boundTypeOf(field, 'start') === BOUND_TYPES.fixed && boundTypeOf(field, 'end') === BOUND_TYPES.fixed;
  const shared = { kind: 'time' as const, format, field, fields, onChange };
  return (
    <>
      <BoundEditor
        side="start"
        {...shared}
        fixed={
          <PanelItem label={t('startTime')} htmlFor="prop-startTime">
            <TimePicker
              id="prop-startTime"
              style={FULL}
              format={format}
              allowClear={false}
              value={start}
              onChange={(time: Dayjs | null) =>
                onChange(withFixed(field, 'start', toTimeValue(time) ?? TIME_DAY_START))
              }
            />
          </PanelItem>
        }
      />
      <BoundEditor
        side="end"
        {...shared}
        fixed={
          <PanelItem label={t('endTime')} htmlFor="prop-endTime">
            <TimePicker
              id="prop-endTime"
              style={FULL}
              format={format}
              allowClear={false}
              value={end}
              // an end of "HH:mm" covers its whole minute
              onChange={(time: Dayjs | null) =>
                onChange(
                  withFixed(
                    field,
                    'end',
                    time ? toTimeValue(format.includes('s') ? time : time.second(59)) : TIME_DAY_END,
                  ),
                )
              }
            />
          </PanelItem>
        }
      />
      {both && start.isAfter(end) && <Crossed />}
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
      <PanelItem label={t('minRows')} htmlFor="prop-minRows">
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
      </PanelItem>
      <PanelItem label={t('maxRows')} htmlFor="prop-maxRows">
        <InputNumber
          id="prop-maxRows"
          style={FULL}
          min={minRows}
          max={50}
          precision={0}
          value={maxRows}
          onChange={(n: number | null) => set({ minRows, maxRows: Math.max(n ?? minRows, minRows) })}
        />
      </PanelItem>
    </>
  );
}
