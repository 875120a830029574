// Data-permission fields and schemes of a menu over HTTP (/api/system/ModuleDataAuthorize, ModuleDataAuthorizeScheme).
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authorize } from '../../db/schema/index.js';
import { api, ctx, useAdminServer } from '../../../test/kit/adminServer.js';
import { expectInvalidFields, expectRefused } from '../../../test/kit/answers.js';
import { insertMenu, mainSystemId } from '../../../test/kit/menus.js';

let pageId: string;
let onlineId: string;

useAdminServer();
beforeAll(async () => {
  const mainId = await mainSystemId(ctx());
  const page = (type: number, enCode: string) =>
    api<string>('POST', '/api/system/Menu', {
      json: { parentId: '-1', systemId: mainId, type, fullName: enCode, enCode, isDataAuthorize: 1 },
    });
  pageId = (await page(2, 'orders')).data!;
  // an online-form menu as a release writes it (the menu dialog would need a released design)
  onlineId = await insertMenu(ctx(), {
    systemId: mainId,
    type: 3,
    fullName: 'onlineOrders',
    enCode: 'onlineOrders',
    isDataAuthorize: 1,
    propertyJson: '{"moduleId":"someDesign","iconBackgroundColor":"","isTree":0}',
  });
});

const FIELDS = '/api/system/ModuleDataAuthorize';
const SCHEMES = '/api/system/ModuleDataAuthorizeScheme';
const field = (fields: Record<string, unknown> = {}) => ({
  moduleId: pageId,
  fullName: '创建人',
  enCode: 'creatorUserId',
  type: 'varchar',
  conditionSymbol: '==,<>',
  conditionText: '@userId',
  ...fields,
});

