// Notices over HTTP: drafts with sanitised rich text, the list's filters, versioned updates, release to
// chosen users and departments (or everyone) as in-site messages pushed to their sockets, and who may do what.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messageReceive, notice } from '../../db/schema/index.js';
import { call, signIn, unique } from '../../../test/harness.js';
import { grantMenus, signedInUser } from '../../../test/kit/access.js';
import { admin, api, ctx, server, useAdminServer } from '../../../test/kit/adminServer.js';
import { headOffice, insertOrganize, insertUser, relate } from '../../../test/kit/directory.js';
import { connectChat, sleep } from '../../../test/kit/sockets.js';
import { PNG, upload as uploadFiles } from '../../../test/kit/uploads.js';
import { noticeFileHolder } from './attachments.js';

const BASE = '/api/message/Notice';
type Row = { id: string; title: string; enabledMark: number; category: string; creatorUser: string; excerpt: string };

async function create(fields: Record<string, unknown> = {}) {
  const res = await api<string>('POST', BASE, { json: { title: unique('公告'), bodyText: '<p>内容</p>', ...fields } });
  expect(res.code, res.msg).toBe(200);
  return res.data!;
}

useAdminServer();

describe('notices', () => {
  it('creates a draft with the rich text sanitised and an excerpt drawn from it', async () => {
    const id = await create({
      title: '安全公告',
      bodyText:
        '<p style="color:red;position:fixed">Hello <b>world</b> &amp; co</p><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a><iframe src="https://evil"></iframe>',
      category: '1',
      files: [{ name: 'a.pdf', fileId: 'f1' }],
    });
    const info = await api<Record<string, unknown>>('GET', `${BASE}/${id}`);
    expect(info.data).toMatchObject({
      title: '安全公告',
      bodyText: '<p style="color:red">Hello <b>world</b> &amp; co</p><img src="x" /><a>x</a>',
      excerpt: 'Hello world & co x',
      enabledMark: 0,
      category: '1',
      files: JSON.stringify([{ name: 'a.pdf', fileId: 'f1' }]),
      creatorUser: '管理员/admin',
      version: 0,
    });
    const list = await api<{ list: Row[] }>('POST', `${BASE}/List`, { json: { keyword: '安全公告' } });
    expect(list.data!.list).toEqual([expect.objectContaining({ id, category: '公告', enabledMark: 0 })]);
  });

  it('refuses a missing title, bad attachments and an expiration in the past; a stale version', async () => {
    expect((await api('POST', BASE, { json: { title: '  ' } })).msg).toContain('标题不能为空');
    expect((await api('POST', BASE, { json: { title: 'x', files: 'not json' } })).msg).toContain('附件格式错误');
    expect((await api('POST', BASE, { json: { title: 'x', expirationTime: Date.now() - 1000 } })).msg).toContain(
      '公告已过期',
    );
    const id = await create();
    const body = { title: '改了', bodyText: '<p>新</p>', version: 0 };
    expect((await api('PUT', `${BASE}/${id}`, { json: body })).msg).toBe('更新成功');
    expect((await api('PUT', `${BASE}/${id}`, { json: body })).msg).toBe('数据已被他人修改，请刷新后重试');
    expect((await api('PUT', `${BASE}/nope`, { json: body })).msg).toBe('更新失败，数据不存在');
  });

  it('releases to chosen users and departments (with their sub-departments) and pushes to their sockets', async () => {
    const sales = await insertOrganize(ctx(), await headOffice(ctx()), { fullName: '销售部' });
    const east = await insertOrganize(ctx(), sales, { fullName: '华东组' });
    const inEast = await insertUser(ctx(), { organizeId: east.id });
    await relate(ctx(), inEast.id, 'Organize', east.id);
    const chosen = await insertUser(ctx());
    const outsider = await insertUser(ctx());
    const sockets = await Promise.all(
      [inEast, chosen, outsider].map(async (u) =>
        connectChat(server.baseUrl, await signIn(server, u.account, u.password)),
      ),
    );
    const id = await create({
      title: '销售部公告',
      toUserIds: `${sales.id}--department,${chosen.id}--user`,
      excerpt: '摘要',
    });
    const res = await api('PUT', `${BASE}/${id}/Actions/Release`);
    expect(res).toMatchObject({ code: 200, msg: '发布成功' });
    for (const s of sockets.slice(0, 2)) {
      const push = await s.next('messagePush');
      expect(push).toMatchObject({ messageType: 3, title: '销售部公告', unreadNoticeCount: 1 });
    }
    await sleep(200);
    expect(sockets[2]!.count('messagePush')).toBe(0);
    const received = await ctx().db.select().from(messageReceive).where(eq(messageReceive.sourceId, id));
    expect(received.map((r) => r.userId).sort()).toEqual([inEast.id, chosen.id].sort());
    // the recipient reads the notice as released
    const token = await signIn(server, chosen.account, chosen.password);
    const mine = await call<{ list: { id: string; excerpt: string }[] }>(server, 'GET', '/api/message', {
      token,
      query: { type: 3 },
    });
    expect(mine.data!.list[0]).toMatchObject({ excerpt: '摘要' });
    const read = await call<Record<string, unknown>>(server, 'GET', `/api/message/ReadInfo/${mine.data!.list[0]!.id}`, {
      token,
    });
    expect(read.data).toMatchObject({
      title: '销售部公告',
      bodyText: '<p>内容</p>',
      excerpt: '摘要',
      releaseUser: '管理员/admin',
    });
    const listed = await api<{ list: Row[] }>('POST', `${BASE}/List`, {
      json: { keyword: '销售部公告', enabledMark: [1] },
    });
    expect(listed.data!.list).toEqual([expect.objectContaining({ id, enabledMark: 1 })]);
    for (const s of sockets) await s.close();
  });

  it('releases to everyone when no one is chosen; expired notices show as 2 and cannot be released again', async () => {
    const everyone = await create({ title: '全员公告' });
    expect((await api('PUT', `${BASE}/${everyone}/Actions/Release`)).code).toBe(200);
    const received = await ctx().db.select().from(messageReceive).where(eq(messageReceive.sourceId, everyone));
    expect(received.length).toBeGreaterThanOrEqual(4);
    const soon = await create({ title: '即将过期', expirationTime: Date.now() + 3_600_000 });
    expect((await api('PUT', `${BASE}/${soon}/Actions/Release`)).code).toBe(200);
    // the hour passes: the released notice's expiry moves into the past (no waiting on the clock)
    await ctx()
      .db.update(notice)
      .set({ expirationTime: Date.now() - 1_000 })
      .where(eq(notice.id, soon));
    const expired = await api<{ list: Row[] }>('POST', `${BASE}/List`, { json: { enabledMark: [2] } });
    expect(expired.data!.list.map((r) => r.id)).toEqual([soon]);
    expect((await api('PUT', `${BASE}/${soon}/Actions/Release`)).msg).toBe('公告已过期，无法发布');
    expect((await api('PUT', `${BASE}/nope/Actions/Release`)).msg).toBe('发布失败');
    expect((await api('DELETE', `${BASE}/${soon}`)).msg).toBe('删除成功');
    expect((await api('DELETE', `${BASE}/${soon}`)).msg).toBe('删除失败，数据不存在');
  });

  it('keeps a released notice as it was: no edit, no second release; a draft can still be deleted', async () => {
    const id = await create({ title: '已发布不可改' });
    expect((await api('PUT', `${BASE}/${id}/Actions/Release`)).code).toBe(200);
    const info = await api<{ version: number; enabledMark: number }>('GET', `${BASE}/${id}`);
    expect(info.data!.enabledMark).toBe(1);
    const edit = await api('PUT', `${BASE}/${id}`, { json: { title: '改了', version: info.data!.version } });
    expect(edit.msg).toBe('公告已发布，不能修改');
    expect((await api('PUT', `${BASE}/${id}/Actions/Release`)).msg).toBe('公告已发布，不能重复发布');
    expect((await api<{ title: string }>('GET', `${BASE}/${id}`)).data!.title).toBe('已发布不可改');
    expect((await api('DELETE', `${BASE}/${id}`)).msg).toBe('删除成功');
  });

  it('stores attachments and cover pictures and serves them to their uploader, not to other users', async () => {
    type Stored = { name: string; url: string; fileSize: number; fileExtension: string };
    const upload = (bytes: Buffer, fileName: string, fields: Record<string, string> = {}, token = admin) =>
      uploadFiles<Stored>(server, `${BASE}/Uploader`, [{ name: fileName, content: bytes }], { token, fields });
    const pdf = Buffer.from('%PDF-1.4 hello');
    const stored = await upload(pdf, '制度.pdf');
    expect(stored.code, stored.msg).toBe(200);
    expect(stored.data).toMatchObject({ fileSize: pdf.length, fileExtension: 'pdf' });
    expect(stored.data!.url).toBe(`${BASE}/File/${stored.data!.name}`);
    const cover = await upload(PNG, 'cover.PNG', { kind: 'image' });
    expect(cover.data).toMatchObject({ fileExtension: 'png' });
    expect((await upload(pdf, 'x.pdf', { kind: 'image' })).msg).toBe('请选择图片文件');
    expect((await upload(pdf, 'fake.png')).msg).toBe('请选择图片文件');
    expect((await upload(Buffer.from('<script>'), 'page.html')).msg).toBe('上传失败，文件格式不允许上传');
    expect((await upload(Buffer.alloc(0), 'empty.pdf')).msg).toBe('请选择文件');

    // the uploader reads it at once (the form shows it); another user only once a notice sent to them names it
    const uploaderCopy = await fetch(`${server.baseUrl}${stored.data!.url}`, { headers: { authorization: admin } });
    expect(Buffer.from(await uploaderCopy.arrayBuffer()).equals(pdf)).toBe(true);
    const { token } = await signedInUser(server);
    expect((await call(server, 'GET', stored.data!.url, { token })).msg).toBe('数据不存在');
    const anonymous = await fetch(`${server.baseUrl}${stored.data!.url}`);
    expect(((await anonymous.json()) as { code: number }).code).toBe(602);
    expect((await call(server, 'GET', `${BASE}/File/..%2Fsecret.pdf`, { token })).msg).toBe('数据不存在');
    // uploading needs the notice screen
    expect((await upload(pdf, 'x.pdf', {}, token)).msg).toBe('没有访问权限');
  });

  it('serves a notice attachment to its recipients and editors only, also once the notice is deleted', async () => {
    const pdf = Buffer.from('%PDF-1.4 only for the chosen');
    const stored = await uploadFiles<{ name: string; url: string }>(
      server,
      `${BASE}/Uploader`,
      [{ name: '名单.pdf', content: pdf }],
      { token: admin },
    );
    const cover = await uploadFiles<{ name: string; url: string }>(
      server,
      `${BASE}/Uploader`,
      [{ name: 'cover.png', content: PNG }],
      { token: admin, fields: { kind: 'image' } },
    );
    const recipient = await signedInUser(server);
    const outsider = await signedInUser(server);
    const editor = await signedInUser(server, {}, { grants: { 'system.notice': [] } });
    const id = await create({
      toUserIds: `${recipient.id}--user`,
      files: [{ name: '名单.pdf', fileId: stored.data!.name, url: stored.data!.url }],
      coverImage: cover.data!.url,
    });
    const read = async (url: string, token: string) => {
      const res = await fetch(`${server.baseUrl}${url}`, { headers: { authorization: token } });
      return res.headers.get('content-type')?.startsWith('application/json')
        ? ((await res.json()) as { msg: string }).msg
        : Buffer.from(await res.arrayBuffer());
    };
    // a draft: its editors read it, the future recipient not yet
    expect(await read(stored.data!.url, editor.token)).toEqual(pdf);
    expect(await read(stored.data!.url, recipient.token)).toBe('数据不存在');
    expect((await api('PUT', `${BASE}/${id}/Actions/Release`)).code).toBe(200);
    expect(await read(stored.data!.url, recipient.token)).toEqual(pdf);
    expect(await read(cover.data!.url, recipient.token)).toEqual(PNG);
    expect(await read(stored.data!.url, outsider.token)).toBe('数据不存在');
    expect(await read(cover.data!.url, outsider.token)).toBe('数据不存在');
    // deleted, the notice stays with its recipients as received, files included
    expect((await api('DELETE', `${BASE}/${id}`)).code).toBe(200);
    expect(await read(stored.data!.url, recipient.token)).toEqual(pdf);
    expect(await read(stored.data!.url, outsider.token)).toBe('数据不存在');
  });

  it("holds a picture of the body as the notice's: kept while a draft, read by the recipients once released", async () => {
    const picture = await uploadFiles<{ name: string; url: string }>(
      server,
      `${BASE}/Uploader`,
      [{ name: 'body.png', content: PNG }],
      { token: admin, fields: { kind: 'image' } },
    );
    const { name, url } = picture.data!;
    const recipient = await signedInUser(server);
    const id = await create({
      toUserIds: `${recipient.id}--user`,
      bodyText: `<h2 style="text-align: center"><span style="font-size: 24px; color: #f5222d">题</span></h2><img src="${url}" alt="图" onerror="alert(1)">`,
    });
    const info = await api<{ bodyText: string }>('GET', `${BASE}/${id}`);
    expect(info.data!.bodyText).toBe(
      `<h2 style="text-align:center"><span style="font-size:24px;color:#f5222d">题</span></h2><img src="${url}" alt="图" />`,
    );
    // the sweep leaves it: the draft's body holds it
    expect(await noticeFileHolder.held(ctx().db, [name, '20250101_nothing.png'])).toEqual(new Set([name]));
    const read = async (token: string) => {
      const res = await fetch(`${server.baseUrl}${url}`, { headers: { authorization: token } });
      return res.headers.get('content-type')?.startsWith('application/json')
        ? ((await res.json()) as { msg: string }).msg
        : Buffer.from(await res.arrayBuffer());
    };
    expect(await read(recipient.token)).toBe('数据不存在');
    expect((await api('PUT', `${BASE}/${id}/Actions/Release`)).code).toBe(200);
    expect(await read(recipient.token)).toEqual(PNG);
  });

  it('needs the menu to read and each button to write', async () => {
    const staff = await signedInUser(server);
    const token = staff.token;
    const as = (method: string, path: string, json?: unknown) =>
      call(server, method, path, { token, ...(json ? { json } : {}) });
    expect((await as('POST', `${BASE}/List`, {})).msg).toBe('没有访问权限');
    await grantMenus(ctx(), staff.id, { 'system.notice': [] });
    expect((await as('POST', `${BASE}/List`, {})).code).toBe(200);
    expect((await as('POST', BASE, { title: 'x' })).msg).toBe('没有访问权限');
    await grantMenus(ctx(), staff.id, { 'system.notice': ['btn_add'] });
    const created = await call<string>(server, 'POST', BASE, { token, json: { title: 'x' } });
    expect(created.code).toBe(200);
    expect((await as('PUT', `${BASE}/${created.data}/Actions/Release`)).msg).toBe('没有访问权限');
  });
});
