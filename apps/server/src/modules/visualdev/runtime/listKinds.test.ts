// The kinds of list over HTTP against a real database: the design checks of each kind; a left-tree list (type 2)
// whose tree comes from a dictionary, the organisations or a data interface, a chosen node filtering the records
// by the relation field (bad nodes refused), within the caller's data scope; a grouped list (type 3); an editable
// list (type 4) saving a row through the form's checks; a tree table (type 5) listing its top level and each
// record's children (List/{key}) with hasChildren, within the caller's scope and column grants, each level kept
// as the first level's pages are (per parent, sort and scope) until a write through the API.
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ColumnDataJson, FieldConfig, ListTreeNode } from '@jnpf/core';
import { moduleDataAuthorize, visualRecord } from '../../../db/schema/index.js';
import { newId } from '../../../platform/ids.js';
import { call, unique } from '../../../../test/harness.js';
import { admin, api, ctx, server } from '../../../../test/kit/adminServer.js';
import { signedInUser } from '../../../../test/kit/access.js';
import { categoryId, errorsOf, useDesignServer } from '../../../../test/kit/designServer.js';
import { findMenuId, mainSystemId } from '../../../../test/kit/menus.js';
import { createReleased, recordsAs, type ReleasedModel } from '../../../../test/kit/released.js';
import { field, sampleForm } from '../../../../test/kit/visualdev.js';
import { dictionaryItems } from '../../dictionary/index.js';
import { formPages } from './records.js';

const BASE = '/api/visualdev/Base';
const RUN = '/api/visualdev/OnlineDev';
let systemId: string;
let onlineDevId: string;
let kinds: { id: string; fullName: string }[];

useDesignServer();
beforeAll(async () => {
  systemId = await mainSystemId(ctx());
  onlineDevId = await findMenuId(ctx(), 'onlineDev');
  kinds = (await dictionaryItems(ctx().db, 'webDesign')).slice(0, 2);
  expect(kinds).toHaveLength(2);
});

type Row = Record<string, unknown> & { id: string };

const fields = (): FieldConfig[] => [
  field('input', 'title', '标题', { required: true }),
  field('inputNumber', 'amount', '金额', {}, { min: 0, max: 100 }),
  field('select', 'kind', '类别', { dataType: 'dictionary', dictionaryType: 'webDesign' }, { props: {} }),
  field('input', 'parent', '上级'),
  field('input', 'secret', '机密'),
  field(
    'checkbox',
    'tags',
    '标签',
    {},
    {
      options: [
        { id: 'a', fullName: '甲' },
        { id: 'b', fullName: '乙' },
      ],
    },
  ),
];

const column = (prop: string, label: string, jnpfKey: string) =>
  ({ prop, label, jnpfKey, sortable: true }) as ColumnDataJson['columnList'][number];

const columnData = (patch: Partial<ColumnDataJson>): ColumnDataJson => ({
  type: 1,
  columnList: [
    column('title', '标题', 'input'),
    column('amount', '金额', 'inputNumber'),
    column('kind', '类别', 'select'),
    column('parent', '上级', 'input'),
    column('secret', '机密', 'input'),
  ],
  searchList: [{ prop: 'title', label: '标题', jnpfKey: 'input', searchType: 2, isKeyword: true }],
  btnsList: [{ value: 'add', label: '新增' }],
  columnBtnsList: [
    { value: 'edit', label: '编辑' },
    { value: 'remove', label: '删除' },
  ],
  hasPage: true,
  pageSize: 20,
  useBtnPermission: true,
  ...patch,
});

const design = (list: Partial<ColumnDataJson>) => {
  const enCode = unique('kind');
  return {
    fullName: `列表${enCode}`,
    enCode,
    type: 1,
    webType: 2,
    category: categoryId,
    sortCode: 0,
    formData: JSON.stringify(sampleForm('none', fields())),
    columnData: JSON.stringify(columnData(list)),
  };
};

const released = (list: Partial<ColumnDataJson>) => createReleased(server, admin, design(list));
const as = (token: string) => recordsAs(server, token, 50);
const titles = (rows: Row[]) => rows.map((r) => r.title).sort();

