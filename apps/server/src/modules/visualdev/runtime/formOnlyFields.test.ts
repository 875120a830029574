// The fields only a form shows, over HTTP against a real database. Sub-tables (jnpfKey "table"): a design needs
// columns of plain widgets and cannot list a sub-table; a record's rows are checked column by column (the
// refusal names the row), stored as a list, shown with option labels in DataChange (no rows: an empty list, in
// the record too) and left out of lists and exports. Rich text (editor): stored sanitised, shown as stored, never
// listed. Areas (areaSelect): paths of enabled areas from the top to the field's level, shown as names. Files
// (uploadFile, uploadImg): new files only the saver's own uploads, within the field's limit, size and types, their
// address made by the server; files a record holds stay.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FieldConfig } from '@jnpf/core';
import { fileUpload, visualRecord } from '../../../db/schema/index.js';
import { call } from '../../../../test/harness.js';
import { categoryId, errorsOf, useDesignServer } from '../../../../test/kit/designServer.js';
import { fileStore } from '../../../platform/files.js';
import { newId } from '../../../platform/ids.js';
import { admin, api, server } from '../../../../test/kit/adminServer.js';
import { recordsAs, releaseDesign } from '../../../../test/kit/released.js';
import { PNG } from '../../../../test/kit/uploads.js';
import { designBody, field, sampleForm } from '../../../../test/kit/visualdev.js';

const RUN = '/api/visualdev/OnlineDev';
const BASE = '/api/visualdev/Base';
let modelId: string;

const create = (data: Record<string, unknown>) => recordsAs(server, admin).create({ id: modelId }, data);

const itemsTable = (columns: FieldConfig[] = itemColumns(), config: Record<string, unknown> = {}) =>
  field('table', 'items', '明细', { children: columns, showSummary: true, summaryField: ['qty'], ...config });
const itemColumns = () => [
  field('input', 'name', '品名', { required: true }, { maxlength: 10 }),
  field('inputNumber', 'qty', '数量', {}, { min: 1 }),
  field(
    'select',
    'unit',
    '单位',
    { dataType: 'static' },
    {
      options: [
        { id: 'pc', fullName: '个' },
        { id: 'box', fullName: '箱' },
      ],
    },
  ),
  field('datePicker', 'due', '交期', {}, { type: 'date', format: 'yyyy-MM-dd' }),
];

function subTableDesign(
  fields: FieldConfig[],
  columnList: unknown[] = [{ prop: 'title', label: '标题', jnpfKey: 'input' }],
) {
  return designBody(categoryId, 'none', {
    formData: JSON.stringify(sampleForm('none', fields)),
    columnData: JSON.stringify({
      type: 1,
      columnList,
      searchList: [],
      btnsList: [{ value: 'add', label: '新增' }],
      columnBtnsList: [],
      hasPage: true,
      pageSize: 20,
    }),
  });
}

useDesignServer();
beforeAll(async () => {
  const created = await api.post<string>(
    BASE,
    subTableDesign([
      field('input', 'title', '标题'),
      itemsTable(),
      field('editor', 'remark', '备注'),
      field('areaSelect', 'place', '所在地区'),
      field('areaSelect', 'provinces', '覆盖省份', {}, { level: 0, multiple: true }),
      field('uploadFile', 'contract', '合同', {}, { limit: 2, fileSize: 1, sizeUnit: 'KB', accept: '.pdf' }),
      field('uploadImg', 'photos', '照片'),
    ]),
  );
  expect(created.code, created.msg).toBe(200);
  await releaseDesign(server, admin, created.data!);
  modelId = created.data!;
});

