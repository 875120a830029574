// The property panel of the selected field: what every field has (label, record key, span), then what its
// widget's registry entry declares (placeholder; its own properties — lengths and ranges, options, date and
// time formats, switch texts and values, number rule, content of layout items, a picker's choices —; pattern
// checks, uniqueness),
// and the default and required. A sub-table has its
// title, add button text, a required first row and its total row; its columns have no span and are not unique.
// A tab's pane, a collapse's panel or a table grid's cell has its own panel (ContainerPartPanel).
import {
  dataFields,
  fieldsWithColumns,
  areaLevelOf,
  isContainerPartKey,
  isSystemKey,
  isValueKey,
  type FieldConfig,
  type FieldConfigMeta,
} from '@jnpf/core';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Empty, Form, Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import type { ReactNode } from 'react';
import {
  ContainerPartPanel,
  widgetOf,
  type PropLabel,
  type PropSpec,
  type SharedProps,
  type WidgetDesign,
} from '../../../../widgets';
import { webDesignApi, webDesignKeys } from '../api';
import { BillRuleSelector } from './BillRuleSelector';
import { DateBoundsEditor, TextRowsEditor, TimeBoundsEditor } from './BoundsEditor';
import { DefaultValueEditor, hasDefaultValue } from './DefaultValueEditor';
import { ExpressionEditor } from './ExpressionEditor';
import { MaskEditor } from './MaskEditor';
import { findField, isSubTable, locate, summableColumns, withSliderRange } from './model';
import { OptionsEditor } from './OptionsEditor';
import { PickerScopeEditor } from './PickerScopeEditor';
import {
  PopupAttrEditor,
  PopupColumnsEditor,
  PopupDialogEditor,
  PopupInterfaceEditor,
  PopupPagingEditor,
} from './PopupEditors';
import { RegListEditor } from './RegListEditor';
import { ColumnPlacementProps, SubTableExtras } from './SubTableDesign';
import { designerTexts } from './texts';
import { VMODEL_PATTERN } from './validate';
import { PanelItem } from '../../../../widgets/panel/PanelItem';

const DATE_FORMATS = {
  date: ['yyyy-MM-dd', 'yyyy-MM', 'yyyy'],
  datetime: ['yyyy-MM-dd HH:mm:ss', 'yyyy-MM-dd HH:mm'],
} as const;
const TIME_FORMATS = ['HH:mm:ss', 'HH:mm'];
/** a design a key this version does not know gets: its label and nothing of its own */
const UNKNOWN_DESIGN: WidgetDesign = { group: 'inputGroup', create: () => ({}) };

/** a labelled property whose label points at the control with `id` */
function Prop({
  label,
  id,
  children,
  help,
  extra,
}: {
  label: string;
  id: string;
  children: ReactNode;
  help?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <PanelItem label={label} htmlFor={id} help={help} extra={extra}>
      {children}
    </PanelItem>
  );
}

/** the kinds a file field may take as a whole (the rest are extensions) */
const MIME_WILDCARDS = ['image/*', 'video/*', 'audio/*'];

/** where an item shows: the web form reads pc; app is kept for mobile clients of the same design */
const VISIBILITY_OPTIONS = [
  { label: 'PC', value: 'pc' },
  { label: 'APP', value: 'app' },
];

/** a switch property */
function Flag({
  label,
  id,
  checked,
  onChange,
  extra,
}: {
  label: string;
  id: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  extra?: ReactNode;
}) {
  return (
    <Prop label={label} id={id} extra={extra}>
      <Switch id={id} checked={checked} onChange={onChange} />
    </Prop>
  );
}

