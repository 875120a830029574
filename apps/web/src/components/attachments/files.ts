// Record attachments (notice files, schedule files) live behind the signed-in API: the browser cannot open
// their address directly (no token in an <img> or a link), so they are fetched with the token and shown or
// saved from memory. Absolute addresses (another host, a data URL) are used as they are: no token leaves us.
import { useEffect, useState } from 'react';
import { REQUEST_ERROR_TOAST_SECONDS } from '../../platform/config';
import { feedback } from '../../platform/feedback';
import { t as platformText } from '../../platform/i18n';
import { buildUrl } from '../../platform/request';
import { getToken } from '../../platform/session';
import { IMAGE_EXTENSIONS } from '@jnpf/core';

/** one attachment as a record keeps it in its `files` JSON (the reference's upload-field value) */
export interface AttachmentFile {
  name: string;
  fileId: string;
  fileSize: number;
  fileExtension: string;
  url: string;
}

/** what an attachment upload answers */
export interface UploadedFile {
  name: string;
  url: string;
  fileSize: number;
  fileExtension: string;
}

/** the picture types, shared with the online forms' file fields */
export { IMAGE_EXTENSIONS };
/** what the server's attachment upload accepts: pictures, video, audio, documents and archives */
export const ATTACHMENT_EXTENSIONS = [
  ...IMAGE_EXTENSIONS,
  ...['mp4', 'm3u8', 'rmvb', 'avi', 'swf', '3gp', 'mkv', 'flv'],
  ...['mp3', 'wav', 'wma', 'ogg', 'aac', 'flac'],
  ...['doc', 'txt', 'docx', 'pages', 'epub', 'pdf', 'numbers', 'csv', 'xls', 'xlsx', 'keynote', 'ppt', 'pptx'],
  ...['zip', 'rar', '7z'],
];
/** the server's attachment limit (it refuses more) */
export const ATTACHMENT_MAX_MB = 20;

export const extensionOf = (name: string) => (name.includes('.') ? name.split('.').pop()!.toLowerCase() : '');

const isAbsolute = (url: string) => /^(https?:|data:|blob:)/i.test(url);

/** the file's bytes; a refusal (the server answers an envelope instead of the file) shows its message */
export async function fetchAttachment(url: string): Promise<Blob> {
  const headers: Record<string, string> = { 'jnpf-origin': 'pc' };
  const token = getToken();
  if (token) headers.Authorization = token;
  let response: Response;
  try {
    response = await fetch(buildUrl(url, undefined), { headers });
  } catch (cause) {
    feedback.error(platformText('request.failed'), REQUEST_ERROR_TOAST_SECONDS);
    throw cause;
  }
  if ((response.headers.get('content-type') ?? '').includes('application/json')) {
    const body = (await response.json()) as { code?: number; msg?: string };
    const message = body.msg || platformText('request.failed');
    feedback.error(message, REQUEST_ERROR_TOAST_SECONDS);
    throw new Error(message);
  }
  return response.blob();
}

function clickLink(href: string, name: string) {
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** saves an attachment under its own name; rejects (after showing why) when it cannot be had */
export async function downloadAttachment(url: string, name: string): Promise<void> {
  if (isAbsolute(url)) {
    clickLink(url, name);
    return;
  }
  const href = URL.createObjectURL(await fetchAttachment(url));
  clickLink(href, name);
  // the download has started from the link; the memory can go soon after
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** an address an <img> can show for an attached picture; undefined while loading or when there is none */
export function useAttachmentImage(url: string | null | undefined): { src?: string; failed: boolean } {
  const [state, setState] = useState<{ src?: string; failed: boolean }>({ failed: false });
  useEffect(() => {
    if (!url) {
      setState({ failed: false });
      return;
    }
    if (isAbsolute(url)) {
      setState({ src: url, failed: false });
      return;
    }
    let href: string | undefined;
    let cancelled = false;
    setState({ failed: false });
    fetchAttachment(url).then(
      (blob) => {
        if (cancelled) return;
        href = URL.createObjectURL(blob);
        setState({ src: href, failed: false });
      },
      () => {
        if (!cancelled) setState({ failed: true });
      },
    );
    return () => {
      cancelled = true;
      if (href) URL.revokeObjectURL(href);
    };
  }, [url]);
  return state;
}

/** "12.3 KB" */
export function fileSizeText(bytes: number | undefined): string {
  if (!bytes) return '';
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}
