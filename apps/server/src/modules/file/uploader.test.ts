// The one-shot upload (Uploader/{type}), the preview address (Uploader/Preview) and pack downloads over HTTP
// against a real database: each check of an upload, who may preview or zip a file, and the zip itself.
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/harness.js';
import { signedInUser } from '../../../test/kit/access.js';
import { admin, server, useAdminServer } from '../../../test/kit/adminServer.js';
import { PNG, upload, type Merged } from '../../../test/kit/uploads.js';

const QUOTA = 64 * 1024;
useAdminServer({ uploadQuota: QUOTA });

let alice: { token: string };
let bob: { token: string };
beforeAll(async () => {
  alice = await signedInUser(server);
  bob = await signedInUser(server);
});

const send = (token: string, name: string, content: string | Uint8Array, type = 'annex', fields = {}) =>
  upload<Merged & { fileName: string }>(server, `/api/file/Uploader/${type}`, [{ name, content }], { token, fields });

const preview = (token: string, fileName: string, type = 'annex') =>
  call<string>(server, 'GET', '/api/file/Uploader/Preview', { token, query: { fileName, type } });

const pack = (token: string, type: string, json: unknown) =>
  call<{ downloadVo: { name: string; url: string }; downloadName: string }>(
    server,
    'POST',
    `/api/file/PackDownload/${type}`,
    { token, json },
  );

describe('Uploader/{type}', () => {
  it("stores a file as the caller's, readable through its address", async () => {
    const res = await send(alice.token, '说明.txt', 'hello');
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ fileSize: 5, fileExtension: 'txt', fileName: '说明.txt' });
    expect(res.data!.url).toBe(`/api/file/Image/annex/${res.data!.name}`);
    const file = await fetch(`${server.baseUrl}${res.data!.url}`, { headers: { authorization: alice.token } });
    expect(await file.text()).toBe('hello');
    const other = await fetch(`${server.baseUrl}${res.data!.url}`, { headers: { authorization: bob.token } });
    expect((await other.json()) as { code: number }).toMatchObject({ code: 400 });
  });

  it('pictures are stored by their bytes; something calling itself a picture must be one', async () => {
    const picture = await send(alice.token, 'photo.jpg', PNG, 'annexpic');
    expect(picture.code, picture.msg).toBe(200);
    expect(picture.data!.fileExtension).toBe('png');
    const fake = await send(alice.token, 'photo.png', 'not a picture', 'annex');
    expect([fake.code, fake.msg]).toEqual([400, '请上传图片']);
    const text = await send(alice.token, 'a.txt', 'text', 'annexpic');
    expect([text.code, text.msg]).toEqual([400, '请上传图片']);
  });

  it('refuses what the chunked upload refuses', async () => {
    expect((await send(alice.token, 'run.exe', 'MZ')).msg).toBe('上传失败，文件格式不允许上传');
    expect((await send(alice.token, 'a.txt', 'x', 'annex', { extension: 'pdf' })).msg).toBe(
      '上传失败，文件格式不允许上传',
    );
    expect((await send(alice.token, 'empty.txt', '')).msg).toBe('上传失败，文件内容为空');
    expect((await send(alice.token, 'a.txt', 'x', 'elsewhere')).msg).toBe('上传失败，不支持的文件类别');
    const none = await upload(server, '/api/file/Uploader/annex', [], { token: alice.token });
    expect([none.code, none.msg]).toEqual([400, '请选择文件']);
    const anonymous = await upload(server, '/api/file/Uploader/annex', [{ name: 'a.txt', content: 'x' }]);
    expect(anonymous.code).not.toBe(200);
  });

  it('holds the caller to the quota', async () => {
    const carol = await signedInUser(server);
    const big = new Uint8Array(QUOTA - 10).fill(65);
    expect((await send(carol.token, 'big.txt', big)).code).toBe(200);
    const over = await send(carol.token, 'more.txt', 'x'.repeat(20));
    expect(over.code).toBe(400);
    expect(over.msg).toMatch(/^文件存储空间不足/);
  });
});

