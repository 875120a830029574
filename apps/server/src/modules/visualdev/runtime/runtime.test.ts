// Released forms over HTTP against a real database: the page definition, records created, read, shown, updated
// and deleted, every refusal of their values, the list's keyword, search, sort and paging, the export, and who
// may do what (the model's menu and its buttons, useBtnPermission, useColumnPermission, the design menu).
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { auditLog, module } from '../../../db/schema/index.js';
import { call, unique } from '../../../../test/harness.js';
import { signedInUser } from '../../../../test/kit/access.js';
import { admin, api, ctx, server } from '../../../../test/kit/adminServer.js';
import { insertOrganize, insertPosition, relate, type UserFields } from '../../../../test/kit/directory.js';
import { organizeChanged } from '../../organize/orgIndex.js';
import { dictionaryItems } from '../../dictionary/byCode.js';
import { categoryId, useDesignServer } from '../../../../test/kit/designServer.js';
import { findMenuId, mainSystemId } from '../../../../test/kit/menus.js';
import { createReleased, recordsAs, type RecordPage, type ReleasedModel } from '../../../../test/kit/released.js';
import { designBody, sampleColumns } from '../../../../test/kit/visualdev.js';
import type { ColumnDataJson } from '@jnpf/core';

const BASE = '/api/visualdev/Base';
const RUN = '/api/visualdev/OnlineDev';
let systemId: string;
let onlineDevId: string;
let rule: string;

useDesignServer();
beforeAll(async () => {
  systemId = await mainSystemId(ctx());
  onlineDevId = await findMenuId(ctx(), 'onlineDev');
  rule = unique('VD');
  const businessType = (await dictionaryItems(ctx().db, 'businessType'))[0]!.id;
  const created = await api('POST', '/api/system/BillRule', {
    json: {
      fullName: `编号${rule}`,
      enCode: rule,
      category: businessType,
      prefix: 'VD',
      suffix: '',
      type: 1,
      dateFormat: 'no',
      digit: 4,
      startNumber: '0001',
      sortCode: 0,
      enabledMark: 1,
    },
  });
  expect(created.code, created.msg).toBe(200);
});

type Errors = { errors: Record<string, string> };
type Page = RecordPage;
type Model = ReleasedModel;

/** a design over the sample form, released under 在线开发 unless told otherwise */
async function releasedModel(columns: Partial<ColumnDataJson> = {}, released = true): Promise<Model> {
  const json = designBody(categoryId, rule, { columnData: JSON.stringify(sampleColumns(columns)) });
  const enCode = String(json.enCode);
  if (released) return createReleased(server, admin, { ...json, enCode });
  const id = await api.create(BASE, json);
  return { id, enCode, menuId: '', buttons: {}, columns: {}, forms: {} };
}

async function grant(userId: string, module: string[], button: string[] = [], column: string[] = []) {
  const res = await api('PUT', `/api/permission/Authority/Data/${userId}`, {
    json: { objectType: 'User', systemIds: [systemId], module, button, column },
  });
  expect(res.code, res.msg).toBe(200);
}

const staff = (fields: UserFields = {}) => signedInUser(server, fields);
const as = (token: string) => recordsAs(server, token);

const DAY = new Date(2024, 4, 1).getTime();
/** the values of a good record that come back as sent */
const SAMPLE = { amount: 12.5, level: '2', tags: ['a', 'b'], sex: '2', active: 1, day: DAY, at: '08:30:00' };
const good = (patch: Record<string, unknown> = {}) => ({ title: unique('T'), ...SAMPLE, notes: '说明', ...patch });

describe('the page definition', () => {
  it('answers the released copy, the draft only to designers, and 该功能未发布 before any release', async () => {
    const model = await releasedModel();
    const reader = await staff();
    await grant(reader.id, [onlineDevId, model.menuId]);
    const released = await as(reader.token).config(model);
    expect(released.code, released.msg).toBe(200);
    expect(released.data).toMatchObject({ id: model.id, enCode: model.enCode, webType: 2, enableFlow: 0 });
    expect(JSON.parse(String(released.data!.columnData))).toEqual(sampleColumns());
    expect(await as(reader.token).config(model, '0')).toMatchObject({ code: 400, msg: '没有访问权限' });
    expect((await as(admin).config(model, '0')).data).toMatchObject({ id: model.id });
    const outsider = await staff();
    expect(await as(outsider.token).config(model)).toMatchObject({ code: 400, msg: '没有访问权限' });
    const draft = await releasedModel({}, false);
    expect(await as(admin).config(draft)).toMatchObject({ code: 400, msg: '该功能未发布' });
    expect((await as(admin).config(draft, '0')).code).toBe(200);
    // designers try an unreleased design with data
    expect((await as(admin).create(draft, good())).code).toBe(200);
  });
});