async function grant(
  userId: string,
  items: { module: string[]; button?: string[]; column?: string[]; resource?: string[] },
) {
  const res = await api('PUT', `/api/permission/Authority/Data/${userId}`, {
    json: { objectType: 'User', systemIds: [systemId], ...items },
  });
  expect(res.code, res.msg).toBe(200);
}

/** a data-permission scheme on the menu: field `code` op value */
async function scheme(menuId: string, code: string, op: string, value: unknown) {
  const [fieldRow] = await ctx()
    .db.select()
    .from(moduleDataAuthorize)
    .where(and(eq(moduleDataAuthorize.moduleId, menuId), eq(moduleDataAuthorize.enCode, code)));
  expect(fieldRow, code).toBeDefined();
  const res = await api<string>('POST', '/api/system/ModuleDataAuthorizeScheme', {
    json: {
      moduleId: menuId,
      fullName: unique('方案'),
      enCode: unique('s'),
      matchLogic: 'and',
      conditionJson: [{ logic: 'and', groups: [{ id: fieldRow!.id, field: code, op, value }] }],
    },
  });
  expect(res.code, res.msg).toBe(200);
  return res.data!;
}

async function create(model: ReleasedModel, values: Record<string, unknown>, token = admin) {
  const res = await as(token).create(model, values);
  expect(res.code, res.msg).toBe(200);
  return res.data!;
}

const tree = (model: { id: string }, token = admin) =>
  call<{ list: ListTreeNode[] }>(server, 'GET', `${RUN}/${model.id}/TreeData`, { token });
const children = (model: { id: string }, key: string, token = admin, body: Record<string, unknown> = {}) =>
  call<{ list: Row[]; pagination: { total: number } }>(server, 'POST', `${RUN}/${model.id}/List/${key}`, {
    token,
    json: body,
  });

describe('design checks of the kinds of list', () => {
  const refused = async (list: Partial<ColumnDataJson>) => {
    const res = await api('POST', BASE, { json: design(list) });
    expect(res.code, res.msg).toBe(401);
    return errorsOf(res);
  };

  it('refuses a kind without what it needs, naming the setting', async () => {
    expect(Object.keys(await refused({ type: 9 as never }))).toEqual(['columnData.type']);
    expect(Object.keys(await refused({ type: 2 })).sort()).toEqual([
      'columnData.treeDataSource',
      'columnData.treeRelation',
    ]);
    expect(
      Object.keys(await refused({ type: 2, treeDataSource: 'dictionary', treeRelation: 'nothing' })).sort(),
    ).toEqual(['columnData.treeDictionary', 'columnData.treeRelation']);
    expect(
      await refused({
        type: 2,
        treeDataSource: 'dictionary',
        treeDictionary: 'noSuchDictionary',
        treeRelation: 'kind',
      }),
    ).toHaveProperty('columnData.treeDictionary');
    expect(await refused({ type: 2, treeDataSource: 'api', treeRelation: 'kind' })).toHaveProperty(
      'columnData.treeInterfaceId',
    );
    expect(await refused({ type: 3, groupField: 'nothing' })).toHaveProperty('columnData.groupField');
    // a tree table's parent holds one record id: a checkbox's list cannot
    expect((await refused({ type: 5, parentField: 'tags' }))['columnData.parentField']).toBe(
      '请选择父级字段（单值字段）',
    );
  });

  it('saves each kind with its settings; an editable list needs nothing more', async () => {
    for (const list of [
      { type: 2, treeDataSource: 'organize', treeRelation: 'kind' },
      { type: 3, groupField: 'kind' },
      { type: 4 },
      { type: 5, parentField: 'parent' },
    ] as Partial<ColumnDataJson>[]) {
      const res = await api('POST', BASE, { json: design(list) });
      expect(res.code, JSON.stringify(res)).toBe(200);
    }
  });
});

