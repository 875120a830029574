// Renders a designed form (formData) with the widget of each jnpfKey: label width and position, the span/gutter grid,
// rows and cards, the field rules, defaults for a new record, and a detail mode that shows the display texts. The form
// store holds the contract's raw values, so the form's values are what POST/PUT send.
// Speed (budget for 200 fields: first render ≤ 1 s, keystroke to paint ≤ 50 ms): each value field is
// its own Form.Item, so typing re-renders that item only; the items are `noStyle` inside a light frame of
// ours (a full Form.Item with antd's Row and Col costs about twice the time), and the item tree is built
// once per configuration, not on every render of the caller.
import { QuestionCircleOutlined } from '@ant-design/icons';
import { dataFields, partsOf, type FieldConfig, type FormDataJson } from '@jnpf/core';
import { ConfigProvider, Form, Tooltip, type FormInstance, type ThemeConfig } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo, useState, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import styles from './FormRenderer.module.css';
import { widgetOf } from './registry';
import { isRequiredField, rulesOf, type WidgetText } from './rules';
import { rowsProblem } from './subTable';
import { mainBoundRelations } from './pickerBounds';
import { widgetTexts } from './texts';
import type { DetailWidgetProps, InputWidgetProps, WidgetEntry } from './types';
import { defaultValuesOf } from './defaults';
import { EAGER_CONTROLS, useDeferredMount } from './deferredMount';
import { DetailValuesContext } from './displayWidgets';
import { ShownValuesContext } from './shownValues';
import { displayText, type RecordValues } from './values';

export type FormMode = 'edit' | 'detail';

export interface FormRendererProps {
  formData: FormDataJson;
  form: FormInstance<RecordValues>;
  /** the raw values of the record being edited; absent for a new record, which starts from the defaults */
  record?: RecordValues | null;
  /** the record's display texts (DataChange): system fields show them, and the detail mode shows them all */
  display?: RecordValues | null;
  /** 'detail' shows each value as text */
  mode?: FormMode;
  /** form permission: a value field whose __vModel__ this refuses is left out. Keep it stable (useCallback). */
  allowField?: (vModel: string) => boolean;
  onFinish?: (values: RecordValues) => void;
  /** prefixes the controls' ids, so that two forms on one page (search and record) never share one */
  name?: string;
}

const DEFAULT_GUTTER = 15;
const EMPTY_VALUES: RecordValues = {};
const DEFAULT_LABEL_WIDTH = 100;
// The designer's sizes are Element UI's (medium 36 px, small 32 px, mini 28 px, else 40). Its default, small, is the
// size of the administration dialogs: antd's middle, so that a generated form's controls match theirs. antd has no
// 36 or 28 px size: a medium or mini form gets it from a theme of its own (antd's middle, made taller or shorter).
const SIZE_CLASSES: Readonly<Record<string, string | undefined>> = {
  large: styles.large,
  medium: styles.medium,
  mini: styles.small,
};
const SIZE_THEMES: Readonly<Record<string, ThemeConfig | undefined>> = {
  medium: { token: { controlHeight: 36 } },
  mini: { token: { controlHeight: 28 } },
};
const ANTD_SIZES: Readonly<Record<string, 'large' | 'middle' | 'small'>> = {
  large: 'large',
  medium: 'middle',
  middle: 'middle',
  small: 'middle',
  mini: 'middle',
};

interface RenderContext {
  formData: FormDataJson;
  formName: string;
  mode: FormMode;
  isNew: boolean;
  vertical: boolean;
  record: RecordValues;
  display: RecordValues;
  allowField?: (vModel: string) => boolean;
  /** the widgets' texts in the interface language (rule messages) */
  text: WidgetText;
  /** the value fields whose controls mount with the form (the first ones); the others mount when near the view */
  eager: ReadonlySet<string>;
  /** the whole form is disabled (formData.disabled): every control gets it, since pickers, uploads and the editor
   * open or edit through their own handlers, which antd's form-wide disabled never reaches */
  disabled: true | undefined;
}

/** An item shows on the web when its visibility list (if any) names pc. */
function showsOnPc(field: FieldConfig): boolean {
  const visibility = field.__config__.visibility;
  return !Array.isArray(visibility) || visibility.includes('pc');
}

/** The id antd gives a named field's control (its getFieldId), so that the label points at it. */
const controlId = (formName: string, vModel: string) => `${formName}_${vModel}`;

interface ItemFrameProps {
  field: FieldConfig;
  context: RenderContext;
  span: number;
  htmlFor?: string;
  required?: boolean;
  hidden?: boolean;
  /** the label's room is kept when the item shows no label, so that the control lines up with the inputs */
  keepLabelRoom?: boolean;
  /** the control line and, for an input, its messages (ControlLine / FieldControl) */
  children: ReactNode;
}

/**
 * One grid cell holding a label and its control, in the look of an antd form item: the label sits on top or
 * at the configured width. Kept to three elements a field (cell, label, control line): the DOM of a long
 * form is what its first paint costs.
 */