describe('sub-table designs', () => {
  it('refuses a sub-table without columns, a column of another kind, a duplicate key, and a list naming it', async () => {
    const empty = await api.post(BASE, subTableDesign([field('input', 'title', '标题'), itemsTable([])]));
    expect(empty.code).toBe(401);
    expect(errorsOf(empty)).toEqual({ 'formData.fields.1.__config__.children': '子表“明细”至少需要一列' });

    const picker = await api.post(
      BASE,
      subTableDesign([
        field('input', 'title', '标题'),
        itemsTable([field('editor', 'who', '人员'), field('input', 'title', '重名')]),
      ]),
    );
    expect(errorsOf(picker)).toEqual({
      'formData.fields.1.__config__.children.0.__config__.jnpfKey': '子表“明细”不能包含“editor”控件',
      'formData.fields.1.__config__.children.1.__vModel__': expect.stringContaining('title'),
    });

    const listed = await api.post(
      BASE,
      subTableDesign(
        [field('input', 'title', '标题'), itemsTable()],
        [
          { prop: 'items', label: '明细', jnpfKey: 'table' },
          { prop: 'name', label: '品名', jnpfKey: 'input' },
        ],
      ),
    );
    expect(Object.keys(errorsOf(listed)).sort()).toEqual([
      'columnData.columnList.0.prop',
      'columnData.columnList.1.prop',
    ]);
  });
});