describe('records', () => {
  let model: Model;
  let writer: Awaited<ReturnType<typeof staff>>;
  let orgName: string;
  let positionId: string;

  beforeAll(async () => {
    model = await releasedModel();
    orgName = unique('部门');
    const org = await insertOrganize(ctx(), null, { fullName: orgName });
    await organizeChanged(ctx());
    positionId = await insertPosition(ctx(), org.id);
    writer = await staff({ organizeId: org.id, positionId, realName: '录入员' });
    await relate(ctx(), writer.id, 'Position', positionId);
    await grant(writer.id, [onlineDevId, model.menuId], Object.values(model.buttons));
  });

  it('create fills system fields and the number, ignoring them in input; get, DataChange and update', async () => {
    const before = Date.now();
    const created = await as(writer.token).create(
      model,
      good({ creator: 'forged', created: 1, code: 'MINE', extra: 'x' }),
    );
    expect(created).toMatchObject({ code: 200, msg: '新建成功' });
    const id = created.data!;
    const raw = JSON.parse((await as(writer.token).get(model, id)).data!.data) as Record<string, unknown>;
    expect(raw).toMatchObject(SAMPLE);
    expect(raw.creator).toBe(writer.id);
    expect(raw.created).toBeGreaterThanOrEqual(before);
    expect(raw.org).toBeTypeOf('string');
    expect(raw.pos).toBe(positionId);
    expect(raw.code).toMatch(/^VD\d{4}$/);
    expect(raw).not.toHaveProperty('extra');
    expect(raw).not.toHaveProperty('editor');
    const next = await as(writer.token).create(model, good());
    const nextCode = (JSON.parse((await as(writer.token).get(model, next.data!)).data!.data) as { code: string }).code;
    expect(Number(nextCode.slice(2))).toBe(Number(String(raw.code).slice(2)) + 1);

    const shown = JSON.parse((await as(writer.token).shown(model, id)).data!.data) as Record<string, unknown>;
    expect(shown).toMatchObject({
      level: '高',
      tags: '甲,乙',
      sex: '女',
      active: '启用',
      day: '2024-05-01',
      creator: `录入员/${writer.account}`,
      org: orgName,
      editor: '',
      code: raw.code,
    });
    expect(String(shown.pos)).not.toBe('');
    expect(String(shown.created)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const updated = await as(writer.token).update(model, id, {
      amount: 99,
      notes: '',
      code: 'NEW',
      creator: 'x',
      active: 0,
    });
    expect(updated).toMatchObject({ code: 200, msg: '修改成功' });
    const after = JSON.parse((await as(writer.token).get(model, id)).data!.data) as Record<string, unknown>;
    expect(after).toMatchObject({
      title: raw.title,
      amount: 99,
      active: 0,
      code: raw.code,
      creator: writer.id,
      editor: writer.id,
    });
    expect(after).not.toHaveProperty('notes');
    expect(after.edited).toBeGreaterThanOrEqual(before);
    const audit = await ctx().db.select().from(auditLog).where(eq(auditLog.recordId, id));
    expect(audit.map((a) => a.action).sort()).toEqual(['createRecord', 'updateRecord']);
    expect(await as(writer.token).get(model, '404')).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await as(writer.token).update(model, '404', {})).toMatchObject({ code: 400, msg: '更新失败，数据不存在' });
  });

  it('refuses each bad value under its field', async () => {
    const errors = async (data: unknown, id?: string) => {
      const res = id ? await as(writer.token).update(model, id, data) : await as(writer.token).create(model, data);
      expect(res.code, JSON.stringify(res)).toBe(401);
      return (res.data as Errors).errors;
    };
    expect(await errors(good({ title: undefined }))).toEqual({ title: '标题不能为空' });
    expect(await errors(good({ amount: 5000, level: '9', tags: ['z'], sex: '7', day: 'soon', at: '8点' }))).toEqual({
      amount: '金额不能大于1000',
      level: '等级的值不在选项中',
      tags: '标签的值不在选项中',
      sex: '性别的值不在选项中',
      day: '日期格式不正确',
      at: '时间格式不正确',
    });
    expect(await errors(good({ title: 'bad!', score: 9 }))).toEqual({
      title: '标题只能是文字和数字',
      score: '评分不能大于5',
    });
    const taken = good();
    const first = await as(writer.token).create(model, taken);
    expect(first.code).toBe(200);
    expect(await errors(good({ title: taken.title }))).toEqual({ title: '标题不能重复' });
    const other = (await as(writer.token).create(model, good())).data!;
    expect(await errors({ title: taken.title }, other)).toEqual({ title: '标题不能重复' });
    // keeping its own value is not a duplicate
    expect((await as(writer.token).update(model, first.data!, { title: taken.title })).code).toBe(200);
    const notJson = await call<Errors>(server, 'POST', `${RUN}/${model.id}`, {
      token: writer.token,
      json: { data: '{x' },
    });
    expect(notJson.code).toBe(401);
    expect(notJson.data!.errors).toEqual({ data: '表单数据格式错误' });
    const english = await call<Errors>(server, 'POST', `${RUN}/${model.id}`, {
      token: writer.token,
      json: { data: JSON.stringify(good({ amount: -5 })) },
      headers: { 'jnpf-language': 'en' },
    });
    expect(english.data!.errors).toEqual({ amount: '金额 cannot be less than 0' });
  });

  it('delete and batch delete', async () => {
    const ids = await Promise.all(
      [good(), good(), good()].map(async (d) => (await as(writer.token).create(model, d)).data!),
    );
    expect(await as(writer.token).remove(model, ids[0]!)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await as(writer.token).remove(model, ids[0]!)).toMatchObject({ code: 400, msg: '删除失败，数据不存在' });
    expect(await as(writer.token).removeMany(model, [ids[1]!, ids[2]!, '404'])).toMatchObject({
      code: 200,
      msg: '删除成功',
    });
    expect(await as(writer.token).get(model, ids[2]!)).toMatchObject({ code: 400, msg: '数据不存在' });
    const empty = await as(writer.token).removeMany(model, []);
    expect(empty.code).toBe(401);
    expect((empty.data as Errors).errors).toEqual({ ids: '请选择要删除的数据' });
    // a record of another model is not reachable through this one
    const elsewhere = await releasedModel();
    const foreign = (await as(admin).create(elsewhere, good())).data!;
    expect(await as(writer.token).remove(model, foreign)).toMatchObject({ code: 400 });
    expect((await as(admin).get(elsewhere, foreign)).code).toBe(200);
  });
});

