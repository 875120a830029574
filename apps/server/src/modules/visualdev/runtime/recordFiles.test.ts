// The files of online-form records over HTTP (GET /api/file/Image/{annex|annexpic}/{name}, and packed as one zip
// by POST /api/file/PackDownload/{type}): uploaded by the chunked upload, held by a record's file field, read by
// the users who may read that record — within their data scope through the model's menu, in a field their form
// permission shows — and by nobody else, whatever names they know or type into their own records.
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ColumnDataJson, FieldConfig } from '@jnpf/core';
import { moduleDataAuthorize } from '../../../db/schema/index.js';
import { call, unique } from '../../../../test/harness.js';
import { signedInUser } from '../../../../test/kit/access.js';
import { admin, api, ctx, server } from '../../../../test/kit/adminServer.js';
import { categoryId, errorsOf, useDesignServer } from '../../../../test/kit/designServer.js';
import { findMenuId, mainSystemId } from '../../../../test/kit/menus.js';
import { createReleased, recordsAs, type ReleasedModel } from '../../../../test/kit/released.js';
import { chunkedUpload, PNG, type Merged } from '../../../../test/kit/uploads.js';
import { field, sampleForm } from '../../../../test/kit/visualdev.js';

let systemId: string;
let onlineDevId: string;

useDesignServer();
beforeAll(async () => {
  systemId = await mainSystemId(ctx());
  onlineDevId = await findMenuId(ctx(), 'onlineDev');
});

const fields = (): FieldConfig[] => [
  field('input', 'title', '标题', { required: true }),
  field('uploadFile', 'contract', '合同'),
  field('uploadFile', 'secretDoc', '机密附件'),
  field('uploadImg', 'photos', '照片'),
  field('uploadFz', 'bigDoc', '大文件', {}, { limit: 1, fileSize: 5, sizeUnit: 'MB', accept: '.pdf' }),
  field('createUser', 'creator', '创建人'),
];

const columnData = (patch: Partial<ColumnDataJson>): ColumnDataJson => ({
  type: 1,
  columnList: [{ prop: 'title', label: '标题', jnpfKey: 'input' }] as ColumnDataJson['columnList'],
  searchList: [],
  btnsList: [{ value: 'add', label: '新增' }],
  columnBtnsList: [
    { value: 'edit', label: '编辑' },
    { value: 'remove', label: '删除' },
  ],
  hasPage: true,
  pageSize: 20,
  useBtnPermission: true,
  ...patch,
});

const releasedModel = (list: Partial<ColumnDataJson>): Promise<ReleasedModel> => {
  const enCode = unique('files');
  return createReleased(server, admin, {
    fullName: `附件${enCode}`,
    enCode,
    type: 1,
    webType: 2,
    category: categoryId,
    sortCode: 0,
    formData: JSON.stringify(sampleForm('none', fields())),
    columnData: JSON.stringify(columnData(list)),
  });
};

async function grant(
  userId: string,
  items: { module: string[]; button?: string[]; form?: string[]; resource?: string[] },
) {
  const res = await api('PUT', `/api/permission/Authority/Data/${userId}`, {
    json: { objectType: 'User', systemIds: [systemId], ...items },
  });
  expect(res.code, res.msg).toBe(200);
}

/** a data-permission scheme on the menu, over its field `code` */
async function scheme(menuId: string, code: string, op: string, value: unknown) {
  const [fieldRow] = await ctx()
    .db.select()
    .from(moduleDataAuthorize)
    .where(and(eq(moduleDataAuthorize.moduleId, menuId), eq(moduleDataAuthorize.enCode, code)));
  const res = await api<string>('POST', '/api/system/ModuleDataAuthorizeScheme', {
    json: {
      moduleId: menuId,
      fullName: unique('方案'),
      enCode: unique('s'),
      matchLogic: 'and',
      conditionJson: [{ logic: 'and', groups: [{ id: fieldRow!.id, field: code, op, value }] }],
    },
  });
  expect(res.code, res.msg).toBe(200);
  return res.data!;
}

const pdf = (text: string) => Buffer.from(`%PDF-1.7\n${text}`);

async function uploaded(token: string, bytes: Buffer, fileName: string, type: 'annex' | 'annexpic' = 'annex') {
  const res = await chunkedUpload(server, token, bytes, fileName, type);
  expect(res.code, res.msg).toBe(200);
  return res.data!;
}

const asFile = (f: Merged, name: string) => ({ name, fileId: f.name, fileSize: f.fileSize, url: f.url });

