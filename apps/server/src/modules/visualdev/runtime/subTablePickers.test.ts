// Pickers and data-interface popups as sub-table columns over HTTP against a real database: each row's user,
// department and mixed-picker ids checked against the directory and its popup ids against the interface for that
// row's parameters, exactly as the main form's fields are; a refusal names the table, the row and the column; the
// detail shows names and labels in the rows; a user granted only the form may call the column's interface.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FieldConfig } from '@jnpf/core';
import { organize, user, visualRecord } from '../../../db/schema/index.js';
import { call } from '../../../../test/harness.js';
import { signedInUser } from '../../../../test/kit/access.js';
import { admin, api, ctx, server } from '../../../../test/kit/adminServer.js';
import { categoryId, errorsOf, useDesignServer } from '../../../../test/kit/designServer.js';
import { insertOrganize, insertUser } from '../../../../test/kit/directory.js';
import { createReleased, recordsAs, type ReleasedModel } from '../../../../test/kit/released.js';
import { designBody, field, sampleForm } from '../../../../test/kit/visualdev.js';
import { organizeChanged } from '../../organize/orgIndex.js';
import { formUsesInterface } from '../../dataInterface/formUse.js';
import { interfaceBody } from '../../../../test/kit/dataInterfaces.js';

const DI = '/api/system/DataInterface';
const table = `sub_popup_${Date.now().toString(36)}`;
let sqlId: string;
let model: ReleasedModel;
const ids = { company: '', department: '', user: '', disabledUser: '' };
let departmentName = '';

/** the sub-table: a kind per row, its owner (user), departments, a mixed pick, and an item of that row's kind */
const fields = (): FieldConfig[] => [
  field('input', 'title', '标题'),
  field('table', 'lines', '明细', {
    children: [
      field('input', 'rowKind', '行类别'),
      field('userSelect', 'owner', '负责人'),
      field('depSelect', 'deps', '部门', {}, { multiple: true }),
      field('usersSelect', 'mixed', '参与', {}, { multiple: true }),
      field(
        'popupSelect',
        'item',
        '条目',
        {},
        {
          interfaceId: sqlId,
          propsValue: 'id',
          relationField: 'full_name',
          templateJson: [{ field: 'kind', sourceType: 1, relationField: 'rowKind' }],
        },
      ),
      field(
        'popupTableSelect',
        'more',
        '附加',
        {},
        { interfaceId: sqlId, propsValue: 'id', relationField: 'full_name', multiple: true, templateJson: [] },
      ),
      field('autoComplete', 'note', '备注', {}, { interfaceId: sqlId, relationField: 'full_name', templateJson: [] }),
    ],
  }),
];

useDesignServer();
beforeAll(async () => {
  const app = ctx();
  await app.database.query(`create table ${table} (id text primary key, full_name text, kind text)`);
  await app.database.query(
    `insert into ${table} values ('a1', '苹果', 'fruit'), ('a2', '香蕉', 'fruit'), ('v1', '白菜', 'veg')`,
  );
  sqlId = await api.create(
    DI,
    await interfaceBody(app, {
      parameterJson: JSON.stringify([{ field: 'kind', fieldName: '类别', dataType: 'varchar', required: 0 }]),
      dataConfigJson: JSON.stringify({
        sqlData: {
          dbLinkId: '0',
          sql: `select id, full_name from ${table} where coalesce({kind}, '') = '' or kind = {kind} order by id`,
        },
      }),
    }),
  );
  const company = await insertOrganize(app, null);
  const department = await insertOrganize(app, company);
  await organizeChanged(app);
  Object.assign(ids, {
    company: company.id,
    department: department.id,
    user: (await insertUser(app, { realName: '李四' })).id,
    disabledUser: (await insertUser(app, { enabledMark: 0 })).id,
  });
  departmentName = (await app.db.select().from(organize).where(eq(organize.id, department.id)))[0]!.fullName;
  model = await createReleased(
    server,
    admin,
    designBody(categoryId, 'none', {
      formData: JSON.stringify(sampleForm('none', fields())),
      columnData: JSON.stringify({
        type: 1,
        columnList: [{ prop: 'title', label: '标题', jnpfKey: 'input' }],
        searchList: [],
        btnsList: [{ value: 'add', label: '新增' }],
        columnBtnsList: [{ value: 'edit', label: '编辑' }],
        hasPage: true,
        pageSize: 20,
      }),
    }) as Record<string, unknown> & { enCode: string },
  );
});

afterAll(async () => {
  await ctx().database.query(`drop table if exists ${table}`);
});

const goodRows = () => [
  {
    rowKind: 'fruit',
    owner: ids.user,
    deps: [ids.department],
    mixed: [`${ids.user}--user`, `${ids.department}--department`],
    item: 'a2',
    more: ['a1', 'v1'],
    note: '随便写',
  },
  { rowKind: 'veg', owner: ids.user, item: 'v1' },
];

