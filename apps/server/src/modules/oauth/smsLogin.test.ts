// Sign-in by text-message code over HTTP, with the providers played by a local fake that checks each request's
// signature: Aliyun (RPC, HMAC-SHA1) and Tencent Cloud (TC3-HMAC-SHA256); "not configured", a provider refusal,
// wrong, expired and reused codes, the one-a-minute rule, unknown numbers, disabled users, and log mode.
import http from 'node:http';
import { createHash, createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LoginResult } from '@jnpf/core';
import { loginLog, user } from '../../db/schema/index.js';
import type { SysConfigValues } from '../../platform/sysConfig.js';
import { call, startTestServer, type TestServer } from '../../../test/harness.js';
import { insertUser } from '../../../test/kit/directory.js';
import { setSysConfig } from '../../../test/kit/sysConfig.js';

interface Captured {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let fake: http.Server;
let fakeUrl: string;
const captured: Captured[] = [];
let answer: { status: number; body: unknown } | null = null;

let server: TestServer;
const ctx = () => server.platform.context;
let mobileSeq = 13800000000;
const newMobile = () => String(++mobileSeq);

const ALI = { aliAccessKey: 'ak-id', aliSecret: 'ak-secret', smsSignName: '智慧园区', smsLoginTemplate: 'SMS_1001' };
const TENCENT = {
  smsCompany: '2',
  tencentSecretId: 'AKIDtest',
  tencentSecretKey: 'tc-secret',
  tencentAppId: '1400000000',
  smsSignName: '智慧园区',
  smsLoginTemplate: '123456',
};

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      captured.push({ method: req.method!, url: new URL(req.url!, 'http://fake'), headers: req.headers, body });
      const reply = answer ?? {
        status: 200,
        body: req.method === 'GET' ? { Code: 'OK' } : { Response: { SendStatusSet: [{ Code: 'Ok' }] } },
      };
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/`;
  server = await startTestServer({ sms: { aliyunEndpoint: fakeUrl, tencentEndpoint: fakeUrl, mode: 'send' } });
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => fake.close(resolve));
});
afterEach(() => {
  captured.length = 0;
  answer = null;
});

const configure = (patch: Partial<SysConfigValues>) => setSysConfig(ctx(), patch);

const requestCode = (mobile: string) => call(server, 'POST', '/api/oauth/SmsCode', { json: { mobile } });
const smsLogin = (mobile: string, code: string) =>
  call<LoginResult>(server, 'POST', '/api/oauth/SmsLogin', { json: { mobile, code } });

/** the code the fake received, from Aliyun's TemplateParam or Tencent's TemplateParamSet */
function sentCode(): string {
  const last = captured.at(-1)!;
  if (last.method === 'GET') return JSON.parse(last.url.searchParams.get('TemplateParam')!).code;
  return JSON.parse(last.body).TemplateParamSet[0];
}

const aliEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

describe('Aliyun', () => {
  beforeAll(() => configure({ smsCompany: '1', ...ALI }));

  it('sends a signed SendSms request and signs in with the code once', async () => {
    const mobile = newMobile();
    const u = await insertUser(ctx(), { mobilePhone: mobile });
    expect(await requestCode(mobile)).toMatchObject({ code: 200, msg: '验证码已发送' });
    expect(captured).toHaveLength(1);
    const { url } = captured[0]!;
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      Action: 'SendSms',
      AccessKeyId: 'ak-id',
      PhoneNumbers: mobile,
      SignName: '智慧园区',
      TemplateCode: 'SMS_1001',
      SignatureMethod: 'HMAC-SHA1',
      Version: '2017-05-25',
    });
    // the signature is what Aliyun computes over the other parameters with the secret
    const params = [...url.searchParams].filter(([k]) => k !== 'Signature').sort(([a], [b]) => (a < b ? -1 : 1));
    const canonical = params.map(([k, v]) => `${aliEncode(k)}=${aliEncode(v)}`).join('&');
    const expected = createHmac('sha1', 'ak-secret&')
      .update(`GET&${aliEncode('/')}&${aliEncode(canonical)}`)
      .digest('base64');
    expect(url.searchParams.get('Signature')).toBe(expected);
    const code = sentCode();
    expect(code).toMatch(/^\d{6}$/);

    const signedIn = await smsLogin(mobile, code);
    expect(signedIn.code, signedIn.msg).toBe(200);
    const me = await call<{ userInfo: { userId: string } }>(server, 'GET', '/api/oauth/CurrentUser', {
      token: signedIn.data!.token,
    });
    expect(me.data!.userInfo.userId).toBe(u.id);
    // single use
    expect(await smsLogin(mobile, code)).toMatchObject({ code: 401 });
    const logs = await ctx().db.select().from(loginLog).where(eq(loginLog.userId, u.id));
    expect(logs.some((l) => l.success === 1)).toBe(true);
  });

  it('one message a minute per number; a wrong code is refused and five guesses spend it', async () => {
    const mobile = newMobile();
    await insertUser(ctx(), { mobilePhone: mobile });
    await requestCode(mobile);
    const again = await requestCode(mobile);
    expect(again.code).toBe(400);
    expect(again.msg).toMatch(/^验证码已发送，请\d+秒后再试$/);
    expect(captured).toHaveLength(1);
    const code = sentCode();
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await smsLogin(mobile, wrong);
    expect(first).toMatchObject({ code: 401 });
    expect(JSON.stringify(first)).toContain('短信验证码错误');
    for (let i = 0; i < 3; i++) await smsLogin(mobile, wrong);
    const fifth = await smsLogin(mobile, wrong);
    expect(JSON.stringify(fifth)).toContain('短信验证码已失效，请重新获取');
    // the right code no longer works either
    expect(JSON.stringify(await smsLogin(mobile, code))).toContain('短信验证码已失效');
  });

  it('answers an unknown number as a known one, and sends nothing', async () => {
    expect(await requestCode(newMobile())).toMatchObject({ code: 200, msg: '验证码已发送' });
    expect(captured).toHaveLength(0);
  });

  it('refuses a disabled user with the code right, and logs it', async () => {
    const mobile = newMobile();
    const u = await insertUser(ctx(), { mobilePhone: mobile });
    await requestCode(mobile);
    const code = sentCode();
    await ctx().db.update(user).set({ enabledMark: 0 }).where(eq(user.id, u.id));
    expect(await smsLogin(mobile, code)).toMatchObject({ code: 400, msg: '账号已被禁用' });
    const logs = await ctx().db.select().from(loginLog).where(eq(loginLog.userId, u.id));
    expect(logs.map((l) => [l.success, l.abstracts])).toEqual([[0, 'accountDisabled']]);
  });

  it('a provider refusal answers "sending failed" and lets the user ask again at once', async () => {
    const mobile = newMobile();
    await insertUser(ctx(), { mobilePhone: mobile });
    answer = { status: 200, body: { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: 'limit' } };
    expect(await requestCode(mobile)).toMatchObject({ code: 400, msg: '短信发送失败，请稍后重试' });
    answer = null;
    expect(await requestCode(mobile)).toMatchObject({ code: 200 });
  });

  it('refuses bad numbers and badly formed codes with field messages', async () => {
    const bad = await requestCode('12345');
    expect(bad.code).toBe(401);
    expect(JSON.stringify(bad)).toContain('请正确输入您的手机号');
    const badCode = await smsLogin(newMobile(), '12ab');
    expect(JSON.stringify(badCode)).toContain('请输入6位短信验证码');
  });
});

describe('Tencent Cloud', () => {
  beforeAll(() => configure(TENCENT));

  it('sends a TC3-signed SendSms request and signs in with the code', async () => {
    const mobile = newMobile();
    await insertUser(ctx(), { mobilePhone: mobile });
    expect(await requestCode(mobile)).toMatchObject({ code: 200 });
    const req = captured[0]!;
    expect(req.method).toBe('POST');
    expect(req.headers['x-tc-action']).toBe('SendSms');
    expect(JSON.parse(req.body)).toMatchObject({
      PhoneNumberSet: [`+86${mobile}`],
      SmsSdkAppId: '1400000000',
      SignName: '智慧园区',
      TemplateId: '123456',
    });
    const timestamp = Number(req.headers['x-tc-timestamp']);
    const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
    const sha = (t: string) => createHash('sha256').update(t).digest('hex');
    const hmac = (k: string | Buffer, t: string) => createHmac('sha256', k).update(t).digest();
    const canonical = `POST\n/\n\ncontent-type:${req.headers['content-type']}\nhost:${req.headers.host}\n\ncontent-type;host\n${sha(req.body)}`;
    const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/sms/tc3_request\n${sha(canonical)}`;
    const key = hmac(hmac(hmac('TC3tc-secret', date), 'sms'), 'tc3_request');
    const signature = createHmac('sha256', key).update(toSign).digest('hex');
    expect(req.headers.authorization).toBe(
      `TC3-HMAC-SHA256 Credential=AKIDtest/${date}/sms/tc3_request, SignedHeaders=content-type;host, Signature=${signature}`,
    );
    expect((await smsLogin(mobile, sentCode())).code).toBe(200);
  });

  it('a Tencent error answer is "sending failed"', async () => {
    const mobile = newMobile();
    await insertUser(ctx(), { mobilePhone: mobile });
    answer = { status: 200, body: { Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'x' } } } };
    expect(await requestCode(mobile)).toMatchObject({ code: 400, msg: '短信发送失败，请稍后重试' });
  });
});