describe('sub-table records', () => {
  it('stores the rows column by column and shows them with labels; lists leave them out', async () => {
    const due = Date.UTC(2026, 10, 25, 4);
    const created = await create({
      title: '订单一',
      items: [
        { name: '螺丝', qty: '3', unit: 'box', due, stray: 'dropped' },
        { name: '螺母', qty: 2 },
      ],
    });
    expect(created.code, created.msg).toBe(200);
    const [row] = await server.platform.context.db
      .select()
      .from(visualRecord)
      .where(eq(visualRecord.id, created.data!));
    expect(row!.data.items).toEqual([
      { name: '螺丝', qty: 3, unit: 'box', due },
      { name: '螺母', qty: 2 },
    ]);

    const raw = await api.get<{ data: string }>(`${RUN}/${modelId}/${created.data}`);
    expect(JSON.parse(raw.data!.data).items).toHaveLength(2);
    const shown = await api.get<{ data: string }>(`${RUN}/${modelId}/${created.data}/DataChange`);
    const items = JSON.parse(shown.data!.data).items as Record<string, unknown>[];
    expect(items[0]).toMatchObject({ name: '螺丝', qty: 3, unit: '箱' });
    expect(items[0]!.due).toMatch(/^2026-11-2\d$/);
    expect(items[1]).toEqual({ name: '螺母', qty: 2, unit: '', due: '' });

    const list = await api.post<{ list: Record<string, unknown>[] }>(`${RUN}/${modelId}/List`, {
      currentPage: 1,
      pageSize: 20,
    });
    const listed = list.data!.list.find((r) => r.id === created.data)!;
    expect(listed.title).toBe('订单一');
    expect(listed).not.toHaveProperty('items');
    expect(listed).not.toHaveProperty('items_id');
  });

  it("gives a sub-table without rows as an empty list in the record and its detail, never ''", async () => {
    const emptied = await create({ title: '空', items: [{ name: 'a' }] });
    expect(emptied.code, emptied.msg).toBe(200);
    const cleared = await api.put(`${RUN}/${modelId}/${emptied.data}`, { data: JSON.stringify({ items: [] }) });
    expect(cleared.code, cleared.msg).toBe(200);
    // sent empty, never sent (a sub-table added to the form since reads as one never sent), emptied
    const ids = [
      (await create({ title: '空', items: [] })).data!,
      (await create({ title: '无' })).data!,
      emptied.data!,
    ];
    for (const id of ids) {
      const raw = await api.get<{ id: string; data: string }>(`${RUN}/${modelId}/${id}`);
      expect(raw.code, raw.msg).toBe(200);
      expect(JSON.parse(raw.data!.data).items, `record ${id}`).toEqual([]);
      const shown = await api.get<{ id: string; data: string }>(`${RUN}/${modelId}/${id}/DataChange`);
      expect(shown.code, shown.msg).toBe(200);
      expect(JSON.parse(shown.data!.data), `detail ${id}`).toMatchObject({ items: [], remark: '' });
    }
    // a record stored with something else in its place (an old import) reads as no rows too
    await server.platform.context.db
      .update(visualRecord)
      .set({ data: { title: '旧', items: '' } })
      .where(eq(visualRecord.id, ids[0]!));
    const raw = await api.get<{ data: string }>(`${RUN}/${modelId}/${ids[0]}`);
    expect(JSON.parse(raw.data!.data)).toEqual({ title: '旧', items: [] });
    const shown = await api.get<{ data: string }>(`${RUN}/${modelId}/${ids[0]}/DataChange`);
    expect(JSON.parse(shown.data!.data)).toMatchObject({ title: '旧', items: [] });
  });

  it('refuses rows that are not objects, a cell that fails its column, too many rows; names the row', async () => {
    expect(errorsOf(await create({ items: 'x' }))).toEqual({ items: '明细格式不正确' });
    expect(errorsOf(await create({ items: [{ name: 'a' }, 7] }))).toEqual({ items: '明细第2行格式不正确' });
    expect(errorsOf(await create({ items: [{ name: 'a' }, { qty: 2 }] }))).toEqual({
      items: '明细第2行：品名不能为空',
    });
    expect(errorsOf(await create({ items: [{ name: 'a', qty: 0 }] }))).toEqual({
      items: expect.stringMatching(/^明细第1行：数量/),
    });
    expect(errorsOf(await create({ items: [{ name: 'a', unit: 'kg' }] }))).toEqual({
      items: '明细第1行：单位的值不在选项中',
    });
    const many = Array.from({ length: 1001 }, () => ({ name: 'a' }));
    expect(errorsOf(await create({ items: many }))).toEqual({ items: '明细最多1000行' });
  });

  it('names the refused row and column beside the message (data.cells), a cell the form can mark', async () => {
    const cellOf = async (data: Record<string, unknown>) => (await create(data)).data as unknown;
    expect(await cellOf({ items: [{ name: 'a' }, { qty: 2 }] })).toEqual({
      errors: { items: '明细第2行：品名不能为空' },
      cells: { items: [{ rowIndex: 1, column: 'name', message: '品名不能为空' }] },
    });
    expect(await cellOf({ title: 't', items: [{ name: 'a' }, { name: 'b' }, { name: 'c', unit: 'kg' }] })).toEqual({
      errors: { items: '明细第3行：单位的值不在选项中' },
      cells: { items: [{ rowIndex: 2, column: 'unit', message: '单位的值不在选项中' }] },
    });
    // a row that is not an object: the row alone
    expect(await cellOf({ items: [{ name: 'a' }, 7] })).toEqual({
      errors: { items: '明细第2行格式不正确' },
      cells: { items: [{ rowIndex: 1, message: '明细第2行格式不正确' }] },
    });
    // a refusal of the table as a whole, or of another field, names no cell
    expect(await cellOf({ items: 'x' })).not.toHaveProperty('cells');
    const english = await call(server, 'POST', `${RUN}/${modelId}`, {
      token: admin,
      headers: { 'jnpf-language': 'en' },
      json: { data: JSON.stringify({ items: [{ name: 'a' }, { name: 'b', qty: 0 }] }) },
    });
    expect(english.data).toMatchObject({
      cells: { items: [{ rowIndex: 1, column: 'qty', message: expect.stringMatching(/^数量 \S/) }] },
    });
  });

  it('answers in the caller language, and an update replaces the rows', async () => {
    const english = await call(server, 'POST', `${RUN}/${modelId}`, {
      token: admin,
      headers: { 'jnpf-language': 'en' },
      json: { data: JSON.stringify({ items: [{ qty: 1 }] }) },
    });
    expect(errorsOf(english)).toEqual({ items: '明细, row 1: 品名 is required' });

    const created = await create({ title: '二', items: [{ name: 'a' }, { name: 'b' }] });
    const updated = await api.put(`${RUN}/${modelId}/${created.data}`, {
      data: JSON.stringify({ items: [{ name: 'c', qty: 5 }] }),
    });
    expect(updated.code, updated.msg).toBe(200);
    const raw = await api.get<{ data: string }>(`${RUN}/${modelId}/${created.data}`);
    expect(JSON.parse(raw.data!.data)).toMatchObject({ title: '二', items: [{ name: 'c', qty: 5 }] });
  });

  it('a required sub-table needs a row', async () => {
    const created = await api.post<string>(
      BASE,
      subTableDesign([field('input', 'title', '标题'), itemsTable(itemColumns(), { required: true })]),
    );
    expect(created.code, created.msg).toBe(200);
    // a design never released is tried by its designer through the draft
    const refused = await api.post(`${RUN}/${created.data}`, { data: JSON.stringify({ title: 'x', items: [] }) });
    expect(errorsOf(refused)).toEqual({ items: '明细不能为空' });
  });
});

