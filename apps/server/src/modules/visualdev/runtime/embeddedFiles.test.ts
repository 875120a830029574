// Pictures embedded in an online form's rich text over HTTP: the editor uploads a picture (annexpic) and the HTML
// names it by its address. Whoever may read the record (through the model's menu, in a field they may see) reads
// the picture; a save embedding a file its writer may not read is refused with the field's label.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ColumnDataJson, FieldConfig } from '@jnpf/core';
import { call, unique } from '../../../../test/harness.js';
import { signedInUser } from '../../../../test/kit/access.js';
import { admin, api, ctx, server } from '../../../../test/kit/adminServer.js';
import { categoryId, useDesignServer } from '../../../../test/kit/designServer.js';
import { findMenuId, mainSystemId } from '../../../../test/kit/menus.js';
import { createReleased, recordsAs, type ReleasedModel } from '../../../../test/kit/released.js';
import { chunkedUpload, PNG } from '../../../../test/kit/uploads.js';
import { field, sampleForm } from '../../../../test/kit/visualdev.js';
import { embeddedFiles } from './fileRefs.js';

let systemId: string;
let onlineDevId: string;
type User = Awaited<ReturnType<typeof signedInUser>>;

useDesignServer();
beforeAll(async () => {
  systemId = await mainSystemId(ctx());
  onlineDevId = await findMenuId(ctx(), 'onlineDev');
});

const fields = (): FieldConfig[] => [
  field('input', 'title', '标题', { required: true }),
  field('editor', 'body', '正文'),
  field('editor', 'secretBody', '机密正文'),
];

const columnData = (patch: Partial<ColumnDataJson>): ColumnDataJson => ({
  type: 1,
  columnList: [{ prop: 'title', label: '标题', jnpfKey: 'input' }] as ColumnDataJson['columnList'],
  searchList: [],
  btnsList: [{ value: 'add', label: '新增' }],
  columnBtnsList: [{ value: 'edit', label: '编辑' }],
  hasPage: true,
  pageSize: 20,
  useBtnPermission: true,
  ...patch,
});

const releasedModel = (list: Partial<ColumnDataJson> = {}): Promise<ReleasedModel> => {
  const enCode = unique('embed');
  return createReleased(server, admin, {
    fullName: `嵌入${enCode}`,
    enCode,
    type: 1,
    webType: 2,
    category: categoryId,
    sortCode: 0,
    formData: JSON.stringify(sampleForm('none', fields())),
    columnData: JSON.stringify(columnData(list)),
  });
};

async function grant(userId: string, items: { module: string[]; button?: string[]; form?: string[] }) {
  const res = await api('PUT', `/api/permission/Authority/Data/${userId}`, {
    json: { objectType: 'User', systemIds: [systemId], ...items },
  });
  expect(res.code, res.msg).toBe(200);
}

/** a picture the user uploads through the editor's upload (the picture store) */
async function picture(token: string) {
  const res = await chunkedUpload(server, token, PNG, 'p.png', 'annexpic');
  expect(res.code, res.msg).toBe(200);
  return res.data!;
}

const html = (url: string, text = '图') => `<p>${text}</p><p><img src="${url}" alt="p"></p>`;

/** the file's bytes as this user reads them, or the refusal's message */
async function read(url: string, token: string): Promise<Buffer | string> {
  const res = await fetch(`${server.baseUrl}${url}`, { headers: { authorization: token } });
  if (res.headers.get('content-type')?.startsWith('application/json'))
    return ((await res.json()) as { msg: string }).msg;
  return Buffer.from(await res.arrayBuffer());
}

const errorsOf = (res: { data?: unknown }) => (res.data as { errors?: Record<string, string> } | undefined)?.errors;

