// The request layer: the reference server's headers and response envelope ({code, msg, data}).
// Every call: header jnpf-origin pc, Authorization with the stored token as is, jnpf-language, and the
// cache-busting query n=<unix seconds>. A body code other than 200 shows the server's message for 1.5 s
// and rejects; 600/601/602 end the session, except on the sign-in and unlock calls.
import type { ApiResult } from '@jnpf/core';
import {
  API_BASE,
  LONG_REQUEST_TIMEOUT_MS,
  LONG_REQUEST_URL_PARTS,
  REQUEST_ERROR_TOAST_SECONDS,
  REQUEST_TIMEOUT_MS,
} from './config';
import { feedback } from './feedback';
import { currentLanguage, t } from './i18n';
import { currentAppPath, loginPathFor, navigateTo } from './navigation';
import { getToken, resetSession } from './session';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
type QueryScalar = string | number | boolean | null | undefined;
export type QueryValue = QueryScalar | readonly QueryScalar[] | Record<string, unknown>;
export type QueryParams = Record<string, QueryValue>;

export interface RequestOptions {
  url: string;
  method?: HttpMethod;
  /** GET: sent as query parameters. Other methods: the body (JSON unless `form`). */
  data?: unknown;
  /** Send the body form-encoded (application/x-www-form-urlencoded) instead of JSON. */
  form?: boolean;
  /** Overrides the configured timeout. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Extra headers of this call (a public link's ticket); the protocol's own headers cannot be replaced. */
  headers?: Record<string, string>;
}

/** Why a request failed. `body` is set when the server answered with an envelope. */
export class RequestError extends Error {
  readonly code: number | null;
  readonly body: ApiResult | undefined;
  /** The user has already been shown a message for this failure. */
  readonly notified: boolean;

  constructor(message: string, code: number | null, body: ApiResult | undefined, notified: boolean) {
    super(message);
    this.name = 'RequestError';
    this.code = code;
    this.body = body;
    this.notified = notified;
  }
}

const SESSION_ENDED_CODES: ReadonlySet<number> = new Set([600, 601, 602]);
/** Calls whose 600-602 answers are the caller's business (wrong password while signed in elsewhere …). */
const SESSION_EXEMPT_URL_PARTS = ['/api/oauth/Login', '/api/oauth/LockScreen'];
const LOGIN_URL_PART = '/api/oauth/Login';

/**
 * Calls whose raw body is returned even when code ≠ 200 (data-source test, online-dev config, portal auth,
 * single sign-on). SSO is matched as a path segment so that words such as "processor" do not match.
 */
export function isBypassUrl(url: string): boolean {
  return (
    url.includes('/DataSource/Actions/Test') ||
    (url.includes('OnlineDev') && url.includes('Config')) ||
    (url.includes('api/visualdev/Porta') && url.includes('auth')) ||
    /\/(?:pc)?sso/i.test(url)
  );
}

function timeoutFor(url: string): number {
  return LONG_REQUEST_URL_PARTS.some((part) => url.includes(part)) ? LONG_REQUEST_TIMEOUT_MS : REQUEST_TIMEOUT_MS;
}

function encodeQueryValue(value: QueryScalar | Record<string, unknown>): string {
  return encodeURIComponent(typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
}

/** Appends query parameters (nulls skipped, arrays as repeated keys) and the n=<unix seconds> cache buster. */
export function buildUrl(url: string, query: QueryParams | undefined, nowMs: number = Date.now()): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? (value as readonly QueryScalar[]) : [value as QueryScalar];
    for (const item of values) {
      if (item === null || item === undefined) continue;
      parts.push(`${encodeURIComponent(key)}=${encodeQueryValue(item)}`);
    }
  }
  parts.push(`n=${Math.floor(nowMs / 1000)}`);
  return `${API_BASE}${url}${url.includes('?') ? '&' : '?'}${parts.join('&')}`;
}

function formEncode(data: unknown): string {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries((data ?? {}) as Record<string, unknown>)) {
    if (value === null || value === undefined) continue;
    body.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return body.toString();
}

