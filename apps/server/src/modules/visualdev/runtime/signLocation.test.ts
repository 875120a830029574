// The dictionary select, the mixed picker, the handwritten signature and the location widgets on a released online form, over HTTP against a real
// database. A signature is the address of a picture stored through the upload that the writer may read; a location
// is the place's JSON text, inside the design's circles when it sets them. A tampered value is refused with the
// field's label and nothing is stored; readers of the record read its signature picture.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ColumnDataJson, FieldConfig } from '@jnpf/core';
import { unique } from '../../../../test/harness.js';
import { signedInUser } from '../../../../test/kit/access.js';
import {
  headOffice,
  insertOrganize,
  insertPosition,
  insertRole,
  insertUserGroup,
} from '../../../../test/kit/directory.js';
import { admin, api, ctx, server } from '../../../../test/kit/adminServer.js';
import { categoryId, errorsOf, useDesignServer } from '../../../../test/kit/designServer.js';
import { findMenuId, mainSystemId } from '../../../../test/kit/menus.js';
import { createReleased, recordsAs, type ReleasedModel } from '../../../../test/kit/released.js';
import { chunkedUpload, PNG } from '../../../../test/kit/uploads.js';
import { field, sampleForm } from '../../../../test/kit/visualdev.js';

const PLACE = {
  pName: '北京市',
  cName: '北京市',
  adName: '东城区',
  address: '东长安街',
  name: '天安门',
  lng: '116.397455',
  lat: '39.909187',
  fullAddress: '北京市东城区东长安街天安门',
};

const fields: FieldConfig[] = [
  field('input', 'title', '标题'),
  field(
    'select',
    'gender',
    '性别',
    { dataType: 'dictionary', dictionaryType: 'sex' },
    { props: { label: 'fullName', value: 'id' } },
  ),
  field(
    'select',
    'genders',
    '性别多选',
    { dataType: 'dictionary', dictionaryType: 'sex' },
    { props: { label: 'fullName', value: 'id' }, multiple: true },
  ),
  field('sign', 'signature', '签名'),
  field('usersSelect', 'people', '参与人', {}, { multiple: true }),
  field('usersSelect', 'owner', '负责人'),
  field('location', 'place', '位置'),
  field(
    'location',
    'site',
    '工地',
    {},
    { enableDesktopLocation: true, locationScope: [{ lng: 116.397455, lat: 39.909187, radius: 1000 }] },
  ),
];

const columnData: ColumnDataJson = {
  type: 1,
  columnList: [
    { prop: 'title', label: '标题', jnpfKey: 'input' },
    { prop: 'signature', label: '签名', jnpfKey: 'sign' },
    { prop: 'place', label: '位置', jnpfKey: 'location' },
  ] as ColumnDataJson['columnList'],
  searchList: [],
  btnsList: [{ value: 'add', label: '新增' }],
  columnBtnsList: [{ value: 'edit', label: '编辑' }],
  hasPage: true,
  pageSize: 20,
};

let model: ReleasedModel;
let onlineDevId: string;
let systemId: string;

useDesignServer();
beforeAll(async () => {
  const enCode = unique('signloc');
  model = await createReleased(server, admin, {
    fullName: `签名位置${enCode}`,
    enCode,
    type: 1,
    webType: 2,
    category: categoryId,
    sortCode: 0,
    formData: JSON.stringify(sampleForm('none', fields)),
    columnData: JSON.stringify(columnData),
  });
  systemId = await mainSystemId(ctx());
  onlineDevId = await findMenuId(ctx(), 'onlineDev');
});

async function picture(token: string) {
  const res = await chunkedUpload(server, token, PNG, 'sign.png', 'annexpic');
  expect(res.code, res.msg).toBe(200);
  return res.data!.url;
}

/** a user of the form's menu with its buttons */
async function formUser() {
  const user = await signedInUser(server);
  const res = await api('PUT', `/api/permission/Authority/Data/${user.id}`, {
    json: {
      objectType: 'User',
      systemIds: [systemId],
      module: [onlineDevId, model.menuId],
      button: Object.values(model.buttons),
    },
  });
  expect(res.code, res.msg).toBe(200);
  return user;
}

async function stored(token: string, id: string) {
  const raw = await recordsAs(server, token).get(model, id);
  const shown = await recordsAs(server, token).shown(model, id);
  return { raw: JSON.parse(raw.data!.data) as Record<string, unknown>, shown: JSON.parse(shown.data!.data) };
}

/** the picture's bytes as this user reads them, or the refusal's message */
async function read(url: string, token: string): Promise<Buffer | string> {
  const res = await fetch(`${server.baseUrl}${url}`, { headers: { authorization: token } });
  if (res.headers.get('content-type')?.startsWith('application/json'))
    return ((await res.json()) as { msg: string }).msg;
  return Buffer.from(await res.arrayBuffer());
}

