// Records printed with a template in the browser: the shared renderer of @jnpf/core fills the placeholders, QR codes
// and barcodes are drawn as PNG pictures, and the result is cut to the rich-text allow-list again before it is
// shown, printed or saved (the stored template was already; this also covers what the drawing added).
import { renderPrintTemplate, type PrintCodes, type PrintRenderOptions } from '@jnpf/core';
import dayjs from 'dayjs';
import { currentLanguage } from '../../platform/i18n';
import { cleanRichTextHtml } from '../richText/cleanHtml';
import type { PrintData } from './printApi';

const picture = (canvas: HTMLCanvasElement, width: number, height: number, alt: string) => {
  let src = '';
  try {
    src = canvas.toDataURL('image/png');
  } catch {
    src = '';
  }
  return src.startsWith('data:image/png')
    ? `<img src="${src}" width="${width}" height="${height}" alt="${alt.replace(/[&<>"']/g, '')}">`
    : '';
};

/** the QR code and barcode drawers, once their libraries are loaded (they stay out of the main bundle) */
export async function loadPrintCodes(): Promise<PrintCodes> {
  const [{ default: QRCode }, { default: JsBarcode }] = await Promise.all([import('qrcode'), import('jsbarcode')]);
  return {
    qrcode(value, width, height) {
      try {
        const { modules } = QRCode.create(value, { errorCorrectionLevel: 'H' });
        const cell = 8;
        const margin = 2;
        const side = (modules.size + margin * 2) * cell;
        const canvas = document.createElement('canvas');
        canvas.width = side;
        canvas.height = side;
        const ctx = canvas.getContext('2d');
        if (!ctx) return '';
        ctx.fillStyle = '#fff';
        ctx.fillRect(0, 0, side, side);
        ctx.fillStyle = '#000';
        for (let y = 0; y < modules.size; y++)
          for (let x = 0; x < modules.size; x++)
            if (modules.get(y, x)) ctx.fillRect((x + margin) * cell, (y + margin) * cell, cell, cell);
        return picture(canvas, width, height, value);
      } catch {
        return ''; // too long for a QR code: nothing drawn, as any element that cannot be filled
      }
    },
    barcode(value, width, height) {
      try {
        const canvas = document.createElement('canvas');
        if (!canvas.getContext('2d')) return '';
        JsBarcode(canvas, value, { format: 'CODE128', width, height, margin: 5, displayValue: false });
        return picture(canvas, canvas.width, canvas.height, value);
      } catch {
        return '';
      }
    },
  };
}

export interface RenderedPages {
  pages: string[];
  /** fields the template names that the records lack */
  missing: string[];
}

/** each record's page, allow-listed */
export function renderPages(
  items: readonly Pick<PrintData, 'printData' | 'printTemplate' | 'operatorRecordList'>[],
  options: Omit<PrintRenderOptions, 'records'> & { template?: string },
): RenderedPages {
  const missing = new Set<string>();
  const printTime = options.printTime ?? dayjs().format('YYYY-MM-DD HH:mm:ss');
  const pages = items.map((item) => {
    const out = renderPrintTemplate(options.template ?? item.printTemplate, item.printData ?? {}, {
      ...options,
      language: options.language ?? currentLanguage(),
      printTime,
      records: item.operatorRecordList ?? [],
      approvalTexts: options.approvalTexts && {
        formatTime: (t: number) => dayjs(t).format('YYYY-MM-DD HH:mm:ss'),
        ...options.approvalTexts,
      },
    });
    out.missing.forEach((m) => missing.add(m));
    return cleanRichTextHtml(out.html);
  });
  return { pages, missing: [...missing] };
}
