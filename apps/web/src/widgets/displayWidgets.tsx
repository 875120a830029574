// The display widgets: barcode and QR code drawn from fixed text, another field's live value or (QR code) the
// record's dynamic JSON; an iframe of a web page; a button and a link. They hold no value. The drawing libraries
// load on first use, so that they are not in the sign-in or shell bundles.
import {
  BARCODE_DEFAULTS,
  IFRAME_BORDER_TYPES,
  IFRAME_DEFAULTS,
  QRCODE_DEFAULT_SIZE,
  QRCODE_MAX_BYTES,
  barcodeText,
  isWebAddress,
  qrcodeText,
  type DynamicQrcodeContext,
  type FieldConfig,
} from '@jnpf/core';
import { Button, Form } from 'antd';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
import { displayTexts } from './displayTexts';
import type { LayoutWidgetProps } from './types';

/** the ids a dynamic QR code carries (form, model, flow …); the page showing a record provides them */
export const DynamicCodeContext = createContext<DynamicQrcodeContext>({});

const textOf = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);
const numberOf = (value: unknown, fallback: number, min = 0, max = 10000) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
/** a colour the designer stores: #rgb / #rrggbb(aa) or rgb(a)(…); anything else gives the fallback */
const colourOf = (value: unknown, fallback: string) =>
  typeof value === 'string' && /^(#[0-9a-fA-F]{3,8}|rgba?\([\d\s.,%]+\))$/.test(value) ? value : fallback;

/** a record's detail: the display texts its fields show (the form store holds no record there) */
export const DetailValuesContext = createContext<Readonly<Record<string, unknown>> | null>(null);

/** the live value of another field of the form, or in a detail the text that field shows */
function useFieldValue(name: string | undefined): unknown {
  const form = Form.useFormInstance();
  const detail = useContext(DetailValuesContext);
  // a stable selector: a new one makes the watch read the form's values again after every render
  const select = useCallback(
    (values: Record<string, unknown> | undefined) => (name ? values?.[name] : undefined),
    [name],
  );
  const live: unknown = Form.useWatch(select, { form, preserve: true });
  if (detail && name && Object.hasOwn(detail, name)) return detail[name];
  return live;
}

/** the reference's format names, as JsBarcode spells them */
export const BARCODE_FORMATS: Readonly<Record<string, string>> = {
  code128: 'CODE128',
  code39: 'CODE39',
  ean13: 'EAN13',
  ean8: 'EAN8',
  upc: 'UPC',
  itf14: 'ITF14',
  msi: 'MSI',
  pharmacode: 'pharmacode',
  codabar: 'codabar',
};

export interface BarcodeLook {
  format: string;
  lineColor: string;
  background: string;
  width: number;
  height: number;
  margin: number;
  displayValue: boolean;
}

export function barcodeLookOf(field: FieldConfig): BarcodeLook {
  return {
    format: BARCODE_FORMATS[textOf(field.format, BARCODE_DEFAULTS.format)] ?? 'CODE128',
    lineColor: colourOf(field.lineColor, '#000000'),
    background: colourOf(field.background, '#ffffff'),
    width: numberOf(field.width, BARCODE_DEFAULTS.width, 1, 10),
    height: numberOf(field.height, BARCODE_DEFAULTS.height, 10, 500),
    margin: BARCODE_DEFAULTS.margin,
    displayValue: field.displayValue !== false,
  };
}

/** draws `text` as a barcode; empty text, or text the format cannot encode, draws nothing */
export function BarcodeDrawing({ text, look, label }: { text: string; look: BarcodeLook; label: string }) {
  const ref = useRef<SVGSVGElement>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const svg = ref.current;
    if (!svg || !text) return;
    let current = true;
    void import('jsbarcode').then(({ default: JsBarcode }) => {
      if (!current) return;
      let valid = false;
      try {
        JsBarcode(svg, text, { ...look, valid: (ok: boolean) => (valid = ok) });
      } catch {
        valid = false;
      }
      if (!valid) svg.replaceChildren();
      setDrawn(valid);
    });
    return () => {
      current = false;
      svg.replaceChildren();
      setDrawn(false);
    };
  }, [text, look]);
  if (!text) return null;
  return <svg ref={ref} role="img" aria-label={label} data-drawn={drawn || undefined} />;
}

export function BarcodeWidget({ field }: LayoutWidgetProps) {
  const relationField = textOf(field.relationField) || undefined;
  const related = useFieldValue(field.dataType === 'relation' ? relationField : undefined);
  const text = barcodeText(
    { dataType: textOf(field.dataType), staticText: textOf(field.staticText), relationField },
    relationField ? { [relationField]: related } : {},
  );
  // the field's configuration is the same object from render to render: no redraw on each keystroke
  const look = useMemo(() => barcodeLookOf(field), [field]);
  return <BarcodeDrawing text={text} look={look} label={field.__config__.label} />;
}

export interface QrcodeLook {
  size: number;
  colorDark: string;
  colorLight: string;
}

