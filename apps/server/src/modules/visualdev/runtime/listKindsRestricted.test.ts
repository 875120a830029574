// Every kind of list (2 left tree, 3 grouped, 4 editable, 5 tree table) as a restricted user, over HTTP against a
// real database: a design checking columns, buttons, forms and data, released, and a user granted its menu with
// two columns, two form items and a scheme (secret == mine) but no button. Each call of the kind is held by the
// server: the list (and the tree table's child levels, List/{key}) shows only the records the scheme lets through
// and only the granted columns; export, import, batch delete and the inline (or dialog) edit save are refused
// without their buttons with the platform's message; once granted, the export still shows only the granted
// columns and records, and the edit save ignores the fields the form permission leaves out and answers a record
// outside the scope as a missing one.
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { ColumnDataJson, FieldConfig } from '@jnpf/core';
import { moduleDataAuthorize, visualRecord } from '../../../db/schema/index.js';
import { call, unique } from '../../../../test/harness.js';
import { admin, api, ctx, server } from '../../../../test/kit/adminServer.js';
import { signedInUser } from '../../../../test/kit/access.js';
import { categoryId, useDesignServer } from '../../../../test/kit/designServer.js';
import { findMenuId, mainSystemId } from '../../../../test/kit/menus.js';
import { createReleased, recordsAs, type ReleasedModel } from '../../../../test/kit/released.js';
import { field, sampleForm } from '../../../../test/kit/visualdev.js';
import { dictionaryItems } from '../../dictionary/index.js';

const RUN = '/api/visualdev/OnlineDev';
const NO_PERMISSION = '没有访问权限';
let systemId: string;
let onlineDevId: string;
let kind: string;

useDesignServer();
beforeAll(async () => {
  systemId = await mainSystemId(ctx());
  onlineDevId = await findMenuId(ctx(), 'onlineDev');
  kind = (await dictionaryItems(ctx().db, 'webDesign'))[0]!.id;
});

type Row = Record<string, unknown> & { id: string };

const fields = (): FieldConfig[] => [
  field('input', 'title', '标题', { required: true }),
  field('select', 'kind', '类别', { dataType: 'dictionary', dictionaryType: 'webDesign' }, { props: {} }),
  field('input', 'parent', '上级'),
  field('input', 'secret', '机密'),
  field('inputNumber', 'amount', '金额'),
];

const column = (prop: string, label: string, jnpfKey: string) =>
  ({ prop, label, jnpfKey }) as ColumnDataJson['columnList'][number];

const KINDS: Record<number, Partial<ColumnDataJson>> = {
  2: { type: 2, treeDataSource: 'dictionary', treeDictionary: 'webDesign', treeRelation: 'kind' },
  3: { type: 3, groupField: 'kind' },
  4: { type: 4 },
  5: { type: 5, parentField: 'parent' },
};

const released = (type: number): Promise<ReleasedModel> => {
  const enCode = unique('rk');
  const columnData: ColumnDataJson = {
    type: 1,
    columnList: [
      column('title', '标题', 'input'),
      column('kind', '类别', 'select'),
      column('parent', '上级', 'input'),
      column('secret', '机密', 'input'),
      column('amount', '金额', 'inputNumber'),
    ],
    searchList: [],
    btnsList: [
      { value: 'add', label: '新增' },
      { value: 'download', label: '导出' },
      { value: 'upload', label: '导入' },
      { value: 'batchRemove', label: '批量删除' },
    ],
    columnBtnsList: [
      { value: 'edit', label: '编辑' },
      { value: 'remove', label: '删除' },
    ],
    hasPage: true,
    pageSize: 20,
    useBtnPermission: true,
    useColumnPermission: true,
    useFormPermission: true,
    useDataPermission: true,
    ...KINDS[type],
  };
  return createReleased(server, admin, {
    fullName: `受限${enCode}`,
    enCode,
    type: 1,
    webType: 2,
    category: categoryId,
    sortCode: 0,
    formData: JSON.stringify(sampleForm('none', fields())),
    columnData: JSON.stringify(columnData),
  });
};

