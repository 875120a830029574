// 下载PDF: the preview's own pages laid out as PDF by the server's local Chromium (printDev/Pdf) in the
// template's page size, so the file matches the preview page for page. The server's browser reaches nothing,
// so the pictures go inline first. The server answers a download ({name, url}) like the exports.
import { LONG_REQUEST_TIMEOUT_MS } from '../../platform/config';
import { http } from '../../platform/request';
import { downloadFile, type DownloadVO } from '../admin/download';

const PDF_URL = '/api/system/printDev/Pdf';

/** bytes as a data: address (by hand: FileReader takes only the page's own Blob) */
async function asDataUrl(response: Response, type: string): Promise<string> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${type};base64,${btoa(binary)}`;
}

/** a picture the template names by address (one the server gave: an uploaded image) */
const fetchPicture = (address: string) => fetch(address);

const IMG_SRC = /(<img\b[^>]*?\bsrc=")([^"]+)(")/gi;

/** the pages with each picture they name by address put inline (one that cannot be fetched stays as it is) */
export async function inlinePictures(pages: readonly string[]): Promise<string[]> {
  const sources = new Set<string>();
  for (const html of pages)
    for (const hit of html.matchAll(IMG_SRC)) if (!hit[2]!.startsWith('data:')) sources.add(hit[2]!);
  const inline = new Map<string, string>();
  await Promise.all(
    [...sources].map(async (src) => {
      try {
        const response = await fetchPicture(src.replace(/&amp;/g, '&'));
        const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
        if (response.ok && type.startsWith('image/')) inline.set(src, await asDataUrl(response, type));
      } catch {
        // a picture that cannot be had is left out of the PDF, as the server's browser fetches nothing
      }
    }),
  );
  if (!inline.size) return [...pages];
  return pages.map((html) =>
    html.replace(IMG_SRC, (whole, start: string, src: string, end: string) =>
      inline.has(src) ? `${start}${inline.get(src)}${end}` : whole,
    ),
  );
}

export interface PdfRequest {
  /** the preview's pages, one per record */
  pages: readonly string[];
  /** the template's page settings (JSON text) */
  pageParam?: string;
  title?: string;
  /** the file's name, ending in .pdf */
  fileName: string;
}

/**
 * lays the pages out as PDF on the server and downloads it; a refusal is shown by the request layer and
 * rejects
 */
export async function downloadPdf({ pages, pageParam = '', title = '', fileName }: PdfRequest): Promise<void> {
  const body = { pages: await inlinePictures(pages), pageParam, title, fileName };
  // a layout waits for the ones before it: the long timeout
  const file = (await http.post<DownloadVO>(PDF_URL, body, { timeoutMs: LONG_REQUEST_TIMEOUT_MS })).data;
  if (file?.url) downloadFile(file);
}