/** the file's bytes as this user reads them, or the refusal's message */
async function read(url: string, token: string): Promise<Buffer | string> {
  const res = await fetch(`${server.baseUrl}${url}`, { headers: { authorization: token } });
  if (res.headers.get('content-type')?.startsWith('application/json'))
    return ((await res.json()) as { msg: string }).msg;
  return Buffer.from(await res.arrayBuffer());
}

/** PackDownload of these files as this user: the zip's link, or the refusal */
const pack = (token: string, files: { fileId: string; fileName: string }[]) =>
  call<{ downloadVo: { url: string } }>(server, 'POST', '/api/file/PackDownload/annex', { token, json: files });

describe('record files under data permission', () => {
  let model: ReleasedModel;
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  let other: Awaited<ReturnType<typeof signedInUser>>;
  let stranger: Awaited<ReturnType<typeof signedInUser>>;
  let reader: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    model = await releasedModel({ useDataPermission: true });
    const own = await scheme(model.menuId, 'creatorUserId', '==', '@userId');
    const shared = await scheme(model.menuId, 'title', 'like', '共享');
    [owner, other, stranger, reader] = [
      await signedInUser(server),
      await signedInUser(server),
      await signedInUser(server),
      await signedInUser(server),
    ];
    for (const u of [owner, other])
      await grant(u.id, { module: [onlineDevId, model.menuId], button: Object.values(model.buttons), resource: [own] });
    await grant(reader.id, { module: [onlineDevId, model.menuId], resource: [shared] });
  });

  it('serves a record file to those whose scope holds the record, its uploader and administrators only', async () => {
    const bytes = pdf('owner contract');
    const doc = await uploaded(owner.token, bytes, '合同.pdf');
    const photo = await uploaded(owner.token, PNG, 'p.png', 'annexpic');
    expect(photo.url).toBe(`/api/file/Image/annexpic/${photo.name}`);
    // not yet held: the uploader reads it (the form shows it), nobody else
    expect(await read(doc.url, owner.token)).toEqual(bytes);
    expect(await read(doc.url, other.token)).toBe('数据不存在');

    const created = await recordsAs(server, owner.token).create(model, {
      title: '带合同',
      contract: [asFile(doc, '合同.pdf')],
      photos: [asFile(photo, 'p.png')],
    });
    expect(created.code, created.msg).toBe(200);
    // the record's own download address, as the runtime answers it
    const raw = JSON.parse((await recordsAs(server, owner.token).get(model, created.data!)).data!.data);
    expect(raw.contract[0].url).toBe(doc.url);

    expect(await read(doc.url, owner.token)).toEqual(bytes);
    expect(await read(photo.url, admin)).toEqual(PNG);
    // another user of the menu whose scheme does not reach the record, and a user without the menu: not found
    expect(await read(doc.url, other.token)).toBe('数据不存在');
    expect(await read(photo.url, other.token)).toBe('数据不存在');
    expect(await read(doc.url, stranger.token)).toBe('数据不存在');
    // nor does naming the file in a record of their own give it to them: only file fields hold files
    const decoy = await recordsAs(server, other.token).create(model, { title: doc.name });
    expect(decoy.code, decoy.msg).toBe(200);
    expect(await read(doc.url, other.token)).toBe('数据不存在');
    const stolen = await recordsAs(server, other.token).create(model, { title: 'x', contract: [asFile(doc, 'x.pdf')] });
    expect(stolen.code).toBe(401);
    expect(await read(doc.url, other.token)).toBe('数据不存在');
    // unknown names and names of another store answer the same
    expect(await read(`/api/file/Image/annex/20250101_${'0'.repeat(32)}.pdf`, owner.token)).toBe('数据不存在');
    expect(await read(`/api/file/Image/annexpic/${doc.name}`, owner.token)).toBe('数据不存在');
    expect((await call(server, 'GET', doc.url)).code).toBe(602);
  });

  it('serves it to another user whose scheme reaches the record, until the record is deleted', async () => {
    // the administrator's record: the reader's scheme (titles with 共享) reaches it, the owner's does not
    const doc = await uploaded(admin, pdf('admin'), 'a.pdf');
    const created = await recordsAs(server, admin).create(model, {
      title: '共享文件',
      contract: [asFile(doc, 'a.pdf')],
    });
    expect(created.code, created.msg).toBe(200);
    expect(await read(doc.url, reader.token)).toEqual(pdf('admin'));
    expect(await read(doc.url, owner.token)).toBe('数据不存在');
    // the field's files packed as one zip: for the reader, not for the owner whose scheme misses the record
    const files = [{ fileId: doc.name, fileName: 'a.pdf' }];
    const packed = await pack(reader.token, files);
    expect(packed.code, packed.msg).toBe(200);
    expect((await fetch(`${server.baseUrl}${packed.data!.downloadVo.url}`)).headers.get('content-type')).toBe(
      'application/zip',
    );
    expect(await pack(owner.token, files)).toMatchObject({ code: 400, msg: '文件a.pdf不存在' });
    expect(await pack(stranger.token, files)).toMatchObject({ code: 400, msg: '文件a.pdf不存在' });
    // renamed out of the reader's scheme, the record and its file are out of reach
    expect((await recordsAs(server, admin).update(model, created.data!, { title: '不再' })).code).toBe(200);
    expect(await read(doc.url, reader.token)).toBe('数据不存在');
    expect((await recordsAs(server, admin).update(model, created.data!, { title: '共享回来' })).code).toBe(200);
    expect(await read(doc.url, reader.token)).toEqual(pdf('admin'));
    // the record is deleted: no one but its uploader and administrators reads the file any more
    expect((await recordsAs(server, admin).remove(model, created.data!)).code).toBe(200);
    expect(await read(doc.url, reader.token)).toBe('数据不存在');
    expect(await pack(reader.token, files)).toMatchObject({ code: 400, msg: '文件a.pdf不存在' });
    expect(await read(doc.url, admin)).toEqual(pdf('admin'));
  });
});

