// Masked input fields (useMask with a maskConfig, the nine mask types) over HTTP: the list, the detail, the export
// and a reader's raw read show the masked text, so the clear text never reaches a browser that may not see it;
// only those who may edit the record (btn_edit, designers) read it in clear, and what is stored stays whole.
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { ColumnDataJson, FieldConfig } from '@jnpf/core';
import { moduleDataAuthorize } from '../../../db/schema/index.js';
import { call, unique } from '../../../../test/harness.js';
import { signedInUser } from '../../../../test/kit/access.js';
import { admin, api, ctx, server } from '../../../../test/kit/adminServer.js';
import { categoryId, useDesignServer } from '../../../../test/kit/designServer.js';
import { findMenuId, insertMenu, mainSystemId } from '../../../../test/kit/menus.js';
import { createReleased, recordsAs, type ReleasedModel } from '../../../../test/kit/released.js';
import { field, sampleForm } from '../../../../test/kit/visualdev.js';

let systemId: string;
let onlineDevId: string;
type User = Awaited<ReturnType<typeof signedInUser>>;

useDesignServer();
beforeAll(async () => {
  systemId = await mainSystemId(ctx());
  onlineDevId = await findMenuId(ctx(), 'onlineDev');
});

const masked = (maskType: number, extra: Record<string, unknown> = {}) => ({
  useMask: true,
  maskConfig: { filler: '*', maskType, ...extra },
});

const fields = (): FieldConfig[] => [
  field('input', 'title', '标题', { required: true }),
  field('input', 'phone', '手机', {}, masked(3)),
  field('input', 'person', '姓名', {}, masked(2)),
  // custom: the first 2 characters kept, the rest filled with "#"
  field('input', 'code', '编号', {}, masked(0, { filler: '#', prefixType: 2, prefixLimit: 2 })),
  // custom: kept through the first "-", the "-" inside left in clear, each masked run a fixed 3 fillers
  field(
    'input',
    'serial',
    '序列号',
    {},
    masked(0, { prefixType: 4, prefixSpecifyChar: '-', ignoreChar: '-', useUnrealMask: true, unrealMaskLength: 3 }),
  ),
  field('input', 'plain', '普通'),
  field('table', 'items', '明细', {
    children: [field('input', 'card', '银行卡', {}, masked(8)), field('input', 'memo', '说明')],
  }),
];

const columnData: ColumnDataJson = {
  type: 1,
  columnList: [
    { prop: 'title', label: '标题', jnpfKey: 'input' },
    { prop: 'phone', label: '手机', jnpfKey: 'input' },
    { prop: 'person', label: '姓名', jnpfKey: 'input' },
    { prop: 'code', label: '编号', jnpfKey: 'input' },
    { prop: 'serial', label: '序列号', jnpfKey: 'input' },
    { prop: 'plain', label: '普通', jnpfKey: 'input' },
  ] as ColumnDataJson['columnList'],
  searchList: [],
  btnsList: [
    { value: 'add', label: '新增' },
    { value: 'download', label: '导出' },
  ],
  columnBtnsList: [{ value: 'edit', label: '编辑' }],
  hasPage: true,
  pageSize: 20,
  useBtnPermission: true,
} as ColumnDataJson;

async function grant(
  userId: string,
  items: { module: string[]; button?: string[]; resource?: string[]; form?: string[] },
) {
  const res = await api('PUT', `/api/permission/Authority/Data/${userId}`, {
    json: { objectType: 'User', systemIds: [systemId], ...items },
  });
  expect(res.code, res.msg).toBe(200);
}

const CLEAR = {
  title: '客户',
  phone: '13812345678',
  person: '张三丰',
  code: 'AB123456',
  serial: 'SN-2024-000001',
  plain: '不遮',
  items: [{ card: '6222021234567890123', memo: '工资卡' }],
};
const MASKED = { phone: '138****5678', person: '张*丰', code: 'AB######', serial: 'SN-***-***', plain: '不遮' };