/** the shared switches the widget honours (its registry entry says which), in the reference's order */
function SharedFlags({
  shared,
  field,
  onChange,
}: {
  shared: SharedProps | undefined;
  field: FieldConfig;
  onChange: (field: FieldConfig) => void;
}) {
  const t = designerTexts.useText();
  if (!shared) return null;
  return (
    <>
      {shared.clearable && (
        <Flag
          label={t('clearable')}
          id="prop-clearable"
          checked={shared.clearable === 'byDefault' ? field.clearable !== false : field.clearable === true}
          onChange={(clearable) => onChange({ ...field, clearable })}
        />
      )}
      {shared.readonly && (
        <Flag
          label={t('readonly')}
          id="prop-readonly"
          checked={field.readonly === true}
          onChange={(readonly) => onChange({ ...field, readonly })}
        />
      )}
      {shared.disabled && (
        <Flag
          label={t('disabled')}
          id="prop-disabled"
          checked={field.disabled === true}
          onChange={(disabled) => onChange({ ...field, disabled })}
        />
      )}
    </>
  );
}

/**
 * the properties of a sub-table: its title, the add button's text, the total row and what it sums, then its
 * headers, buttons and select-data dialog
 */
function SubTableProps({
  field,
  fields,
  onChange,
}: {
  field: FieldConfig;
  fields: readonly FieldConfig[];
  onChange: (field: FieldConfig) => void;
}) {
  const t = designerTexts.useText();
  const config = field.__config__;
  const setConfig = (patch: Partial<FieldConfigMeta>) => onChange({ ...field, __config__: { ...config, ...patch } });
  const summable = summableColumns(field);
  const summed = (config.summaryField ?? []).filter((vModel) => summable.some((c) => c.__vModel__ === vModel));
  return (
    <>
      <Flag
        label={t('showTitle')}
        id="prop-showTitle"
        checked={config.showTitle !== false}
        onChange={(showTitle) => setConfig({ showTitle })}
      />
      <Prop label={t('actionText')} id="prop-actionText">
        <Input
          id="prop-actionText"
          value={field.actionText ?? ''}
          onChange={(e) => onChange({ ...field, actionText: e.target.value })}
        />
      </Prop>
      <Flag
        label={t('showSummary')}
        id="prop-showSummary"
        checked={!!config.showSummary}
        onChange={(showSummary) => setConfig({ showSummary })}
      />
      {config.showSummary && (
        <Prop label={t('summaryField')} id="prop-summaryField">
          <Select
            id="prop-summaryField"
            mode="multiple"
            allowClear
            placeholder={t('choose')}
            value={summed}
            options={summable.map((c) => ({ value: c.__vModel__, label: c.__config__.label || c.__vModel__ }))}
            onChange={(summaryField: string[]) => setConfig({ summaryField })}
          />
        </Prop>
      )}
      <SubTableExtras field={field} fields={fields} onChange={onChange} />
    </>
  );
}

/** a number property; empty clears it */
function NumberProp({
  label,
  id,
  value,
  onChange,
  min,
  max,
  precision,
}: {
  label: string;
  id: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  min?: number;
  max?: number;
  precision?: number;
}) {
  return (
    <Prop label={label} id={id}>
      <InputNumber
        id={id}
        style={{ width: '100%' }}
        min={min}
        max={max}
        precision={precision}
        value={value ?? null}
        onChange={(next: number | null) => onChange(next ?? undefined)}
      />
    </Prop>
  );
}

function BillRuleSelect({ value, onChange }: { value: string; onChange: (rule: string) => void }) {
  const rules = useQuery({ queryKey: [...webDesignKeys.all, 'billRules'], queryFn: webDesignApi.billRules });
  return <BillRuleSelector id="prop-rule" value={value} rules={rules.data ?? []} onChange={onChange} />;
}

/** a switch value typed as text: numeric text is stored as a number (the contract's default 1/0) */
function switchValue(text: string): number | string {
  return /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text;
}

