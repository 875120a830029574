// Notice files (attachments and the cover) live behind the signed-in API: the browser cannot open their
// address directly (no token in an <img> or a link), so they are fetched with the token and shown or saved
// from memory.
import { useEffect, useState } from 'react';
import { REQUEST_ERROR_TOAST_SECONDS } from '../../../platform/config';
import { feedback } from '../../../platform/feedback';
import { t as platformText } from '../../../platform/i18n';
import { buildUrl } from '../../../platform/request';
import { getToken } from '../../../platform/session';

/** the file's bytes; a refusal (the server answers an envelope instead of the file) shows its message */
export async function fetchNoticeFile(url: string): Promise<Blob> {
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

/** saves an attachment under its own name */
export async function downloadNoticeFile(url: string, name: string): Promise<void> {
  const blob = await fetchNoticeFile(url);
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // the download has started from the link; the memory can go soon after
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** an address an <img> can show for a notice picture; undefined while loading or when there is none */
export function useNoticeImage(url: string | null | undefined): { src?: string; failed: boolean } {
  const [state, setState] = useState<{ src?: string; failed: boolean }>({ failed: false });
  useEffect(() => {
    if (!url) {
      setState({ failed: false });
      return;
    }
    // an absolute address (another host, a data URL) needs no token
    if (/^(https?:|data:)/i.test(url)) {
      setState({ src: url, failed: false });
      return;
    }
    let href: string | undefined;
    let cancelled = false;
    setState({ failed: false });
    fetchNoticeFile(url).then(
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
export function fileSizeText(bytes: number): string {
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
