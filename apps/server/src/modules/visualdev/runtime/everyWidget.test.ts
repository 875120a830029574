// One released form holding every input widget the platform knows (core's INPUT_KEYS), a sub-table of several
// column kinds and the layout containers, over HTTP against a real database: a record with a valid value in
// every field round-trips through the record info call and the list, the server fills the system fields, and
// for each widget one tampered value is refused with the field's label and stores nothing. A new input key
// without a sample here fails this test, so it stays complete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { dataFields, INPUT_KEYS, isListableKey, type FieldConfig, type InputKey } from '@jnpf/core';
import { visualRecord } from '../../../db/schema/index.js';
import { unique } from '../../../../test/harness.js';
import { admin, api, ctx, server } from '../../../../test/kit/adminServer.js';
import { categoryId, errorsOf, useDesignServer } from '../../../../test/kit/designServer.js';
import { createSqlInterface } from '../../../../test/kit/dataInterfaces.js';
import {
  adminId,
  headOffice,
  insertOrganize,
  insertPosition,
  insertRole,
  insertUser,
  insertUserGroup,
} from '../../../../test/kit/directory.js';
import { createReleased, recordsAs, type ReleasedModel } from '../../../../test/kit/released.js';
import { chunkedUpload, PNG } from '../../../../test/kit/uploads.js';
import { designBody, field, sampleForm } from '../../../../test/kit/visualdev.js';
import { dictionaryItems } from '../../dictionary/index.js';
import { organizeChanged } from '../../organize/orgIndex.js';

const table = `every_widget_${Date.now().toString(36)}`;
const GONE = 'no-such-id';
let model: ReleasedModel;
let customers: ReleasedModel;
let rule: string;

/** what the fixtures made: directory entries, uploaded files, an interface, a related record */
const x = {
  company: '',
  department: '',
  position: '',
  role: '',
  group: '',
  user: '',
  disabledUser: '',
  sqlId: '',
  customer: '',
  doc: { name: '', fileSize: 0 },
  pic: { name: '', fileSize: 0 },
  big: { name: '', fileSize: 0 },
  sign: '',
};

const options = [
  { id: 'a', fullName: '甲' },
  { id: 'b', fullName: '乙' },
];
const tree = [
  {
    id: 'east',
    fullName: '华东',
    children: [
      { id: 'sh', fullName: '上海' },
      { id: 'js', fullName: '江苏', children: [{ id: 'nj', fullName: '南京' }] },
    ],
  },
];
const treeProps = { props: { label: 'fullName', value: 'id', children: 'children' }, options: tree };
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
const DAY = Date.UTC(2024, 4, 1);

/**
 * one widget of the form: its field, a valid input, what is stored of it (the input unless said), and one
 * tampered input refused with its label — or, for a widget that takes no input (ignored), what is stored instead
 */
interface Sample {
  field: FieldConfig;
  value: unknown;
  stored?: unknown;
  tampered: unknown;
  /** the tampered input is dropped, not refused: the widget stores no input of its own */
  ignored?: true;
}

const file = (f: { name: string; fileSize: number }, name: string, type: string) => ({
  input: { name, fileId: f.name, fileSize: f.fileSize, url: `/api/file/Image/${type}/${f.name}` },
  stored: {
    name,
    fileId: f.name,
    fileSize: f.fileSize,
    fileExtension: f.name.slice(f.name.lastIndexOf('.') + 1),
    url: `/api/file/Image/${type}/${f.name}`,
  },
});

