// The display widgets (barcode, QR code, iframe, button, link): layout items holding no value, each with its
// canvas stand-in and a property panel of its own (sources, colours, sizes, addresses).
import { BarcodeOutlined, GlobalOutlined, QrcodeOutlined } from '@ant-design/icons';
import {
  BARCODE_DEFAULTS,
  IFRAME_BORDER_TYPES,
  IFRAME_DEFAULTS,
  QRCODE_DEFAULT_SIZE,
  isContainerKey,
  isSubTableKey,
  isValueKey,
  isWebAddress,
  type FieldConfig,
} from '@jnpf/core';
import { Button, ColorPicker, Input, InputNumber, Select, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { displayTexts } from '../displayTexts';
import {
  BARCODE_FORMATS,
  BUTTON_TYPES,
  BarcodeWidget,
  ButtonWidget,
  IframeWidget,
  LinkWidget,
  QrcodeWidget,
  alignOf,
  iframeStyleOf,
} from '../displayWidgets';
import type { MockProps, WidgetEntry, WidgetPanelProps } from '../types';
import { LAYOUT_CONFIG } from './parts';
import { PanelItem } from '../panel/PanelItem';

type DisplayText = ReturnType<typeof displayTexts.useText>;
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** the value fields of the form (outside sub-tables) a code can be drawn from */
function valueFields(fields: readonly FieldConfig[]): FieldConfig[] {
  return fields.flatMap((field) => {
    const key = field.__config__.jnpfKey;
    if (isContainerKey(key)) return valueFields(field.__config__.children ?? []);
    return isValueKey(key) && !isSubTableKey(key) && field.__vModel__ ? [field] : [];
  });
}

function Prop({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <PanelItem label={label} htmlFor={id}>
      {children}
    </PanelItem>
  );
}

/** a colour property (antd's colour picker takes no id: the label names its trigger's box instead) */
function Colour({
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <PanelItem label={label}>
      <ColorPicker
        aria-label={label}
        value={value}
        showText
        onChangeComplete={(colour) => onChange(colour.toHexString())}
      />
    </PanelItem>
  );
}

/** where a code's text comes from: fixed text, another field, or (QR code) the record's dynamic data */
function SourceProps({ field, fields, onChange, dynamic, t }: WidgetPanelProps & { dynamic: boolean; t: DisplayText }) {
  const set = (patch: Partial<FieldConfig>) => onChange({ ...field, ...patch });
  const dataType = textOf(field.dataType) || 'static';
  const sources = [
    { value: 'static', label: t('sourceStatic') },
    { value: 'relation', label: t('sourceRelation') },
    ...(dynamic ? [{ value: 'dynamic', label: t('sourceDynamic') }] : []),
  ];
  return (
    <>
      <Prop label={t('dataType')} id="prop-dataType">
        <Select id="prop-dataType" value={dataType} options={sources} onChange={(value) => set({ dataType: value })} />
      </Prop>
      {dataType === 'static' && (
        <Prop label={t('staticText')} id="prop-staticText">
          <Input
            id="prop-staticText"
            value={textOf(field.staticText)}
            onChange={(e) => set({ staticText: e.target.value })}
          />
        </Prop>
      )}
      {dataType === 'relation' && (
        <Prop label={t('relationField')} id="prop-relationField">
          <Select
            id="prop-relationField"
            value={textOf(field.relationField) || undefined}
            allowClear
            options={valueFields(fields).map((f) => ({
              value: f.__vModel__,
              label: f.__config__.label || f.__vModel__,
            }))}
            onChange={(value?: string) => set({ relationField: value ?? '' })}
          />
        </Prop>
      )}
    </>
  );
}

function BarcodePanel(props: WidgetPanelProps) {
  const t = displayTexts.useText();
  const { field, onChange } = props;
  const set = (patch: Partial<FieldConfig>) => onChange({ ...field, ...patch });
  return (
    <>
      <SourceProps {...props} dynamic={false} t={t} />
      <Prop label={t('format')} id="prop-format">
        <Select
          id="prop-format"
          value={textOf(field.format) || BARCODE_DEFAULTS.format}
          options={Object.keys(BARCODE_FORMATS).map((value) => ({ value, label: value }))}
          onChange={(format: string) => set({ format })}
        />
      </Prop>
      <Colour
        id="prop-lineColor"
        label={t('lineColor')}
        value={textOf(field.lineColor) || '#000000'}
        onChange={(lineColor) => set({ lineColor })}
      />
      <Colour
        id="prop-background"
        label={t('background')}
        value={textOf(field.background) || '#ffffff'}
        onChange={(background) => set({ background })}
      />
      <Prop label={t('barWidth')} id="prop-width">
        <InputNumber
          id="prop-width"
          min={1}
          max={10}
          precision={0}
          value={field.width as number | undefined}
          onChange={(width) => set({ width: width ?? BARCODE_DEFAULTS.width })}
        />
      </Prop>
      <Prop label={t('barHeight')} id="prop-height">
        <InputNumber
          id="prop-height"
          min={10}
          max={500}
          precision={0}
          value={field.height as number | undefined}
          onChange={(height) => set({ height: height ?? BARCODE_DEFAULTS.height })}
        />
      </Prop>
      <Prop label={t('displayValue')} id="prop-displayValue">
        <Switch
          id="prop-displayValue"
          checked={field.displayValue !== false}
          onChange={(displayValue) => set({ displayValue })}
        />
      </Prop>
    </>
  );
}

function QrcodePanel(props: WidgetPanelProps) {
  const t = displayTexts.useText();
  const { field, onChange } = props;
  const set = (patch: Partial<FieldConfig>) => onChange({ ...field, ...patch });
  return (
    <>
      <SourceProps {...props} dynamic t={t} />
      <Colour
        id="prop-colorDark"
        label={t('colorDark')}
        value={textOf(field.colorDark) || '#000000'}
        onChange={(colorDark) => set({ colorDark })}
      />
      <Colour
        id="prop-colorLight"
        label={t('colorLight')}
        value={textOf(field.colorLight) || '#ffffff'}
        onChange={(colorLight) => set({ colorLight })}
      />
      <Prop label={t('qrSize')} id="prop-size">
        <InputNumber
          id="prop-size"
          min={20}
          max={1000}
          precision={0}
          value={field.size as number | undefined}
          onChange={(size) => set({ size: size ?? QRCODE_DEFAULT_SIZE })}
        />
      </Prop>
    </>
  );
}

/** an address box that says when the address is not a web page's */
function AddressProp({ field, onChange, t }: WidgetPanelProps & { t: DisplayText }) {
  const href = textOf(field.href);
  const bad = !!href && !isWebAddress(href);
  return (
    <PanelItem
      label={t('href')}
      htmlFor="prop-href"
      help={bad ? t('notWebAddress') : undefined}
      validateStatus={bad ? 'error' : undefined}
    >
      <Input
        id="prop-href"
        value={href}
        placeholder="https://"
        onChange={(e) => onChange({ ...field, href: e.target.value.trim() })}
      />
    </PanelItem>
  );
}

function IframePanel(props: WidgetPanelProps) {
  const t = displayTexts.useText();
  const { field, onChange } = props;
  const set = (patch: Partial<FieldConfig>) => onChange({ ...field, ...patch });
  return (
    <>
      <AddressProp {...props} t={t} />
      <Prop label={t('height')} id="prop-height">
        <InputNumber
          id="prop-height"
          min={20}
          max={5000}
          precision={0}
          value={field.height as number | undefined}
          onChange={(height) => set({ height: height ?? IFRAME_DEFAULTS.height })}
        />
      </Prop>
      <Prop label={t('borderType')} id="prop-borderType">
        <Select
          id="prop-borderType"
          value={textOf(field.borderType) || IFRAME_DEFAULTS.borderType}
          options={IFRAME_BORDER_TYPES.map((value) => ({ value, label: value }))}
          onChange={(borderType: string) => set({ borderType })}
        />
      </Prop>
      <Colour
        id="prop-borderColor"
        label={t('borderColor')}
        value={textOf(field.borderColor) || IFRAME_DEFAULTS.borderColor}
        onChange={(borderColor) => set({ borderColor })}
      />
      <Prop label={t('borderWidth')} id="prop-borderWidth">
        <InputNumber
          id="prop-borderWidth"
          min={0}
          max={20}
          precision={0}
          value={field.borderWidth as number | undefined}
          onChange={(borderWidth) => set({ borderWidth: borderWidth ?? IFRAME_DEFAULTS.borderWidth })}
        />
      </Prop>
    </>
  );
}

function AlignProp({ field, onChange, t }: { field: FieldConfig; onChange: (f: FieldConfig) => void; t: DisplayText }) {
  return (
    <Prop label={t('align')} id="prop-align">
      <Select
        id="prop-align"
        value={alignOf(field)}
        options={[
          { value: 'left', label: t('alignLeft') },
          { value: 'center', label: t('alignCenter') },
          { value: 'right', label: t('alignRight') },
        ]}
        onChange={(align: string) => onChange({ ...field, align })}
      />
    </Prop>
  );
}

function ButtonPanel({ field, onChange }: WidgetPanelProps) {
  const t = displayTexts.useText();
  const set = (patch: Partial<FieldConfig>) => onChange({ ...field, ...patch });
  return (
    <>
      <Prop label={t('buttonText')} id="prop-buttonText">
        <Input
          id="prop-buttonText"
          value={textOf(field.buttonText)}
          onChange={(e) => set({ buttonText: e.target.value })}
        />
      </Prop>
      <Prop label={t('buttonType')} id="prop-buttonType">
        <Select
          id="prop-buttonType"
          value={textOf(field.buttonType) || 'primary'}
          options={BUTTON_TYPES.map((value) => ({ value, label: value }))}
          onChange={(buttonType: string) => set({ buttonType })}
        />
      </Prop>
      <AlignProp field={field} onChange={onChange} t={t} />
    </>
  );
}

function LinkPanel(props: WidgetPanelProps) {
  const t = displayTexts.useText();
  const { field, onChange } = props;
  const set = (patch: Partial<FieldConfig>) => onChange({ ...field, ...patch });
  return (
    <>
      <Prop label={t('linkText')} id="prop-linkText">
        <Input id="prop-linkText" value={textOf(field.content)} onChange={(e) => set({ content: e.target.value })} />
      </Prop>
      <AddressProp {...props} t={t} />
      <Prop label={t('target')} id="prop-target">
        <Select
          id="prop-target"
          value={field.target === '_self' ? '_self' : '_blank'}
          options={[
            { value: '_blank', label: t('targetBlank') },
            { value: '_self', label: t('targetSelf') },
          ]}
          onChange={(target: string) => set({ target })}
        />
      </Prop>
      <AlignProp field={field} onChange={onChange} t={t} />
    </>
  );
}

/** a code's stand-in: its icon and the text or field it is drawn from */
function CodeMock({ field, icon }: MockProps & { icon: ReactNode }) {
  const source =
    field.dataType === 'relation'
      ? textOf(field.relationField)
      : field.dataType === 'dynamic'
        ? 'DFD'
        : textOf(field.staticText);
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <span style={{ fontSize: 40, lineHeight: 1 }}>{icon}</span>
      <Typography.Text type="secondary">{source}</Typography.Text>
    </div>
  );
}