/** releases a design of the masked sample form with the given list (its code `prefix` + a stamp, named `name` + it) */
async function releaseMasked(prefix: string, name: string, list: Record<string, unknown>): Promise<ReleasedModel> {
  const enCode = unique(prefix);
  return createReleased(server, admin, {
    fullName: `${name}${enCode}`,
    enCode,
    type: 1,
    webType: 2,
    category: categoryId,
    sortCode: 0,
    formData: JSON.stringify(sampleForm('none', fields())),
    columnData: JSON.stringify(list),
  });
}

describe('masked fields', () => {
  let model: ReleasedModel;
  let editor: User;
  let reader: User;
  let id: string;

  beforeAll(async () => {
    model = await releaseMasked('mask', '脱敏', columnData);
    [editor, reader] = [await signedInUser(server), await signedInUser(server)];
    await grant(editor.id, { module: [onlineDevId, model.menuId], button: Object.values(model.buttons) });
    // the reader may open the list and the records and export them, not edit
    const download = model.buttons.btn_download!;
    await grant(reader.id, { module: [onlineDevId, model.menuId], button: [download] });
    const created = await recordsAs(server, editor.token).create(model, CLEAR);
    expect(created.code, created.msg).toBe(200);
    id = created.data!;
  });

  it('shows the list masked, its raw values too', async () => {
    for (const token of [reader.token, editor.token]) {
      const list = await recordsAs(server, token).list(model);
      expect(list.code, list.msg).toBe(200);
      const row = list.data!.list.find((r) => r.id === id)!;
      expect(row).toMatchObject({ ...MASKED, phone_id: '138****5678', person_id: '张*丰', plain_id: '不遮' });
      expect(JSON.stringify(row)).not.toContain('13812345678');
    }
  });

  it('shows the detail masked, in sub-table rows too', async () => {
    const shown = await recordsAs(server, reader.token).shown(model, id);
    expect(shown.code, shown.msg).toBe(200);
    const data = JSON.parse(shown.data!.data);
    expect(data).toMatchObject(MASKED);
    expect(data.items).toEqual([{ card: '622202*********0123', memo: '工资卡' }]);
  });

  it('gives the raw record masked to a reader who may not edit, in clear to an editor and a designer', async () => {
    const asReader = JSON.parse((await recordsAs(server, reader.token).get(model, id)).data!.data);
    expect(asReader).toMatchObject(MASKED);
    expect(asReader.items).toEqual([{ card: '622202*********0123', memo: '工资卡' }]);
    for (const token of [editor.token, admin]) {
      const clear = JSON.parse((await recordsAs(server, token).get(model, id)).data!.data);
      expect(clear).toMatchObject(CLEAR);
    }
  });

  it('exports the masked text', async () => {
    const out = await call<{ name: string; url: string }>(
      server,
      'POST',
      `/api/visualdev/OnlineDev/${model.id}/Actions/ExportData`,
      { token: reader.token, json: { dataType: '1', selectKey: ['title', 'phone', 'person', 'code'] } },
    );
    expect(out.code, out.msg).toBe(200);
    const file = await fetch(`${server.baseUrl}${out.data!.url}`, { headers: { authorization: reader.token } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await file.arrayBuffer()) as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    const values = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['标题', '手机', '姓名', '编号']);
    expect(values(2)).toEqual(['客户', '138****5678', '张*丰', 'AB######']);
  });

  it('keeps the stored value whole when an editor saves other fields', async () => {
    const updated = await recordsAs(server, editor.token).update(model, id, { plain: '改了' });
    expect(updated.code, updated.msg).toBe(200);
    const clear = JSON.parse((await recordsAs(server, editor.token).get(model, id)).data!.data);
    expect(clear).toMatchObject({ phone: '13812345678', plain: '改了' });
  });

  it('keeps the stored value when an editor sends its masked text back, and takes a new value', async () => {
    // what an editable list's row sends: each cell's raw value, which is the masked text
    const as = recordsAs(server, editor.token);
    const row = (await as.list(model)).data!.list.find((r) => r.id === id)!;
    const sent = { title: '客户', phone: row.phone_id, person: row.person_id, code: row.code_id, plain: '又改了' };
    const updated = await as.update(model, id, sent);
    expect(updated.code, updated.msg).toBe(200);
    const kept = JSON.parse((await as.get(model, id)).data!.data);
    expect(kept).toMatchObject({ phone: '13812345678', person: '张三丰', code: 'AB123456', plain: '又改了' });
    expect((await as.update(model, id, { phone: '13900001111' })).code).toBe(200);
    expect(JSON.parse((await as.get(model, id)).data!.data)).toMatchObject({ phone: '13900001111' });
    expect((await as.update(model, id, { phone: '13812345678' })).code).toBe(200);
  });
});