describe('data-permission fields', () => {
  it('adds, lists with operator and value names, reads, updates and deletes', async () => {
    const created = await api<string>('POST', FIELDS, { json: field({ conditionSymbol: ['==', 'in', '=='] }) });
    expect(created).toMatchObject({ code: 200, msg: '新建成功' });
    const list = await api<{ list: Record<string, unknown>[] }>('GET', `${FIELDS}/${pageId}/List`);
    expect(list.data!.list).toEqual([
      expect.objectContaining({
        id: created.data,
        enCode: 'creatorUserId',
        conditionSymbol: '==,in',
        conditionSymbolName: '等于,包含任意一个',
        conditionText: '@userId',
        conditionName: '当前用户',
      }),
    ]);
    expect(
      await api('PUT', `${FIELDS}/${created.data}`, {
        json: field({ fullName: '录入人', conditionText: '@userAndSubordinates', version: 0 }),
      }),
    ).toMatchObject({ code: 200, msg: '更新成功' });
    expect((await api<{ conditionText: string }>('GET', `${FIELDS}/${created.data}`)).data!.conditionText).toBe(
      '@userAndSubordinates',
    );
    expect(await api('DELETE', `${FIELDS}/${created.data}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await api('DELETE', `${FIELDS}/${created.data}`)).toMatchObject({ code: 400, msg: '删除失败，数据不存在' });
  });

  it('enables and disables a field', async () => {
    const created = await api<string>('POST', FIELDS, { json: field({ enCode: 'stateField' }) });
    expect(await api('PUT', `${FIELDS}/${created.data}/Actions/State`)).toMatchObject({ code: 200, msg: '更新成功' });
    expect((await api<{ enabledMark: number }>('GET', `${FIELDS}/${created.data}`)).data!.enabledMark).toBe(0);
    await api('PUT', `${FIELDS}/${created.data}/Actions/State`);
    expect((await api<{ enabledMark: number }>('GET', `${FIELDS}/${created.data}`)).data!.enabledMark).toBe(1);
    expect(await api('PUT', `${FIELDS}/nothing/Actions/State`)).toMatchObject({ code: 400 });
  });

  it('refuses a second field with the same code on one menu, also on update', async () => {
    const first = await api<string>('POST', FIELDS, { json: field({ enCode: 'dupField' }) });
    expect(first.code).toBe(200);
    expect(await api('POST', FIELDS, { json: field({ enCode: 'dupField', fullName: '另一个' }) })).toMatchObject({
      code: 400,
      msg: '该菜单已存在相同编码的字段',
    });
    const second = await api<string>('POST', FIELDS, { json: field({ enCode: 'otherField' }) });
    expect(
      await api('PUT', `${FIELDS}/${second.data}`, { json: field({ enCode: 'dupField', version: 0 }) }),
    ).toMatchObject({ code: 400, msg: '该菜单已存在相同编码的字段' });
    // saving a field under its own code is fine
    expect(
      await api('PUT', `${FIELDS}/${first.data}`, { json: field({ enCode: 'dupField', version: 0 }) }),
    ).toMatchObject({
      code: 200,
    });
    await api('DELETE', `${FIELDS}/${first.data}`);
    await api('DELETE', `${FIELDS}/${second.data}`);
  });

  it('keeps the table of online-form fields in the code and shows it bare', async () => {
    const created = await api<string>('POST', FIELDS, {
      json: field({
        moduleId: onlineId,
        enCode: 'amount',
        bindTable: 'order_ext',
        fieldRule: 1,
        type: 'double',
        conditionSymbol: '>,between',
        conditionText: 'inputNumber',
      }),
    });
    const rows = await ctx().database.query<{ en_code: string }>(
      'select en_code from base_module_data_authorize where id = $1',
      [created.data],
    );
    expect(rows[0]!.en_code).toBe('order_ext.amount');
    expect((await api<{ enCode: string; bindTable: string }>('GET', `${FIELDS}/${created.data}`)).data).toMatchObject({
      enCode: 'amount',
      bindTable: 'order_ext',
    });
  });

  it('refuses deleting a field a scheme uses', async () => {
    const created = await api<string>('POST', FIELDS, { json: field({ enCode: 'ownerId' }) });
    await api('POST', SCHEMES, {
      json: {
        moduleId: pageId,
        fullName: '负责人本人',
        enCode: 'owner',
        conditionJson: JSON.stringify([
          { logic: 'and', groups: [{ id: created.data, field: 'ownerId', op: '==', value: '@userId' }] },
        ]),
      },
    });
    expect(await api('DELETE', `${FIELDS}/${created.data}`)).toMatchObject({
      code: 400,
      msg: '该字段在方案 负责人本人 中已被使用',
    });
  });

  it('refuses bad input on create and update', async () => {
    const created = await api<string>('POST', FIELDS, { json: field({ enCode: 'deptId' }) });
    for (const [method, path] of [
      ['POST', FIELDS],
      ['PUT', `${FIELDS}/${created.data}`],
    ] as const) {
      const bad = await api<{ errors: Record<string, string> }>(method, path, {
        json: {
          moduleId: pageId,
          fullName: '',
          enCode: 'a;drop',
          type: '',
          conditionSymbol: '==,~',
          conditionText: '',
        },
      });
      expectInvalidFields(bad, ['conditionSymbol', 'conditionText', 'enCode', 'fullName', 'type']);
      expect(bad.data!.errors.conditionSymbol).toBe('条件符号不正确');
    }
    expect(await api('POST', FIELDS, { json: field({ moduleId: '404' }) })).toMatchObject({
      code: 400,
      msg: '菜单不存在',
    });
  });
});

describe('data-permission schemes', () => {
  let fieldId: string;
  beforeAll(async () => {
    fieldId = (await api<string>('POST', FIELDS, { json: field({ enCode: 'creatorId', conditionSymbol: '==,in' }) }))
      .data!;
  });
  const conditions = () => [
    {
      logic: 'or',
      groups: [
        { id: fieldId, field: 'creatorId', op: '==', value: '@userId' },
        { id: fieldId, field: 'creatorId', op: 'in', value: ['u1', 'u2'] },
      ],
    },
  ];

  it('adds, lists, reads (conditionJson as a string), updates and deletes with its grants', async () => {
    const created = await api<string>('POST', SCHEMES, {
      json: {
        moduleId: pageId,
        fullName: '我的',
        enCode: 'my',
        conditionJson: conditions(),
        conditionText: '【{创建人} {等于} {@userId}】',
        matchLogic: 'or',
      },
    });
    expect(created).toMatchObject({ code: 200, msg: '新建成功' });
    const list = await api<{ list: Record<string, unknown>[] }>('GET', `${SCHEMES}/${pageId}/List`);
    expect(list.data!.list.find((s) => s.id === created.data)).toMatchObject({
      enCode: 'my',
      allData: 0,
      matchLogic: 'or',
    });
    const info = await api<{ conditionJson: string; version: number }>('GET', `${SCHEMES}/${created.data}`);
    expect(JSON.parse(info.data!.conditionJson)).toEqual(conditions());
    expect(
      await api('PUT', `${SCHEMES}/${created.data}`, {
        json: {
          moduleId: pageId,
          fullName: '我的数据',
          enCode: 'my',
          conditionJson: JSON.stringify(conditions()),
          version: info.data!.version,
        },
      }),
    ).toMatchObject({ code: 200, msg: '更新成功' });
    await ctx().db.insert(authorize).values({
      objectType: 'Role',
      objectId: 'r9',
      itemType: 'resource',
      itemId: created.data!,
      creatorTime: Date.now(),
    });
    expect(await api('DELETE', `${SCHEMES}/${created.data}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await ctx().db.select().from(authorize).where(eq(authorize.objectId, 'r9'))).toEqual([]);
  });

  it('enables and disables a scheme', async () => {
    const created = await api<string>('POST', SCHEMES, {
      json: { moduleId: pageId, fullName: '可停用', enCode: 'toggled', conditionJson: conditions() },
    });
    expect(await api('PUT', `${SCHEMES}/${created.data}/Actions/State`)).toMatchObject({ code: 200, msg: '更新成功' });
    const list = await api<{ list: { id: string; enabledMark: number }[] }>('GET', `${SCHEMES}/${pageId}/List`);
    expect(list.data!.list.find((s) => s.id === created.data)?.enabledMark).toBe(0);
    expect(await api('PUT', `${SCHEMES}/nothing/Actions/State`)).toMatchObject({ code: 400 });
  });

  it('refuses duplicate names and codes in one menu', async () => {
    const scheme = (fullName: string, enCode: string) =>
      api('POST', SCHEMES, { json: { moduleId: pageId, fullName, enCode, conditionJson: conditions() } });
    await scheme('甲', 'a1');
    expectRefused(await scheme('甲', 'a2'), '已存在相同名称');
    expectRefused(await scheme('乙', 'a1'), '已存在相同编码');
  });

  it('makes the built-in "all data" scheme without conditions, and never lets it be edited', async () => {
    const all = await api<string>('POST', SCHEMES, {
      json: { moduleId: pageId, enCode: 'jnpf_alldata', fullName: '全部数据', allData: 1, conditionJson: conditions() },
    });
    expect(all.code).toBe(200);
    const info = await api<{ allData: number; conditionJson: string }>('GET', `${SCHEMES}/${all.data}`);
    expect(info.data).toMatchObject({ allData: 1, conditionJson: '' });
    expect(
      await api('PUT', `${SCHEMES}/${all.data}`, {
        json: { moduleId: pageId, enCode: 'jnpf_alldata', fullName: '全部' },
      }),
    ).toMatchObject({
      code: 400,
      msg: '修改失败，该方案不允许编辑',
    });
    expect(
      await api('PUT', `${SCHEMES}/${all.data}`, { json: { moduleId: pageId, enCode: 'renamed', fullName: '全部' } }),
    ).toMatchObject({
      code: 400,
      msg: '修改失败，该方案不允许编辑',
    });
  });

  it('refuses incomplete conditions, unknown operators and fields the menu does not have', async () => {
    const incomplete = await api<{ errors: Record<string, string> }>('POST', SCHEMES, {
      json: {
        moduleId: pageId,
        fullName: '缺值',
        enCode: 'noValue',
        conditionJson: [{ logic: 'and', groups: [{ id: fieldId, field: 'creatorId', op: '==', value: '' }] }],
      },
    });
    expect(incomplete.data!.errors.conditionJson).toBe('方案内条件配置不完整，请检查条件内容');
    const badOp = await api<{ errors: Record<string, string> }>('POST', SCHEMES, {
      json: {
        moduleId: pageId,
        fullName: '坏符号',
        enCode: 'badOp',
        conditionJson: [{ logic: 'and', groups: [{ field: 'creatorId', op: 'drop', value: 1 }] }],
      },
    });
    expect(badOp.data!.errors.conditionJson).toBe('方案内条件配置不完整，请检查条件内容');
    const noJson = await api<{ errors: Record<string, string> }>('POST', SCHEMES, {
      json: { moduleId: pageId, fullName: '坏JSON', enCode: 'badJson', conditionJson: '[{' },
    });
    expect(noJson.data!.errors.conditionJson).toBe('JSON格式错误');
    expect(
      await api('POST', SCHEMES, {
        json: {
          moduleId: pageId,
          fullName: '外来字段',
          enCode: 'foreign',
          conditionJson: [{ logic: 'and', groups: [{ field: 'salary', op: 'null' }] }],
        },
      }),
    ).toMatchObject({ code: 400, msg: '方案条件字段salary不存在' });
  });

  it('refuses bad input on create and update', async () => {
    const created = await api<string>('POST', SCHEMES, {
      json: { moduleId: pageId, fullName: '丙', enCode: 'c1', conditionJson: conditions() },
    });
    for (const [method, path] of [
      ['POST', SCHEMES],
      ['PUT', `${SCHEMES}/${created.data}`],
    ] as const) {
      const bad = await api<{ errors: Record<string, string> }>(method, path, {
        json: { moduleId: pageId, fullName: '', enCode: '', matchLogic: 'xor', allData: 3 },
      });
      expectInvalidFields(bad, ['allData', 'enCode', 'fullName', 'matchLogic']);
      expect(bad.data!.errors.fullName).toBe('方案名称不能为空');
    }
  });
});
