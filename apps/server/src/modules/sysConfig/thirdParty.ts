// HTTP calls to WeCom (企业微信) and DingTalk (钉钉). Base addresses come from the environment so that a
// deployment behind a proxy, or a test with a local fake server, needs no code change:
//   WECOM_API_BASE     default https://qyapi.weixin.qq.com
//   DINGTALK_API_BASE  default https://oapi.dingtalk.com
//   THIRD_PARTY_TIMEOUT_MS  default 10000 (each call)
// They are read on every call, so a changed environment applies without a restart.
import type { Language } from '@jnpf/core';
import { t } from '../../platform/i18n.js';
import { m } from './messages.js';

export type FailureReason = 'timeout' | 'network' | 'badResponse';

/** why a call failed: the third party refused (its own code and message), or it could not be asked */
export type CallFailure =
  { ok: false; reason: FailureReason } | { ok: false; reason: 'remote'; code: number; message: string };

export type CallResult<T> = { ok: true; data: T } | CallFailure;

type Json = Record<string, unknown>;

const DEFAULT_TIMEOUT_MS = 10_000;
/** answers of these APIs are small; anything larger is not what we asked for */
const MAX_ANSWER_BYTES = 1_000_000;

export const wecomBase = () => baseFrom(process.env.WECOM_API_BASE, 'https://qyapi.weixin.qq.com');
export const dingTalkBase = () => baseFrom(process.env.DINGTALK_API_BASE, 'https://oapi.dingtalk.com');

function baseFrom(value: string | undefined, fallback: string) {
  return (value?.trim() || fallback).replace(/\/+$/, '');
}

/** how long one call may take, in milliseconds */
export function timeoutMs(): number {
  const n = Number(process.env.THIRD_PARTY_TIMEOUT_MS);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_TIMEOUT_MS;
}

/** the third party's message, safe to show: bounded and without control characters */
export const cleanRemoteMessage = (text: unknown) =>
  String(text ?? '')
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim()
    .slice(0, 200);

async function readCapped(res: Response): Promise<string | null> {
  const bytes = await readCappedBytes(res, MAX_ANSWER_BYTES);
  return bytes === null ? null : bytes.toString('utf8');
}

async function readCappedBytes(res: Response, max: number): Promise<Buffer | null> {
  const declared = Number(res.headers.get('content-length'));
  if (declared > max) return null;
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** the picture types a picture call may answer with */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
/** a map picture is a few hundred kilobytes at most */
const MAX_IMAGE_BYTES = 4_000_000;

/**
 * One GET answered with a picture; never throws. A JSON answer is the service's refusal: its `info` and
 * `infocode` (AMap's names) become the failure's message and code.
 */
export async function callImage(
  url: string,
  query: Record<string, string>,
): Promise<{ ok: true; bytes: Buffer; contentType: string } | CallFailure> {
  let target: URL;
  try {
    target = new URL(url);
    if (target.protocol !== 'https:' && target.protocol !== 'http:') return { ok: false, reason: 'network' };
    for (const [k, v] of Object.entries(query)) target.searchParams.set(k, v);
  } catch {
    return { ok: false, reason: 'network' };
  }
  try {
    const res = await fetch(target, { redirect: 'error', signal: AbortSignal.timeout(timeoutMs()) });
    const contentType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const bytes = await readCappedBytes(res, MAX_IMAGE_BYTES);
    if (bytes === null) return { ok: false, reason: 'badResponse' };
    if (res.ok && IMAGE_TYPES.includes(contentType) && bytes.length > 0) return { ok: true, bytes, contentType };
    try {
      const refusal = JSON.parse(bytes.toString('utf8')) as { info?: unknown; infocode?: unknown };
      if (refusal && typeof refusal === 'object' && refusal.info !== undefined)
        return { ok: false, reason: 'remote', code: Number(refusal.infocode) || 0, message: String(refusal.info) };
    } catch {
      // not JSON either
    }
    return { ok: false, reason: 'badResponse' };
  } catch (err) {
    const name = (err as { name?: string }).name;
    return { ok: false, reason: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network' };
  }
}

/** one JSON call; never throws */
export async function callJson(
  url: string,
  init: { method: 'GET' | 'POST'; query?: Record<string, string>; body?: unknown },
): Promise<CallResult<Json>> {
  let target: URL;
  try {
    target = new URL(url);
    if (target.protocol !== 'https:' && target.protocol !== 'http:') return { ok: false, reason: 'network' };
    for (const [k, v] of Object.entries(init.query ?? {})) target.searchParams.set(k, v);
  } catch {
    return { ok: false, reason: 'network' };
  }
  try {
    const res = await fetch(target, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs()),
    });
    const text = await readCapped(res);
    if (text === null) return { ok: false, reason: 'badResponse' };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { ok: false, reason: 'badResponse' };
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { ok: false, reason: 'badResponse' };
    return { ok: true, data: parsed as Json };
  } catch (err) {
    const name = (err as { name?: string }).name;
    return { ok: false, reason: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network' };
  }
}

/** both APIs answer {errcode, errmsg, ...}; errcode 0 is success */
async function callApi(url: string, init: Parameters<typeof callJson>[1]): Promise<CallResult<Json>> {
  const res = await callJson(url, init);
  if (!res.ok) return res;
  const code = Number(res.data.errcode ?? 0);
  if (!Number.isFinite(code)) return { ok: false, reason: 'badResponse' };
  if (code !== 0)
    return { ok: false, reason: 'remote', code, message: cleanRemoteMessage(res.data.errmsg) || String(code) };
  return res;
}

function tokenOf(res: CallResult<Json>): CallResult<string> {
  if (!res.ok) return res;
  const token = res.data.access_token;
  return typeof token === 'string' && token ? { ok: true, data: token } : { ok: false, reason: 'badResponse' };
}

// ---- WeCom -----------------------------------------------------------------------------------------------

export const wecom = {
  /** GET /cgi-bin/gettoken: the app secret tests messaging, the contacts secret tests synchronisation */
  async token(corpId: string, secret: string): Promise<CallResult<string>> {
    return tokenOf(
      await callApi(`${wecomBase()}/cgi-bin/gettoken`, {
        method: 'GET',
        query: { corpid: corpId, corpsecret: secret },
      }),
    );
  },
  get(path: string, token: string, query: Record<string, string> = {}) {
    return callApi(`${wecomBase()}${path}`, { method: 'GET', query: { access_token: token, ...query } });
  },
  post(path: string, token: string, body: unknown) {
    return callApi(`${wecomBase()}${path}`, { method: 'POST', query: { access_token: token }, body });
  },
};

// ---- DingTalk --------------------------------------------------------------------------------------------

export const dingTalk = {
  /** GET /gettoken with the app key and secret */
  async token(appKey: string, appSecret: string): Promise<CallResult<string>> {
    return tokenOf(
      await callApi(`${dingTalkBase()}/gettoken`, { method: 'GET', query: { appkey: appKey, appsecret: appSecret } }),
    );
  },
  post(path: string, token: string, body: unknown) {
    return callApi(`${dingTalkBase()}${path}`, { method: 'POST', query: { access_token: token }, body });
  },
};

/** a failed call in the caller's language: the third party's own message and code, or why it could not be asked */
export function failureText(lang: Language, f: CallFailure): string {
  if (f.reason === 'remote') return t(lang, m.remote, { message: f.message, code: f.code });
  if (f.reason === 'timeout') return t(lang, m.timeout, { s: Math.ceil(timeoutMs() / 1000) });
  return t(lang, m[f.reason]);
}
