// A message's attachments: the JSON list the sender stored (name, fileId, url, fileSize …, as an upload field
// keeps its files), and their download. File addresses need the session token, which a plain link cannot
// send, so the file is fetched with it and handed to the browser as a download.
import { downloadFile, downloadHref } from '../../components/admin';
import { getToken } from '../../platform/session';
import { currentLanguage } from '../../platform/i18n';

export interface Attachment {
  name: string;
  fileId: string;
  url: string;
  fileSize: number | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** the attachments of a message: a JSON text or a list; anything malformed is left out */
export function parseAttachments(files: unknown): Attachment[] {
  let list: unknown = files;
  if (typeof files === 'string') {
    try {
      list = JSON.parse(files || '[]');
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  return list.flatMap((item): Attachment[] => {
    if (!item || typeof item !== 'object') return [];
    const entry = item as Record<string, unknown>;
    const fileId = text(entry.fileId);
    const name = text(entry.name) || text(entry.fileName) || fileId;
    const url = text(entry.url);
    if (!name || !url) return [];
    const size = Number(entry.fileSize);
    return [{ name, fileId, url, fileSize: Number.isFinite(size) && size >= 0 ? size : null }];
  });
}

const UNITS = ['B', 'KB', 'MB', 'GB'];

/** bytes, KB, MB, GB */
export function formatFileSize(bytes: number | null): string {
  if (bytes === null) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value >= 100 ? 0 : 1)} ${UNITS[unit]}`;
}

/** only the app's own server addresses get the token */
const isOwnAddress = (url: string) => url.startsWith('/') && !url.startsWith('//');

/**
 * Downloads an attachment. The server answers either the file itself, or (the reference's download call) an
 * envelope whose data is {name, url}; a refusal rejects with the server's message.
 */
export async function downloadAttachment(file: Attachment): Promise<void> {
  if (!isOwnAddress(file.url)) {
    downloadFile({ name: file.name, url: file.url });
    return;
  }
  const headers: Record<string, string> = { 'jnpf-origin': 'pc', 'jnpf-language': currentLanguage() };
  const token = getToken();
  if (token) headers.Authorization = token;
  const response = await fetch(downloadHref(file.url), { headers });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  if ((response.headers.get('content-type') ?? '').includes('application/json')) {
    const body = (await response.json()) as { code?: number; msg?: string; data?: { name?: string; url?: string } };
    if (body.code !== 200 || !body.data?.url) throw new Error(body.msg || `code ${String(body.code)}`);
    downloadFile({ name: body.data.name ?? file.name, url: body.data.url });
    return;
  }
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = file.name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // the click has started the download; the address is not needed for long
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}
