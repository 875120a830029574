// Buttons, list columns and form fields of a menu over HTTP (/api/system/ModuleButton, ModuleColumn, ModuleForm).
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authorize, moduleColumn, moduleForm } from '../../db/schema/index.js';
import { api, ctx, useAdminServer } from '../../../test/kit/adminServer.js';
import { expectInvalidFields } from '../../../test/kit/answers.js';
import { insertMenu, mainSystemId } from '../../../test/kit/menus.js';

let pageId: string;

useAdminServer();
beforeAll(async () => {
  const mainId = await mainSystemId(ctx());
  // an online-form menu as a release writes it (the menu dialog would need a released design)
  pageId = await insertMenu(ctx(), {
    systemId: mainId,
    type: 3,
    fullName: '在线表单页',
    enCode: 'onlinePage',
    propertyJson: '{"moduleId":"someDesign","iconBackgroundColor":"","isTree":0}',
  });
});

interface Row {
  id: string;
  parentId?: string;
  enCode: string;
  fullName: string;
  enabledMark: number;
  children?: Row[];
}

describe('buttons', () => {
  it('adds, lists (a tree once nested), reads, updates, flips and deletes a button with its grants', async () => {
    const add = await api<string>('POST', '/api/system/ModuleButton', {
      json: { moduleId: pageId, fullName: '新增', enCode: 'btn_add', icon: 'icon-ym icon-ym-btn-add', sortCode: 1 },
    });
    expect(add).toMatchObject({ code: 200, msg: '新建成功' });
    expect(
      await api('POST', '/api/system/ModuleButton', {
        json: { moduleId: pageId, fullName: '又新增', enCode: 'btn_add' },
      }),
    ).toMatchObject({
      code: 400,
      msg: '编码不能重复',
    });
    const flat = await api<{ list: Row[] }>('GET', `/api/system/ModuleButton/${pageId}/List`);
    expect(flat.data!.list.map((r) => r.enCode)).toEqual(['btn_add']);
    expect(flat.data!.list[0]!.children).toBeUndefined();
    const child = await api<string>('POST', '/api/system/ModuleButton', {
      json: { moduleId: pageId, parentId: add.data, fullName: '批量新增', enCode: 'btn_batchAdd' },
    });
    const nested = await api<{ list: Row[] }>('GET', `/api/system/ModuleButton/${pageId}/List`);
    expect(nested.data!.list).toHaveLength(1);
    expect(nested.data!.list[0]!.children!.map((r) => r.id)).toEqual([child.data]);
    const keyword = await api<{ list: Row[] }>('GET', `/api/system/ModuleButton/${pageId}/List`, {
      query: { keyword: '批量' },
    });
    expect(keyword.data!.list.map((r) => r.enCode)).toEqual(['btn_batchAdd']);
    const selector = await api<{ list: Row[] }>('GET', `/api/system/ModuleButton/${pageId}/Selector`);
    expect(selector.data!.list[0]!.children).toHaveLength(1);

    expect(
      await api('POST', '/api/system/ModuleButton', {
        json: { moduleId: pageId, parentId: '404', fullName: 'x', enCode: 'x' },
      }),
    ).toMatchObject({
      code: 400,
      msg: '上级按钮不存在',
    });
    expect(
      await api('POST', '/api/system/ModuleButton', { json: { moduleId: '404', fullName: 'x', enCode: 'x' } }),
    ).toMatchObject({
      code: 400,
      msg: '菜单不存在',
    });
    const info = await api<Row & { version: number }>('GET', `/api/system/ModuleButton/${add.data}`);
    expect(info.data).toMatchObject({ id: add.data, enCode: 'btn_add', icon: 'icon-ym icon-ym-btn-add', version: 0 });
    expect(
      await api('PUT', `/api/system/ModuleButton/${add.data}`, {
        json: { moduleId: pageId, fullName: '添加', enCode: 'btn_add', version: 0 },
      }),
    ).toMatchObject({ code: 200, msg: '更新成功' });
    expect(
      await api('PUT', `/api/system/ModuleButton/${add.data}`, {
        json: { moduleId: pageId, fullName: '添加', enCode: 'btn_batchAdd' },
      }),
    ).toMatchObject({ code: 400, msg: '编码不能重复' });
    expect(await api('PUT', `/api/system/ModuleButton/${add.data}/Actions/State`)).toMatchObject({
      code: 200,
      msg: '更新成功',
    });
    expect((await api<Row>('GET', `/api/system/ModuleButton/${add.data}`)).data!.enabledMark).toBe(0);

    await ctx()
      .db.insert(authorize)
      .values({ objectType: 'User', objectId: 'u1', itemType: 'button', itemId: child.data!, creatorTime: Date.now() });
    expect(await api('DELETE', `/api/system/ModuleButton/${child.data}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await ctx().db.select().from(authorize).where(eq(authorize.objectId, 'u1'))).toEqual([]);
    expect(await api('DELETE', `/api/system/ModuleButton/${child.data}`)).toMatchObject({
      code: 400,
      msg: '删除失败，数据不存在',
    });
    expect(await api('GET', `/api/system/ModuleButton/${child.data}`)).toMatchObject({ code: 400, msg: '数据不存在' });
  });

  it('refuses bad input on create and update', async () => {
    const add = await api<string>('POST', '/api/system/ModuleButton', {
      json: { moduleId: pageId, fullName: '删除', enCode: 'btn_remove' },
    });
    for (const [method, path] of [
      ['POST', '/api/system/ModuleButton'],
      ['PUT', `/api/system/ModuleButton/${add.data}`],
    ] as const) {
      const bad = await api<{ errors: Record<string, string> }>(method, path, {
        json: { moduleId: 'a b', fullName: ' ', enCode: 'btn add', enabledMark: 'yes', sortCode: 1_000_000 },
      });
      expectInvalidFields(bad, ['enCode', 'enabledMark', 'fullName', 'moduleId', 'sortCode']);
    }
  });
});

describe('list columns and form fields', () => {
  for (const kind of ['ModuleColumn', 'ModuleForm'] as const) {
    const base = `/api/system/${kind}`;
    const batchKey = kind === 'ModuleColumn' ? 'columnJson' : 'formJson';

    it(`${kind}: stores secondary and sub-table fields with their table, shows them bare, refuses duplicates`, async () => {
      const plain = await api<string>('POST', base, { json: { moduleId: pageId, fullName: '名称', enCode: 'name' } });
      expect(plain).toMatchObject({ code: 200, msg: '新建成功' });
      const secondary = await api<string>('POST', base, {
        json: { moduleId: pageId, fullName: '金额', enCode: 'amount', fieldRule: 1, bindTable: 'order_ext' },
      });
      const sub = await api<string>('POST', base, {
        json: {
          moduleId: pageId,
          fullName: '明细数量',
          enCode: 'qty',
          fieldRule: 2,
          bindTable: 'order_item',
          childTableKey: 'tableField112',
        },
      });
      const stored = await ctx()
        .db.select()
        .from(kind === 'ModuleColumn' ? moduleColumn : moduleForm);
      const codes = stored
        .filter((r) => r.moduleId === pageId)
        .map((r) => r.enCode)
        .sort();
      expect(codes).toEqual(['jnpf_order_ext_jnpf_amount', 'name', 'tableField112-qty']);
      const list = await api<{ list: Row[] }>('GET', `${base}/${pageId}/Fields`);
      expect(list.data!.list.map((r) => r.enCode).sort()).toEqual(['amount', 'name', 'qty']);
      expect((await api<Row>('GET', `${base}/${sub.data}`)).data).toMatchObject({
        enCode: 'qty',
        childTableKey: 'tableField112',
        fieldRule: 2,
      });
      const dup = await api('POST', base, {
        json: { moduleId: pageId, fullName: '金额2', enCode: 'amount', fieldRule: 1, bindTable: 'order_ext' },
      });
      expect(dup).toMatchObject({ code: 400, msg: '字段名称不能重复' });
      // the same field of another table is another field
      expect((await api('POST', base, { json: { moduleId: pageId, fullName: '金额3', enCode: 'amount' } })).code).toBe(
        200,
      );
      expect(
        await api('PUT', `${base}/${secondary.data}`, { json: { moduleId: pageId, fullName: '金额', enCode: 'name' } }),
      ).toMatchObject({
        code: 400,
        msg: '字段名称不能重复',
      });
      expect(
        await api('PUT', `${base}/${secondary.data}`, {
          json: {
            moduleId: pageId,
            fullName: '总金额',
            enCode: 'amount',
            fieldRule: 1,
            bindTable: 'order_ext',
            version: 0,
          },
        }),
      ).toMatchObject({ code: 200, msg: '更新成功' });
      expect(await api('PUT', `${base}/${plain.data}/Actions/State`)).toMatchObject({ code: 200 });
      expect(await api('DELETE', `${base}/${plain.data}`)).toMatchObject({ code: 200, msg: '删除成功' });
      expect(await api('GET', `${base}/${pageId}/FieldList`)).toMatchObject({ code: 200, data: [] });
      const keyword = await api<{ list: Row[] }>('GET', `${base}/${pageId}/Fields`, { query: { keyword: '明细' } });
      expect(keyword.data!.list.map((r) => r.enCode)).toEqual(['qty']);
      await Promise.all(
        (await api<{ list: Row[] }>('GET', `${base}/${pageId}/Fields`)).data!.list.map((r) =>
          api('DELETE', `${base}/${r.id}`),
        ),
      );
    });

    it(`${kind}: batch adds with shared table settings and refuses a duplicate anywhere in it`, async () => {
      const batch = await api('POST', `${base}/Actions/Batch`, {
        json: {
          moduleId: pageId,
          fieldRule: 1,
          bindTable: 'order_ext',
          [batchKey]: [
            { fullName: '客户', enCode: 'customer' },
            { fullName: '备注', enCode: 'remark', fieldRule: 0 },
          ],
        },
      });
      expect(batch).toMatchObject({ code: 200, msg: '新建成功' });
      const list = await api<{ list: (Row & { fieldRule: number })[] }>('GET', `${base}/${pageId}/Fields`);
      expect(list.data!.list.map((r) => [r.enCode, r.fieldRule]).sort()).toEqual([
        ['customer', 1],
        ['remark', 0],
      ]);
      expect(
        await api('POST', `${base}/Actions/Batch`, {
          json: { moduleId: pageId, [batchKey]: JSON.stringify([{ fullName: '备注', enCode: 'remark' }]) },
        }),
      ).toMatchObject({ code: 400, msg: '编码不能重复' });
      expect(
        await api('POST', `${base}/Actions/Batch`, {
          json: {
            moduleId: pageId,
            [batchKey]: [
              { fullName: 'a', enCode: 'same' },
              { fullName: 'b', enCode: 'same' },
            ],
          },
        }),
      ).toMatchObject({ code: 400, msg: '编码不能重复' });
      const empty = await api<{ errors: Record<string, string> }>('POST', `${base}/Actions/Batch`, {
        json: { moduleId: pageId, [batchKey]: [] },
      });
      expect(empty.code).toBe(401);
      expect(empty.data!.errors[batchKey]).toBe('请至少添加一个字段');
    });

    it(`${kind}: refuses bad input on create and update`, async () => {
      const row = await api<string>('POST', base, { json: { moduleId: pageId, fullName: '状态', enCode: 'status' } });
      for (const [method, path] of [
        ['POST', base],
        ['PUT', `${base}/${row.data}`],
      ] as const) {
        const bad = await api<{ errors: Record<string, string> }>(method, path, {
          json: { moduleId: '', fullName: '', enCode: '', fieldRule: 3, bindTable: 'x'.repeat(201) },
        });
        expectInvalidFields(bad, ['bindTable', 'enCode', 'fieldRule', 'fullName', 'moduleId']);
        expect(bad.data!.errors.enCode).toBe('编码不能为空');
      }
      expect(await api('PUT', `${base}/404`, { json: { moduleId: pageId, fullName: 'x', enCode: 'x' } })).toMatchObject(
        {
          code: 400,
          msg: '更新失败，数据不存在',
        },
      );
    });
  }
});