describe('files embedded in rich text', () => {
  let model: ReleasedModel;
  let writer: User;
  let reader: User;
  let paster: User;
  let outsider: User;

  beforeAll(async () => {
    model = await releasedModel();
    [writer, reader, paster, outsider] = [
      await signedInUser(server),
      await signedInUser(server),
      await signedInUser(server),
      await signedInUser(server),
    ];
    for (const u of [writer, paster])
      await grant(u.id, { module: [onlineDevId, model.menuId], button: Object.values(model.buttons) });
    // the reader may only open the menu: the list and the records, no button
    await grant(reader.id, { module: [onlineDevId, model.menuId] });
  });

  it('finds the addresses of stored files in HTML, each once, and nothing else', () => {
    const name = `20250101_${'a'.repeat(32)}.png`;
    expect(
      embeddedFiles(`<img src="/api/file/Image/annexpic/${name}"><img src="/api/file/Image/annexpic/${name}">`),
    ).toEqual([{ store: 'annexpic', name }]);
    expect(embeddedFiles(`<a href="http://h/api/file/Image/annex/${name}">x</a>`)).toEqual([{ store: 'annex', name }]);
    expect(embeddedFiles(`<img src="/api/file/Image/userAvatar/${name}"> ${name}`)).toEqual([]);
    expect(embeddedFiles(42)).toEqual([]);
  });

  it('lets whoever may read the record read its embedded picture, and nobody else', async () => {
    const pic = await picture(writer.token);
    // not held yet: the uploader only
    expect(await read(pic.url, reader.token)).toBe('数据不存在');
    const created = await recordsAs(server, writer.token).create(model, { title: '图文', body: html(pic.url) });
    expect(created.code, created.msg).toBe(200);
    const stored = JSON.parse((await recordsAs(server, reader.token).get(model, created.data!)).data!.data);
    expect(stored.body).toContain(pic.url);
    // the reader holds the menu: the record, and so its picture
    expect(await read(pic.url, reader.token)).toEqual(PNG);
    // a user without the menu does not; nor under another store's address
    expect(await read(pic.url, outsider.token)).toBe('数据不存在');
    expect(await read(`/api/file/Image/annex/${pic.name}`, reader.token)).toBe('数据不存在');
    // the picture removed from the text: the reader no longer reads it
    const edited = await recordsAs(server, writer.token).update(model, created.data!, { body: '<p>只有文字</p>' });
    expect(edited.code, edited.msg).toBe(200);
    expect(await read(pic.url, reader.token)).toBe('数据不存在');
    expect(await read(pic.url, writer.token)).toEqual(PNG);
  });

  it('refuses a save embedding a file the writer may not read, naming the field', async () => {
    const pic = await picture(writer.token);
    // the writer's picture is private (no record holds it): the paster names it in their own record
    const stolen = await recordsAs(server, paster.token).create(model, { title: '偷', body: html(pic.url) });
    expect(stolen.code).toBe(401);
    expect(errorsOf(stolen)?.body).toBe('正文引用了您无权查看的文件，请重新上传该图片或文件');
    expect(await read(pic.url, paster.token)).toBe('数据不存在');
    // in the caller's language, whichever field it is in
    const inEnglish = await call(server, 'POST', `/api/visualdev/OnlineDev/${model.id}`, {
      token: paster.token,
      headers: { 'jnpf-language': 'en' },
      json: { data: JSON.stringify({ title: 'x', secretBody: `<p>a</p>${html(pic.url)}` }) },
    });
    expect(inEnglish.code).toBe(401);
    expect(errorsOf(inEnglish)).toEqual({
      secretBody: '机密正文 refers to a file you may not read; upload that picture or file again',
    });
    // on update too
    const own = await recordsAs(server, paster.token).create(model, { title: '自己的' });
    expect(own.code, own.msg).toBe(200);
    const updated = await recordsAs(server, paster.token).update(model, own.data!, { body: html(pic.url) });
    expect(updated.code).toBe(401);
    expect(await read(pic.url, paster.token)).toBe('数据不存在');
    // nothing was stored
    const raw = JSON.parse((await recordsAs(server, paster.token).get(model, own.data!)).data!.data);
    expect(raw.body).toBeUndefined();
  });

  it('takes a file the writer may read, and keeps a file the record held whoever edits it', async () => {
    const pic = await picture(writer.token);
    const created = await recordsAs(server, writer.token).create(model, { title: '共享图', body: html(pic.url) });
    expect(created.code, created.msg).toBe(200);
    // the paster may read the record, so its picture: embedding it in their own record is allowed
    const copied = await recordsAs(server, paster.token).create(model, { title: '引用', body: html(pic.url, '转') });
    expect(copied.code, copied.msg).toBe(200);
    // editing the writer's record around the picture keeps it
    const edited = await recordsAs(server, paster.token).update(model, created.data!, {
      title: '改标题',
      body: html(pic.url, '改'),
    });
    expect(edited.code, edited.msg).toBe(200);
    // the writer's own new picture goes in as theirs
    const mine = await picture(paster.token);
    const withMine = await recordsAs(server, paster.token).update(model, created.data!, {
      body: html(pic.url) + html(mine.url),
    });
    expect(withMine.code, withMine.msg).toBe(200);
    expect(await read(mine.url, reader.token)).toEqual(PNG);
  });
});

describe('embedded files under form permission', () => {
  it('serves the picture of a rich text the user may see, not of one their form permission leaves out', async () => {
    const model = await releasedModel({ useFormPermission: true });
    const user = await signedInUser(server);
    const f = model.forms;
    await grant(user.id, { module: [onlineDevId, model.menuId], form: [f.title!, f.body!] });
    const open = await picture(admin);
    const secret = await picture(admin);
    const created = await recordsAs(server, admin).create(model, {
      title: '两张图',
      body: html(open.url),
      secretBody: html(secret.url),
    });
    expect(created.code, created.msg).toBe(200);
    expect(await read(open.url, user.token)).toEqual(PNG);
    expect(await read(secret.url, user.token)).toBe('数据不存在');
  });
});