function isEnvelope(value: unknown): value is ApiResult {
  // a RequestError has a numeric code too, but it is not the server's envelope
  return (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof RequestError) &&
    typeof (value as { code?: unknown }).code === 'number'
  );
}

function transportFailure(cause: unknown): RequestError {
  const message = t('request.failed');
  feedback.error(message, REQUEST_ERROR_TOAST_SECONDS);
  const error = new RequestError(message, null, undefined, true);
  error.cause = cause;
  return error;
}

function endSession(): void {
  resetSession();
  const here = currentAppPath();
  if (!here.startsWith('/login')) navigateTo(loginPathFor(here), { replace: true });
}

export async function request<T = unknown>(options: RequestOptions): Promise<ApiResult<T>> {
  const method = options.method ?? 'GET';
  const { url } = options;
  const isGet = method === 'GET';
  const headers: Record<string, string> = {
    ...options.headers,
    'jnpf-origin': 'pc',
    'jnpf-language': currentLanguage(),
  };
  const token = getToken();
  if (token) headers.Authorization = token; // verbatim, as the server issued it (no "Bearer " added)

  let body: string | undefined;
  if (!isGet && options.data !== undefined) {
    if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      body = formEncode(options.data);
    } else {
      headers['Content-Type'] = 'application/json;charset=UTF-8';
      body = JSON.stringify(options.data);
    }
  }

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? timeoutFor(url));
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;

  let payload: unknown;
  try {
    const query = isGet ? (options.data as QueryParams | undefined) : undefined;
    const response = await fetch(buildUrl(url, query), { method, headers, body, signal });
    payload = await response.json();
    if (!response.ok && !isEnvelope(payload)) throw new Error(`HTTP ${response.status}`);
  } catch (cause) {
    // A caller's own cancellation is not an error worth telling the user about.
    if (options.signal?.aborted) throw new RequestError('aborted', null, undefined, true);
    throw transportFailure(cause);
  } finally {
    clearTimeout(timer);
  }

  if (!isEnvelope(payload)) throw transportFailure(new Error('response is not an envelope'));
  if (payload.code === 200 || isBypassUrl(url)) return payload as ApiResult<T>;

  const sessionEnded =
    SESSION_ENDED_CODES.has(payload.code) && !SESSION_EXEMPT_URL_PARTS.some((part) => url.includes(part));
  // A session-ended answer concerns the token it was sent with. When that session has already been ended
  // (by a parallel call) or replaced (signed in again), it is stale: no second toast, no reset.
  const staleSessionAnswer = sessionEnded && (!token || getToken() !== token);
  const message = payload.msg || t('request.failed');
  if (!staleSessionAnswer) feedback.error(message, REQUEST_ERROR_TOAST_SECONDS);
  if (sessionEnded && !staleSessionAnswer) endSession();

  // Sign-in failures reject with the whole body, so that the page can read code and msg.
  if (url.includes(LOGIN_URL_PART)) throw payload;
  throw new RequestError(message, payload.code, payload, true);
}

export const http = {
  get: <T = unknown>(url: string, query?: QueryParams, options?: Partial<RequestOptions>) =>
    request<T>({ ...options, url, method: 'GET', data: query }),
  post: <T = unknown>(url: string, data?: unknown, options?: Partial<RequestOptions>) =>
    request<T>({ ...options, url, method: 'POST', data }),
  put: <T = unknown>(url: string, data?: unknown, options?: Partial<RequestOptions>) =>
    request<T>({ ...options, url, method: 'PUT', data }),
  delete: <T = unknown>(url: string, data?: unknown, options?: Partial<RequestOptions>) =>
    request<T>({ ...options, url, method: 'DELETE', data }),
};

/** The message to show for any failure (a RequestError, a rejected envelope, an Error or a string). */
export function failureMessage(error: unknown): string {
  if (typeof error === 'string') return error;
  if (isEnvelope(error)) return error.msg || t('request.failed');
  if (error instanceof Error && error.message) return error.message;
  return t('request.failed');
}

/** Whether the user has already seen a message for this failure (the request layer shows its own). */
export function wasNotified(error: unknown): boolean {
  return (error instanceof RequestError && error.notified) || isEnvelope(error);
}