const BarcodeMock = ({ field }: MockProps) => <CodeMock field={field} icon={<BarcodeOutlined />} />;
const QrcodeMock = ({ field }: MockProps) => <CodeMock field={field} icon={<QrcodeOutlined />} />;

function IframeMock({ field }: MockProps) {
  return (
    <div style={{ ...iframeStyleOf(field), display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 8 }}>
      <GlobalOutlined />
      <Typography.Text type="secondary">{textOf(field.href)}</Typography.Text>
    </div>
  );
}

function ButtonMock({ field }: MockProps) {
  return (
    <div style={{ textAlign: alignOf(field) }}>
      <Button htmlType="button" tabIndex={-1}>
        {textOf(field.buttonText) || field.__config__.label}
      </Button>
    </div>
  );
}

function LinkMock({ field }: MockProps) {
  return (
    <div style={{ textAlign: alignOf(field) }}>
      <Typography.Link>{textOf(field.content) || field.__config__.label}</Typography.Link>
    </div>
  );
}

/** a code or a page shows under its label like a field */
const LABELLED_CONFIG = { ...LAYOUT_CONFIG, showLabel: true };

export const barcode: WidgetEntry = {
  kind: 'layout',
  Component: BarcodeWidget,
  labelled: true,
  design: {
    group: 'advancedGroup',
    Mock: BarcodeMock,
    Panel: BarcodePanel,
    create: () => ({
      props: {
        dataType: 'static',
        staticText: '',
        relationField: '',
        format: BARCODE_DEFAULTS.format,
        lineColor: '#000000',
        background: '#ffffff',
        width: BARCODE_DEFAULTS.width,
        height: BARCODE_DEFAULTS.height,
        displayValue: true,
      },
      config: LABELLED_CONFIG,
    }),
  },
};