export function qrcodeLookOf(field: FieldConfig): QrcodeLook {
  return {
    // (the reference's designs name it width)
    size: numberOf(field.size ?? field.width, QRCODE_DEFAULT_SIZE, 20, 1000),
    colorDark: colourOf(field.colorDark, '#000000'),
    colorLight: colourOf(field.colorLight, '#ffffff'),
  };
}

/** draws `text` as a QR code (an SVG picture); empty text, or text too long for a QR code, draws nothing */
export function QrcodeDrawing({ text, look, label }: { text: string; look: QrcodeLook; label: string }) {
  const [picture, setPicture] = useState<{ text: string; src: string } | null>(null);
  const fits = !!text && new TextEncoder().encode(text).length <= QRCODE_MAX_BYTES;
  const { size, colorDark, colorLight } = look;
  useEffect(() => {
    if (!fits) return;
    let current = true;
    void import('qrcode')
      .then(({ default: QRCode }) =>
        QRCode.toString(text, { type: 'svg', width: size, margin: 1, color: { dark: colorDark, light: colorLight } }),
      )
      .then(
        (svg) => current && setPicture({ text, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }),
        () => current && setPicture(null),
      );
    return () => {
      current = false;
    };
  }, [fits, text, size, colorDark, colorLight]);
  if (!fits || picture?.text !== text) return null;
  return <img src={picture.src} alt={label} width={size} height={size} data-text={text} />;
}

export function QrcodeWidget({ field }: LayoutWidgetProps) {
  const dynamic = useContext(DynamicCodeContext);
  const relationField = textOf(field.relationField) || undefined;
  const related = useFieldValue(field.dataType === 'relation' ? relationField : undefined);
  const text = qrcodeText(
    { dataType: textOf(field.dataType), staticText: textOf(field.staticText), relationField },
    relationField ? { [relationField]: related } : {},
    dynamic,
  );
  const look = useMemo(() => qrcodeLookOf(field), [field]);
  return <QrcodeDrawing text={text} look={look} label={field.__config__.label} />;
}

export function iframeStyleOf(field: FieldConfig): CSSProperties {
  const type = (IFRAME_BORDER_TYPES as readonly string[]).includes(textOf(field.borderType))
    ? textOf(field.borderType)
    : IFRAME_DEFAULTS.borderType;
  return {
    display: 'block',
    width: '100%',
    height: numberOf(field.height, IFRAME_DEFAULTS.height, 20, 5000),
    border: `${numberOf(field.borderWidth, IFRAME_DEFAULTS.borderWidth, 0, 20)}px ${type} ${colourOf(field.borderColor, IFRAME_DEFAULTS.borderColor)}`,
    boxSizing: 'border-box',
  };
}

/**
 * A web page in a sandbox: scripts and forms run, but a page of this site's own origin gets no same-origin
 * rights (it could otherwise lift its own sandbox and act as the signed-in user).
 */
export function IframeWidget({ field }: LayoutWidgetProps) {
  const t = displayTexts.useText();
  const href = textOf(field.href);
  if (!href) return <div style={iframeStyleOf(field)} />;
  if (!isWebAddress(href))
    return (
      <div role="alert" style={{ color: 'var(--ant-color-error, #ff4d4f)' }}>
        {t('notWebAddress')}
      </div>
    );
  const sameOrigin = new URL(href).origin === window.location.origin;
  return (
    <iframe
      src={href}
      title={field.__config__.label}
      style={iframeStyleOf(field)}
      sandbox={sameOrigin ? 'allow-scripts allow-forms' : 'allow-scripts allow-forms allow-popups allow-same-origin'}
      referrerPolicy="no-referrer"
      loading="lazy"
    />
  );
}

const ALIGNS = ['left', 'center', 'right'] as const;
export const alignOf = (field: FieldConfig): (typeof ALIGNS)[number] =>
  (ALIGNS as readonly string[]).includes(textOf(field.align)) ? (field.align as (typeof ALIGNS)[number]) : 'left';

export const BUTTON_TYPES = ['primary', 'default', 'dashed', 'text', 'link', 'danger'] as const;

/** a button that only shows: the reference's emits a click event the form does not act on */
export function ButtonWidget({ field }: LayoutWidgetProps) {
  const type = textOf(field.buttonType, 'primary');
  const known = (BUTTON_TYPES as readonly string[]).includes(type) ? type : 'primary';
  return (
    <div style={{ textAlign: alignOf(field) }}>
      <Button
        htmlType="button"
        type={known === 'danger' ? 'primary' : (known as 'primary' | 'default' | 'dashed' | 'text' | 'link')}
        danger={known === 'danger'}
      >
        {textOf(field.buttonText) || field.__config__.label}
      </Button>
    </div>
  );
}

/** a link to a web page; an address that is not http or https shows the text without a link */
export function LinkWidget({ field }: LayoutWidgetProps) {
  const href = textOf(field.href);
  const content = textOf(field.content) || field.__config__.label;
  const target = field.target === '_self' ? '_self' : '_blank';
  return (
    <div style={{ textAlign: alignOf(field) }}>
      {isWebAddress(href) ? (
        <a href={href} target={target} rel="noopener noreferrer">
          {content}
        </a>
      ) : (
        <span>{content}</span>
      )}
    </div>
  );
}
