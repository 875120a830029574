// 下载PDF: the preview's own pages laid out as PDF by the server's local Chromium (printDev/Pdf) in the
// template's page size, so the file matches the preview page for page. The server's browser reaches nothing,
// so the pictures the pages name go along as inline data, each once however many pages show it. The server
// answers a download ({name, url}) like the exports.
import { http } from '../../platform/request';
import { downloadFile, type DownloadVO } from '../admin/download';

const PDF_URL = '/api/system/printDev/Pdf';

/**
 * how long the download waits for its PDF: the server lays a batch out in up to two minutes by default
 * (PDF_TIMEOUT_MAX_SECONDS: 30 s and 0.1 s a page, a 1,000-record batch of full pages taking about a minute on
 * a busy 2-core server) after at most two documents before it, and answers when it cannot
 */
export const PDF_REQUEST_TIMEOUT_MS = 7 * 60_000;

/** bytes as a data: address (by hand: FileReader takes only the page's own Blob) */
async function asDataUrl(response: Response, type: string): Promise<string> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${type};base64,${btoa(binary)}`;
}

/** a picture the template names by address (one the server gave: an uploaded image) */
const fetchPicture = (address: string) => fetch(address);

const IMG_SRC = /<img\b[^>]*?\bsrc="([^"]+)"/gi;

/** a picture the pages name by address, as inline data */
export interface PdfPicture {
  /** the img src as the pages write it */
  src: string;
  /** its data: address */
  data: string;
}

/**
 * each picture the pages name by address, fetched once and as inline data (the server's browser fetches
 * nothing); one that cannot be fetched is left out, as the PDF then shows it missing
 */
export async function picturesOf(pages: readonly string[]): Promise<PdfPicture[]> {
  const sources = new Set<string>();
  for (const html of pages)
    for (const hit of html.matchAll(IMG_SRC)) if (!hit[1]!.startsWith('data:')) sources.add(hit[1]!);
  const pictures = await Promise.all(
    [...sources].map(async (src): Promise<PdfPicture | null> => {
      try {
        const response = await fetchPicture(src.replace(/&amp;/g, '&'));
        const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
        return response.ok && type.startsWith('image/') ? { src, data: await asDataUrl(response, type) } : null;
      } catch {
        return null;
      }
    }),
  );
  return pictures.filter((p): p is PdfPicture => p !== null);
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
  const body = { pages, pictures: await picturesOf(pages), pageParam, title, fileName };
  const file = (await http.post<DownloadVO>(PDF_URL, body, { timeoutMs: PDF_REQUEST_TIMEOUT_MS })).data;
  if (file?.url) downloadFile(file);
}