/** a plain property of the widget, edited with the control its kind says */
function PlainProp({
  spec,
  field,
  onChange,
}: {
  spec: Exclude<PropSpec, { kind: 'panel' }>;
  field: FieldConfig;
  onChange: (field: FieldConfig) => void;
}) {
  const t = designerTexts.useText();
  const label = (text: PropLabel) => t(text);
  const setProps = (patch: Partial<FieldConfig>) => onChange({ ...field, ...patch });
  switch (spec.kind) {
    case 'text':
      return (
        <Prop label={label(spec.label)} id={spec.id}>
          <Input
            id={spec.id}
            value={String(field[spec.prop] ?? '')}
            onChange={(e) => setProps({ [spec.prop]: e.target.value })}
          />
        </Prop>
      );
    case 'longText':
      return (
        <Prop label={label(spec.label)} id={spec.id}>
          <Input.TextArea
            id={spec.id}
            autoSize={{ minRows: 1, maxRows: 6 }}
            value={field[spec.prop] ?? ''}
            onChange={(e) => setProps({ [spec.prop]: e.target.value })}
          />
        </Prop>
      );
    case 'number':
      return (
        <NumberProp
          label={label(spec.label)}
          id={spec.id}
          min={spec.min}
          max={spec.max}
          precision={spec.precision}
          value={field[spec.prop]}
          onChange={(value) => setProps({ [spec.prop]: value ?? spec.fallback })}
        />
      );
    case 'flag':
      return (
        <Flag
          label={label(spec.label)}
          id={spec.id}
          checked={spec.defaultOn ? field[spec.prop] !== false : field[spec.prop] === true}
          onChange={(value) => setProps({ [spec.prop]: value })}
        />
      );
    case 'contentPosition':
      return (
        <PanelItem label={t('contentPosition')}>
          <Radio.Group
            aria-label={t('contentPosition')}
            value={field.contentPosition ?? spec.fallback}
            onChange={(e) => setProps({ contentPosition: e.target.value as 'left' | 'center' | 'right' })}
            options={[
              { value: 'left', label: t('positionLeft') },
              { value: 'center', label: t('positionCenter') },
              { value: 'right', label: t('positionRight') },
            ]}
          />
        </PanelItem>
      );
    case 'sliderRange':
      return (
        <Flag
          label={t('sliderRange')}
          id="prop-range"
          checked={field.range === true}
          onChange={(range) => onChange(withSliderRange(field, range))}
        />
      );
    case 'multiple':
      return (
        <Flag
          label={t('multiple')}
          id="prop-multiple"
          checked={!!field.multiple}
          onChange={(multiple) =>
            onChange({
              ...field,
              multiple,
              __config__: { ...field.__config__, defaultValue: multiple || spec.listDefault ? [] : '' },
            })
          }
        />
      );
  }
}

