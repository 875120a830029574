// Barcode and QR code values: what text they draw, and the checks the form and the server share.
import { WIDGET_OK, widgetFailure, type WidgetCheck } from './messages.js';

export const BARCODE_DEFAULTS = /* @__PURE__ */ Object.freeze({ format: 'code128', width: 4, height: 40, margin: 5 });
/** In print the bars are taller and the value text is hidden. */
export const BARCODE_PRINT_DEFAULTS = /* @__PURE__ */ Object.freeze({
  format: 'code128',
  width: 4,
  height: 80,
  margin: 5,
  displayValue: false,
});
export const QRCODE_DEFAULT_SIZE = 100;
export const QRCODE_PRINT_SIZE = 265;
/** Bytes a QR code holds at its largest version in byte mode with the lowest error correction. */
export const QRCODE_MAX_BYTES = 2953;

export type CodeDataType = 'static' | 'relation';
export type QrcodeDataType = CodeDataType | 'dynamic';

const BARCODE_TEXT = /^[A-Za-z0-9]+$/;

/** Barcode text is letters and digits only. */
export function isBarcodeText(text: unknown): text is string {
  return typeof text === 'string' && BARCODE_TEXT.test(text);
}

/** Empty is allowed (nothing is drawn); anything else must be letters and digits. */
export function checkBarcodeText(text: unknown): WidgetCheck {
  if (text === undefined || text === null || text === '') return WIDGET_OK;
  return isBarcodeText(text) ? WIDGET_OK : widgetFailure('barcodeText');
}

/** A field's value as the text a code draws: text and numbers as they are, lists joined by commas, else ''. */
export function codeTextOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) return value.map(codeTextOf).filter(Boolean).join(',');
  return '';
}

export interface BarcodeSource {
  dataType?: string;
  staticText?: string;
  relationField?: string;
}

/**
 * What the barcode draws: the static text, or the related field's value. Text that is not letters and digits
 * gives '' — nothing is drawn and the relation text is cleared.
 */
export function barcodeText(source: BarcodeSource, values: Record<string, unknown> = {}): string {
  const raw =
    source.dataType === 'relation'
      ? codeTextOf(source.relationField ? values[source.relationField] : undefined)
      : (source.staticText ?? '');
  return isBarcodeText(raw) ? raw : '';
}

/** The ids a dynamic QR code carries; each becomes one key of its JSON text. */
export interface DynamicQrcodeContext {
  /** form id */
  formId?: string;
  /** model id */
  modelId?: string;
  /** model type */
  modelType?: string | number;
  /** flow id */
  flowId?: string;
  /** process id */
  processId?: string;
  /** task id */
  taskId?: string;
  /** operation type */
  opType?: string | number;
}

export interface DynamicQrcodePayload {
  t: 'DFD';
  id: string;
  mid: string;
  mt: string;
  fid: string;
  pid: string;
  ftid: string;
  opt: string;
}

const str = (value: string | number | undefined): string =>
  value === undefined || value === null ? '' : String(value);

/** The dynamic QR code's JSON text: {"t":"DFD","id","mid","mt","fid","pid","ftid","opt"}, always in that order. */
export function dynamicQrcodeText(context: DynamicQrcodeContext): string {
  const payload: DynamicQrcodePayload = {
    t: 'DFD',
    id: str(context.formId),
    mid: str(context.modelId),
    mt: str(context.modelType),
    fid: str(context.flowId),
    pid: str(context.processId),
    ftid: str(context.taskId),
    opt: str(context.opType),
  };
  return JSON.stringify(payload);
}

/** Reads a scanned dynamic QR code back; null when the text is not one. */
export function parseDynamicQrcode(text: string): DynamicQrcodePayload | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || (parsed as { t?: unknown }).t !== 'DFD') return null;
  const p = parsed as Record<string, unknown>;
  const field = (key: string): string =>
    typeof p[key] === 'string' || typeof p[key] === 'number' ? String(p[key]) : '';
  return {
    t: 'DFD',
    id: field('id'),
    mid: field('mid'),
    mt: field('mt'),
    fid: field('fid'),
    pid: field('pid'),
    ftid: field('ftid'),
    opt: field('opt'),
  };
}

export interface QrcodeSource {
  dataType?: string;
  staticText?: string;
  relationField?: string;
}

/** What the QR code encodes: static text, a field's value, or the dynamic JSON of the record it sits on. */
export function qrcodeText(
  source: QrcodeSource,
  values: Record<string, unknown> = {},
  context: DynamicQrcodeContext = {},
): string {
  if (source.dataType === 'dynamic') return dynamicQrcodeText(context);
  if (source.dataType === 'relation')
    return codeTextOf(source.relationField ? values[source.relationField] : undefined);
  return source.staticText ?? '';
}

/** A QR code's text must fit a QR code. */
export function checkQrcodeText(text: unknown): WidgetCheck {
  if (typeof text !== 'string' || !text) return WIDGET_OK;
  return new TextEncoder().encode(text).length <= QRCODE_MAX_BYTES
    ? WIDGET_OK
    : widgetFailure('qrcodeTooLong', { max: QRCODE_MAX_BYTES });
}
