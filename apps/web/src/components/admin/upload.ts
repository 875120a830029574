// Multipart uploads (imports, files) with the same headers and answer handling as the request layer:
// a body code other than 200 shows the server's message for 1.5 s and rejects; 600–602 end the session.
import type { ApiResult } from '@jnpf/core';
import { REQUEST_ERROR_TOAST_SECONDS } from '../../platform/config';
import { feedback } from '../../platform/feedback';
import { currentLanguage, t } from '../../platform/i18n';
import { currentAppPath, loginPathFor, navigateTo } from '../../platform/navigation';
import { buildUrl, RequestError } from '../../platform/request';
import { getToken, resetSession } from '../../platform/session';

const SESSION_ENDED = new Set([600, 601, 602]);

function fail(message: string, code: number | null, body?: ApiResult): never {
  feedback.error(message, REQUEST_ERROR_TOAST_SECONDS);
  throw new RequestError(message, code, body, true);
}

/** posts `file` (part name "file") and the plain fields as multipart/form-data */
export async function uploadFile<T = unknown>(
  url: string,
  file: Blob,
  fields: Record<string, string> = {},
  fileName?: string,
): Promise<ApiResult<T>> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', file, fileName ?? (file instanceof File ? file.name : 'file'));
  const headers: Record<string, string> = { 'jnpf-origin': 'pc', 'jnpf-language': currentLanguage() };
  const token = getToken();
  if (token) headers.Authorization = token;

  let payload: unknown;
  try {
    const response = await fetch(buildUrl(url, undefined), { method: 'POST', headers, body: form });
    payload = await response.json();
  } catch {
    fail(t('request.failed'), null);
  }
  const body = payload as ApiResult<T> | undefined;
  if (!body || typeof body.code !== 'number') fail(t('request.failed'), null);
  if (body.code === 200) return body;
  const message = body.msg || t('request.failed');
  if (SESSION_ENDED.has(body.code) && token && getToken() === token) {
    feedback.error(message, REQUEST_ERROR_TOAST_SECONDS);
    resetSession();
    navigateTo(loginPathFor(currentAppPath()), { replace: true });
    throw new RequestError(message, body.code, body, true);
  }
  fail(message, body.code, body);
}