function ItemFrame({ field, context, span, htmlFor, required, hidden, keepLabelRoom, children }: ItemFrameProps) {
  const config = field.__config__;
  const withLabel = config.showLabel !== false;
  const width =
    withLabel || keepLabelRoom ? config.labelWidth || context.formData.labelWidth || DEFAULT_LABEL_WIDTH : 0;
  const labelClass = [
    styles.label,
    context.formData.labelPosition === 'left' ? styles.labelLeft : '',
    required ? styles.required : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      className={context.vertical ? `${styles.item} ${styles.vertical}` : styles.item}
      style={{ '--span': span, '--label-width': `${width}px` } as CSSProperties}
      hidden={hidden}
    >
      {withLabel && (
        <label className={labelClass} htmlFor={htmlFor}>
          {config.label}
          {config.tipLabel && (
            <Tooltip title={config.tipLabel}>
              <QuestionCircleOutlined className={styles.tip} aria-label={config.tipLabel} />
            </Tooltip>
          )}
        </label>
      )}
      {children}
    </div>
  );
}

/** The control's line beside the label. */
function ControlLine({ children }: { children: ReactNode }) {
  return <div className={styles.controlLine}>{children}</div>;
}

interface FieldControlProps extends InputWidgetProps {
  Widget: ComponentType<InputWidgetProps>;
  /** mounts the widget with the form; else when near the view (a placeholder of a control's height till then) */
  eager?: boolean;
}

/** The widget under its Form.Item (which passes id, value and onChange) and the item's messages. */
function FieldControl({ Widget, field, id, value, onChange, disabled, eager = true }: FieldControlProps) {
  // a noStyle item passes its errors down through antd's item status (also what turns the control red)
  const { errors } = Form.Item.useStatus();
  const { shown, ref } = useDeferredMount(eager || errors.length > 0);
  return (
    <>
      <ControlLine>
        {shown ? (
          <Widget field={field} id={id} value={value} onChange={onChange} disabled={disabled} />
        ) : (
          // (data-pending-control: the benchmark waits for the last of these to go)
          <div ref={ref} className={styles.pending} data-pending-control="" />
        )}
      </ControlLine>
      {errors.length > 0 && (
        <div className={styles.error} id={id ? `${id}_help` : undefined} role="alert">
          {errors.map((error, index) => (
            <div key={index}>{error}</div>
          ))}
        </div>
      )}
    </>
  );
}

/** the detail of a widget that names none: the display text */
function TextDetail({ display }: DetailWidgetProps) {
  return <span className={styles.text}>{displayText(display)}</span>;
}

/** the fields whose change re-checks this one: those a picker's bounds follow */
const dependenciesOf = (field: FieldConfig): string[] | undefined => {
  const relations = mainBoundRelations(field);
  return relations.length ? relations : undefined;
};

const isRequired = (rules: Rule[]) => rules.some((rule) => typeof rule === 'object' && rule.required === true);

function cell(key: string | number, span: number, content: ReactNode) {
  return (
    <div key={key} className={styles.cell} style={{ '--span': span } as CSSProperties}>
      {content}
    </div>
  );
}

function renderField(field: FieldConfig, context: RenderContext): ReactNode {
  const config = field.__config__;
  const entry = config ? widgetOf(config.jnpfKey) : null;
  if (!entry || !showsOnPc(field)) return null;
  const key = config.renderKey ?? config.formId ?? field.__vModel__;
  const span = Math.min(24, Math.max(1, config.span ?? context.formData.span ?? 24));
  const vModel = field.__vModel__;
  const valued = entry.kind === 'input' || entry.kind === 'system' || entry.kind === 'subTable';
  if (valued && context.allowField && !context.allowField(vModel)) return null;
  // noShow hides an item; an input being edited stays (hidden) so that it still holds and sends its value, as in
  // the reference
  if (config.noShow && !(entry.kind !== 'system' && valued && context.mode === 'edit')) return null;

  if (entry.kind === 'layout')
    return entry.labelled || entry.inputColumn ? (
      <ItemFrame key={key} field={field} context={context} span={span} keepLabelRoom={entry.inputColumn}>
        <ControlLine>
          <entry.Component field={field} />
        </ControlLine>
      </ItemFrame>
    ) : (
      cell(key, span, <entry.Component field={field} />)
    );
  if (entry.kind === 'container')
    return cell(
      key,
      span,
      <entry.Component field={field} renderItems={(items) => renderGrid(items, context)}>
        {partsOf(field).length ? undefined : renderGrid(config.children ?? [], context)}
      </entry.Component>,
    );
  if (entry.kind === 'subTable') return renderSubTable(field, entry, context, key);
  if (context.mode === 'detail') {
    const Detail = entry.Detail ?? TextDetail;
    return (
      <ItemFrame key={key} field={field} context={context} span={span}>
        <ControlLine>
          <Detail field={field} display={context.display[vModel]} />
        </ControlLine>
      </ItemFrame>
    );
  }
  const id = controlId(context.formName, vModel);
  if (entry.kind === 'system')
    return (
      <ItemFrame key={key} field={field} context={context} span={span} htmlFor={id}>
        <ControlLine>
          <entry.Component
            field={field}
            id={id}
            isNew={context.isNew}
            display={context.display[vModel]}
            value={context.record[vModel]}
          />
        </ControlLine>
      </ItemFrame>
    );
  const rules = rulesOf(field, context.text);
  return (
    <ItemFrame
      key={key}
      field={field}
      context={context}
      span={span}
      htmlFor={id}
      required={isRequired(rules) || isRequiredField(field)}
      hidden={config.noShow}
    >
      <Form.Item
        noStyle
        name={vModel}
        rules={rules}
        dependencies={dependenciesOf(field)}
        messageVariables={{ label: config.label ?? '' }}
      >
        <FieldControl
          Widget={entry.Component}
          field={field}
          disabled={context.disabled}
          eager={entry.mountsAtOnce === true || context.eager.has(vModel)}
        />
      </Form.Item>
    </ItemFrame>
  );
}