describe('record files under form permission', () => {
  it('serves the file of a field the user may see, not of a field their form permission leaves out', async () => {
    const model = await releasedModel({ useFormPermission: true });
    const user = await signedInUser(server);
    const f = model.forms;
    await grant(user.id, {
      module: [onlineDevId, model.menuId],
      button: Object.values(model.buttons),
      form: [f.title!, f.contract!],
    });
    const open = await uploaded(admin, pdf('open'), 'open.pdf');
    const secret = await uploaded(admin, pdf('secret'), 'secret.pdf');
    const created = await recordsAs(server, admin).create(model, {
      title: '两份附件',
      contract: [asFile(open, 'open.pdf')],
      secretDoc: [asFile(secret, 'secret.pdf')],
    });
    expect(created.code, created.msg).toBe(200);
    expect(await read(open.url, user.token)).toEqual(pdf('open'));
    expect(await read(secret.url, user.token)).toBe('数据不存在');
  });
});

describe('record files of the chunked uploader (uploadFz)', () => {
  it('keeps its files as the file field does: own uploads only, within its limit and types, read back', async () => {
    const model = await releasedModel({});
    const user = await signedInUser(server);
    await grant(user.id, { module: [onlineDevId, model.menuId], button: Object.values(model.buttons) });
    const doc = await uploaded(user.token, pdf('large'), '大文件.pdf');
    const second = await uploaded(user.token, pdf('second'), 'b.pdf');
    const text = await uploaded(user.token, Buffer.from('plain'), 'a.txt');
    const theirs = await uploaded(admin, pdf('admin only'), 'c.pdf');
    const records = recordsAs(server, user.token);

    const created = await records.create(model, { title: '大文件', bigDoc: [asFile(doc, '大文件.pdf')] });
    expect(created.code, created.msg).toBe(200);
    const raw = JSON.parse((await records.get(model, created.data!)).data!.data);
    expect(raw.bigDoc).toEqual([
      { name: '大文件.pdf', fileId: doc.name, fileSize: doc.fileSize, fileExtension: 'pdf', url: doc.url },
    ]);
    expect(await read(doc.url, user.token)).toEqual(pdf('large'));

    const refused = async (bigDoc: unknown) => errorsOf(await records.create(model, { title: 'x', bigDoc }));
    // another user's upload, too many files, a type the field does not take, a wrong shape
    expect(await refused([asFile(theirs, 'c.pdf')])).toEqual({ bigDoc: '大文件的文件不存在，请重新上传' });
    expect(await refused([asFile(doc, 'a.pdf'), asFile(second, 'b.pdf')])).toEqual({
      bigDoc: '大文件：当前限制最多可以上传1个文件',
    });
    expect(await refused([asFile(text, 'a.txt')])).toEqual({ bigDoc: '大文件：请选择pdf类型的文件' });
    expect(await refused('not a list')).toEqual({ bigDoc: '大文件格式不正确' });
  });
});