describe('handwritten signature', () => {
  it('keeps the address of the writer’s own uploaded picture and shows it as is', async () => {
    const url = await picture(admin);
    const created = await recordsAs(server, admin).create(model, { title: '签字', signature: url });
    expect(created.code, created.msg).toBe(200);
    const { raw, shown } = await stored(admin, created.data!);
    expect(raw.signature).toBe(url);
    expect(shown.signature).toBe(url);
  });

  it('refuses what the pad cannot produce: a data URL, text, a file of the other store, naming the field', async () => {
    const records = recordsAs(server, admin);
    const refused = '签名不是签名图片';
    expect(
      errorsOf(await records.create(model, { signature: `data:image/png;base64,${PNG.toString('base64')}` })),
    ).toEqual({ signature: refused });
    expect(errorsOf(await records.create(model, { signature: 'abc' }))).toEqual({ signature: refused });
    expect(errorsOf(await records.create(model, { signature: { url: '/x' } }))).toEqual({ signature: refused });
    expect(
      errorsOf(await records.create(model, { signature: `/api/file/Image/annex/20250101_${'a'.repeat(32)}.pdf` })),
    ).toEqual({ signature: refused });
    expect(
      errorsOf(await records.create(model, { signature: `/api/file/Image/annexpic/20250101_${'a'.repeat(32)}.png` })),
    ).toEqual({ signature: '签名的签名图片不存在或无权读取' });
  });

  it('takes no picture the writer may not read, keeps one the record held, and lets the record’s readers read it', async () => {
    const writer = await formUser();
    const other = await formUser();
    const stranger = await signedInUser(server);
    const own = await picture(writer.token);
    const strangers = await picture(stranger.token);
    // another user's picture, not held by any record: refused, and nothing stored
    const refused = await recordsAs(server, writer.token).create(model, { title: '偷用', signature: strangers });
    expect(errorsOf(refused)).toEqual({ signature: '签名的签名图片不存在或无权读取' });
    const created = await recordsAs(server, writer.token).create(model, { title: '本人', signature: own });
    expect(created.code, created.msg).toBe(200);
    // a reader of the record reads the picture; a user outside the form does not
    expect(await read(own, other.token)).toEqual(PNG);
    expect(await read(own, stranger.token)).toBe('数据不存在');
    // another writer may keep the signature the record holds while changing the rest
    expect(
      (await recordsAs(server, other.token).update(model, created.data!, { title: '改', signature: own })).code,
    ).toBe(200);
    // but not replace it with a picture they may not read
    const swapped = await recordsAs(server, other.token).update(model, created.data!, { signature: strangers });
    expect(errorsOf(swapped)).toEqual({ signature: '签名的签名图片不存在或无权读取' });
    expect((await stored(admin, created.data!)).raw.signature).toBe(own);
  });

  it('takes a new signature only of the writer’s own upload, not another user’s they may read', async () => {
    const writer = await formUser();
    const other = await formUser();
    const own = await picture(writer.token);
    const created = await recordsAs(server, writer.token).create(model, { title: '本人', signature: own });
    expect(created.code, created.msg).toBe(200);
    // the other user reads the record and its picture, but may not sign with it: not on a new record
    expect(await read(own, other.token)).toEqual(PNG);
    const notOwn = '签名的签名图片不是本人上传的，请重新签名';
    expect(errorsOf(await recordsAs(server, other.token).create(model, { title: '冒签', signature: own }))).toEqual({
      signature: notOwn,
    });
    // nor on another record of theirs, nor does an administrator
    const theirs = await recordsAs(server, other.token).create(model, {
      title: '他人',
      signature: await picture(other.token),
    });
    expect(theirs.code, theirs.msg).toBe(200);
    expect(errorsOf(await recordsAs(server, other.token).update(model, theirs.data!, { signature: own }))).toEqual({
      signature: notOwn,
    });
    expect(errorsOf(await recordsAs(server, admin).create(model, { signature: own }))).toEqual({ signature: notOwn });
    // the record keeps what it held whoever edits it
    expect(
      (await recordsAs(server, other.token).update(model, created.data!, { title: '改', signature: own })).code,
    ).toBe(200);
  });
});

