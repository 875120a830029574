// 下载PDF: the preview's own document laid out as PDF by the server's local Chromium (printDev/Pdf), so the file
// matches the preview page for page. The server's browser reaches nothing, so the pictures go inline first.
import { REQUEST_ERROR_TOAST_SECONDS } from '../../platform/config';
import { feedback } from '../../platform/feedback';
import { currentLanguage, t as platformText } from '../../platform/i18n';
import { buildUrl } from '../../platform/request';
import { getToken } from '../../platform/session';

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

/** the document with each picture it names by address put inline (one it cannot fetch stays as it is) */
export async function inlinePictures(html: string): Promise<string> {
  const sources = [...new Set([...html.matchAll(/<img\b[^>]*?\bsrc="([^"]+)"/gi)].map((hit) => hit[1]!))].filter(
    (src) => !src.startsWith('data:'),
  );
  const inline = new Map<string, string>();
  await Promise.all(
    sources.map(async (src) => {
      try {
        const response = await fetchPicture(src.replace(/&amp;/g, '&'));
        const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
        if (response.ok && type.startsWith('image/')) inline.set(src, await asDataUrl(response, type));
      } catch {
        // a picture that cannot be had is left out of the PDF, as the server's browser fetches nothing
      }
    }),
  );
  return inline.size
    ? html.replace(/(<img\b[^>]*?\bsrc=")([^"]+)(")/gi, (whole, start: string, src: string, end: string) =>
        inline.has(src) ? `${start}${inline.get(src)}${end}` : whole,
      )
    : html;
}

/** lays the document out as PDF on the server and saves it; rejects (after showing why) when it cannot */
export async function downloadPdf(document: string, name: string): Promise<void> {
  const html = await inlinePictures(document);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json;charset=UTF-8',
    'jnpf-origin': 'pc',
    'jnpf-language': currentLanguage(),
  };
  const token = getToken();
  if (token) headers.Authorization = token;
  let response: Response;
  try {
    response = await fetch(buildUrl(PDF_URL, undefined), {
      method: 'POST',
      headers,
      body: JSON.stringify({ html, fileName: name }),
    });
  } catch (cause) {
    feedback.error(platformText('request.failed'), REQUEST_ERROR_TOAST_SECONDS);
    throw cause;
  }
  if ((response.headers.get('content-type') ?? '').includes('application/json')) {
    const body = (await response.json()) as { msg?: string };
    const message = body.msg || platformText('request.failed');
    feedback.error(message, REQUEST_ERROR_TOAST_SECONDS);
    throw new Error(message);
  }
  const href = URL.createObjectURL(await response.blob());
  const link = window.document.createElement('a');
  link.href = href;
  link.download = name.toLowerCase().endsWith('.pdf') ? name : `${name}.pdf`;
  window.document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