describe('left-tree list (type 2)', () => {
  let model: ReleasedModel;
  beforeAll(async () => {
    model = await released({
      type: 2,
      treeTitle: '类别',
      treeDataSource: 'dictionary',
      treeDictionary: 'webDesign',
      treeRelation: 'kind',
      useDataPermission: true,
    });
    await create(model, { title: 'a1', kind: kinds[0]!.id });
    await create(model, { title: 'a2', kind: kinds[0]!.id, secret: 'mine' });
    await create(model, { title: 'b1', kind: kinds[1]!.id, secret: 'mine' });
    await create(model, { title: 'none' });
  });

  it('answers the dictionary tree and filters the table by the chosen node', async () => {
    const nodes = (await tree(model)).data!.list;
    expect(nodes.map((n) => n.id)).toEqual(expect.arrayContaining(kinds.map((k) => k.id)));
    expect(nodes.find((n) => n.id === kinds[0]!.id)?.fullName).toBe(kinds[0]!.fullName);

    const chosen = await as(admin).list(model, { queryJson: JSON.stringify({ kind: kinds[0]!.id }) });
    expect(titles(chosen.data!.list)).toEqual(['a1', 'a2']);
    // with the keyword and paging as a plain list
    const searched = await as(admin).list(model, {
      keyword: '2',
      pageSize: 1,
      queryJson: JSON.stringify({ kind: kinds[0]!.id }),
    });
    expect(titles(searched.data!.list)).toEqual(['a2']);
    expect(searched.data!.pagination.total).toBe(1);
    expect((await as(admin).list(model)).data!.pagination.total).toBe(4);
  });

  it('refuses a node that is not an id', async () => {
    for (const node of [{ a: 1 }, 5, [1, 2], 'x'.repeat(201)]) {
      const res = await as(admin).list(model, { queryJson: JSON.stringify({ kind: node }) });
      expect(res.code, JSON.stringify(node)).toBe(401);
      expect(errorsOf(res)).toHaveProperty('kind', '查询条件格式错误');
    }
  });

  it('holds a restricted user to their scope and their menu', async () => {
    const scoped = await scheme(model.menuId, 'secret', '==', 'mine');
    const user = await signedInUser(server);
    const stranger = await signedInUser(server);
    await grant(user.id, { module: [onlineDevId, model.menuId], resource: [scoped] });
    expect((await tree(model, user.token)).data!.list.length).toBeGreaterThan(0);
    const chosen = await as(user.token).list(model, {
      menuId: model.menuId,
      queryJson: JSON.stringify({ kind: kinds[0]!.id }),
    });
    expect(titles(chosen.data!.list)).toEqual(['a2']);
    // without the model's menu: neither the tree nor the list
    expect((await tree(model, stranger.token)).code).toBe(400);
    expect((await as(stranger.token).list(model)).code).toBe(400);
  });

  it('reads the organisation tree, and matches an organisation path by its last node', async () => {
    const org = await released({ type: 2, treeDataSource: 'organize', treeRelation: 'secret' });
    const nodes = (await tree(org)).data!.list;
    expect(nodes.length).toBeGreaterThan(0);
    const root = nodes[0]!;
    await create(org, { title: 'o1', secret: root.id });
    await create(org, { title: 'o2', secret: 'elsewhere' });
    const chosen = await as(admin).list(org, { queryJson: JSON.stringify({ secret: ['x', root.id] }) });
    expect(titles(chosen.data!.list)).toEqual(['o1']);
  });

  it("reads the same organisation tree for the reference's 'department' source", async () => {
    const byOrganize = await released({ type: 2, treeDataSource: 'organize', treeRelation: 'secret' });
    const byDepartment = await released({ type: 2, treeDataSource: 'department', treeRelation: 'secret' });
    const nodes = (await tree(byDepartment)).data!.list;
    expect(nodes.length).toBeGreaterThan(0);
    expect(nodes).toEqual((await tree(byOrganize)).data!.list);
  });

  it('reads a data interface tree with the design keys', async () => {
    const category = (await dictionaryItems(ctx().db, 'DataInterfaceType'))[0]!.id;
    const data = [{ value: 'p', name: '父', kids: [{ value: 'c', name: '子' }] }];
    const created = await api<string>('POST', '/api/system/DataInterface', {
      json: {
        fullName: unique('树接口'),
        enCode: unique('tree'),
        category,
        type: 2,
        hasPage: 0,
        action: 0,
        enabledMark: 1,
        parameterJson: null,
        dataConfigJson: JSON.stringify({ staticData: JSON.stringify(data) }),
      },
    });
    expect(created.code, created.msg).toBe(200);
    const viaApi = await released({
      type: 2,
      treeDataSource: 'api',
      treeInterfaceId: created.data!,
      treePropsValue: 'value',
      treePropsLabel: 'name',
      treePropsChildren: 'kids',
      treeRelation: 'secret',
    });
    expect((await tree(viaApi)).data!.list).toEqual([
      { id: 'p', fullName: '父', children: [{ id: 'c', fullName: '子' }] },
    ]);
  });

  it('answers no tree for a list of another kind', async () => {
    const plain = await released({});
    expect((await tree(plain)).msg).toBe('该功能不是左侧树形列表');
    // and a plain list does not take the relation as a search
    const res = await as(admin).list(plain, { queryJson: JSON.stringify({ kind: kinds[0]!.id }) });
    expect(res.code).toBe(401);
  });
});