/** a sample for every input key: a Record over InputKey, so a new key does not compile without one */
function samples(): Record<InputKey, Sample> {
  const doc = file(x.doc, '合同.pdf', 'annex');
  const pic = file(x.pic, '照片.png', 'annexpic');
  const big = file(x.big, '大文件.pdf', 'annex');
  return {
    input: { field: field('input', 'wInput', '单行', {}, { maxlength: 10 }), value: '你好', tampered: 'x'.repeat(11) },
    textarea: { field: field('textarea', 'wTextarea', '多行'), value: '一\n二', tampered: { text: 1 } },
    inputNumber: {
      field: field('inputNumber', 'wNumber', '数字', {}, { min: 0, max: 100 }),
      value: 12.5,
      tampered: 101,
    },
    switch: {
      field: field('switch', 'wSwitch', '开关', {}, { activeValue: 1, inactiveValue: 0 }),
      value: 1,
      tampered: 'maybe',
    },
    radio: { field: field('radio', 'wRadio', '单选', { dataType: 'static' }, { options }), value: 'a', tampered: 'z' },
    checkbox: {
      field: field('checkbox', 'wCheckbox', '多选', { dataType: 'static' }, { options }),
      value: ['a', 'b'],
      tampered: ['a', 'z'],
    },
    select: {
      field: field('select', 'wSelect', '下拉', { dataType: 'static' }, { options }),
      value: 'b',
      tampered: 'z',
    },
    cascader: {
      field: field('cascader', 'wCascader', '级联', { dataType: 'static' }, treeProps),
      value: ['east', 'js', 'nj'],
      tampered: ['east', 'nj'],
    },
    datePicker: {
      field: field('datePicker', 'wDate', '日期', {}, { type: 'date', format: 'yyyy-MM-dd' }),
      value: DAY,
      tampered: 'tomorrow',
    },
    timePicker: { field: field('timePicker', 'wTime', '时间'), value: '08:30:00', tampered: '25:00' },
    uploadFile: {
      field: field('uploadFile', 'wFile', '附件'),
      value: [doc.input],
      stored: [doc.stored],
      tampered: [{ ...doc.input, fileId: '../../etc/passwd' }],
    },
    uploadImg: {
      field: field('uploadImg', 'wImg', '图片'),
      value: [pic.input],
      stored: [pic.stored],
      tampered: [{ ...pic.input, fileId: 42 }],
    },
    uploadFz: {
      field: field('uploadFz', 'wFz', '文件', {}, { limit: 1 }),
      value: [big.input],
      stored: [big.stored],
      tampered: [big.input, doc.input],
    },
    colorPicker: { field: field('colorPicker', 'wColor', '颜色'), value: '#ff0000', tampered: 'javascript:red' },
    rate: { field: field('rate', 'wRate', '评分', {}, { max: 5 }), value: 4, tampered: 6 },
    slider: { field: field('slider', 'wSlider', '滑块'), value: 30, tampered: -1 },
    editor: { field: field('editor', 'wEditor', '富文本'), value: '<p>正文</p>', tampered: { html: 1 } },
    billRule: {
      field: field('billRule', 'wBill', '单号', {}, { rule }),
      value: 'FORGED',
      stored: expect.stringMatching(/^EW\d{4}$/),
      tampered: 'FORGED-AGAIN',
      ignored: true,
    },
    organizeSelect: { field: field('organizeSelect', 'wOrg', '组织'), value: x.company, tampered: GONE },
    depSelect: { field: field('depSelect', 'wDep', '部门'), value: x.department, tampered: x.company },
    posSelect: { field: field('posSelect', 'wPos', '岗位'), value: x.position, tampered: GONE },
    userSelect: { field: field('userSelect', 'wUser', '用户'), value: x.user, tampered: x.disabledUser },
    roleSelect: { field: field('roleSelect', 'wRole', '角色'), value: x.role, tampered: GONE },
    groupSelect: { field: field('groupSelect', 'wGroup', '分组'), value: x.group, tampered: GONE },
    areaSelect: {
      field: field('areaSelect', 'wArea', '地区'),
      value: ['440000', '440300', '440305'],
      tampered: ['110000', '440300', '440305'],
    },
    treeSelect: {
      field: field('treeSelect', 'wTree', '树选择', { dataType: 'static' }, treeProps),
      value: 'js',
      tampered: 'zz',
    },
    popupSelect: {
      field: field(
        'popupSelect',
        'wPopup',
        '弹窗选择',
        {},
        { interfaceId: x.sqlId, propsValue: 'id', relationField: 'full_name', templateJson: [] },
      ),
      value: 'g1',
      tampered: 'zz',
    },
    popupTableSelect: {
      field: field(
        'popupTableSelect',
        'wPopupTable',
        '下拉表格',
        {},
        { interfaceId: x.sqlId, propsValue: 'id', relationField: 'full_name', templateJson: [], multiple: true },
      ),
      value: ['g1', 'g2'],
      tampered: ['g1', 'zz'],
    },
    autoComplete: {
      field: field(
        'autoComplete',
        'wAuto',
        '自动完成',
        {},
        { interfaceId: x.sqlId, relationField: 'full_name', templateJson: [], maxlength: 5 },
      ),
      value: '苹果',
      tampered: '苹果苹果苹果',
    },
    popupAttr: {
      field: field(
        'popupAttr',
        'wPopupAttr',
        '弹窗属性',
        {},
        { relationField: 'wPopup', showField: 'kind', isStorage: 1 },
      ),
      // the picked row's field is stored, whatever is sent
      value: '伪造',
      stored: '水果',
      tampered: { kind: 1 },
    },
    amount: {
      field: field('amount', 'wAmount', '金额', {}, { precision: 2, min: 0, max: 1000 }),
      value: 12.34,
      tampered: 1.234,
    },
    numRange: {
      field: field('numRange', 'wRange', '范围', {}, { precision: 0, min: 0, max: 100 }),
      value: [1, 5],
      tampered: [5, 1],
    },
    calculate: {
      field: field(
        'calculate',
        'wCalc',
        '计算',
        {},
        { expression: [{ __vModel__: 'wNumber' }, '×', '2'], isStorage: true },
      ),
      value: 25,
      tampered: 26,
    },
    sign: { field: field('sign', 'wSign', '签名'), value: x.sign, tampered: 'https://evil.example/sign.png' },
    location: {
      field: field('location', 'wPlace', '位置'),
      value: JSON.stringify(PLACE),
      tampered: '{"lng":"east"}',
    },
    usersSelect: {
      field: field('usersSelect', 'wUsers', '人员', {}, { multiple: true }),
      value: [`${x.user}--user`, `${x.department}--department`],
      tampered: [`${x.disabledUser}--user`],
    },
    relationForm: {
      field: field(
        'relationForm',
        'wRelation',
        '关联表单',
        {},
        { modelId: customers.id, relationField: 'name', columnOptions: [], hasPage: true },
      ),
      value: x.customer,
      tampered: GONE,
    },
    relationFormAttr: {
      field: field(
        'relationFormAttr',
        'wRelationAttr',
        '关联属性',
        {},
        { relationField: 'wRelation', showField: 'phone' },
      ),
      // shown from the related record, never stored
      value: '伪造',
      stored: undefined,
      tampered: '又伪造',
      ignored: true,
    },
  };
}