/** one property of the widget's own part of the panel, as its registry entry declares it */
function WidgetProp({
  spec,
  field,
  fields,
  onChange,
}: {
  spec: PropSpec;
  field: FieldConfig;
  /** every field of the form: a data interface's parameters may be bound to them */
  fields: readonly FieldConfig[];
  onChange: (field: FieldConfig) => void;
}) {
  const t = designerTexts.useText();
  const config = field.__config__;
  const setProps = (patch: Partial<FieldConfig>) => onChange({ ...field, ...patch });
  if (spec.kind !== 'panel') return <PlainProp spec={spec} field={field} onChange={onChange} />;
  switch (spec.panel) {
    case 'subTable':
      return <SubTableProps field={field} fields={fields} onChange={onChange} />;
    case 'popupInterface':
      return <PopupInterfaceEditor field={field} fields={fields} onChange={onChange} />;
    case 'autoCompleteInterface':
      return <PopupInterfaceEditor field={field} fields={fields} onChange={onChange} storesText />;
    case 'popupColumns':
      return <PopupColumnsEditor field={field} onChange={onChange} />;
    case 'popupPaging':
      return <PopupPagingEditor field={field} onChange={onChange} />;
    case 'popupDialog':
      return <PopupDialogEditor field={field} onChange={onChange} />;
    case 'popupAttr':
      return <PopupAttrEditor field={field} fields={fields} onChange={onChange} />;
    case 'expression':
      return <ExpressionEditor field={field} fields={fields} onChange={onChange} />;
    case 'pickerScope':
      return <PickerScopeEditor field={field} onChange={onChange} />;
    case 'mask':
      return <MaskEditor field={field} onChange={onChange} />;
    case 'options':
      return <OptionsEditor field={field} fields={fields} onChange={onChange} />;
    case 'checkStrictly':
      return (
        <Flag
          label={t('checkStrictly')}
          id="prop-check-strictly"
          checked={field.props?.checkStrictly === true}
          onChange={(checkStrictly) =>
            setProps({ props: { label: 'fullName', value: 'id', ...field.props, checkStrictly } })
          }
        />
      );
    case 'uploadLimits':
      return (
        <>
          <Prop label={t('uploadLimit')} id="prop-limit">
            <InputNumber
              id="prop-limit"
              min={0}
              max={100}
              precision={0}
              value={typeof field.limit === 'number' ? field.limit : 0}
              onChange={(limit) => setProps({ limit: limit ?? 0 })}
            />
          </Prop>
          <Prop label={t('uploadSize')} id="prop-file-size">
            <Space.Compact>
              <InputNumber
                id="prop-file-size"
                min={1}
                max={1024}
                precision={0}
                value={typeof field.fileSize === 'number' ? field.fileSize : 10}
                onChange={(fileSize) => setProps({ fileSize: fileSize ?? 10 })}
              />
              <Select
                aria-label={t('uploadUnit')}
                value={field.sizeUnit ?? 'MB'}
                onChange={(sizeUnit: 'KB' | 'MB' | 'GB') => setProps({ sizeUnit })}
                options={['KB', 'MB', 'GB'].map((unit) => ({ value: unit, label: unit }))}
              />
            </Space.Compact>
          </Prop>
        </>
      );
    case 'uploadStorage': {
      // the reference's storage options, sent with each uploaded file; a user folder and a name only for a custom path
      const own = field.pathType === 'selfPath';
      return (
        <>
          <Prop label={t('uploadPathType')} id="prop-path-type" extra={t('uploadStorageHint')}>
            <Radio.Group
              id="prop-path-type"
              value={own ? 'selfPath' : 'defaultPath'}
              onChange={(e) =>
                setProps(
                  e.target.value === 'selfPath'
                    ? { pathType: 'selfPath' }
                    : { pathType: 'defaultPath', isAccount: 0, folder: '' },
                )
              }
              options={[
                { value: 'defaultPath', label: t('uploadPathDefault') },
                { value: 'selfPath', label: t('uploadPathSelf') },
              ]}
            />
          </Prop>
          {own && (
            <>
              <Flag
                label={t('uploadIsAccount')}
                id="prop-is-account"
                checked={Number(field.isAccount) === 1}
                onChange={(on) => setProps({ isAccount: on ? 1 : 0 })}
              />
              <Prop label={t('uploadFolder')} id="prop-folder">
                <Input
                  id="prop-folder"
                  maxLength={200}
                  value={typeof field.folder === 'string' ? field.folder : ''}
                  onChange={(e) => setProps({ folder: e.target.value })}
                />
              </Prop>
            </>
          )}
        </>
      );
    }
    case 'fileTypes':
      return (
        <Prop label={t('uploadAccept')} id="prop-accept">
          <Select
            id="prop-accept"
            mode="tags"
            placeholder={t('uploadAnyType')}
            value={String(field.accept ?? '')
              .split(',')
              .filter(Boolean)}
            onChange={(types: string[]) =>
              setProps({
                accept: types
                  .map((type) => type.trim().toLowerCase())
                  .map((type) => (MIME_WILDCARDS.includes(type) || type.startsWith('.') ? type : `.${type}`))
                  .join(','),
              })
            }
            options={['.pdf', '.doc', '.docx', '.xls', '.xlsx', '.txt', '.zip', ...MIME_WILDCARDS].map((type) => ({
              value: type,
              label: type,
            }))}
          />
        </Prop>
      );
    case 'areaLevel':
      return (
        <PanelItem label={t('areaLevel')} htmlFor="prop-level">
          <Select
            id="prop-level"
            value={areaLevelOf(field)}
            onChange={(level: number) => setProps({ level })}
            options={(['areaLevel0', 'areaLevel1', 'areaLevel2', 'areaLevel3'] as const).map((text, level) => ({
              value: level,
              label: t(text),
            }))}
          />
        </PanelItem>
      );
    case 'dateFormat':
      return (
        <>
          <PanelItem label={t('dateType')}>
            <Radio.Group
              aria-label={t('dateType')}
              value={field.type === 'datetime' ? 'datetime' : 'date'}
              onChange={(e) => {
                const type = e.target.value as 'date' | 'datetime';
                setProps({ type, format: DATE_FORMATS[type][0] });
              }}
              options={[
                { value: 'date', label: t('date') },
                { value: 'datetime', label: t('datetime') },
              ]}
            />
          </PanelItem>
          <Prop label={t('format')} id="prop-format">
            <Select
              id="prop-format"
              value={field.format}
              options={DATE_FORMATS[field.type === 'datetime' ? 'datetime' : 'date'].map((f) => ({
                value: f,
                label: f,
              }))}
              onChange={(format: string) => setProps({ format })}
            />
          </Prop>
        </>
      );
    case 'timeFormat':
      return (
        <Prop label={t('format')} id="prop-format">
          <Select
            id="prop-format"
            value={field.format}
            options={TIME_FORMATS.map((f) => ({ value: f, label: f }))}
            onChange={(format: string) => setProps({ format })}
          />
        </Prop>
      );
    case 'dateBounds':
      return <DateBoundsEditor field={field} fields={fields} onChange={onChange} />;
    case 'timeBounds':
      return <TimeBoundsEditor field={field} fields={fields} onChange={onChange} />;
    case 'textRows':
      return <TextRowsEditor field={field} onChange={onChange} />;
    case 'switchValues':
      return (
        <>
          <Prop label={t('activeValue')} id="prop-activeValue">
            <Input
              id="prop-activeValue"
              value={String(field.activeValue ?? '')}
              onChange={(e) => {
                const activeValue = switchValue(e.target.value);
                const wasOn = config.defaultValue === field.activeValue;
                onChange({
                  ...field,
                  activeValue,
                  __config__: { ...config, defaultValue: wasOn ? activeValue : config.defaultValue },
                });
              }}
            />
          </Prop>
          <Prop label={t('inactiveValue')} id="prop-inactiveValue">
            <Input
              id="prop-inactiveValue"
              value={String(field.inactiveValue ?? '')}
              onChange={(e) => {
                const inactiveValue = switchValue(e.target.value);
                const wasOff = config.defaultValue === field.inactiveValue;
                onChange({
                  ...field,
                  inactiveValue,
                  __config__: { ...config, defaultValue: wasOff ? inactiveValue : config.defaultValue },
                });
              }}
            />
          </Prop>
        </>
      );
    case 'billRule':
      return (
        <Prop label={t('rule')} id="prop-rule">
          <BillRuleSelect value={field.rule ?? ''} onChange={(rule) => setProps({ rule })} />
        </Prop>
      );
  }
}