describe('the list', () => {
  let model: Model;
  const rows: Record<string, Record<string, unknown>> = {};

  beforeAll(async () => {
    model = await releasedModel({ defaultSidx: 'amount', sort: 'asc' });
    const data: [string, Record<string, unknown>][] = [
      ['a', good({ title: 'Alpha one', amount: 5, level: '1', tags: ['a'], sex: '1', active: 1, day: DAY })],
      ['b', good({ title: 'Beta', amount: 50, level: '2', tags: ['b'], sex: '2', active: 0, day: DAY + 86_400_000 })],
      [
        'c',
        good({
          title: 'Gamma',
          amount: 500,
          level: '2',
          tags: ['a', 'b'],
          sex: '2',
          notes: 'alpha inside',
          day: DAY + 2 * 86_400_000,
        }),
      ],
      ['d', good({ title: 'Delta', amount: 0.5, level: '1', tags: [], sex: '1', notes: '' })],
    ];
    for (const [key, values] of data) {
      const res = await as(admin).create(model, values);
      expect(res.code, JSON.stringify(res)).toBe(200);
      rows[key] = { ...values, id: res.data! };
    }
  });

  const ids = (page: { data?: Page }) => page.data!.list.map((r) => r.id);
  const idOf = (...keys: string[]) => keys.map((k) => rows[k]!.id);
  const query = (q: Record<string, unknown>) => ({ queryJson: JSON.stringify(q) });

  it('shows each field and its raw value, in the default order of the design', async () => {
    const page = await as(admin).list(model);
    expect(page.code, page.msg).toBe(200);
    expect(page.data!.pagination).toEqual({ currentPage: 1, pageSize: 20, total: 4 });
    expect(ids(page)).toEqual(idOf('d', 'a', 'b', 'c'));
    expect(page.data!.list[1]).toMatchObject({
      id: rows.a!.id,
      title: 'Alpha one',
      title_id: 'Alpha one',
      level: '低',
      level_id: '1',
      tags: '甲',
      tags_id: ['a'],
      sex: '男',
      sex_id: '1',
      active: '启用',
      active_id: 1,
      day: '2024-05-01',
      day_id: DAY,
      creator: '管理员/admin',
    });
  });

  it('keyword, equal, fuzzy and range searches', async () => {
    expect(ids(await as(admin).list(model, { keyword: 'alpha' })).sort()).toEqual(idOf('a', 'c').sort());
    expect(ids(await as(admin).list(model, query({ level: '1' }))).sort()).toEqual(idOf('a', 'd').sort());
    expect(ids(await as(admin).list(model, query({ level: ['1', '2'] }))).length).toBe(4);
    expect(ids(await as(admin).list(model, query({ tags: 'b' }))).sort()).toEqual(idOf('b', 'c').sort());
    expect(ids(await as(admin).list(model, query({ sex: '女' }))).sort()).toEqual(idOf('b', 'c').sort());
    expect(ids(await as(admin).list(model, query({ active: 0 })))).toEqual(idOf('b'));
    expect(ids(await as(admin).list(model, query({ amount: [1, 100] }))).sort()).toEqual(idOf('a', 'b').sort());
    expect(ids(await as(admin).list(model, query({ amount: [100, null] })))).toEqual(idOf('c'));
    expect(ids(await as(admin).list(model, query({ day: [DAY + 1, DAY + 2 * 86_400_000] }))).sort()).toEqual(
      idOf('b', 'c').sort(),
    );
    expect(ids(await as(admin).list(model, { ...query({ level: '2', amount: [0, 100] }), keyword: 'beta' }))).toEqual(
      idOf('b'),
    );
    expect(ids(await as(admin).list(model, query({ title: "'; drop table base_visual_record; --" })))).toEqual([]);
    expect(ids(await as(admin).list(model, query({ title: '%' })))).toEqual([]);
    expect(ids(await as(admin).list(model, query({ level: '' }))).length).toBe(4);
  });

  it('refuses search keys that are not search fields, and queryJson that is not JSON', async () => {
    const unknownKey = await as(admin).list(model, query({ code: 'x' }));
    expect(unknownKey.code).toBe(401);
    expect((unknownKey.data as unknown as Errors).errors).toEqual({ code: 'code不是查询字段' });
    const bad = await as(admin).list(model, { queryJson: '{oops' });
    expect((bad.data as unknown as Errors).errors).toEqual({ queryJson: '查询条件格式错误' });
    const notRange = await as(admin).list(model, query({ amount: 5 }));
    expect((notRange.data as unknown as Errors).errors).toEqual({ amount: '金额的查询条件格式不正确' });
  });

  it('sorts by a column, falls back to newest first for anything else, and pages', async () => {
    expect(ids(await as(admin).list(model, { sidx: 'amount', sort: 'desc' }))).toEqual(idOf('c', 'b', 'a', 'd'));
    expect(ids(await as(admin).list(model, { sidx: 'title', sort: 'asc' }))).toEqual(idOf('a', 'b', 'd', 'c'));
    // notes is a field but not a column; "data" is no field at all
    expect(ids(await as(admin).list(model, { sidx: 'notes', sort: 'asc' }))).toEqual(idOf('d', 'c', 'b', 'a'));
    expect(ids(await as(admin).list(model, { sidx: 'data) desc; --', sort: 'asc' }))).toEqual(idOf('d', 'c', 'b', 'a'));
    const second = await as(admin).list(model, { sidx: 'amount', sort: 'asc', currentPage: 2, pageSize: 3 });
    expect(second.data!.pagination).toEqual({ currentPage: 2, pageSize: 3, total: 4 });
    expect(ids(second)).toEqual(idOf('c'));
    const all = await as(admin).list(model, { pageSize: 1, dataType: '1' });
    expect(all.data!.list).toHaveLength(4);
    expect(all.data!.pagination.total).toBe(4);
  });

  it('exports the chosen columns as a workbook', async () => {
    const res = await as(admin).list(model);
    expect(res.code).toBe(200);
    const out = await call<{ name: string; url: string }>(server, 'POST', `${RUN}/${model.id}/Actions/ExportData`, {
      token: admin,
      json: { dataType: '1', selectKey: ['title', 'level', 'day'], sidx: 'amount', sort: 'asc' },
    });
    expect(out.code, out.msg).toBe(200);
    expect(out.data!.name).toMatch(/\.xlsx$/);
    const file = await fetch(`${server.baseUrl}${out.data!.url}`);
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await file.arrayBuffer()) as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    const values = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['标题', '等级', '日期']);
    expect(values(2)).toEqual(['Delta', '低', '2024-05-01']);
    expect(sheet.rowCount).toBe(5);
  });
});