// A reader sees "138****5678": a substring, a range or an order over the field would let them probe the hidden
// digits, so for them a masked field matches only its whole value; an editor (who reads it in clear) searches it
// as any other field.
describe('searching a masked field', () => {
  let model: ReleasedModel;
  let editor: User;
  let reader: User;
  let id: string;
  const phone = `139${String(Date.now()).slice(-8)}`;

  beforeAll(async () => {
    model = await releaseMasked('masks', '脱敏查询', {
      ...columnData,
      searchList: [
        { prop: 'phone', label: '手机', jnpfKey: 'input', searchType: 2, isKeyword: true },
        { prop: 'person', label: '姓名', jnpfKey: 'input', searchType: 3 },
        { prop: 'plain', label: '普通', jnpfKey: 'input', searchType: 2 },
      ],
    });
    [editor, reader] = [await signedInUser(server), await signedInUser(server)];
    await grant(editor.id, { module: [onlineDevId, model.menuId], button: Object.values(model.buttons) });
    await grant(reader.id, { module: [onlineDevId, model.menuId], button: [model.buttons.btn_download!] });
    const created = await recordsAs(server, editor.token).create(model, { ...CLEAR, phone, plain: '普通文本' });
    expect(created.code, created.msg).toBe(200);
    id = created.data!;
  });

  const found = async (token: string, body: Record<string, unknown>) => {
    const list = await recordsAs(server, token).list(model, body);
    expect(list.code, list.msg).toBe(200);
    return list.data!.list.map((r) => r.id);
  };

  it('finds a record by a part of the masked value only for an editor', async () => {
    const part = { queryJson: JSON.stringify({ phone: phone.slice(0, 3) }) };
    expect(await found(reader.token, part)).toEqual([]);
    expect(await found(editor.token, part)).toEqual([id]);
    // the keyword box too
    expect(await found(reader.token, { keyword: phone.slice(3, 7) })).toEqual([]);
    expect(await found(editor.token, { keyword: phone.slice(3, 7) })).toEqual([id]);
  });

  it('finds it by the whole value for a reader', async () => {
    expect(await found(reader.token, { queryJson: JSON.stringify({ phone }) })).toEqual([id]);
    expect(await found(reader.token, { keyword: phone })).toEqual([id]);
    // an unmasked field is searched by its parts as before
    expect(await found(reader.token, { queryJson: JSON.stringify({ plain: '文本' }) })).toEqual([id]);
  });

  it('refuses a reader a range over a masked field, naming it', async () => {
    const range = { queryJson: JSON.stringify({ person: ['张', '张三丰'] }) };
    const refused = await recordsAs(server, reader.token).list(model, range);
    expect(refused.code).toBe(401);
    expect(JSON.stringify(refused)).toContain('姓名已脱敏，只能按完整值查询');
    expect(await found(editor.token, range)).toEqual([id]);
  });

  it('refuses a reader a list of candidates for a masked field, naming it', async () => {
    // half the candidates, then half of those … would find the hidden digits in a few calls
    const candidates = { queryJson: JSON.stringify({ phone: ['13900000000', phone] }) };
    const refused = await recordsAs(server, reader.token).list(model, candidates);
    expect(refused.code).toBe(401);
    expect(JSON.stringify(refused)).toContain('手机已脱敏，一次只能按一个完整值查询');
    // one whole value, alone in a list, is still a search
    expect(await found(reader.token, { queryJson: JSON.stringify({ phone: [phone] }) })).toEqual([id]);
    expect(await found(editor.token, candidates)).toEqual([id]);
  });

  it('does not sort by a masked column for a reader', async () => {
    const mark = unique('sort');
    const as = recordsAs(server, editor.token);
    const first = (await as.create(model, { title: 'a', phone: '13800000002', plain: mark })).data!;
    const second = (await as.create(model, { title: 'b', phone: '13900000001', plain: mark })).data!;
    const sorted = { queryJson: JSON.stringify({ plain: mark }), sidx: 'phone', sort: 'asc' };
    expect(await found(editor.token, sorted)).toEqual([first, second]);
    // newest first, as with no sort column
    expect(await found(reader.token, sorted)).toEqual([second, first]);
  });

  it('exports only what the whole value finds, masked, to a reader', async () => {
    const exported = async (query: Record<string, unknown>) => {
      const out = await call<{ name: string; url: string }>(
        server,
        'POST',
        `/api/visualdev/OnlineDev/${model.id}/Actions/ExportData`,
        {
          token: reader.token,
          json: { dataType: '1', selectKey: ['title', 'phone'], queryJson: JSON.stringify(query) },
        },
      );
      expect(out.code, out.msg).toBe(200);
      const file = await fetch(`${server.baseUrl}${out.data!.url}`, { headers: { authorization: reader.token } });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await file.arrayBuffer()) as ExcelJS.Buffer);
      const sheet = workbook.worksheets[0]!;
      return sheet.getRows(2, Math.max(sheet.rowCount - 1, 1))?.map((r) => (r.values as unknown[]).slice(1)) ?? [];
    };
    expect((await exported({ phone: phone.slice(0, 3) })).filter((r) => r.length)).toEqual([]);
    const whole = await exported({ phone });
    expect(whole).toEqual([['客户', `${phone.slice(0, 3)}****${phone.slice(-4)}`]]);
    expect(JSON.stringify(whole)).not.toContain(phone);
  });
});