export const qrcode: WidgetEntry = {
  kind: 'layout',
  Component: QrcodeWidget,
  labelled: true,
  design: {
    group: 'advancedGroup',
    Mock: QrcodeMock,
    Panel: QrcodePanel,
    create: () => ({
      props: {
        dataType: 'static',
        staticText: '',
        relationField: '',
        colorDark: '#000000',
        colorLight: '#ffffff',
        size: QRCODE_DEFAULT_SIZE,
      },
      config: LABELLED_CONFIG,
    }),
  },
};

export const iframe: WidgetEntry = {
  kind: 'layout',
  Component: IframeWidget,
  labelled: true,
  design: {
    group: 'advancedGroup',
    Mock: IframeMock,
    Panel: IframePanel,
    create: () => ({
      props: {
        href: '',
        height: IFRAME_DEFAULTS.height,
        borderType: IFRAME_DEFAULTS.borderType,
        borderColor: IFRAME_DEFAULTS.borderColor,
        borderWidth: IFRAME_DEFAULTS.borderWidth,
      },
      config: LABELLED_CONFIG,
    }),
  },
};

export const button: WidgetEntry = {
  kind: 'layout',
  Component: ButtonWidget,
  design: {
    group: 'inputGroup',
    Mock: ButtonMock,
    Panel: ButtonPanel,
    create: (texts) => ({
      props: { buttonText: texts.label, buttonType: 'primary', align: 'left' },
      config: LAYOUT_CONFIG,
    }),
  },
};

export const link: WidgetEntry = {
  kind: 'layout',
  Component: LinkWidget,
  inputColumn: true,
  design: {
    group: 'inputGroup',
    Mock: LinkMock,
    Panel: LinkPanel,
    create: (texts) => ({
      props: { content: texts.label, href: '', target: '_blank', align: 'left' },
      config: LAYOUT_CONFIG,
    }),
  },
};