/** a sub-table takes the whole width under its own title; its rows are checked cell by cell */
function renderSubTable(
  field: FieldConfig,
  entry: Extract<WidgetEntry, { kind: 'subTable' }>,
  context: RenderContext,
  key: string | number,
): ReactNode {
  const vModel = field.__vModel__;
  const Detail = entry.Detail ?? TextDetail;
  if (context.mode === 'detail') return cell(key, 24, <Detail field={field} display={context.display[vModel]} />);
  const rules: Rule[] = [
    ...rulesOf(field, context.text),
    ({ getFieldsValue }) => ({
      validator: (_rule, value: unknown) => {
        const problem = rowsProblem(field, value, undefined, getFieldsValue(true) as RecordValues);
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    }),
  ];
  return (
    <div key={key} className={styles.cell} style={{ '--span': 24 } as CSSProperties} hidden={field.__config__.noShow}>
      {/* checked on submit only (a row just added is empty); the table checks itself again while it shows errors */}
      <Form.Item noStyle name={vModel} rules={rules} validateTrigger={[]}>
        <FieldControl
          Widget={entry.Component}
          field={field}
          id={controlId(context.formName, vModel)}
          disabled={context.disabled}
        />
      </Form.Item>
    </div>
  );
}

function renderGrid(fields: readonly FieldConfig[], context: RenderContext): ReactNode {
  return (
    <div
      className={styles.grid}
      style={{ '--gutter': `${context.formData.gutter ?? DEFAULT_GUTTER}px` } as CSSProperties}
    >
      {fields.map((field) => renderField(field, context))}
    </div>
  );
}

export function FormRenderer({
  formData,
  form,
  record,
  display,
  mode = 'edit',
  allowField,
  onFinish,
  name = 'record',
}: FormRendererProps) {
  const text = widgetTexts.useText();
  const isNew = !record;
  // fixed at mount: a new record takes its defaults (and "now") once, and reset returns to them
  const [initialValues] = useState<RecordValues>(() => record ?? defaultValuesOf(formData.fields ?? []));
  const vertical = formData.labelPosition === 'top';
  const formDisabled = mode === 'edit' && formData.disabled ? true : undefined;
  const eager = useMemo(
    () =>
      new Set(
        dataFields(formData.fields ?? [])
          .slice(0, EAGER_CONTROLS)
          .map((field) => field.__vModel__),
      ),
    [formData],
  );
  const items = useMemo(
    () =>
      renderGrid(formData.fields ?? [], {
        formData,
        formName: name,
        mode,
        isNew,
        vertical,
        record: record ?? {},
        display: display ?? {},
        allowField,
        text,
        eager,
        disabled: formDisabled,
      }),
    // `text` changes with the language, so the items (rule messages, placeholders) follow it
    [formData, name, mode, isNew, vertical, record, display, allowField, text, eager, formDisabled],
  );
  const rendered = (
    <Form<RecordValues>
      form={form}
      name={name}
      className={SIZE_CLASSES[formData.size ?? '']}
      layout={vertical ? 'vertical' : 'horizontal'}
      size={ANTD_SIZES[formData.size ?? '']}
      disabled={formDisabled}
      initialValues={initialValues}
      onFinish={onFinish}
      scrollToFirstError
    >
      <ShownValuesContext.Provider value={display ?? EMPTY_VALUES}>
        {mode === 'detail' ? (
          <DetailValuesContext.Provider value={display ?? EMPTY_VALUES}>{items}</DetailValuesContext.Provider>
        ) : (
          items
        )}
      </ShownValuesContext.Provider>
    </Form>
  );
  const sizeTheme = SIZE_THEMES[formData.size ?? ''];
  return sizeTheme ? <ConfigProvider theme={sizeTheme}>{rendered}</ConfigProvider> : rendered;
}