describe('pickers and popups in a sub-table', () => {
  it('saves good rows, keeps ids, and the detail shows names and labels in each row', async () => {
    const writer = await signedInUser(server, {}, { grants: { [model.enCode]: ['btn_add', 'btn_edit'] } });
    const records = recordsAs(server, writer.token);
    const created = await records.create(model, { title: 'A', lines: goodRows() });
    expect(created.code, JSON.stringify(created)).toBe(200);
    const raw = JSON.parse((await records.get(model, created.data!)).data!.data) as Record<string, unknown>;
    expect(raw.lines).toEqual([
      {
        rowKind: 'fruit',
        owner: ids.user,
        deps: [ids.department],
        mixed: [`${ids.user}--user`, `${ids.department}--department`],
        item: 'a2',
        more: ['a1', 'v1'],
        note: '随便写',
      },
      { rowKind: 'veg', owner: ids.user, item: 'v1' },
    ]);
    const shown = JSON.parse((await records.shown(model, created.data!)).data!.data) as {
      lines: Record<string, string>[];
    };
    expect(shown.lines[0]).toMatchObject({ deps: departmentName, item: '香蕉', more: '苹果,白菜', note: '随便写' });
    expect(shown.lines[0]!.owner).toMatch(/^李四\//);
    expect(shown.lines[0]!.mixed).toMatch(new RegExp(`^李四/.*,${departmentName}$`));
    expect(shown.lines[1]).toMatchObject({ item: '白菜' });
    expect(shown.lines[1]!.owner).toMatch(/^李四\//);
  });

  it('refuses a cell naming nothing that may be picked, naming the table, the row and the column', async () => {
    const writer = await signedInUser(server, {}, { grants: { [model.enCode]: ['btn_add', 'btn_edit'] } });
    const records = recordsAs(server, writer.token);
    const [first, second] = goodRows();
    const refuse = async (lines: unknown[]) => {
      const res = await records.create(model, { lines });
      expect(res.code, JSON.stringify(res)).toBe(401);
      return errorsOf(res);
    };
    expect(await refuse([first, { ...second, owner: ids.disabledUser }])).toEqual({
      lines: '明细第2行：负责人的值不在选项中',
    });
    // a company is not a department
    expect(await refuse([{ ...first, deps: [ids.company] }])).toEqual({ lines: '明细第1行：部门的值不在选项中' });
    expect(await refuse([first, { ...second, mixed: ['nope--user'] }])).toEqual({
      lines: '明细第2行：参与的值不在选项中',
    });
    // a fruit is offered to the fruit row, not to the vegetable row
    expect(await refuse([first, { ...second, item: 'a1' }])).toEqual({ lines: '明细第2行：条目的值不在选项中' });
    expect(await refuse([{ ...first, more: ['zz'] }])).toEqual({ lines: '明细第1行：附加的值不在选项中' });
    // shapes: one user, not a list
    expect(await refuse([first, { ...second, owner: [ids.user] }])).toEqual({ lines: '明细第2行：负责人格式不正确' });
  });

  it('keeps a disabled user a row already names when the record is edited, but not picked anew', async () => {
    const app = ctx();
    const leaving = await insertUser(app, { realName: '王五' });
    const writer = await signedInUser(server, {}, { grants: { [model.enCode]: ['btn_add', 'btn_edit'] } });
    const records = recordsAs(server, writer.token);
    const created = await records.create(model, { lines: [{ owner: leaving.id }] });
    expect(created.code, JSON.stringify(created)).toBe(200);
    await app.db.update(user).set({ enabledMark: 0 }).where(eq(user.id, leaving.id));
    const edited = await records.update(model, created.data!, {
      title: 'kept',
      lines: [{ owner: ids.user }, { owner: leaving.id }],
    });
    expect(edited.code, JSON.stringify(edited)).toBe(200);
    const other = await records.create(model, { lines: [{ owner: ids.user }] });
    const picked = await records.update(model, other.data!, { lines: [{ owner: ids.user }, { owner: leaving.id }] });
    expect(errorsOf(picked)).toEqual({ lines: '明细第2行：负责人的值不在选项中' });
  });

  it("a user granted only the form may call its column's interface; others may not", async () => {
    const list = (token: string) =>
      api.post<{ list: { id: string }[] }>(
        `${DI}/${sqlId}/Actions/List`,
        { pageSize: 100, paramList: [{ field: 'kind', defaultValue: 'veg' }] },
        { token },
      );
    const granted = await signedInUser(server, {}, { grants: { [model.enCode]: [] } });
    const res = await list(granted.token);
    expect(res.code, res.msg).toBe(200);
    expect(res.data!.list.map((r) => r.id)).toEqual(['v1']);
    const byIds = await api.post<{ id: string }[]>(
      `${DI}/${sqlId}/Actions/InfoByIds`,
      { ids: ['a2'], propsValue: 'id', paramList: [{ field: 'kind', defaultValue: 'fruit' }] },
      { token: granted.token },
    );
    expect(byIds.data!.map((r) => r.id)).toEqual(['a2']);
    const other = await signedInUser(server, {}, { grants: { 'system.area': [] } });
    expect((await list(other.token)).msg).toBe('没有访问权限');
    // what makes it so: the released form's sub-table column names the interface
    expect(formUsesInterface(JSON.stringify(sampleForm('none', fields())), sqlId)).toBe(true);
    expect(formUsesInterface(JSON.stringify(sampleForm('none', [field('input', 'x', 'x')])), sqlId)).toBe(false);
  });

  it("a visitor's form leaves the picker columns out, and takes no picker cell from a visitor", async () => {
    const saved = await api.put<{ formLink: string }>('/api/visualdev/ShortLink', { id: model.id, formUse: 1 });
    expect(saved.code, saved.msg).toBe(200);
    const token = new URL(saved.data!.formLink, 'http://x').searchParams.get('encryption')!;
    const visitor = { query: { encryption: token } };
    const config = await call<{ formData: string }>(
      server,
      'GET',
      `/api/visualdev/ShortLink/${model.id}/Config`,
      visitor,
    );
    const form = JSON.stringify(JSON.parse(config.data!.formData));
    expect(form).not.toMatch(/userSelect|depSelect|usersSelect/);
    expect(form).toMatch(/popupSelect/);
    const sent = await call(server, 'POST', `/api/visualdev/ShortLink/${model.id}`, {
      ...visitor,
      json: { data: JSON.stringify({ title: 'visitor', lines: [{ rowKind: 'veg', owner: ids.user, item: 'v1' }] }) },
    });
    expect(sent.code, sent.msg).toBe(200);
    const rows = await ctx().db.select().from(visualRecord).where(eq(visualRecord.modelId, model.id));
    const mine = rows.find((r) => (r.data as { title?: string }).title === 'visitor');
    expect(mine!.data).toEqual({ title: 'visitor', lines: [{ rowKind: 'veg', item: 'v1' }] });
    // a required picker column cannot be filled by a visitor: the link cannot be opened for such a form
    const required = await createReleased(
      server,
      admin,
      designBody(categoryId, 'none', {
        formData: JSON.stringify(
          sampleForm('none', [
            field('table', 'rows', '行', { children: [field('userSelect', 'who', '经办人', { required: true })] }),
          ]),
        ),
        columnData: JSON.stringify({
          type: 1,
          columnList: [],
          searchList: [],
          btnsList: [],
          columnBtnsList: [],
          hasPage: true,
          pageSize: 20,
        }),
      }) as Record<string, unknown> & { enCode: string },
    );
    const refused = await api.put('/api/visualdev/ShortLink', { id: required.id, formUse: 1 });
    expect(refused.data).toMatchObject({ errors: { formUse: '访客无法填写必填字段经办人，不能开启外链填单' } });
  });

  it('a relation-form column keeps a record of its form, shows its name, and refuses any other id', async () => {
    const list = JSON.stringify({
      type: 1,
      columnList: [],
      searchList: [],
      btnsList: [{ value: 'add', label: '新增' }],
      columnBtnsList: [{ value: 'edit', label: '编辑' }],
      hasPage: true,
      pageSize: 20,
    });
    const customers = await createReleased(
      server,
      admin,
      designBody(categoryId, 'none', {
        formData: JSON.stringify(sampleForm('none', [field('input', 'name', '名称')])),
        columnData: list,
      }) as Record<string, unknown> & { enCode: string },
    );
    const acme = (await recordsAs(server, admin).create(customers, { name: 'ACME' })).data!;
    const orders = await createReleased(
      server,
      admin,
      designBody(categoryId, 'none', {
        formData: JSON.stringify(
          sampleForm('none', [
            field('table', 'lines', '明细', {
              children: [
                field('input', 'qty', '数量'),
                field('relationForm', 'customer', '客户', {}, { modelId: customers.id, relationField: 'name' }),
              ],
            }),
          ]),
        ),
        columnData: list,
      }) as Record<string, unknown> & { enCode: string },
    );
    const records = recordsAs(server, admin);
    const created = await records.create(orders, { lines: [{ qty: '1', customer: acme }, { qty: '2' }] });
    expect(created.code, JSON.stringify(created)).toBe(200);
    const shown = JSON.parse((await records.shown(orders, created.data!)).data!.data) as {
      lines: Record<string, string>[];
    };
    // the related record's id beside its text, so that the row's cell in a form can name it
    expect(shown.lines).toEqual([
      { qty: '1', customer: 'ACME', customer_id: acme },
      { qty: '2', customer: '' },
    ]);
    const refused = await records.create(orders, { lines: [{ customer: acme }, { customer: 'nope' }] });
    expect(errorsOf(refused)).toEqual({ lines: '明细第2行：客户关联的数据不存在或无权查看' });
    // a record of another form is not one of the column's form
    const other = await records.create(orders, { lines: [{ customer: created.data! }] });
    expect(errorsOf(other)).toEqual({ lines: '明细第1行：客户关联的数据不存在或无权查看' });
  });
});
