// Text messages through the provider the system configuration names (smsCompany 1 Aliyun, 2 Tencent Cloud),
// signed as each provider's API requires, with addresses from the environment (tests use a local fake).
// With SMS_MODE=log (the default in development) nothing is sent: the message is written to the server log.
// Secrets never reach the log; a provider's refusal is logged with its code and answered as "sending failed".
import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ResultCode } from '@jnpf/core';
import type { Config } from '../config.js';
import { AppError } from './errors.js';
import { defineMessages } from './i18n.js';
import type { SysConfigValues } from './sysConfig.js';

export const smsMessages = defineMessages('sms', {
  notConfigured: {
    zh: '短信服务未配置，请联系管理员',
    zhtw: '簡訊服務未配置，請聯絡管理員',
    en: 'Text messages are not configured; please contact the administrator',
  },
  sendFailed: {
    zh: '短信发送失败，请稍后重试',
    zhtw: '簡訊發送失敗，請稍後重試',
    en: 'The text message could not be sent; please try again later',
  },
});

const TIMEOUT_MS = 10_000;

export interface SmsRequest {
  mobile: string;
  /** the template's parameters, in order (Tencent) and by name (Aliyun) */
  params: Record<string, string>;
  template: string;
}

type SmsSettings = Pick<
  SysConfigValues,
  'smsCompany' | 'aliAccessKey' | 'aliSecret' | 'tencentSecretId' | 'tencentSecretKey' | 'tencentAppId' | 'smsSignName'
>;

/** RFC 3986 encoding as Aliyun's signature wants it */
const aliEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** the signed query of an Aliyun SendSms call (RPC signature, HMAC-SHA1) */
export function aliyunSignedQuery(
  settings: Pick<SmsSettings, 'aliAccessKey' | 'aliSecret' | 'smsSignName'>,
  request: SmsRequest,
  now = new Date(),
  nonce: string = randomUUID(),
): string {
  const params: Record<string, string> = {
    AccessKeyId: settings.aliAccessKey,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: request.mobile,
    RegionId: 'cn-hangzhou',
    SignName: settings.smsSignName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: nonce,
    SignatureVersion: '1.0',
    TemplateCode: request.template,
    TemplateParam: JSON.stringify(request.params),
    Timestamp: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    Version: '2017-05-25',
  };
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${aliEncode(k)}=${aliEncode(params[k]!)}`)
    .join('&');
  const signature = createHmac('sha1', `${settings.aliSecret}&`)
    .update(`GET&${aliEncode('/')}&${aliEncode(canonical)}`)
    .digest('base64');
  return `Signature=${aliEncode(signature)}&${canonical}`;
}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/** headers and body of a Tencent Cloud SendSms call (TC3-HMAC-SHA256) */
export function tencentSignedRequest(
  settings: Pick<SmsSettings, 'tencentSecretId' | 'tencentSecretKey' | 'tencentAppId' | 'smsSignName'>,
  request: SmsRequest,
  host: string,
  now = new Date(),
): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify({
    PhoneNumberSet: [`+86${request.mobile}`],
    SmsSdkAppId: settings.tencentAppId,
    SignName: settings.smsSignName,
    TemplateId: request.template,
    TemplateParamSet: Object.values(request.params),
  });
  const timestamp = Math.floor(now.getTime() / 1000);
  const date = now.toISOString().slice(0, 10);
  const contentType = 'application/json; charset=utf-8';
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${contentType}\nhost:${host}\n`,
    'content-type;host',
    sha256Hex(body),
  ].join('\n');
  const scope = `${date}/sms/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const signing = hmac(hmac(hmac(`TC3${settings.tencentSecretKey}`, date), 'sms'), 'tc3_request');
  const signature = createHmac('sha256', signing).update(stringToSign).digest('hex');
  return {
    body,
    headers: {
      Authorization: `TC3-HMAC-SHA256 Credential=${settings.tencentSecretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`,
      'Content-Type': contentType,
      Host: host,
      'X-TC-Action': 'SendSms',
      'X-TC-Version': '2021-01-11',
      'X-TC-Timestamp': String(timestamp),
      'X-TC-Region': 'ap-guangzhou',
    },
  };
}

/** whether the configuration can send at all (keys, signature and the template are set) */
export function smsConfigured(settings: SmsSettings, template: string): boolean {
  if (!settings.smsSignName || !template) return false;
  return settings.smsCompany === '2'
    ? Boolean(settings.tencentSecretId && settings.tencentSecretKey && settings.tencentAppId)
    : Boolean(settings.aliAccessKey && settings.aliSecret);
}

export class SmsClient {
  constructor(
    private readonly config: Config['sms'],
    private readonly log: FastifyBaseLogger,
  ) {}

  /** sends, or in log mode writes the message to the log; refuses when the configuration cannot send */
  async send(settings: SmsSettings, request: SmsRequest): Promise<void> {
    if (this.config.mode === 'log') {
      this.log.info(
        { sms: { mobile: request.mobile, template: request.template, params: request.params } },
        'SMS (log mode, not sent)',
      );
      return;
    }
    if (!smsConfigured(settings, request.template)) throw new AppError(ResultCode.Fail, smsMessages.notConfigured);
    const provider = settings.smsCompany === '2' ? 'tencent' : 'aliyun';
    let failure: string | null = null;
    try {
      failure =
        provider === 'aliyun' ? await this.sendAliyun(settings, request) : await this.sendTencent(settings, request);
    } catch (err) {
      failure = err instanceof Error ? err.message : String(err);
    }
    if (failure !== null) {
      this.log.warn({ provider, mobile: request.mobile, failure }, 'SMS sending failed');
      throw new AppError(ResultCode.Fail, smsMessages.sendFailed);
    }
  }

  /** null on success, else the provider's reason */
  private async sendAliyun(settings: SmsSettings, request: SmsRequest): Promise<string | null> {
    const url = new URL(this.config.aliyunEndpoint);
    url.search = aliyunSignedQuery(settings, request);
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    const answer = (await res.json().catch(() => null)) as { Code?: string; Message?: string } | null;
    if (res.ok && answer?.Code === 'OK') return null;
    return `${res.status} ${answer?.Code ?? ''} ${answer?.Message ?? ''}`.trim();
  }

  private async sendTencent(settings: SmsSettings, request: SmsRequest): Promise<string | null> {
    const url = new URL(this.config.tencentEndpoint);
    const { headers, body } = tencentSignedRequest(settings, request, url.host);
    const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const answer = (await res.json().catch(() => null)) as {
      Response?: { Error?: { Code?: string; Message?: string }; SendStatusSet?: { Code?: string; Message?: string }[] };
    } | null;
    const error = answer?.Response?.Error;
    if (error) return `${error.Code ?? ''} ${error.Message ?? ''}`.trim();
    const status = answer?.Response?.SendStatusSet?.[0];
    if (res.ok && status?.Code?.toLowerCase() === 'ok') return null;
    return `${res.status} ${status?.Code ?? ''} ${status?.Message ?? ''}`.trim();
  }
}