describe('rich-text fields', () => {
  it('stores the text sanitised, shows it as stored, and a text nobody would see counts as empty', async () => {
    const created = await create({
      title: '富文本',
      remark: '<p onclick="steal()">合同<b>已签</b><script>alert(1)</script><a href="javascript:x()">链接</a></p>',
    });
    expect(created.code, created.msg).toBe(200);
    const raw = await api.get<{ data: string }>(`${RUN}/${modelId}/${created.data}`);
    const remark = JSON.parse(raw.data!.data).remark as string;
    expect(remark).toContain('合同<b>已签</b>');
    expect(remark).not.toMatch(/script|onclick|javascript/);
    const shown = await api.get<{ data: string }>(`${RUN}/${modelId}/${created.data}/DataChange`);
    expect(JSON.parse(shown.data!.data).remark).toBe(remark);

    const list = await api.post<{ list: Record<string, unknown>[] }>(`${RUN}/${modelId}/List`, {});
    expect(list.data!.list.find((r) => r.id === created.data)).not.toHaveProperty('remark');

    const blank = await create({ title: '空白', remark: '<p> <br></p><script>x</script>' });
    const stored = await api.get<{ data: string }>(`${RUN}/${modelId}/${blank.data}`);
    expect(JSON.parse(stored.data!.data)).not.toHaveProperty('remark');
    expect(errorsOf(await create({ remark: 12 }))).toEqual({ remark: '备注格式不正确' });
  });
});

describe('area fields', () => {
  it('keeps paths of areas from the top down to the level, and shows their names', async () => {
    const created = await create({
      title: '地区',
      place: ['440000', '440300', '440305'],
      provinces: [['440000'], ['110000'], ['440000']],
    });
    expect(created.code, created.msg).toBe(200);
    const raw = JSON.parse((await api.get<{ data: string }>(`${RUN}/${modelId}/${created.data}`)).data!.data);
    expect(raw.place).toEqual(['440000', '440300', '440305']);
    expect(raw.provinces).toEqual([['440000'], ['110000']]);
    const shown = await api.get<{ data: string }>(`${RUN}/${modelId}/${created.data}/DataChange`);
    expect(JSON.parse(shown.data!.data)).toMatchObject({ place: '广东省/深圳市/南山区', provinces: '广东省,北京市' });
    // a list row carries the list's columns only: a listable field the list does not show stays out of it
    const list = await api.post<{ list: Record<string, unknown>[] }>(`${RUN}/${modelId}/List`, {});
    const row = list.data!.list.find((r) => r.id === created.data)!;
    expect(row).toMatchObject({ title: '地区' });
    expect(Object.keys(row).filter((k) => k.startsWith('place') || k.startsWith('provinces'))).toEqual([]);
  });

  it("keeps a path ending above the level at an area with nothing below it (a municipality's district)", async () => {
    const created = await create({ title: '直辖市', place: ['110000', '110101'] });
    expect(created.code, created.msg).toBe(200);
    const shown = await api.get<{ data: string }>(`${RUN}/${modelId}/${created.data}/DataChange`);
    expect(JSON.parse(shown.data!.data)).toMatchObject({ place: '北京市/东城区' });
    // Beijing itself has districts below it, so a district field does not stop there
    expect(errorsOf(await create({ place: ['110000'] }))).toEqual({ place: '所在地区的值不在选项中' });
  });

  it('refuses broken chains, the wrong depth, unknown areas and wrong shapes', async () => {
    // Shenzhen is not in Beijing; a district field needs three levels where there are; no such area; a path is
    // a list of ids no deeper than the level
    expect(errorsOf(await create({ place: ['110000', '440300', '440305'] }))).toEqual({
      place: '所在地区的值不在选项中',
    });
    expect(errorsOf(await create({ place: ['440000', '440300'] }))).toEqual({ place: '所在地区的值不在选项中' });
    expect(errorsOf(await create({ place: ['440000', '440300', '440305', '440305'] }))).toEqual({
      place: '所在地区格式不正确',
    });
    expect(errorsOf(await create({ place: ['440000', '440300', '999999'] }))).toEqual({
      place: '所在地区的值不在选项中',
    });
    expect(errorsOf(await create({ place: '440305', provinces: ['440000'] }))).toEqual({
      place: '所在地区格式不正确',
      provinces: '覆盖省份格式不正确',
    });
    expect(errorsOf(await create({ provinces: [['440300']] }))).toEqual({ provinces: '覆盖省份的值不在选项中' });
  });
});