describe('grouped list (type 3)', () => {
  it('answers each page of rows under its groups, in group order', async () => {
    const model = await released({ type: 3, groupField: 'kind', useColumnPermission: true });
    await create(model, { title: 'g1', kind: kinds[1]!.id });
    await create(model, { title: 'g2', kind: kinds[0]!.id });
    await create(model, { title: 'g3', kind: kinds[1]!.id });
    const page = (await as(admin).list(model)).data!;
    expect(page.pagination.total).toBe(3);
    expect(page.list).toHaveLength(2);
    for (const group of page.list) {
      expect(group).toMatchObject({ top: true });
      const rows = group.children as Row[];
      expect(new Set(rows.map((r) => r.kind_id))).toEqual(new Set([group.kind_id]));
      expect(group.kind).toBe(kinds.find((k) => k.id === group.kind_id)!.fullName);
    }
    expect(page.list.flatMap((g) => titles(g.children as Row[])).sort()).toEqual(['g1', 'g2', 'g3']);

    // a user not granted the group column sees the rows ungrouped
    const user = await signedInUser(server);
    await grant(user.id, { module: [onlineDevId, model.menuId], column: [model.columns.title!] });
    const flat = (await as(user.token).list(model, { menuId: model.menuId })).data!;
    expect(flat.list.map((r) => Object.keys(r).sort())).toEqual(Array(3).fill(['id', 'title', 'title_id']));
  });
});

describe('editable list (type 4)', () => {
  it('saves a row through the form checks and the edit button', async () => {
    const model = await released({ type: 4 });
    const id = await create(model, { title: 'e1', amount: 1 });
    const bad = await as(admin).update(model, id, { title: '', amount: 500 });
    expect(bad.code).toBe(401);
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(['amount', 'title']);
    expect((await as(admin).update(model, id, { amount: 7 })).code).toBe(200);
    expect((await as(admin).list(model)).data!.list[0]).toMatchObject({ title: 'e1', amount_id: 7 });

    const user = await signedInUser(server);
    await grant(user.id, { module: [onlineDevId, model.menuId] });
    // the list is theirs to read, not to edit
    expect((await as(user.token).list(model)).code).toBe(200);
    expect((await as(user.token).update(model, id, { amount: 8 })).code).toBe(400);
  });
});

