// Avatar pictures over HTTP: upload (signed in, one image by content, under 2 MB), serving without a token by the
// random stored name, choosing it as the own avatar, and the refusals.
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/harness.js';
import { admin as token, server, useAdminServer } from '../../../test/kit/adminServer.js';
import { PNG, upload as uploadFiles } from '../../../test/kit/uploads.js';

useAdminServer();

const upload = (auth: string | null, files: { bytes: Buffer; name: string }[], lang = 'zh') =>
  uploadFiles<{ name: string; url: string }>(
    server,
    '/api/file/Uploader/userAvatar',
    files.map((f) => ({ name: f.name, content: f.bytes })),
    { token: auth, headers: { 'jnpf-language': lang } },
  );

describe('avatars', () => {
  it('uploads a picture, serves it without a token, and it can become the own avatar', async () => {
    const res = await upload(token, [{ bytes: PNG, name: 'me.txt' }]);
    expect(res.code, res.msg).toBe(200);
    expect(res.data!.name).toMatch(/^\d{8}_[0-9a-f]{32}\.png$/);
    expect(res.data!.url).toBe(`/api/file/Image/userAvatar/${res.data!.name}`);
    const image = await fetch(`${server.baseUrl}${res.data!.url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    const set = await call(server, 'PUT', `/api/permission/Users/Current/Avatar/${res.data!.name}`, { token });
    expect(set.code, set.msg).toBe(200);
    const me = await call<{ userInfo: { headIcon: string } }>(server, 'GET', '/api/oauth/CurrentUser', { token });
    expect(me.data!.userInfo.headIcon).toBe(res.data!.url);
  });

  it('refuses other content, large pictures, several files, nothing, and strangers', async () => {
    expect(await upload(token, [{ bytes: Buffer.from('<svg onload=alert(1)>'), name: 'x.png' }])).toMatchObject({
      code: 400,
      msg: '只能上传图片（png、jpg、gif、webp、bmp）',
    });
    const huge = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length)]);
    expect(await upload(token, [{ bytes: huge, name: 'big.png' }], 'en')).toMatchObject({
      code: 400,
      msg: 'The picture must be smaller than 2 MB',
    });
    const twice = await upload(token, [
      { bytes: PNG, name: 'a.png' },
      { bytes: PNG, name: 'b.png' },
    ]);
    expect(twice).toMatchObject({ code: 400, msg: '一次只能上传一张图片' });
    expect(await upload(token, [])).toMatchObject({ code: 400, msg: '请选择要上传的图片' });
    expect((await upload(null, [{ bytes: PNG, name: 'a.png' }])).code).toBe(602);
  });

  it('answers unknown and malformed names with "not found"', async () => {
    for (const name of [
      '20260101_00000000000000000000000000000000.png',
      '..%2F..%2Fetc%2Fpasswd',
      '002.png',
      '01.png',
    ]) {
      const res = await call(server, 'GET', `/api/file/Image/userAvatar/${name}`);
      expect(res.code, name).toBe(400);
    }
  });

  it('serves the default avatar every new user has, without a token', async () => {
    const res = await fetch(`${server.baseUrl}/api/file/Image/userAvatar/001.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  });
});