async function scheme(menuId: string, code: string, value: string) {
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
      conditionJson: [{ logic: 'and', groups: [{ id: fieldRow!.id, field: code, op: '==', value }] }],
    },
  });
  expect(res.code, res.msg).toBe(200);
  return res.data!;
}

/** the data rows of a page (a grouped list's rows under their groups) */
const rowsOf = (list: Row[]): Row[] => list.flatMap((r) => (r.top === true ? (r.children as Row[]) : [r]));
/** a row's keys that name a column (its own values and the raw ones beside them) */
const columnsOf = (rows: Row[]) =>
  [...new Set(rows.flatMap((r) => Object.keys(r)))]
    .filter((k) => !['id', 'hasChildren', 'top', 'children'].includes(k))
    .map((k) => k.replace(/_id$/, ''))
    .filter((k, i, all) => all.indexOf(k) === i)
    .sort();

async function exported(url: string): Promise<string[][]> {
  const res = await fetch(`${server.baseUrl}${url}`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await res.arrayBuffer()) as ExcelJS.Buffer);
  const sheet = wb.worksheets[0]!;
  const out: string[][] = [];
  sheet.eachRow((row) => out.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return out;
}

describe.each([2, 3, 4, 5])('list type %i as a restricted user', (type) => {
  let model: ReleasedModel;
  let user: { id: string; token: string };
  const ids: Record<string, string> = {};
  const grant = async (buttons: string[]) => {
    const res = await api('PUT', `/api/permission/Authority/Data/${user.id}`, {
      json: {
        objectType: 'User',
        systemIds: [systemId],
        module: [onlineDevId, model.menuId],
        column: [model.columns.title!, model.columns.kind!, model.columns.parent!],
        form: [model.forms.title!, model.forms.kind!, model.forms.parent!],
        button: buttons.map((b) => model.buttons[b]!),
        resource: [await scheme(model.menuId, 'secret', 'mine')],
      },
    });
    expect(res.code, res.msg).toBe(200);
  };
  const mine = () => recordsAs(server, user.token, 50);

  beforeAll(async () => {
    model = await released(type);
    const create = async (values: Record<string, unknown>) => {
      const res = await recordsAs(server, admin).create(model, { kind, amount: 5, ...values });
      expect(res.code, res.msg).toBe(200);
      return res.data!;
    };
    ids.root = await create({ title: 'root', secret: 'mine' });
    ids.child = await create({ title: 'child', parent: ids.root, secret: 'mine' });
    ids.hidden = await create({ title: 'hidden', parent: ids.root, secret: 'theirs' });
    ids.other = await create({ title: 'other', secret: 'theirs' });
    user = await signedInUser(server);
    await grant([]);
  });

  it('lists only the records of the scheme, with only the granted columns', async () => {
    const res = await mine().list(model, { menuId: model.menuId });
    expect(res.code, res.msg).toBe(200);
    const rows = rowsOf(res.data!.list);
    expect(rows.map((r) => r.title).sort()).toEqual(type === 5 ? ['root'] : ['child', 'root']);
    expect(columnsOf(rows)).toEqual(['kind', 'parent', 'title']);
    if (type === 2) {
      const tree = await call<{ list: unknown[] }>(server, 'GET', `${RUN}/${model.id}/TreeData`, {
        token: user.token,
      });
      expect(tree.code, tree.msg).toBe(200);
      const chosen = await mine().list(model, { menuId: model.menuId, queryJson: JSON.stringify({ kind }) });
      expect(chosen.data!.list.map((r) => r.title).sort()).toEqual(['child', 'root']);
    }
    if (type === 5) {
      const level = await call<{ list: Row[] }>(server, 'POST', `${RUN}/${model.id}/List/${ids.root}`, {
        token: user.token,
        json: { menuId: model.menuId },
      });
      expect(level.code, level.msg).toBe(200);
      expect(level.data!.list.map((r) => r.title)).toEqual(['child']);
      expect(columnsOf(level.data!.list)).toEqual(['kind', 'parent', 'title']);
      const outside = await call(server, 'POST', `${RUN}/${model.id}/List/${ids.hidden}`, {
        token: user.token,
        json: { menuId: model.menuId },
      });
      expect(outside).toMatchObject({ code: 400, msg: '数据不存在' });
    }
  });

  it('refuses export, import, batch delete and the edit save without their buttons', async () => {
    const exportRes = await call(server, 'POST', `${RUN}/${model.id}/Actions/ExportData`, {
      token: user.token,
      json: { menuId: model.menuId, dataType: '1', selectKey: ['title'] },
    });
    expect(exportRes).toMatchObject({ code: 400, msg: NO_PERMISSION });
    const importRes = await call(server, 'POST', `${RUN}/${model.id}/ImportData`, {
      token: user.token,
      json: { list: [{ title: 'in' }] },
    });
    expect(importRes).toMatchObject({ code: 400, msg: NO_PERMISSION });
    expect(await mine().removeMany(model, [ids.root!])).toMatchObject({ code: 400, msg: NO_PERMISSION });
    expect(await mine().update(model, ids.root!, { title: 'changed' })).toMatchObject({
      code: 400,
      msg: NO_PERMISSION,
    });
    const left = await ctx().db.select().from(visualRecord).where(eq(visualRecord.modelId, model.id));
    expect(left.map((r) => r.data.title).sort()).toEqual(['child', 'hidden', 'other', 'root']);
  });

  it('with the buttons: the export keeps to the columns and records, the edit save to the form and scope', async () => {
    await grant(['btn_download', 'btn_upload', 'btn_edit', 'btn_batchRemove']);
    const out = await call<{ url: string }>(server, 'POST', `${RUN}/${model.id}/Actions/ExportData`, {
      token: user.token,
      json: { menuId: model.menuId, dataType: '1', selectKey: ['title', 'secret', 'amount'] },
    });
    expect(out.code, out.msg).toBe(200);
    const sheet = await exported(out.data!.url);
    expect(sheet[0]).toEqual(['标题']);
    expect(
      sheet
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['child', 'root']);

    // the fields the form permission leaves out keep their values
    const saved = await mine().update(model, ids.child!, { title: 'child2', secret: 'leaked', amount: 99 });
    expect(saved.code, saved.msg).toBe(200);
    const [child] = await ctx().db.select().from(visualRecord).where(eq(visualRecord.id, ids.child!));
    expect(child!.data).toMatchObject({ title: 'child2', secret: 'mine', amount: 5 });
    expect(await mine().update(model, ids.other!, { title: 'x' })).toMatchObject({
      code: 400,
      msg: '更新失败，数据不存在',
    });

    // an import takes only the granted form items: a row naming another field is refused as not the template's
    const imported = await call<{ snum: number; fnum: number; failResult: Row[] }>(
      server,
      'POST',
      `${RUN}/${model.id}/ImportData`,
      { token: user.token, json: { list: [{ title: 'in' }, { title: 'in2', secret: 'smuggled', amount: '7' }] } },
    );
    expect(imported.code, imported.msg).toBe(200);
    expect(imported.data).toMatchObject({ snum: 1, fnum: 1 });
    expect(imported.data!.failResult[0]).toMatchObject({ title: 'in2', errorsInfo: '数据不是导入模板的列' });
    const rows = await ctx().db.select().from(visualRecord).where(eq(visualRecord.modelId, model.id));
    expect(rows.filter((r) => String(r.data.title).startsWith('in')).map((r) => r.data.title)).toEqual(['in']);

    // a batch delete removes only what the scheme lets through
    expect((await mine().removeMany(model, [ids.other!, ids.root!])).code).toBe(200);
    const left = await ctx().db.select().from(visualRecord).where(eq(visualRecord.modelId, model.id));
    expect(left.map((r) => r.data.title).sort()).toEqual(['child2', 'hidden', 'in', 'other']);
  });
});