/** the sub-table: several column kinds, a computed cell per row */
const lineColumns = () => [
  field('input', 'lName', '品名', {}, { maxlength: 10 }),
  field('inputNumber', 'lQty', '数量', {}, { min: 0 }),
  field('select', 'lKind', '类别', { dataType: 'static' }, { options }),
  field('datePicker', 'lDay', '到货', {}, { type: 'date', format: 'yyyy-MM-dd' }),
  field('userSelect', 'lWho', '经办人'),
  field('calculate', 'lTotal', '小计', {}, { expression: [{ __vModel__: 'lines.lQty' }, '×', '3'], isStorage: true }),
];
const lines = () => [
  { lName: '螺丝', lQty: 2, lKind: 'a', lDay: DAY, lWho: x.user, lTotal: 6 },
  { lName: '螺母', lQty: 5, lKind: 'b', lDay: DAY, lWho: x.user, lTotal: 15 },
];

let formId = 50_000;
const part = (jnpfKey: string, children: unknown[], props: Record<string, unknown> = {}, config = {}) =>
  ({ ...props, __config__: { jnpfKey, formId: formId++, children, ...config } }) as unknown as FieldConfig;

/** the form: the samples spread over a row, a card, tabs, a collapse and a table grid, then the sub-table */
function formFields(): FieldConfig[] {
  const all = Object.values(samples()).map((s) => s.field);
  const chunk = (from: number, to: number) => all.slice(from, to);
  return [
    field('groupTitle', '', '基本信息', {}, { content: '基本信息' }),
    field('row', '', '', { children: chunk(0, 6) }),
    field('card', '', '卡片', { children: chunk(6, 12) }, { header: '卡片' }),
    field('tab', '', '标签', { children: [part('tabItem', chunk(12, 18), { title: '页1', name: '1' })], active: '1' }),
    field('collapse', '', '折叠', {
      children: [part('collapseItem', chunk(18, 24), { title: '栏1', name: '1' })],
      active: ['1'],
    }),
    field('tableGrid', '', '表格布局', {
      children: [
        part('tableGridTr', [
          part('tableGridTd', chunk(24, 30), {}, { merged: false, colspan: 1, rowspan: 1, backgroundColor: '' }),
        ]),
      ],
      borderType: 'solid',
      borderColor: '#E2E0E0',
      borderWidth: 1,
    }),
    field('divider', '', ''),
    ...chunk(30, all.length),
    field('table', 'lines', '明细', { children: lineColumns() }),
    field('createUser', 'sCreator', '创建人'),
    field('createTime', 'sCreated', '创建时间'),
    field('modifyUser', 'sEditor', '修改人'),
    field('modifyTime', 'sEdited', '修改时间'),
    field('currOrganize', 'sOrg', '所属组织'),
    field('currPosition', 'sPos', '所属岗位'),
  ];
}