describe('tree table (type 5)', () => {
  let model: ReleasedModel;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    model = await released({ type: 5, parentField: 'parent', useDataPermission: true });
    ids.root = await create(model, { title: 'root', secret: 'mine' });
    ids.lone = await create(model, { title: 'lone' });
    ids.child = await create(model, { title: 'child', parent: ids.root, secret: 'mine' });
    ids.hidden = await create(model, { title: 'hidden', parent: ids.root });
    ids.grand = await create(model, { title: 'grand', parent: ids.child, secret: 'mine' });
    ids.orphan = await create(model, { title: 'orphan', parent: ids.hidden, secret: 'mine' });
  });

  it('lists the top level with hasChildren, and each level through List/{key}', async () => {
    const top = (await as(admin).list(model)).data!;
    expect(titles(top.list)).toEqual(['lone', 'root']);
    expect(top.pagination.total).toBe(2);
    expect(Object.fromEntries(top.list.map((r) => [r.title, r.hasChildren]))).toEqual({ root: true, lone: false });
    const level = await children(model, ids.root!);
    expect(level.code, level.msg).toBe(200);
    expect(titles(level.data!.list)).toEqual(['child', 'hidden']);
    expect(level.data!.list.every((r) => r.hasChildren === true)).toBe(true);
    expect(titles((await children(model, ids.grand!)).data!.list)).toEqual([]);
    // a search finds records at every level
    const found = await as(admin).list(model, { keyword: 'grand' });
    expect(titles(found.data!.list)).toEqual(['grand']);
  });

  it('holds a restricted user to their scope: a record whose parent they cannot reach shows at the top', async () => {
    const scoped = await scheme(model.menuId, 'secret', '==', 'mine');
    const user = await signedInUser(server);
    await grant(user.id, { module: [onlineDevId, model.menuId], resource: [scoped] });
    const top = (await as(user.token).list(model, { menuId: model.menuId })).data!;
    expect(titles(top.list)).toEqual(['orphan', 'root']);
    const level = (await children(model, ids.root!, user.token, { menuId: model.menuId })).data!;
    expect(titles(level.list)).toEqual(['child']);
    // the children of a record outside their scope answer as those of a missing record
    expect((await children(model, ids.hidden!, user.token)).code).toBe(400);
  });

  it('keeps each level per parent, sort and scope; a write through the API shows in the next call', async () => {
    const tree = await released({ type: 5, parentField: 'parent', useDataPermission: true });
    const root = await create(tree, { title: 'r', secret: 'mine' });
    const other = await create(tree, { title: 'r2' });
    const a = await create(tree, { title: 'a', parent: root, secret: 'mine' });
    const b = await create(tree, { title: 'b', parent: root });
    const scoped = await scheme(tree.menuId, 'secret', '==', 'mine');
    const user = await signedInUser(server);
    await grant(user.id, { module: [onlineDevId, tree.menuId], resource: [scoped] });
    const level = async (key: string, token = admin, body: Record<string, unknown> = {}) => {
      const res = await children(tree, key, token, body);
      expect(res.code, res.msg).toBe(200);
      return res.data!.list.map((r) => r.title);
    };
    const mine = (key: string) => level(key, user.token, { menuId: tree.menuId });
    const sorted = (sort: string) => level(root, admin, { sidx: 'title', sort });
    // kept a minute: only an announced change can end a level
    formPages(ctx()).options.maxAgeMs = 60_000;
    try {
      expect((await level(root)).sort()).toEqual(['a', 'b']);
      expect(await sorted('asc')).toEqual(['a', 'b']);
      expect(await sorted('desc')).toEqual(['b', 'a']);
      // written past the API: the kept levels stand (each sort its own)
      await ctx()
        .db.insert(visualRecord)
        .values({ id: newId(), modelId: tree.id, data: { title: 'c', parent: root }, creatorTime: Date.now() - 1000 });
      expect((await level(root)).sort()).toEqual(['a', 'b']);
      expect(await sorted('desc')).toEqual(['b', 'a']);
      // another parent is another level; another scope is another answer
      expect(await level(other)).toEqual([]);
      expect(await mine(root)).toEqual(['a']);
      // the parent check is the caller's own: a record outside their scope answers as a missing one
      expect(await level(b)).toEqual([]);
      expect((await children(tree, b, user.token, { menuId: tree.menuId })).code).toBe(400);
      expect((await children(tree, b, user.token, { menuId: tree.menuId })).code).toBe(400);
      // updated, created and deleted through the API: the next call reads again
      expect((await as(admin).update(tree, a, { title: 'a2', parent: root, secret: 'mine' })).code).toBe(200);
      expect((await level(root)).sort()).toEqual(['a2', 'b', 'c']);
      expect(await mine(root)).toEqual(['a2']);
      expect(await sorted('desc')).toEqual(['c', 'b', 'a2']);
      await create(tree, { title: 'd', parent: other });
      expect(await level(other)).toEqual(['d']);
      expect((await as(admin).remove(tree, b)).code).toBe(200);
      expect((await level(root)).sort()).toEqual(['a2', 'c']);
      expect((await children(tree, b)).code).toBe(400);
    } finally {
      formPages(ctx()).options.maxAgeMs = 1000;
    }
  });

  it('refuses bad keys and lists of another kind', async () => {
    expect((await children(model, 'no-such-record')).code).toBe(400);
    expect((await children(model, 'a'.repeat(300))).code).toBe(401);
    const plain = await released({});
    expect((await children(plain, ids.root!)).msg).toBe('该功能不是树形表格');
  });
});