// Editing is granted per menu, with that menu's data scope and form: one who may edit only their own records
// (menu A) and view every record (menu B) reads the others' masked fields masked, and searches them as masked
// through B.
describe('reading masked fields in clear through the menu that grants editing', () => {
  let model: ReleasedModel;
  let user: User;
  let menuB: string;
  let others: string;
  let own: string;

  beforeAll(async () => {
    model = await releaseMasked('maskscope', '脱敏范围', {
      ...columnData,
      searchList: [{ prop: 'phone', label: '手机', jnpfKey: 'input', searchType: 2 }],
      useDataPermission: true,
    });
    // menu A (the released one): its own records only
    const [creator] = await ctx()
      .db.select()
      .from(moduleDataAuthorize)
      .where(and(eq(moduleDataAuthorize.moduleId, model.menuId), eq(moduleDataAuthorize.enCode, 'creatorUserId')));
    const scheme = await api<string>('POST', '/api/system/ModuleDataAuthorizeScheme', {
      json: {
        moduleId: model.menuId,
        fullName: `own${model.enCode}`,
        enCode: `s${model.enCode}`,
        matchLogic: 'and',
        conditionJson: [
          { logic: 'and', groups: [{ id: creator!.id, field: 'creatorUserId', op: '==', value: '@userId' }] },
        ],
      },
    });
    expect(scheme.code, scheme.msg).toBe(200);
    // menu B: the same model, no button granted on it, every record
    menuB = await insertMenu(ctx(), {
      systemId,
      type: 3,
      parentId: onlineDevId,
      urlAddress: `model/${model.enCode}`,
      propertyJson: JSON.stringify({ moduleId: model.id }),
      isButtonAuthorize: 1,
      isDataAuthorize: 0,
    });
    user = await signedInUser(server);
    await grant(user.id, {
      module: [onlineDevId, model.menuId, menuB],
      button: Object.values(model.buttons),
      resource: [scheme.data!],
    });
    const theirs = await recordsAs(server, admin).create(model, { ...CLEAR, phone: '13812345678' });
    expect(theirs.code, theirs.msg).toBe(200);
    others = theirs.data!;
    const mine = await recordsAs(server, user.token).create(model, { ...CLEAR, phone: '13987654321' });
    expect(mine.code, mine.msg).toBe(200);
    own = mine.data!;
  });

  it('reads a record it may not edit masked, and its own in clear', async () => {
    const as = recordsAs(server, user.token);
    expect((await as.update(model, others, { plain: 'x' })).code).toBe(400);
    const theirs = (await as.get(model, others)).data!.data;
    expect(JSON.parse(theirs)).toMatchObject(MASKED);
    expect(theirs).not.toContain('13812345678');
    expect(JSON.parse((await as.get(model, own)).data!.data)).toMatchObject({ phone: '13987654321' });
  });

  it('searches masked fields as masked through the menu that does not grant editing', async () => {
    const found = async (body: Record<string, unknown>) => {
      const list = await recordsAs(server, user.token).list(model, body);
      expect(list.code, list.msg).toBe(200);
      return list.data!.list.map((r) => r.id);
    };
    expect(await found({ menuId: menuB, queryJson: JSON.stringify({ phone: '1381234' }) })).toEqual([]);
    expect(await found({ queryJson: JSON.stringify({ phone: '1381234' }) })).toEqual([]);
    expect(await found({ menuId: menuB, queryJson: JSON.stringify({ phone: '13812345678' }) })).toEqual([others]);
    // through the menu granting editing: its own records, searched in clear
    expect(await found({ menuId: model.menuId, queryJson: JSON.stringify({ phone: '1398765' }) })).toEqual([own]);
  });
});