export function FieldProperties({
  field,
  fields,
  onChange,
}: {
  field: FieldConfig | undefined;
  /** every field of the form, to tell a record key already in use */
  fields: readonly FieldConfig[];
  onChange: (field: FieldConfig) => void;
}) {
  const t = designerTexts.useText();
  if (!field) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noSelection')} />;

  const config = field.__config__;
  const key = config.jnpfKey;
  // a tab's pane, a collapse's panel or a table grid's cell chosen on the canvas: its own few properties
  if (isContainerPartKey(key)) return <ContainerPartPanel field={field} fields={fields} onChange={onChange} />;
  const setConfig = (patch: Partial<FieldConfigMeta>) => onChange({ ...field, __config__: { ...config, ...patch } });
  const setProps = (patch: Partial<FieldConfig>) => onChange({ ...field, ...patch });
  const design = widgetOf(key)?.design ?? UNKNOWN_DESIGN;
  const input = isValueKey(key) && !isSystemKey(key);
  const table = isSubTable(field);
  const slot = locate(fields, config.formId);
  const parent = slot?.parentId == null ? undefined : findField(fields, slot.parentId);
  /** a column of a sub-table: no span of its own, and its value repeats from row to row */
  const column = !!parent && isSubTable(parent);
  /** a field shown under its label in the form (not a sub-table's column, whose label is its header) */
  const labelled = (input || !!widgetOf(key)?.labelled) && !table && !column;

  const vModel = field.__vModel__;
  const taken = fieldsWithColumns(dataFields(fields)).some(
    (f) => f !== field && f.__config__.formId !== config.formId && f.__vModel__ === vModel,
  );
  const vModelHelp = !vModel
    ? t('problem_vModelRequired', { label: config.label })
    : !VMODEL_PATTERN.test(vModel)
      ? t('problem_vModelFormat', { label: config.label })
      : taken
        ? t('problem_vModelDuplicate', { label: config.label })
        : undefined;

  return (
    <Form component="div" layout="horizontal" labelCol={{ flex: '90px' }} labelWrap colon={false} size="small">
      <Prop label={t('label')} id="prop-label">
        <Input id="prop-label" value={config.label} onChange={(e) => setConfig({ label: e.target.value })} />
      </Prop>
      {isValueKey(key) && (
        <Prop label={t('vModel')} id="prop-vModel" help={vModelHelp}>
          <Input id="prop-vModel" value={vModel} onChange={(e) => setProps({ __vModel__: e.target.value.trim() })} />
        </Prop>
      )}
      {design.placeholder && (
        <Prop label={t('placeholder')} id="prop-placeholder">
          <Input
            id="prop-placeholder"
            value={field.placeholder ?? ''}
            onChange={(e) => setProps({ placeholder: e.target.value })}
          />
        </Prop>
      )}
      {!table && !column && (
        <NumberProp
          label={t('span')}
          id="prop-span"
          min={1}
          max={24}
          precision={0}
          value={config.span}
          onChange={(span) => setConfig({ span: span ?? 24 })}
        />
      )}
      {column && <ColumnPlacementProps field={field} onChange={onChange} />}
      {labelled && (
        <>
          <Prop label={t('tipLabel')} id="prop-tipLabel">
            <Input
              id="prop-tipLabel"
              value={config.tipLabel ?? ''}
              onChange={(e) => setConfig({ tipLabel: e.target.value || undefined })}
            />
          </Prop>
          <Flag
            label={t('showLabel')}
            id="prop-showLabel"
            checked={config.showLabel !== false}
            onChange={(showLabel) => setConfig({ showLabel })}
          />
          {/* empty: the form's label width applies */}
          <NumberProp
            label={t('labelWidth')}
            id="prop-labelWidth"
            min={0}
            max={600}
            precision={0}
            value={config.labelWidth}
            onChange={(labelWidth) => setConfig({ labelWidth })}
          />
        </>
      )}
      {(design.props ?? []).map((spec, index) => (
        <WidgetProp key={index} spec={spec} field={field} fields={fields} onChange={onChange} />
      ))}
      {design.Panel && <design.Panel field={field} fields={fields} onChange={onChange} />}
      {hasDefaultValue(field) && (
        <Prop label={t('defaultValue')} id="prop-defaultValue">
          <DefaultValueEditor field={field} onChange={(defaultValue) => setConfig({ defaultValue })} />
        </Prop>
      )}
      <SharedFlags shared={design.shared} field={field} onChange={onChange} />
      {input && !design.issuedByServer && (
        <Flag
          label={t('required')}
          id="prop-required"
          checked={!!config.required}
          onChange={(required) => setConfig({ required })}
          extra={table ? t('requiredRows') : undefined}
        />
      )}
      {design.unique && !column && (
        <Flag
          label={t('unique')}
          id="prop-unique"
          checked={!!config.unique}
          onChange={(unique) => setConfig({ unique })}
        />
      )}
      {design.patterns && <RegListEditor field={field} onChange={onChange} />}
      {!column && (
        <Prop label={t('visibility')} id="prop-visibility" extra={t('visibilityHint')}>
          <div id="prop-visibility" role="group" aria-label={t('visibility')}>
            <Checkbox.Group<string>
              options={VISIBILITY_OPTIONS}
              value={Array.isArray(config.visibility) ? config.visibility.map(String) : ['pc', 'app']}
              onChange={(visibility) => setConfig({ visibility })}
            />
          </div>
        </Prop>
      )}
      {input && !table && !column && (
        <Flag
          label={t('noShow')}
          id="prop-noShow"
          checked={config.noShow === true}
          onChange={(noShow) => setConfig({ noShow })}
          extra={t('noShowHint')}
        />
      )}
    </Form>
  );
}
