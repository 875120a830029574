import { describe, expect, it } from 'vitest';
import {
  barcodeText,
  checkBarcodeText,
  checkQrcodeText,
  codeTextOf,
  dynamicQrcodeText,
  isBarcodeText,
  parseDynamicQrcode,
  qrcodeText,
  BARCODE_DEFAULTS,
  QRCODE_MAX_BYTES,
} from './barcode.js';
import { widgetMessage } from './messages.js';

describe('barcode text', () => {
  it('is letters and digits only', () => {
    expect(isBarcodeText('ABC123xyz')).toBe(true);
    for (const bad of ['', 'AB-12', 'a b', '条码1', 'ab\n', 12, null]) expect(isBarcodeText(bad)).toBe(false);
  });
  it('checks with the field’s label in the message, empty allowed', () => {
    expect(checkBarcodeText('')).toEqual({ ok: true });
    expect(checkBarcodeText(null)).toEqual({ ok: true });
    expect(checkBarcodeText('A1')).toEqual({ ok: true });
    const check = checkBarcodeText('A-1');
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(widgetMessage(check.error, 'zh', '条码')).toBe('条码只能包含字母和数字');
    expect(widgetMessage(check.error, 'zhtw', '條碼')).toBe('條碼只能包含字母和數字');
    expect(widgetMessage(check.error, 'en', 'Code')).toBe('Code may contain only letters and digits');
  });
  it('draws the static text or the related field, and nothing for bad text', () => {
    expect(barcodeText({ dataType: 'static', staticText: 'JNPF2024' })).toBe('JNPF2024');
    expect(barcodeText({ dataType: 'static', staticText: 'JNPF 2024' })).toBe('');
    expect(barcodeText({ dataType: 'relation', relationField: 'no' }, { no: 'PO123' })).toBe('PO123');
    expect(barcodeText({ dataType: 'relation', relationField: 'no' }, { no: 456 })).toBe('456');
    expect(barcodeText({ dataType: 'relation', relationField: 'no' }, { no: 'PO-123' })).toBe('');
    expect(barcodeText({ dataType: 'relation', relationField: 'no' }, {})).toBe('');
    expect(barcodeText({ dataType: 'relation' }, { no: 'X' })).toBe('');
    expect(BARCODE_DEFAULTS).toEqual({ format: 'code128', width: 4, height: 40, margin: 5 });
  });
});

describe('QR code text', () => {
  it('encodes static text or a field’s value', () => {
    expect(qrcodeText({ dataType: 'static', staticText: 'https://example.com/a?b=1' })).toBe(
      'https://example.com/a?b=1',
    );
    expect(qrcodeText({ dataType: 'relation', relationField: 'f' }, { f: '任意文本 1' })).toBe('任意文本 1');
    expect(qrcodeText({ dataType: 'relation', relationField: 'f' }, { f: ['a', 'b'] })).toBe('a,b');
    expect(qrcodeText({ dataType: 'relation', relationField: 'f' }, { f: { x: 1 } })).toBe('');
    expect(qrcodeText({})).toBe('');
    expect(codeTextOf(NaN)).toBe('');
  });
  it('builds the dynamic JSON with every key in order', () => {
    const text = qrcodeText(
      { dataType: 'dynamic' },
      {},
      { formId: 'r1', modelId: 'm1', modelType: 2, flowId: 'f1', processId: 'p1', taskId: 't1', opType: '-1' },
    );
    expect(text).toBe('{"t":"DFD","id":"r1","mid":"m1","mt":"2","fid":"f1","pid":"p1","ftid":"t1","opt":"-1"}');
    expect(dynamicQrcodeText({})).toBe('{"t":"DFD","id":"","mid":"","mt":"","fid":"","pid":"","ftid":"","opt":""}');
  });
  it('reads a scanned dynamic code back, and nothing else', () => {
    const text = dynamicQrcodeText({ formId: 'r1', modelId: 'm1' });
    expect(parseDynamicQrcode(text)).toMatchObject({ t: 'DFD', id: 'r1', mid: 'm1', fid: '' });
    expect(parseDynamicQrcode('{"t":"X","id":"1"}')).toBeNull();
    expect(parseDynamicQrcode('not json')).toBeNull();
    expect(parseDynamicQrcode('null')).toBeNull();
    expect(parseDynamicQrcode('{"t":"DFD","id":{"x":1},"mid":7}')).toMatchObject({ id: '', mid: '7' });
  });
  it('must fit a QR code', () => {
    expect(checkQrcodeText('a'.repeat(QRCODE_MAX_BYTES))).toEqual({ ok: true });
    expect(checkQrcodeText('a'.repeat(QRCODE_MAX_BYTES + 1)).ok).toBe(false);
    // three bytes a character in UTF-8
    expect(checkQrcodeText('码'.repeat(1000)).ok).toBe(false);
    expect(checkQrcodeText('')).toEqual({ ok: true });
  });
});
