// 下载 (Word): the preview's printed document saved as a Word .doc (HTML that word processors open), standing
// alone: the pictures it names by this site's address (uploaded pictures) are fetched once and put inside it as
// data: addresses like the drawn QR codes and barcodes, since a saved file opened elsewhere reaches no site.
// Each record starts a new page by itself (word processors know no sibling selector).
import { picturesOf, type PdfPicture } from './printPdf';

const IMG_SRC = /(<img\b[^>]*?\bsrc=")([^"]+)(")/gi;

/**
 * the printed document (printDocument) as a Word .doc: `pictures` are the pictures it names by address, as
 * inline data (picturesOf); a picture not among them keeps its address
 */
export function wordDocument(document: string, pictures: readonly PdfPicture[] = []): string {
  const byAddress = new Map(pictures.map((p) => [p.src, p.data]));
  let first = true;
  return document
    .replace(IMG_SRC, (whole, start: string, src: string, end: string) => {
      const data = byAddress.get(src);
      return data ? `${start}${data}${end}` : whole;
    })
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
}

/** saves the printed document as a Word .doc, its pictures inside it (those of this site fetched first) */
export async function downloadWord(document: string, name: string): Promise<void> {
  const word = wordDocument(document, await picturesOf([document]));
  const href = URL.createObjectURL(new Blob(['\ufeff', word], { type: 'application/msword' }));
  const link = window.document.createElement('a');
  link.href = href;
  link.download = name.toLowerCase().endsWith('.doc') ? name : `${name}.doc`;
  window.document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