describe('location', () => {
  it('keeps the place as JSON text of its eight keys and shows its full address', async () => {
    const created = await recordsAs(server, admin).create(model, { place: JSON.stringify(PLACE), site: PLACE });
    expect(created.code, created.msg).toBe(200);
    const { raw, shown } = await stored(admin, created.data!);
    expect(JSON.parse(String(raw.place))).toEqual(PLACE);
    expect(typeof raw.site).toBe('string');
    expect(shown.place).toBe(PLACE.fullAddress);
    // the detail carries the stored place beside its address, so that it can draw the point
    expect(JSON.parse(String(shown.place_id))).toEqual(PLACE);
    // an address typed by hand with its coordinates, without the map's names
    const manual = { lng: 121.4737, lat: 31.2304, fullAddress: '上海市人民广场' };
    const typed = await recordsAs(server, admin).create(model, { place: JSON.stringify(manual) });
    expect(typed.code, typed.msg).toBe(200);
    expect((await stored(admin, typed.data!)).shown.place).toBe('上海市人民广场');
  });

  it('refuses a value that is not a place, naming the field, and a place outside the design’s circles', async () => {
    const records = recordsAs(server, admin);
    const shape = { place: '位置不是有效的位置' };
    expect(errorsOf(await records.create(model, { place: '北京' }))).toEqual(shape);
    expect(errorsOf(await records.create(model, { place: JSON.stringify({ ...PLACE, lng: '200' }) }))).toEqual(shape);
    expect(errorsOf(await records.create(model, { place: JSON.stringify({ ...PLACE, fullAddress: '' }) }))).toEqual(
      shape,
    );
    expect(errorsOf(await records.create(model, { place: JSON.stringify({ ...PLACE, extra: 1 }) }))).toEqual(shape);
    expect(errorsOf(await records.create(model, { place: [PLACE] }))).toEqual(shape);
    // Shanghai is far outside the 1 km circle around Tiananmen
    const far = { ...PLACE, lng: '121.4737', lat: '31.2304', fullAddress: '上海市人民广场' };
    expect(errorsOf(await records.create(model, { site: JSON.stringify(far) }))).toEqual({ site: '工地超出规定范围' });
    // 500 m east of the centre is inside
    const near = { ...PLACE, lng: '116.403300', fullAddress: '北京市东城区' };
    expect((await records.create(model, { site: JSON.stringify(near) })).code).toBe(200);
  });

  it('shows the full address in the list', async () => {
    const title = unique('列表');
    expect((await recordsAs(server, admin).create(model, { title, place: JSON.stringify(PLACE) })).code).toBe(200);
    const page = await recordsAs(server, admin).list(model, { keyword: title });
    const row = page.data!.list.find((r) => r.title === title);
    expect(row?.place).toBe(PLACE.fullAddress);
  });
});

describe('dictionary select', () => {
  it('keeps an enabled item of its dictionary, shown by name, and refuses an id that is not one, naming the field', async () => {
    const all = await api<{ list: { enCode: string; dictionaryList: { id: string; fullName: string }[] }[] }>(
      'GET',
      '/api/system/DictionaryData/All',
    );
    const items = all.data!.list.find((d) => d.enCode === 'sex')!.dictionaryList;
    expect(items.length).toBeGreaterThan(1);
    const records = recordsAs(server, admin);
    const created = await records.create(model, { gender: items[0]!.id, genders: [items[0]!.id, items[1]!.id] });
    expect(created.code, created.msg).toBe(200);
    const { raw, shown } = await stored(admin, created.data!);
    expect(raw.gender).toBe(items[0]!.id);
    expect(shown.gender).toBe(items[0]!.fullName);
    expect(shown.genders).toContain(items[1]!.fullName);
    expect(errorsOf(await records.create(model, { gender: 'not-an-item' }))).toEqual({ gender: '性别的值不在选项中' });
    expect(errorsOf(await records.create(model, { genders: [items[0]!.id, 'x'] }))).toEqual({
      genders: '性别多选的值不在选项中',
    });
    expect(errorsOf(await records.create(model, { gender: { id: items[0]!.id } }))).toEqual({
      gender: expect.stringContaining('性别'),
    });
  });
});

describe('mixed picker', () => {
  it('keeps "id--kind" entries of users, roles, positions and departments, shown by their names', async () => {
    const app = ctx();
    const company = await headOffice(app);
    const dept = await insertOrganize(app, company);
    const roleId = await insertRole(app, { fullName: '混合角色' });
    const positionId = await insertPosition(app, company.id, { fullName: '混合岗位' });
    const groupId = await insertUserGroup(app);
    const person = await signedInUser(server, { realName: '混合选人' });
    const people = [
      `${person.id}--user`,
      `${roleId}--role`,
      `${positionId}--position`,
      `${groupId}--group`,
      `${company.id}--company`,
      `${dept.id}--department`,
    ];
    const records = recordsAs(server, admin);
    const created = await records.create(model, { people, owner: `${person.id}--user` });
    expect(created.code, created.msg).toBe(200);
    const { raw, shown } = await stored(admin, created.data!);
    expect(raw.people).toEqual(people);
    expect(shown.owner).toContain('混合选人');
    expect(shown.people).toContain('混合角色');
    expect(shown.people).toContain('混合岗位');
    expect(shown.people).toContain('混合选人');

    const refused = { people: '参与人的值不在选项中' };
    // an id of the wrong kind, an unknown id, an unknown kind, no kind at all
    expect(errorsOf(await records.create(model, { people: [`${roleId}--user`] }))).toEqual(refused);
    expect(errorsOf(await records.create(model, { people: ['nobody--user'] }))).toEqual(refused);
    expect(errorsOf(await records.create(model, { people: [`${person.id}--robot`] }))).toEqual({
      people: expect.stringContaining('参与人'),
    });
    expect(errorsOf(await records.create(model, { owner: person.id }))).toEqual({
      owner: expect.stringContaining('负责人'),
    });
    // a company is not a department
    expect(errorsOf(await records.create(model, { people: [`${company.id}--department`] }))).toEqual(refused);
    // a single one picks a user only: no place, role, position or group
    for (const place of [`${dept.id}--department`, `${company.id}--company`, `${roleId}--role`])
      expect(errorsOf(await records.create(model, { owner: place }))).toEqual({ owner: '负责人的值不在选项中' });
  });
});