describe('without configuration', () => {
  it('says the service is not configured, in the caller’s language', async () => {
    await configure({ smsCompany: '1', aliAccessKey: '', aliSecret: '', smsSignName: '', smsLoginTemplate: '' });
    const mobile = newMobile();
    await insertUser(ctx(), { mobilePhone: mobile });
    expect(await requestCode(mobile)).toMatchObject({ code: 400, msg: '短信服务未配置，请联系管理员' });
    const en = await call(server, 'POST', '/api/oauth/SmsCode', {
      json: { mobile: newMobile() },
      headers: { 'jnpf-language': 'en' },
    });
    expect(en).toMatchObject({ code: 400, msg: 'Text messages are not configured; please contact the administrator' });
    expect(captured).toHaveLength(0);
  });
});

describe('log mode', () => {
  it('writes the code to the server log instead of sending it', async () => {
    const logMode = await startTestServer({ sms: { aliyunEndpoint: fakeUrl, tencentEndpoint: fakeUrl, mode: 'log' } });
    try {
      const info = vi.spyOn(logMode.platform.context.log, 'info');
      const mobile = newMobile();
      await insertUser(logMode.platform.context, { mobilePhone: mobile });
      expect((await call(logMode, 'POST', '/api/oauth/SmsCode', { json: { mobile } })).code).toBe(200);
      const logged = info.mock.calls.find(([entry]) => typeof entry === 'object' && entry && 'sms' in entry);
      const code = (logged![0] as { sms: { params: { code: string } } }).sms.params.code;
      expect(captured).toHaveLength(0);
      const signedIn = await call(logMode, 'POST', '/api/oauth/SmsLogin', { json: { mobile, code } });
      expect(signedIn.code, signedIn.msg).toBe(200);
    } finally {
      await logMode.close();
    }
  });
});
