// Number rules over HTTP: list, selector, info, writes with every rule and message, hostile input, versions,
// state, deletion once used, the .bb export and import, and permissions.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { billRule, dictionaryData, dictionaryType } from '../../db/schema/index.js';
import { call, unique } from '../../../test/harness.js';
import { signedInUser, type MenuGrants } from '../../../test/kit/access.js';
import { admin, ctx, server, useAdminServer } from '../../../test/kit/adminServer.js';
import { expectFieldRefusals } from '../../../test/kit/recordScreens.js';
import { upload as uploadFiles } from '../../../test/kit/uploads.js';
import { formatDate } from '@jnpf/core';

let categories: Record<string, string>;
useAdminServer();
beforeAll(async () => {
  const rows = await ctx()
    .db.select({ id: dictionaryData.id, enCode: dictionaryData.enCode })
    .from(dictionaryData)
    .innerJoin(dictionaryType, eq(dictionaryType.id, dictionaryData.dictionaryTypeId))
    .where(eq(dictionaryType.enCode, 'businessType'));
  categories = Object.fromEntries(rows.map((r) => [r.enCode, r.id]));
});

const B = '/api/system/BillRule';
type Errors = { errors: Record<string, string> };

interface Info {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  prefix: string;
  suffix: string;
  type: number;
  dateFormat: string | null;
  digit: number | null;
  startNumber: string | null;
  example: string;
  randomType: number | null;
  randomDigit: number | null;
  outputNumber: string | null;
  sortCode: number;
  enabledMark: number;
  description: string;
  version: number;
}
interface Row extends Record<string, unknown> {
  id: string;
  enCode: string;
  category: string | null;
  outputNumber: string | null;
}
interface Page {
  list: Row[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

const body = (patch: Record<string, unknown> = {}) => {
  const enCode = unique('r');
  return {
    fullName: `规则${enCode}`,
    enCode,
    category: categories.purchase,
    prefix: 'PO',
    suffix: '',
    type: 1,
    dateFormat: 'YYYYMMDD',
    digit: 4,
    startNumber: '0001',
    example: 'ignored',
    sortCode: 0,
    enabledMark: 1,
    description: '',
    ...patch,
  };
};

async function create(patch: Record<string, unknown> = {}): Promise<Info> {
  const json = body(patch);
  const res = await call(server, 'POST', B, { token: admin, json });
  expect([res.code, res.msg], JSON.stringify(res)).toEqual([200, '新建成功']);
  const [row] = await ctx().db.select().from(billRule).where(eq(billRule.enCode, json.enCode));
  return info(row!.id);
}
const info = async (id: string) => (await call<Info>(server, 'GET', `${B}/${id}`, { token: admin })).data!;
const issue = (enCode: string, token = admin) => call<string>(server, 'GET', `${B}/BillNumber/${enCode}`, { token });

/** the token of a new user granted these menus and buttons and nothing else */
const staff = async (grants: MenuGrants = {}) => (await signedInUser(server, { realName: 'Staff' }, { grants })).token;

interface ImportResult {
  appended: { id: string; fullName: string; enCode: string }[];
  skipped: { reason: string }[];
  snum: number;
  fnum: number;
}
const upload = (content: string, fileName: string, type: string, token = admin) =>
  uploadFiles<ImportResult>(server, `${B}/Actions/Import`, [{ name: fileName, content }], { token, fields: { type } });

describe('creating rules', () => {
  it('type 1: stores the rule, pads the start value and computes the example on the server', async () => {
    const rule = await create({ startNumber: '1', suffix: '-A', description: '采购单' });
    const today = formatDate(new Date(), 'YYYYMMDD');
    expect(rule).toMatchObject({
      category: categories.purchase,
      prefix: 'PO',
      suffix: '-A',
      type: 1,
      dateFormat: 'YYYYMMDD',
      digit: 4,
      startNumber: '0001',
      example: `PO${today}0001-A`,
      randomType: null,
      randomDigit: null,
      outputNumber: null,
      sortCode: 0,
      enabledMark: 1,
      description: '采购单',
      version: 0,
    });
    const keys = Object.keys(rule).sort();
    expect(keys).toEqual(
      [
        'id',
        'fullName',
        'enCode',
        'category',
        'prefix',
        'suffix',
        'type',
        'dateFormat',
        'digit',
        'startNumber',
        'example',
        'randomType',
        'randomDigit',
        'outputNumber',
        'sortCode',
        'enabledMark',
        'description',
        'version',
      ].sort(),
    );
  });

  it('accepts the Java date patterns of the 3.6 backend, numbers sent as strings, and no date', async () => {
    const java = await create({ dateFormat: 'yyyyMM', digit: '3', startNumber: 7 });
    expect(java).toMatchObject({
      dateFormat: 'yyyyMM',
      digit: 3,
      startNumber: '007',
      example: `PO${formatDate(new Date(), 'YYYYMM')}007`,
    });
    const none = await create({ dateFormat: 'no', prefix: '', digit: 5, startNumber: '00100' });
    expect(none.example).toBe('00100');
    for (const dateFormat of [
      'YYYY',
      'YYYYMMDDHH',
      'YYYYMMDDHHmm',
      'YYYYMMDDHHmmss',
      'YYYYMMDDHHmmssSSS',
      'yyyyMMdd',
      'yyyy',
    ])
      expect((await create({ dateFormat })).dateFormat).toBe(dateFormat);
  });

  it('type 2 and 3 clear the date fields; random defaults to 16 digits', async () => {
    const random = await create({ type: 2, prefix: 'R', suffix: 'S', randomType: 2, randomDigit: 32 });
    expect(random).toMatchObject({
      type: 2,
      dateFormat: null,
      digit: null,
      startNumber: null,
      randomType: 2,
      randomDigit: 32,
    });
    expect(random.example).toMatch(/^R[A-Z0-9]{32}S$/);
    const defaults = await create({ type: 2, prefix: '', randomType: undefined, randomDigit: undefined });
    expect(defaults).toMatchObject({ randomType: 1, randomDigit: 16 });
    expect(defaults.example).toMatch(/^\d{16}$/);
    const uuid = await create({ type: 3, prefix: 'U-' });
    expect(uuid).toMatchObject({ type: 3, randomType: null, randomDigit: null, digit: null });
    expect(uuid.example).toMatch(/^U-[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/);
  });

  it('refuses missing fields with the form’s messages', async () => {
    const res = await call<Errors>(server, 'POST', B, { token: admin, json: {} });
    expect(res.code).toBe(401);
    expect(res.data!.errors).toEqual({
      fullName: '请输入业务名称',
      enCode: '请输入业务编码',
      category: '请选择业务分类',
    });
  });

  it('checks every field rule with its message', async () => {
    const before = (await ctx().db.select().from(billRule)).length;
    await expectFieldRefusals(
      (patch) => call<Errors>(server, 'POST', B, { token: admin, json: body(patch) }),
      [
        [{ fullName: 'n'.repeat(51) }, 'fullName', '业务名称最多为50个字符！'],
        [{ enCode: 'c'.repeat(51) }, 'enCode', '业务编码最多为50个字符！'],
        [{ enCode: 'a/b' }, 'enCode', '业务编码只能输入英文、数字、小数点、下划线和中划线'],
        [{ enCode: 'a b' }, 'enCode', '业务编码只能输入英文、数字、小数点、下划线和中划线'],
        [{ category: categories.purchase + 'x' }, 'category', '业务分类不存在'],
        [{ prefix: 'p'.repeat(51) }, 'prefix', '前缀和后缀最多为50个字符'],
        [{ suffix: 's'.repeat(51) }, 'suffix', '前缀和后缀最多为50个字符'],
        [{ type: 4 }, 'type', '方式只能是1（时间格式）、2（随机数编号）或3（UUID）'],
        [{ type: 'uuid' }, 'type', '方式只能是1（时间格式）、2（随机数编号）或3（UUID）'],
        [{ dateFormat: undefined }, 'dateFormat', '请选择流水日期'],
        [{ dateFormat: 'YYYYDD' }, 'dateFormat', expect.stringMatching(/^流水日期格式只能是/) as unknown as string],
        [{ dateFormat: 'yyyymmdd' }, 'dateFormat', expect.stringMatching(/^流水日期格式只能是/) as unknown as string],
        [{ digit: undefined }, 'digit', '请输入流水位数'],
        [{ digit: 0 }, 'digit', '仅能输入正整数'],
        [{ digit: -3 }, 'digit', '仅能输入正整数'],
        [{ digit: 1.5 }, 'digit', '仅能输入正整数'],
        [{ digit: 'abc' }, 'digit', '仅能输入正整数'],
        [{ digit: 10 }, 'digit', '流水位数最多为9位'],
        [{ startNumber: '' }, 'startNumber', '请输入起始值'],
        [{ startNumber: 'a1' }, 'startNumber', '只能输入数字'],
        [{ startNumber: '-1' }, 'startNumber', '只能输入数字'],
        [{ startNumber: '0000' }, 'startNumber', '起始值不能为0000'],
        [{ startNumber: '12345' }, 'startNumber', '起始值超出流水位数'],
        [{ type: 2, randomDigit: 20 }, 'randomDigit', '随机数位数只能是16或32'],
        [{ type: 2, randomType: 3 }, 'randomType', '随机数类型只能是1（纯数字）或2（字母+数字）'],
        [{ sortCode: 1_000_000 }, 'sortCode', '排序只能是0到999999之间的整数'],
        [{ enabledMark: 5 }, 'enabledMark', '只能是0或1'],
      ],
    );
    expect((await ctx().db.select().from(billRule)).length).toBe(before);
  });

  it('refuses wrong types, 10 kB strings and SQL fragments; free text is stored as text', async () => {
    const before = (await ctx().db.select().from(billRule)).length;
    for (const patch of [
      { fullName: 42 },
      { enCode: { a: 1 } },
      { category: ['x'] },
      { prefix: 7 },
      { fullName: 'x'.repeat(10_240) },
      { description: 'x'.repeat(10_240) },
      { prefix: 'x'.repeat(10_240) },
      { enCode: "x'; drop table base_bill_rule; --" },
      { category: "' or '1'='1" },
    ]) {
      const res = await call(server, 'POST', B, { token: admin, json: body(patch) });
      expect(res.code, JSON.stringify(patch).slice(0, 60)).toBe(401);
    }
    expect((await ctx().db.select().from(billRule)).length).toBe(before);
    const rule = await create({
      fullName: "名'; --",
      prefix: "P'--",
      description: "'); delete from base_bill_rule; --",
    });
    expect(rule).toMatchObject({
      fullName: "名'; --",
      prefix: "P'--",
      description: "'); delete from base_bill_rule; --",
    });
    expect((await issue(rule.enCode)).data).toMatch(/^P'--\d{12}$/);
  });

  it('refuses duplicate names and codes', async () => {
    const rule = await create();
    const name = await call(server, 'POST', B, { token: admin, json: body({ fullName: rule.fullName }) });
    expect([name.code, name.msg]).toEqual([400, '名称不能重复']);
    const codeClash = await call(server, 'POST', B, { token: admin, json: body({ enCode: rule.enCode }) });
    expect([codeClash.code, codeClash.msg]).toEqual([400, '编码不能重复']);
  });
});

describe('lists', () => {
  let tag: string;
  beforeAll(async () => {
    tag = unique('L');
    for (let i = 0; i < 5; i++)
      await create({
        fullName: `${tag}名${i}`,
        enCode: `${tag}c${i}`,
        sortCode: 5 - i,
        category: i < 3 ? categories.sales : categories.finance,
        enabledMark: i === 4 ? 0 : 1,
      });
  });

  it('pages with keyword, category and state filters; rows carry category name and creator', async () => {
    const res = await call<Page>(server, 'GET', B, {
      token: admin,
      query: { keyword: tag, currentPage: 1, pageSize: 2 },
    });
    expect(res.data!.pagination).toEqual({ currentPage: 1, pageSize: 2, total: 5 });
    expect(res.data!.list.map((r) => r.enCode)).toEqual([`${tag}c4`, `${tag}c3`]);
    const row = res.data!.list[0]!;
    expect(row).toMatchObject({
      category: '财务',
      categoryId: categories.finance,
      creatorUser: '管理员/admin',
      outputNumber: null,
      enabledMark: 0,
    });
    for (const key of [
      'id',
      'fullName',
      'enCode',
      'digit',
      'startNumber',
      'outputNumber',
      'enabledMark',
      'sortCode',
      'creatorTime',
      'creatorUser',
      'lastModifyTime',
      'category',
    ])
      expect(row).toHaveProperty(key);
    const sales = await call<Page>(server, 'GET', B, {
      token: admin,
      query: { keyword: tag, categoryId: categories.sales! },
    });
    expect(sales.data!.list.map((r) => r.enCode).sort()).toEqual([`${tag}c0`, `${tag}c1`, `${tag}c2`]);
    const disabled = await call<Page>(server, 'GET', B, { token: admin, query: { keyword: tag, enabledMark: '0' } });
    expect(disabled.data!.list.map((r) => r.enCode)).toEqual([`${tag}c4`]);
    const sorted = await call<Page>(server, 'GET', B, {
      token: admin,
      query: { keyword: tag, sidx: 'enCode', sort: 'asc' },
    });
    expect(sorted.data!.list.map((r) => r.enCode)).toEqual([0, 1, 2, 3, 4].map((i) => `${tag}c${i}`));
    const literal = await call<Page>(server, 'GET', B, { token: admin, query: { keyword: `${tag}%` } });
    expect(literal.data!.list).toEqual([]);
  });

  it('refuses bad paging input', async () => {
    for (const query of [
      { pageSize: 501 },
      { currentPage: 0 },
      { sidx: 'name; drop table' },
      { sort: 'sideways' },
    ] as Record<string, string | number>[]) {
      const res = await call(server, 'GET', B, { token: admin, query });
      expect(res.code, JSON.stringify(query)).toBe(401);
    }
  });

  it('the selector lists enabled rules only', async () => {
    const res = await call<Page>(server, 'GET', `${B}/Selector`, { token: admin, query: { keyword: tag } });
    expect(res.data!.list.map((r) => r.enCode).sort()).toEqual([0, 1, 2, 3].map((i) => `${tag}c${i}`));
    const byCategory = await call<Page>(server, 'GET', `${B}/Selector`, {
      token: admin,
      query: { keyword: tag, categoryId: categories.finance! },
    });
    expect(byCategory.data!.list.map((r) => r.enCode)).toEqual([`${tag}c3`]);
  });

  it('info of an unknown rule is 数据不存在', async () => {
    const res = await call(server, 'GET', `${B}/nope1`, { token: admin });
    expect([res.code, res.msg]).toEqual([400, '数据不存在']);
  });
});

describe('updating, toggling and deleting', () => {
  it('updates with the version check and recomputes the example', async () => {
    const rule = await create();
    const res = await call(server, 'PUT', `${B}/${rule.id}`, {
      token: admin,
      json: { ...rule, prefix: 'SO', dateFormat: 'no', version: 0 },
    });
    expect([res.code, res.msg]).toEqual([200, '更新成功']);
    expect(await info(rule.id)).toMatchObject({ prefix: 'SO', dateFormat: 'no', example: 'SO0001', version: 1 });
    const stale = await call(server, 'PUT', `${B}/${rule.id}`, { token: admin, json: { ...rule, version: 0 } });
    expect([stale.code, stale.msg]).toEqual([400, '数据已被他人修改，请刷新后重试']);
    const missing = await call(server, 'PUT', `${B}/nope1`, { token: admin, json: rule });
    expect([missing.code, missing.msg]).toEqual([400, '更新失败，数据不存在']);
    const bad = await call<Errors>(server, 'PUT', `${B}/${rule.id}`, {
      token: admin,
      json: { ...rule, startNumber: '000' },
    });
    expect(bad.data!.errors.startNumber).toBe('起始值不能为000');
    const other = await create();
    expect(
      (await call(server, 'PUT', `${B}/${rule.id}`, { token: admin, json: { ...rule, enCode: other.enCode } })).msg,
    ).toBe('编码不能重复');
    expect(
      (await call(server, 'PUT', `${B}/${rule.id}`, { token: admin, json: { ...rule, fullName: other.fullName } })).msg,
    ).toBe('名称不能重复');
  });

  it('PUT .../Actions/State with no body flips the mark', async () => {
    const rule = await create();
    const flip = () =>
      fetch(`${server.baseUrl}${B}/${rule.id}/Actions/State`, {
        method: 'PUT',
        headers: { authorization: admin },
      }).then((r) => r.json() as Promise<{ code: number; msg: string }>);
    expect(await flip()).toEqual({ code: 200, msg: '更新成功' });
    expect((await info(rule.id)).enabledMark).toBe(0);
    await flip();
    expect((await info(rule.id)).enabledMark).toBe(1);
    expect((await call(server, 'PUT', `${B}/nope1/Actions/State`, { token: admin })).msg).toBe('更新失败，数据不存在');
  });

  it('deletes an unused rule; one that handed out numbers stays', async () => {
    const unused = await create();
    expect((await call(server, 'DELETE', `${B}/${unused.id}`, { token: admin })).msg).toBe('删除成功');
    const missing = await call(server, 'DELETE', `${B}/${unused.id}`, { token: admin });
    expect([missing.code, missing.msg]).toEqual([400, '删除失败，数据不存在']);
    const used = await create();
    expect((await issue(used.enCode)).code).toBe(200);
    const refused = await call(server, 'DELETE', `${B}/${used.id}`, { token: admin });
    expect([refused.code, refused.msg]).toEqual([400, '单据已经被使用,不允许被删除']);
    expect(await info(used.id)).toBeDefined();
  });
});

describe('.bb export and import', () => {
  it('round-trips a rule; mode 0 skips an existing one, mode 1 adds a copy', async () => {
    const rule = await create({ type: 1, dateFormat: 'YYYYMM', suffix: 'X', description: '导出' });
    await issue(rule.enCode);
    const exported = await call<{ name: string; url: string }>(server, 'GET', `${B}/${rule.id}/Actions/Export`, {
      token: admin,
    });
    expect(exported.data!.name).toBe(`${rule.fullName}_${rule.enCode}.bb`);
    const file = await fetch(`${server.baseUrl}${exported.data!.url}`);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;/);
    const text = await file.text();
    const doc = JSON.parse(text) as { format: string; version: number; rule: Record<string, unknown> };
    expect(doc).toMatchObject({
      format: 'jnpf-bill-rule',
      version: 1,
      rule: { enCode: rule.enCode, categoryEnCode: 'purchase', suffix: 'X' },
    });
    expect(doc.rule).not.toHaveProperty('outputNumber');

    const skipped = await upload(text, 'r.bb', '0');
    expect([skipped.code, skipped.msg]).toEqual([200, '单据规则已存在，已跳过']);
    expect(skipped.data).toMatchObject({ snum: 0, fnum: 1, skipped: [{ reason: '名称已存在' }] });

    const copied = await upload(text, 'r.bb', '1');
    expect([copied.code, copied.msg]).toEqual([200, '导入成功']);
    const copy = await info(copied.data!.appended[0]!.id);
    expect(copy.fullName).toMatch(new RegExp(`^${rule.fullName}\\.副本[0-9a-f]{5}$`));
    expect(copy).toMatchObject({
      prefix: rule.prefix,
      suffix: 'X',
      dateFormat: 'YYYYMM',
      digit: 4,
      startNumber: '0001',
      outputNumber: null,
      description: '导出',
    });

    // into another system: the category is found by its code when the id differs
    await ctx().db.delete(billRule).where(eq(billRule.id, copy.id));
    const moved = JSON.stringify({
      ...doc,
      rule: { ...doc.rule, category: 'elsewhere', fullName: `${rule.fullName}新`, enCode: `${rule.enCode}n` },
    });
    const imported = await upload(moved, 'moved.bb', '0');
    expect(imported.code).toBe(200);
    expect((await info(imported.data!.appended[0]!.id)).category).toBe(categories.purchase);
  });

  it('refuses bad files without writing anything', async () => {
    const before = (await ctx().db.select().from(billRule)).length;
    const good = { format: 'jnpf-bill-rule', version: 1, exportedAt: Date.now(), rule: body({ categoryEnCode: null }) };
    const cases: [string, string, string, string | RegExp][] = [
      [JSON.stringify(good), 'r.bdd', '0', '导入失败，文件格式错误（只能导入.bb文件）'],
      [JSON.stringify(good).slice(0, 40), 'r.bb', '0', '导入失败，文件内容不完整或不是有效的JSON'],
      [JSON.stringify({ ...good, format: 'jnpf-dictionary' }), 'r.bb', '0', '导入失败，该文件不是单据规则导出文件'],
      [JSON.stringify({ ...good, version: 3 }), 'r.bb', '0', '导入失败，不支持的文件版本：3'],
      [
        JSON.stringify({ ...good, rule: { ...good.rule, fullName: undefined } }),
        'r.bb',
        '0',
        '导入失败，数据有误：rule.fullName: 请输入业务名称',
      ],
      [
        JSON.stringify({ ...good, rule: { ...good.rule, digit: 12 } }),
        'r.bb',
        '0',
        '导入失败，数据有误：rule.digit: 流水位数最多为9位',
      ],
      [
        JSON.stringify({ ...good, rule: { ...good.rule, category: 'x', categoryEnCode: 'nope' } }),
        'r.bb',
        '0',
        '业务分类不存在',
      ],
      [JSON.stringify({ ...good, rule: { ...good.rule, startNumber: '00' } }), 'r.bb', '0', '起始值不能为00'],
      [JSON.stringify(good), 'r.bb', '2', '重复处理方式只能是0（跳过）或1（追加）'],
    ];
    for (const [content, name, type, message] of cases) {
      const res = await upload(content, name, type);
      expect(res.code, message.toString()).not.toBe(200);
      if (typeof message === 'string') expect(res.msg).toBe(message);
      else expect(res.msg).toMatch(message);
    }
    expect((await ctx().db.select().from(billRule)).length).toBe(before);
  });
});

describe('permissions', () => {
  it('any signed-in user may pick rules and take numbers; the screen needs its menu and buttons', async () => {
    const rule = await create();
    const nobody = await staff();
    expect((await call(server, 'GET', `${B}/Selector`, { token: nobody })).code).toBe(200);
    expect((await issue(rule.enCode, nobody)).code).toBe(200);
    for (const [method, path, json] of [
      ['GET', B],
      ['GET', `${B}/${rule.id}`],
      ['POST', B, body()],
      ['PUT', `${B}/${rule.id}`, body()],
      ['DELETE', `${B}/${rule.id}`],
      ['PUT', `${B}/${rule.id}/Actions/State`],
      ['GET', `${B}/${rule.id}/Actions/Export`],
    ] as [string, string, unknown?][]) {
      const res = await call(server, method, path, { token: nobody, ...(json ? { json } : {}) });
      expect([res.code, res.msg], `${method} ${path}`).toEqual([400, '没有访问权限']);
    }
    expect((await upload('{}', 'x.bb', '0', nobody)).msg).toBe('没有访问权限');
    const reader = await staff({ 'system.billRule': [] });
    expect((await call(server, 'GET', B, { token: reader })).code).toBe(200);
    expect((await call(server, 'POST', B, { token: reader, json: body() })).msg).toBe('没有访问权限');
    const adder = await staff({ 'system.billRule': ['btn_add'] });
    expect((await call(server, 'POST', B, { token: adder, json: body() })).code).toBe(200);
    expect((await call(server, 'PUT', `${B}/${rule.id}`, { token: adder, json: { ...rule } })).msg).toBe(
      '没有访问权限',
    );
    expect((await call(server, 'GET', B)).code).toBe(602);
    expect((await issue(rule.enCode, '')).code).toBe(602);
  });
});
