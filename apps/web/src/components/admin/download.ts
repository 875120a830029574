// Downloads of exported files. Export calls answer {name, url} (a DownloadVO); the url needs no token, so
// the browser fetches it directly.
import { API_BASE } from '../../platform/config';
import { http, type QueryParams } from '../../platform/request';

export interface DownloadVO {
  name?: string;
  url: string;
}

/** the address the browser opens: absolute urls as they are, server paths under the API base */
export function downloadHref(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${API_BASE}${url}`;
}

/** starts the browser download of a file the server offered */
export function downloadFile(file: DownloadVO): void {
  const link = document.createElement('a');
  link.href = downloadHref(file.url);
  link.download = file.name ?? '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** calls an export endpoint (GET) and downloads what it answers; the request layer reports a refusal */
export async function exportAndDownload(url: string, query?: QueryParams): Promise<DownloadVO | undefined> {
  const result = await http.get<DownloadVO>(url, query);
  if (result.data?.url) downloadFile(result.data);
  return result.data;
}