// Editing granted on a menu whose form leaves out a masked field: that field is read masked, though another menu
// shows it.
describe('reading masked fields in clear only in the form that grants editing', () => {
  it('masks a field the editing menu does not let its holder fill', async () => {
    const model = await releaseMasked('maskform', '脱敏表单', { ...columnData, useFormPermission: true });
    // menu B: the whole form, no button granted on it
    const menuB = await insertMenu(ctx(), {
      systemId,
      type: 3,
      parentId: onlineDevId,
      urlAddress: `model/${model.enCode}`,
      propertyJson: JSON.stringify({ moduleId: model.id }),
      isButtonAuthorize: 1,
      isFormAuthorize: 0,
    });
    const user = await signedInUser(server);
    const f = model.forms;
    await grant(user.id, {
      module: [onlineDevId, model.menuId, menuB],
      button: Object.values(model.buttons),
      form: [f.title!, f.phone!, f.items!, f['items-memo']!],
    });
    const created = await recordsAs(server, admin).create(model, CLEAR);
    expect(created.code, created.msg).toBe(200);
    const data = JSON.parse((await recordsAs(server, user.token).get(model, created.data!)).data!.data);
    // the phone (in the editing form) in clear; the others, and the card column, masked
    expect(data).toMatchObject({ ...MASKED, phone: '13812345678' });
    expect(data.items).toEqual([{ card: '622202*********0123', memo: '工资卡' }]);
  });
});

// A list grouped by a masked field: its groups follow the hidden values only for those who read them in clear.
describe('a list grouped by a masked field', () => {
  let model: ReleasedModel;
  let editor: User;
  let reader: User;

  beforeAll(async () => {
    model = await releaseMasked('maskgroup', '脱敏分组', { ...columnData, type: 3, groupField: 'phone' });
    [editor, reader] = [await signedInUser(server), await signedInUser(server)];
    await grant(editor.id, { module: [onlineDevId, model.menuId], button: Object.values(model.buttons) });
    await grant(reader.id, { module: [onlineDevId, model.menuId], button: [] });
  });

  it('orders the groups by the hidden value only for an editor', async () => {
    const as = recordsAs(server, editor.token);
    const low = (await as.create(model, { title: 'low', phone: '13800000001' })).data!;
    const high = (await as.create(model, { title: 'high', phone: '13900000002' })).data!;
    const groups = async (token: string) => {
      const list = await recordsAs(server, token).list(model);
      expect(list.code, list.msg).toBe(200);
      return list.data!.list.map((g) => (g.children as { id: string }[]).map((r) => r.id));
    };
    expect(await groups(editor.token)).toEqual([[low], [high]]);
    // newest first: the order tells nothing of the hidden digits
    expect(await groups(reader.token)).toEqual([[high], [low]]);
  });
});
