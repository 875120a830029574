// 下载 (Word): the preview's printed document saved as a Word .doc in Word's own single-file web page form
// (MHTML: a MIME multipart/related message), with every picture inside it as a part of its own. Word and WPS
// show no picture an HTML .doc names by a data: address or by an address of this site, so the QR codes and
// barcodes (drawn as data: PNGs) and the uploaded pictures (named by their site address, fetched once here) go
// in as parts, named by the part's Content-Location. Each record starts a new page, as on paper.
import { picturesOf, type PdfPicture } from './printPdf';

const BOUNDARY = '----=_NextPart_JnpfPrint';
/** where the parts live inside the message (Word reads names, it fetches nothing) */
const LOCATION = 'file:///C:/jnpf-print/';
const IMG_SRC = /(<img\b[^>]*?\bsrc=")([^"]+)(")/gi;
const DATA_URL = /^data:(image\/[\w.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/;

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/bmp': 'bmp',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};

/** UTF-8 text as quoted-printable (RFC 2045), lines at most 76 characters, CRLF line ends */
export function quotedPrintable(text: string): string {
  const bytes = new TextEncoder().encode(text.replace(/\r?\n/g, '\r\n'));
  const lines: string[] = [];
  let line = '';
  const push = (piece: string) => {
    if (line.length + piece.length > 73) {
      lines.push(`${line}=`);
      line = '';
    }
    line += piece;
  };
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 13 && bytes[i + 1] === 10) {
      // a space or tab before a line end is encoded, so that nothing strips it
      if (line.endsWith(' ') || line.endsWith('\t'))
        line = `${line.slice(0, -1)}=${line
          .charCodeAt(line.length - 1)
          .toString(16)
          .toUpperCase()
          .padStart(2, '0')}`;
      lines.push(line);
      line = '';
      i++;
      continue;
    }
    const plain = (b >= 33 && b <= 126 && b !== 61) || b === 32 || b === 9;
    push(plain ? String.fromCharCode(b) : `=${b.toString(16).toUpperCase().padStart(2, '0')}`);
  }
  lines.push(line);
  return lines.join('\r\n');
}

/** base64 in lines of 76 characters */
const wrapped = (base64: string) => base64.replace(/(.{76})/g, '$1\r\n').replace(/\r\n$/, '');

/**
 * the printed document (printDocument) as a Word .doc: the pages with each picture as a part. `pictures` are the
 * pictures the document names by address, as inline data (picturesOf); a picture neither inline nor among them
 * is left named by its address.
 */
export function wordDocument(document: string, pictures: readonly PdfPicture[] = []): string {
  const byAddress = new Map(pictures.map((p) => [p.src, p.data]));
  const parts: { location: string; type: string; base64: string }[] = [];
  const locationOf = new Map<string, string>();
  let html = document.replace(IMG_SRC, (whole, start: string, src: string, end: string) => {
    const data = src.startsWith('data:') ? src : byAddress.get(src);
    const hit = data ? DATA_URL.exec(data) : null;
    if (!hit) return whole;
    let location = locationOf.get(data!);
    if (!location) {
      location = `${LOCATION}image${parts.length + 1}.${EXTENSIONS[hit[1]!] ?? 'img'}`;
      locationOf.set(data!, location);
      parts.push({ location, type: hit[1]!, base64: hit[2]! });
    }
    return `${start}${location}${end}`;
  });
  // Word knows no sibling selector: each record after the first starts its page by itself
  let first = true;
  html = html
    .replace(/<div class="print-page">/g, (tag) => {
      if (first) {
        first = false;
        return tag;
      }
      return '<div class="print-page" style="page-break-before:always">';
    })
    .replace(
      /<html>/i,
      '<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word" xmlns="http://www.w3.org/TR/REC-html40">',
    );
  const out = [
    'MIME-Version: 1.0',
    // folded: a header line is at most 76 characters as well
    `Content-Type: multipart/related; boundary="${BOUNDARY}";\r\n\ttype="text/html"`,
    '',
    `--${BOUNDARY}`,
    'Content-Type: text/html; charset="utf-8"',
    'Content-Transfer-Encoding: quoted-printable',
    `Content-Location: ${LOCATION}document.html`,
    '',
    quotedPrintable(html),
  ];
  for (const part of parts)
    out.push(
      `--${BOUNDARY}`,
      `Content-Type: ${part.type}`,
      'Content-Transfer-Encoding: base64',
      `Content-Location: ${part.location}`,
      '',
      wrapped(part.base64),
    );
  out.push(`--${BOUNDARY}--`, '');
  return out.join('\r\n');
}

/** saves the printed document as a Word .doc, its pictures inside it (those of this site fetched first) */
export async function downloadWord(document: string, name: string): Promise<void> {
  const word = wordDocument(document, await picturesOf([document]));
  const href = URL.createObjectURL(new Blob([word], { type: 'application/msword' }));
  const link = window.document.createElement('a');
  link.href = href;
  link.download = name.toLowerCase().endsWith('.doc') ? name : `${name}.doc`;
  window.document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