describe('who may use a released form', () => {
  it('needs the model menu; buttons when the list checks them; the design menu opens every model', async () => {
    const model = await releasedModel();
    const outsider = await staff();
    expect(await as(outsider.token).list(model)).toMatchObject({ code: 400, msg: '没有访问权限' });
    expect(await as(outsider.token).create(model, good())).toMatchObject({ code: 400, msg: '没有访问权限' });

    const reader = await staff();
    await grant(reader.id, [onlineDevId, model.menuId]);
    expect((await as(reader.token).list(model)).code).toBe(200);
    expect(await as(reader.token).create(model, good())).toMatchObject({ code: 400, msg: '没有访问权限' });
    const id = (await as(admin).create(model, good())).data!;
    expect((await as(reader.token).get(model, id)).code).toBe(200);
    expect(await as(reader.token).update(model, id, { amount: 1 })).toMatchObject({ code: 400 });
    expect(await as(reader.token).remove(model, id)).toMatchObject({ code: 400 });
    expect(await as(reader.token).removeMany(model, [id])).toMatchObject({ code: 400 });
    expect(
      await call(server, 'POST', `${RUN}/${model.id}/Actions/ExportData`, { token: reader.token, json: {} }),
    ).toMatchObject({ code: 400 });
    await grant(reader.id, [onlineDevId, model.menuId], [model.buttons.btn_add!]);
    expect((await as(reader.token).create(model, good())).code).toBe(200);
    // a grant on one model's menu opens no other model
    const other = await releasedModel();
    expect(await as(reader.token).list(other)).toMatchObject({ code: 400 });

    // without button checks, the menu alone is enough
    const open = await releasedModel({ useBtnPermission: false });
    const member = await staff();
    await grant(member.id, [onlineDevId, open.menuId]);
    expect((await as(member.token).create(open, good())).code).toBe(200);

    // the design menu (designers trying their forms)
    const designer = await staff();
    const designMenu = (await ctx().db.select().from(module).where(eq(module.enCode, 'onlineDev.webDesign')))[0]!;
    await grant(designer.id, [onlineDevId, designMenu.id]);
    expect((await as(designer.token).create(model, good())).code).toBe(200);
    expect((await as(designer.token).config(model, '0')).code).toBe(200);
  });

  it('shows only granted columns when the list checks columns', async () => {
    const model = await releasedModel({ useColumnPermission: true });
    await as(admin).create(model, good({ title: 'Visible' }));
    const reader = await staff();
    await grant(reader.id, [onlineDevId, model.menuId], [], [model.columns.title!, model.columns.amount!]);
    const page = await as(reader.token).list(model, { menuId: model.menuId });
    expect(page.code, page.msg).toBe(200);
    expect(Object.keys(page.data!.list[0]!).sort()).toEqual(['amount', 'amount_id', 'id', 'title', 'title_id']);
    expect(Object.keys((await as(admin).list(model)).data!.list[0]!)).toContain('level');
  });
});