useDesignServer();
beforeAll(async () => {
  const app = ctx();
  rule = unique('EW');
  const businessType = (await dictionaryItems(app.db, 'businessType'))[0]!.id;
  const bill = await api('POST', '/api/system/BillRule', {
    json: {
      fullName: `编号${rule}`,
      enCode: rule,
      category: businessType,
      prefix: 'EW',
      suffix: '',
      type: 1,
      dateFormat: 'no',
      digit: 4,
      startNumber: '0001',
      sortCode: 0,
      enabledMark: 1,
    },
  });
  expect(bill.code, bill.msg).toBe(200);

  const company = await insertOrganize(app, null);
  const department = await insertOrganize(app, company);
  await organizeChanged(app);
  Object.assign(x, {
    company: company.id,
    department: department.id,
    position: await insertPosition(app, department.id),
    role: await insertRole(app),
    group: await insertUserGroup(app),
    user: (await insertUser(app)).id,
    disabledUser: (await insertUser(app, { enabledMark: 0 })).id,
  });

  await app.database.query(`create table ${table} (id text primary key, full_name text, kind text)`);
  await app.database.query(`insert into ${table} values ('g1', '苹果', '水果'), ('g2', '白菜', '蔬菜')`);
  x.sqlId = await createSqlInterface(api, app, `select id, full_name, kind from ${table} order by id`);

  const upload = async (bytes: Buffer, name: string, type: 'annex' | 'annexpic') => {
    const res = await chunkedUpload(server, admin, bytes, name, type);
    expect(res.code, res.msg).toBe(200);
    return res.data!;
  };
  x.doc = await upload(Buffer.from('%PDF-1.7\n合同'), 'a.pdf', 'annex');
  x.pic = await upload(PNG, 'p.png', 'annexpic');
  x.big = await upload(Buffer.from('%PDF-1.7\n大文件'), 'b.pdf', 'annex');
  x.sign = (await upload(PNG, 'sign.png', 'annexpic')).url;

  const list = (props: [string, string, string][]) =>
    JSON.stringify({
      type: 1,
      columnList: props.map(([prop, label, jnpfKey]) => ({ prop, label, jnpfKey })),
      searchList: [],
      btnsList: [{ value: 'add', label: '新增' }],
      columnBtnsList: [{ value: 'edit', label: '编辑' }],
      hasPage: true,
      pageSize: 20,
    });
  customers = await createReleased(
    server,
    admin,
    designBody(categoryId, 'none', {
      formData: JSON.stringify(sampleForm('none', [field('input', 'name', '名称'), field('input', 'phone', '电话')])),
      columnData: list([['name', '名称', 'input']]),
    }) as Record<string, unknown> & { enCode: string },
  );
  const customer = await recordsAs(server, admin).create(customers, { name: 'ACME', phone: '123' });
  expect(customer.code, customer.msg).toBe(200);
  x.customer = customer.data!;

  const listed = dataFields(formFields()).filter((f) => isListableKey(f.__config__.jnpfKey));
  model = await createReleased(
    server,
    admin,
    designBody(categoryId, rule, {
      formData: JSON.stringify(sampleForm(rule, formFields())),
      columnData: list(listed.map((f) => [f.__vModel__, String(f.__config__.label), f.__config__.jnpfKey])),
    }) as Record<string, unknown> & { enCode: string },
  );
});

afterAll(async () => {
  await ctx().database.query(`drop table if exists ${table}`);
});

const storedCount = async () =>
  (await ctx().db.select({ n: count() }).from(visualRecord).where(eq(visualRecord.modelId, model.id)))[0]!.n;

const validInput = () => ({
  ...Object.fromEntries(Object.values(samples()).map((s) => [s.field.__vModel__, s.value])),
  lines: lines(),
});