describe('Uploader/Preview', () => {
  it('answers where pictures, PDF and text show; office documents need a preview service', async () => {
    const picture = (await send(alice.token, 'p.png', PNG, 'annexpic')).data!;
    const shown = await preview(alice.token, picture.name, 'annexpic');
    expect([shown.code, shown.data]).toEqual([200, `/api/file/Image/annexpic/${picture.name}`]);
    const text = (await send(alice.token, 'a.txt', 'hi')).data!;
    expect((await preview(alice.token, text.name)).data).toBe(`/api/file/Image/annex/${text.name}`);
    const doc = (await send(alice.token, '报告.docx', 'PK fake docx')).data!;
    const office = await preview(alice.token, doc.name);
    expect([office.code, office.msg]).toEqual([400, '未配置文件预览服务，无法在线预览该文件，请下载后查看']);
    const archive = (await send(alice.token, 'a.zip', 'PK fake zip')).data!;
    expect((await preview(alice.token, archive.name)).msg).toBe('该文件类型不支持预览，请下载后查看');
  });

  it('a file the caller may not read, or no file, is "not there"', async () => {
    const text = (await send(alice.token, 'secret.txt', 'secret')).data!;
    expect((await preview(bob.token, text.name)).msg).toBe('文件不存在');
    expect((await preview(admin, text.name)).code).toBe(200);
    expect((await preview(alice.token, '../../etc/passwd')).msg).toBe('文件不存在');
    expect((await preview(alice.token, '')).msg).toBe('文件不存在');
    expect((await preview(alice.token, '20240101_0123456789abcdef.txt')).msg).toBe('文件不存在');
    expect((await preview(alice.token, text.name, 'userAvatar')).msg).toBe('文件不存在');
  });
});

describe('PackDownload', () => {
  it("zips the caller's files under their names, each name once, streamed from a link without the token", async () => {
    const one = (await send(alice.token, 'a.txt', 'first')).data!;
    const two = (await send(alice.token, 'a.txt', 'second')).data!;
    const three = (await send(alice.token, '合同.pdf', '%PDF-1.4 fake')).data!;
    const res = await pack(alice.token, 'annex', [
      { fileId: one.name, fileName: 'a.txt' },
      { fileId: two.name, fileName: 'a.txt' },
      { fileId: three.name, fileName: '合同' },
    ]);
    expect(res.code, res.msg).toBe(200);
    expect(res.data!.downloadName).toMatch(/^\d{14}\.zip$/);
    expect(res.data!.downloadVo.name).toBe(res.data!.downloadName);
    const file = await fetch(`${server.baseUrl}${res.data!.downloadVo.url}`);
    expect(file.headers.get('content-type')).toBe('application/zip');
    const zip = await JSZip.loadAsync(await file.arrayBuffer());
    expect(Object.keys(zip.files).sort()).toEqual(['a(2).txt', 'a.txt', '合同.pdf']);
    expect(await zip.file('a.txt')!.async('string')).toBe('first');
    expect(await zip.file('a(2).txt')!.async('string')).toBe('second');
    // the {list} shape is taken too
    expect((await pack(alice.token, 'annex', { list: [{ fileId: one.name, fileName: 'x.txt' }] })).code).toBe(200);
  });

  it('refuses files the caller may not read, and bad requests', async () => {
    const mine = (await send(alice.token, 'mine.txt', 'mine')).data!;
    const refused = await pack(bob.token, 'annex', [{ fileId: mine.name, fileName: '我的.txt' }]);
    expect([refused.code, refused.msg]).toEqual([400, '文件我的.txt不存在']);
    expect((await pack(admin, 'annex', [{ fileId: mine.name, fileName: 'm.txt' }])).code).toBe(200);
    expect((await pack(alice.token, 'annex', [])).msg).toBe('未发现文件');
    expect((await pack(alice.token, 'annex', [{ fileId: '../x', fileName: 'x' }])).msg).toBe('文件x不存在');
    expect((await pack(alice.token, 'other', [{ fileId: mine.name }])).msg).toBe('不支持的文件类别');
    const many = Array.from({ length: 201 }, () => ({ fileId: mine.name, fileName: 'm.txt' }));
    expect((await pack(alice.token, 'annex', many)).msg).toBe('一次最多打包下载200个文件');
    expect((await pack(alice.token, 'annex', 'nonsense')).code).toBe(401);
    const garbage = await fetch(`${server.baseUrl}/api/file/PackDownload/${'a'.repeat(43)}/x.zip`);
    expect(((await garbage.json()) as { code: number }).code).toBe(400);
  });
});
