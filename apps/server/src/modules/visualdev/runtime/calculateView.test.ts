// Calculated fields under form permission, over HTTP against a real database: a save computes every calculated
// field and sub-table cell of the form over the record as it will be stored — the fields and cells the caller
// cannot see included — so an edit by a caller who sees only some operands never stores a total as if the others
// were 0, and a hidden calculated field follows the operands the caller changes.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FieldConfig } from '@jnpf/core';
import { visualRecord } from '../../../db/schema/index.js';
import { unique } from '../../../../test/harness.js';
import { admin, api, ctx, server } from '../../../../test/kit/adminServer.js';
import { categoryId, useDesignServer } from '../../../../test/kit/designServer.js';
import { signedInUser } from '../../../../test/kit/access.js';
import { findMenuId, mainSystemId } from '../../../../test/kit/menus.js';
import { createReleased, recordsAs, type ReleasedModel } from '../../../../test/kit/released.js';
import { field, sampleForm } from '../../../../test/kit/visualdev.js';

useDesignServer();
let systemId: string;
let onlineDevId: string;
beforeAll(async () => {
  systemId = await mainSystemId(ctx());
  onlineDevId = await findMenuId(ctx(), 'onlineDev');
});

const calc = (vModel: string, label: string, expression: unknown[]) =>
  field('calculate', vModel, label, {}, { expression, isStorage: true });

const fields = (): FieldConfig[] => [
  field('input', 'title', '标题'),
  field('inputNumber', 'price', '单价'),
  field('inputNumber', 'qty', '数量'),
  calc('total', '合计', [{ __vModel__: 'price' }, '×', { __vModel__: 'qty' }]),
  calc('twice', '两倍', [{ __vModel__: 'qty' }, '×', '2']),
  field('table', 'items', '明细', {
    children: [
      field('inputNumber', 'a', '甲'),
      field('inputNumber', 'b', '乙'),
      calc('c', '丙', [{ __vModel__: 'items.a' }, '+', { __vModel__: 'items.b' }]),
      calc('d', '丁', [{ __vModel__: 'items.a' }, '×', '10']),
    ],
  }),
];

const stored = async (id: string) =>
  (await ctx().db.select().from(visualRecord).where(eq(visualRecord.id, id)))[0]!.data;

describe('calculated fields under form permission', () => {
  let model: ReleasedModel;
  let user: { id: string; token: string };

  beforeAll(async () => {
    const enCode = unique('calcview');
    model = await createReleased(server, admin, {
      fullName: enCode,
      enCode,
      type: 1,
      webType: 2,
      category: categoryId,
      sortCode: 0,
      formData: JSON.stringify(sampleForm('none', fields() as never)),
      columnData: JSON.stringify({
        type: 1,
        columnList: [{ prop: 'title', label: '标题', jnpfKey: 'input' }],
        searchList: [],
        btnsList: [{ value: 'add', label: '新增' }],
        columnBtnsList: [{ value: 'edit', label: '编辑' }],
        hasPage: true,
        pageSize: 20,
        useBtnPermission: true,
        useFormPermission: true,
      }),
    });
    user = await signedInUser(server);
    const f = model.forms;
    // the user sees qty and total, not price; twice not at all; of the rows a and c, not b and d
    const res = await api('PUT', `/api/permission/Authority/Data/${user.id}`, {
      json: {
        objectType: 'User',
        systemIds: [systemId],
        module: [onlineDevId, model.menuId],
        button: Object.values(model.buttons),
        form: [f.title!, f.qty!, f.total!, f.items!, f['items-a']!, f['items-c']!],
      },
    });
    expect(res.code, res.msg).toBe(200);
  });

  const adminRecord = async () => {
    const created = await recordsAs(server, admin).create(model, {
      title: 't',
      price: 10,
      qty: 2,
      items: [{ a: 1, b: 5 }],
    });
    expect(created.code, created.msg).toBe(200);
    const id = created.data as string;
    expect(await stored(id)).toMatchObject({ total: 20, twice: 4, items: [{ a: 1, b: 5, c: 6, d: 10 }] });
    return id;
  };

  it('an edit of another field keeps the totals of what the caller cannot see', async () => {
    const id = await adminRecord();
    const res = await recordsAs(server, user.token).update(model, id, { title: 'renamed' });
    expect(res.code, res.msg).toBe(200);
    expect(await stored(id)).toMatchObject({
      title: 'renamed',
      total: 20,
      twice: 4,
      items: [{ a: 1, b: 5, c: 6, d: 10 }],
    });
  });

  it('computes every calculated field and cell over the whole record, hidden ones too', async () => {
    const id = await adminRecord();
    // the correct values, over the whole record
    const res = await recordsAs(server, user.token).update(model, id, {
      title: 't',
      qty: 3,
      total: 30,
      items: [{ a: 2, c: 7 }],
    });
    expect(res.code, res.msg).toBe(200);
    const data = await stored(id);
    expect(data).toMatchObject({ total: 30, twice: 6 });
    expect(data.items).toEqual([{ a: 2, b: 5, c: 7, d: 20 }]);
  });

  it('takes what the caller’s form computes without the hidden operands, and stores the whole value', async () => {
    const id = await adminRecord();
    // the web form computes over the values it holds: price and b absent count as 0
    const res = await recordsAs(server, user.token).update(model, id, {
      title: 't',
      qty: 3,
      total: 0,
      items: [{ a: 2, c: 2 }],
    });
    expect(res.code, res.msg).toBe(200);
    const data = await stored(id);
    expect(data).toMatchObject({ total: 30, twice: 6 });
    expect(data.items).toEqual([{ a: 2, b: 5, c: 7, d: 20 }]);
  });

  it('still refuses a visible calculated value that neither computes', async () => {
    const id = await adminRecord();
    const res = await recordsAs(server, user.token).update(model, id, { qty: 3, total: 25 });
    expect(res.code).toBe(401);
    expect(res.msg).toContain('合计');
    expect(res.msg).toContain('30');
    const cell = await recordsAs(server, user.token).update(model, id, { items: [{ a: 2, c: 5 }] });
    expect(cell.code).toBe(401);
    expect(cell.msg).toContain('丙');
    expect((await stored(id)).total).toBe(20);
  });

  it('a record the caller creates has its hidden calculated fields computed', async () => {
    const res = await recordsAs(server, user.token).create(model, { title: 'n', qty: 3, items: [{ a: 4 }] });
    expect(res.code, res.msg).toBe(200);
    const data = await stored(res.data as string);
    expect(data).toMatchObject({ total: 0, twice: 6 });
    expect(data.items).toEqual([{ a: 4, c: 4, d: 40 }]);
  });
});