describe('a form of every input widget', () => {
  it('has a sample for every input key of the registry, and the design holds them all', () => {
    expect(Object.keys(samples()).sort()).toEqual([...INPUT_KEYS].sort());
    const keys = new Set(dataFields(formFields()).map((f) => f.__config__.jnpfKey));
    for (const key of INPUT_KEYS) expect(keys.has(key), key).toBe(true);
  });

  it('round-trips a value of every widget through the record info call and the list', async () => {
    const records = recordsAs(server, admin);
    const before = Date.now();
    const created = await records.create(model, validInput());
    expect(created.code, created.msg).toBe(200);
    const info = await records.get(model, created.data!);
    expect(info.code, info.msg).toBe(200);
    const stored = JSON.parse(info.data!.data) as Record<string, unknown>;
    for (const [key, s] of Object.entries(samples())) {
      const want = 'stored' in s ? s.stored : s.value;
      if (key === 'location') expect(JSON.parse(String(stored[s.field.__vModel__])), key).toEqual(PLACE);
      else if (want === undefined) expect(stored, key).not.toHaveProperty(s.field.__vModel__);
      else expect(stored[s.field.__vModel__], key).toEqual(want);
    }
    expect(stored.lines).toEqual(lines());
    // the system fields are the server's
    expect(stored.sCreator).toBe(await adminId(ctx()));
    expect(stored.sCreated).toBeGreaterThanOrEqual(before);
    expect(stored.sCreated).toBeLessThanOrEqual(Date.now());
    expect(stored).not.toHaveProperty('sEditor');
    expect(stored.sOrg).toBe((await headOffice(ctx())).id);

    const page = await records.list(model);
    expect(page.code, page.msg).toBe(200);
    const row = page.data!.list.find((r) => r.id === created.data);
    expect(row).toBeDefined();
    // the list shows names and labels, each listed field's stored value beside it ("{key}_id")
    const listed = new Set(dataFields(formFields()).map((f) => f.__vModel__));
    for (const [key, s] of Object.entries(samples())) {
      const at = s.field.__vModel__;
      if (!listed.has(at) || !isListableKey(key)) continue;
      const want = 'stored' in s ? s.stored : s.value;
      if (key === 'location') expect(JSON.parse(String(row![`${at}_id`])), key).toEqual(PLACE);
      else if (want !== undefined) expect(row![`${at}_id`], key).toEqual(want);
      expect(row![at], key).not.toBeUndefined();
    }
    expect(row).toMatchObject({
      wRadio: '甲',
      wCascader: '华东/江苏/南京',
      wArea: '广东省/深圳市/南山区',
      wPopup: '苹果',
      wRelation: 'ACME',
      // shown from the related record
      wRelationAttr: '123',
      sCreator_id: stored.sCreator,
      sOrg_id: (await headOffice(ctx())).id,
    });
  });

  it('refuses one tampered value of each widget with its label, storing nothing', async () => {
    const records = recordsAs(server, admin);
    const before = await storedCount();
    for (const [key, s] of Object.entries(samples())) {
      if (s.ignored) continue;
      const res = await records.create(model, { ...validInput(), [s.field.__vModel__]: s.tampered });
      expect(res.code, `${key}: ${res.msg}`).toBe(401);
      const errors = errorsOf(res);
      expect(Object.keys(errors), key).toEqual([s.field.__vModel__]);
      expect(errors[s.field.__vModel__], key).toContain(String(s.field.__config__.label));
    }
    const bad = await records.create(model, { ...validInput(), lines: [{ ...lines()[0], lKind: 'z' }] });
    expect(errorsOf(bad).lines).toContain('类别');
    expect(await storedCount()).toBe(before);
  });

  it('ignores input of the widgets that take none (a bill number, a related record’s field)', async () => {
    const records = recordsAs(server, admin);
    const all = samples();
    const created = await records.create(model, {
      ...validInput(),
      wBill: all.billRule.tampered,
      wRelationAttr: all.relationFormAttr.tampered,
    });
    expect(created.code, created.msg).toBe(200);
    const stored = JSON.parse((await records.get(model, created.data!)).data!.data) as Record<string, unknown>;
    expect(stored.wBill).toEqual(expect.stringMatching(/^EW\d{4}$/));
    expect(stored).not.toHaveProperty('wRelationAttr');
  });
});