describe('file fields', () => {
  const store = () => fileStore(server.config);
  const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 1)]);
  let adminId: string;
  /** a file stored and registered as the upload of `uploader` (the admin unless told), as the merge does */
  async function upload(type: 'annex' | 'annexpic', extension: string, bytes: Buffer, uploader = adminId) {
    const name = await store().save(type, extension, bytes);
    await server.platform.context.db
      .insert(fileUpload)
      .values({ name, type, uploaderUserId: uploader, size: bytes.length, creatorTime: Date.now() });
    return name;
  }

  beforeAll(async () => {
    adminId = (await api.get<{ userInfo: { userId: string } }>('/api/oauth/CurrentUser')).data!.userInfo.userId;
  });

  it('keeps stored files with the address the server makes and the stored size', async () => {
    const fileId = await upload('annex', 'pdf', pdf(600));
    const created = await create({
      title: '附件',
      contract: [{ name: '合同.pdf', fileId, fileSize: 1, fileExtension: 'exe', url: 'https://evil.example/x' }],
    });
    expect(created.code, created.msg).toBe(200);
    const raw = JSON.parse((await api.get<{ data: string }>(`${RUN}/${modelId}/${created.data}`)).data!.data);
    expect(raw.contract).toEqual([
      { name: '合同.pdf', fileId, fileSize: 600, fileExtension: 'pdf', url: `/api/file/Image/annex/${fileId}` },
    ]);
    const shown = await api.get<{ data: string }>(`${RUN}/${modelId}/${created.data}/DataChange`);
    expect(JSON.parse(shown.data!.data).contract).toEqual(raw.contract);
  });

  it('names the kinds of file a field takes, in the caller language', async () => {
    const design = await api.post<string>(
      BASE,
      subTableDesign([
        field('input', 'title', '标题'),
        field('uploadFile', 'scan', '扫描件', {}, { accept: 'image/*,.pdf,.docx,.doc,.csv' }),
        field('uploadImg', 'photos', '照片'),
        field('uploadImg', 'snaps', '快照', {}, { limit: 1, fileSize: 1, sizeUnit: 'KB' }),
      ]),
    );
    expect(design.code, design.msg).toBe(200);
    await releaseDesign(server, admin, design.data!);
    const text = await upload('annex', 'txt', Buffer.from('hello'));
    const stray = await upload('annexpic', 'txt', Buffer.from('not a picture'));
    const refusal = async (data: Record<string, unknown>, language: string) =>
      errorsOf(
        await call(server, 'POST', `${RUN}/${design.data}`, {
          token: admin,
          headers: { 'jnpf-language': language },
          json: { data: JSON.stringify(data) },
        }),
      );
    const scan = { scan: [{ name: 'a.txt', fileId: text }] };
    expect(await refusal(scan, 'zh')).toEqual({ scan: '扫描件：请选择图片、pdf、word、csv类型的文件' });
    expect(await refusal(scan, 'zhtw')).toEqual({ scan: '扫描件：請選擇圖片、pdf、word、csv類型的文件' });
    expect(await refusal(scan, 'en')).toEqual({
      scan: '扫描件: please choose files of the types image, pdf, word, csv',
    });
    expect(await refusal({ photos: [{ name: 'a.txt', fileId: stray }] }, 'en')).toEqual({
      photos: '照片: please upload an image',
    });
    // a picture field speaks of pictures, as its upload does
    expect(await refusal({ photos: [{ name: 'a.txt', fileId: stray }] }, 'zh')).toEqual({ photos: '照片：请上传图片' });
    const big = await upload('annexpic', 'png', Buffer.concat([PNG, Buffer.alloc(2048)]));
    const snap = { snaps: [{ name: 'a.png', fileId: big }] };
    expect(await refusal(snap, 'zh')).toEqual({ snaps: '快照：图片大小超过1KB' });
    expect(await refusal(snap, 'zhtw')).toEqual({ snaps: '快照：圖片大小超過1KB' });
    expect(await refusal(snap, 'en')).toEqual({ snaps: '快照: the image is larger than 1KB' });
    const two = {
      snaps: [
        { name: 'a.png', fileId: big },
        { name: 'b.png', fileId: stray },
      ],
    };
    expect(await refusal(two, 'zh')).toEqual({ snaps: '快照：当前限制最多可以上传1张图片' });
    expect(await refusal(two, 'zhtw')).toEqual({ snaps: '快照：當前限制最多可以上傳1張圖片' });
    expect(await refusal(two, 'en')).toEqual({ snaps: '快照: at most 1 images can be uploaded' });
  });

  it('says a size limit as the design states it, its number and unit', async () => {
    const design = await api.post<string>(
      BASE,
      subTableDesign([
        field('input', 'title', '标题'),
        field('uploadFile', 'scan', '扫描件', {}, { fileSize: 2048, sizeUnit: 'KB' }),
        field('uploadImg', 'snap', '快照', {}, { fileSize: 0.5, sizeUnit: 'GB' }),
      ]),
    );
    expect(design.code, design.msg).toBe(200);
    await releaseDesign(server, admin, design.data!);
    /** a stored file registered with this size (the size the merge registered is the one checked) */
    const registered = async (type: 'annex' | 'annexpic', extension: string, size: number) => {
      const name = await store().save(type, extension, Buffer.from('x'));
      await server.platform.context.db
        .insert(fileUpload)
        .values({ name, type, uploaderUserId: adminId, size, creatorTime: Date.now() });
      return name;
    };
    const save = (data: Record<string, unknown>) =>
      call(server, 'POST', `${RUN}/${design.data}`, { token: admin, json: { data: JSON.stringify(data) } });
    const scan = await registered('annex', 'pdf', 2048 * 1024 + 1);
    expect(errorsOf(await save({ scan: [{ name: 'a.pdf', fileId: scan }] }))).toEqual({
      scan: '扫描件：文件大小超过2048KB',
    });
    const snap = await registered('annexpic', 'png', 1024 ** 3 / 2 + 1);
    expect(errorsOf(await save({ snap: [{ name: 'a.png', fileId: snap }] }))).toEqual({
      snap: '快照：图片大小超过0.5GB',
    });
  });

  it('refuses files that are not stored, too large, of another type, too many, or of the wrong shape', async () => {
    const big = await upload('annex', 'pdf', pdf(2048));
    const text = await upload('annex', 'txt', Buffer.from('hello'));
    const small = await upload('annex', 'pdf', pdf(100));
    const file = (fileId: string) => ({ name: 'f', fileId });
    expect(errorsOf(await create({ contract: [file('20250101_abcdef.pdf')] }))).toEqual({
      contract: '合同的文件不存在，请重新上传',
    });
    // a picture field's files live apart: a document's name does not reach it
    expect(errorsOf(await create({ photos: [file(small)] }))).toEqual({ photos: '照片的文件不存在，请重新上传' });
    expect(errorsOf(await create({ contract: [file(big)] }))).toEqual({ contract: '合同：文件大小超过1KB' });
    // exactly at the limit is refused too; one byte under it is taken
    const atLimit = await upload('annex', 'pdf', pdf(1024));
    expect(errorsOf(await create({ contract: [file(atLimit)] }))).toEqual({ contract: '合同：文件大小超过1KB' });
    expect((await create({ contract: [file(await upload('annex', 'pdf', pdf(1023)))] })).code).toBe(200);
    expect(errorsOf(await create({ contract: [file(text)] }))).toEqual({ contract: '合同：请选择pdf类型的文件' });
    expect(errorsOf(await create({ contract: [file(small), file(small), file(big)] }))).toEqual({
      contract: '合同：当前限制最多可以上传2个文件',
    });
    expect(errorsOf(await create({ contract: [{ name: 'x', fileId: '../../etc/passwd' }] }))).toEqual({
      contract: '合同格式不正确',
    });
    expect(errorsOf(await create({ contract: 'x' }))).toEqual({ contract: '合同格式不正确' });
    // stored but never registered (not a merged upload): refused too
    const unregistered = await store().save('annex', 'pdf', pdf(100));
    expect(errorsOf(await create({ contract: [file(unregistered)] }))).toEqual({
      contract: '合同的文件不存在，请重新上传',
    });
  });

  it("takes only the saver's own uploads as new files, and keeps the files a record holds", async () => {
    const theirs = await upload('annex', 'pdf', pdf(300), newId());
    const theirPhoto = await upload('annexpic', 'png', PNG, newId());
    const mine = await upload('annex', 'pdf', pdf(200));
    const file = (fileId: string) => ({ name: 'f.pdf', fileId, fileExtension: 'pdf' });
    // knowing the name of someone else's upload is not enough, on create and on update
    expect(errorsOf(await create({ contract: [file(theirs)] }))).toEqual({ contract: '合同的文件不存在，请重新上传' });
    expect(errorsOf(await create({ photos: [{ name: 'p.png', fileId: theirPhoto }] }))).toEqual({
      photos: '照片的文件不存在，请重新上传',
    });
    const created = await create({ title: '持有', contract: [file(mine)] });
    expect(created.code, created.msg).toBe(200);
    const id = created.data!;
    const refused = await api.put(`${RUN}/${modelId}/${id}`, {
      data: JSON.stringify({ contract: [file(mine), file(theirs)] }),
    });
    expect(errorsOf(refused)).toEqual({ contract: '合同的文件不存在，请重新上传' });

    // a file the record already holds (put there by someone else) stays when another field changes, and when
    // the field is saved again with it
    const db = server.platform.context.db;
    const [row] = await db.select().from(visualRecord).where(eq(visualRecord.id, id));
    const held = { ...file(theirs), fileSize: 300, url: `/api/file/Image/annex/${theirs}` };
    await db
      .update(visualRecord)
      .set({ data: { ...row!.data, contract: [held] } })
      .where(eq(visualRecord.id, id));
    const retitled = await api.put(`${RUN}/${modelId}/${id}`, { data: JSON.stringify({ title: '改名' }) });
    expect(retitled.code, retitled.msg).toBe(200);
    const resaved = await api.put(`${RUN}/${modelId}/${id}`, {
      data: JSON.stringify({ title: '再改', contract: [held, file(mine)] }),
    });
    expect(resaved.code, resaved.msg).toBe(200);
    const raw = JSON.parse((await api.get<{ data: string }>(`${RUN}/${modelId}/${id}`)).data!.data);
    expect(raw).toMatchObject({ title: '再改' });
    expect(raw.contract.map((f: { fileId: string; fileSize: number }) => [f.fileId, f.fileSize])).toEqual([
      [theirs, 300],
      [mine, 200],
    ]);
  });
});
