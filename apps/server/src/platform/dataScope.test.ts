// The data-permission filter on a fixture table: each system variable over a fixture organisation tree and
// reporting line, the operators, several schemes at once, and the cases with no restriction or no rows.
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { user } from '../db/schema/index.js';
import { api, ctx, useAdminServer } from '../../test/kit/adminServer.js';
import { insertOrganize, insertUser } from '../../test/kit/directory.js';
import { mainSystemId } from '../../test/kit/menus.js';
import { dataScopeOf, scopeWhere, type ScopeColumns } from './dataScope.js';
import { AppError } from './errors.js';

const rowsTable = pgTable('test_scope_rows', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id'),
  orgId: text('org_id'),
  amount: integer('amount'),
  title: text('title'),
});
const columns: ScopeColumns = {
  ownerId: rowsTable.ownerId,
  orgId: rowsTable.orgId,
  amount: rowsTable.amount,
  title: rowsTable.title,
};

let pageId: string;

/** the fixture: A ⊃ B ⊃ C and A ⊃ D; boss works in B, manages B and D; u1 reports to boss, u2 to u1 */
const f = {} as Record<'A' | 'B' | 'C' | 'D' | 'boss' | 'u1' | 'u2' | 'u3', string>;
const fields: Record<string, string> = {};

useAdminServer();
beforeAll(async () => {
  const a = await insertOrganize(ctx(), null);
  const b = await insertOrganize(ctx(), a);
  const c = await insertOrganize(ctx(), b);
  const d = await insertOrganize(ctx(), a);
  Object.assign(f, { A: a.id, B: b.id, C: c.id, D: d.id });
  f.boss = (await insertUser(ctx(), { organizeId: f.B })).id;
  f.u1 = (await insertUser(ctx(), { managerId: f.boss, organizeId: f.C })).id;
  f.u2 = (await insertUser(ctx(), { managerId: f.u1, organizeId: f.C })).id;
  f.u3 = (await insertUser(ctx(), { organizeId: f.D })).id;
  await ctx().database.query(`update base_organize set manager_id = $1 where id in ($2, $3)`, [f.boss, f.B, f.D]);
  await ctx().database.query(
    'create table test_scope_rows (id text primary key, owner_id text, org_id text, amount integer, title text)',
  );
  await ctx()
    .db.insert(rowsTable)
    .values([
      { id: 'r-boss', ownerId: f.boss, orgId: f.B, amount: 50, title: 'alpha report' },
      { id: 'r-u1', ownerId: f.u1, orgId: f.C, amount: 150, title: 'beta plan' },
      { id: 'r-u2', ownerId: f.u2, orgId: f.C, amount: 250, title: null },
      { id: 'r-u3', ownerId: f.u3, orgId: f.D, amount: 350, title: '' },
      { id: 'r-top', ownerId: null, orgId: f.A, amount: null, title: 'gamma 100%' },
    ]);
  const mainId = await mainSystemId(ctx());
  pageId = (
    await api<string>('POST', '/api/system/Menu', {
      json: {
        parentId: '-1',
        systemId: mainId,
        type: 2,
        fullName: '订单',
        enCode: 'scope.orders',
        isDataAuthorize: 1,
      },
    })
  ).data!;
  for (const [enCode, type, symbols, text] of [
    ['ownerId', 'varchar', '==,<>,in,notIn,null,notNull', '@userId'],
    ['orgId', 'varchar', '==,in,notIn', '@organizeId'],
    ['amount', 'int', '>,>=,<,<=,between,==', 'inputNumber'],
    ['title', 'varchar', 'like,notLike,null,notNull', 'input'],
  ] as const) {
    const created = await api<string>('POST', '/api/system/ModuleDataAuthorize', {
      json: { moduleId: pageId, fullName: enCode, enCode, type, conditionSymbol: symbols, conditionText: text },
    });
    fields[enCode] = created.data!;
  }
});

type Cond = { field: string; op: string; value?: unknown };
let schemeCount = 0;
async function scheme(
  groups: Cond[][],
  options: { matchLogic?: 'and' | 'or'; logic?: 'and' | 'or'; enCode?: string } = {},
) {
  const enCode = options.enCode ?? `s${++schemeCount}`;
  const res = await api<string>('POST', '/api/system/ModuleDataAuthorizeScheme', {
    json: {
      moduleId: pageId,
      fullName: enCode,
      enCode,
      matchLogic: options.matchLogic ?? 'and',
      ...(enCode === 'jnpf_alldata'
        ? { allData: 1 }
        : {
            conditionJson: groups.map((g) => ({
              logic: options.logic ?? 'and',
              groups: g.map((c) => ({ id: fields[c.field], ...c })),
            })),
          }),
    },
  });
  expect(res.code, res.msg).toBe(200);
  return res.data!;
}

/** grants the boss the page and these schemes directly, then answers the ids the boss may see */
async function visible(schemeIds: string[], who = f.boss, menu = pageId): Promise<string[] | 'all'> {
  const saved = await api('PUT', `/api/permission/Authority/Data/${who}`, {
    json: { objectType: 'User', module: [pageId], resource: schemeIds },
  });
  expect(saved.code, saved.msg).toBe(200);
  const filter = await dataScopeOf(ctx()).filter({ user: { userId: who, isAdministrator: false }, menu, columns });
  if (filter.kind === 'all') return 'all';
  const rows = await ctx().db.select({ id: rowsTable.id }).from(rowsTable).where(scopeWhere(filter));
  return rows.map((r) => r.id).sort();
}

describe('who is not restricted, who sees nothing', () => {
  it('administrators and menus without data permission are not restricted', async () => {
    const filter = await dataScopeOf(ctx()).filter({
      user: { userId: 'x', isAdministrator: true },
      menu: pageId,
      columns,
    });
    expect(filter).toEqual({ kind: 'all' });
    const mainId = await mainSystemId(ctx());
    const plain = await api<string>('POST', '/api/system/Menu', {
      json: {
        parentId: '-1',
        systemId: mainId,
        type: 2,
        fullName: '无数据权限',
        enCode: 'scope.plain',
        isDataAuthorize: 0,
      },
    });
    await api('PUT', `/api/permission/Authority/Data/${f.u3}`, { json: { objectType: 'User', module: [plain.data] } });
    const open = await dataScopeOf(ctx()).filter({
      user: { userId: f.u3, isAdministrator: false },
      menu: 'scope.plain',
      columns,
    });
    expect(open).toEqual({ kind: 'all' });
  });

  it('data permission on and no scheme granted, or the menu not granted: no rows', async () => {
    expect(await visible([])).toEqual([]);
    const filter = await dataScopeOf(ctx()).filter({
      user: { userId: f.u3, isAdministrator: false },
      menu: pageId,
      columns,
    });
    expect(filter).toEqual({ kind: 'none' });
    expect(scopeWhere(filter)).toBeDefined();
  });

  it('the "all data" scheme lifts every restriction, also next to others', async () => {
    const all = await scheme([], { enCode: 'jnpf_alldata' });
    const mine = await scheme([[{ field: 'ownerId', op: '==', value: '@userId' }]]);
    expect(await visible([all])).toBe('all');
    expect(await visible([mine, all])).toBe('all');
  });
});

describe('system variables', () => {
  it('@userId: the user’s own rows', async () => {
    expect(await visible([await scheme([[{ field: 'ownerId', op: '==', value: '@userId' }]])])).toEqual(['r-boss']);
  });

  it('@userAndSubordinates (and the reference’s @userAraSubordinates): the user and everyone reporting up to them', async () => {
    expect(await visible([await scheme([[{ field: 'ownerId', op: 'in', value: '@userAndSubordinates' }]])])).toEqual([
      'r-boss',
      'r-u1',
      'r-u2',
    ]);
    expect(await visible([await scheme([[{ field: 'ownerId', op: '==', value: '@userAraSubordinates' }]])])).toEqual([
      'r-boss',
      'r-u1',
      'r-u2',
    ]);
    // u1 sees u1 and u2; u2 only itself
    const s = await scheme([[{ field: 'ownerId', op: 'in', value: '@userAndSubordinates' }]]);
    expect(await visible([s], f.u1)).toEqual(['r-u1', 'r-u2']);
    expect(await visible([s], f.u2)).toEqual(['r-u2']);
  });

  it('@organizeId: rows of the user’s organisation', async () => {
    expect(await visible([await scheme([[{ field: 'orgId', op: '==', value: '@organizeId' }]])])).toEqual(['r-boss']);
  });

  it('@organizationAndSuborganization: the organisation and everything below it', async () => {
    const s = await scheme([[{ field: 'orgId', op: 'in', value: '@organizationAndSuborganization' }]]);
    expect(await visible([s])).toEqual(['r-boss', 'r-u1', 'r-u2']);
    expect(await visible([s], f.u3)).toEqual(['r-u3']);
  });

  it('@branchManageOrganize and @branchManageOrganizeAndSub: the organisations the user manages (and below)', async () => {
    expect(await visible([await scheme([[{ field: 'orgId', op: 'in', value: '@branchManageOrganize' }]])])).toEqual([
      'r-boss',
      'r-u3',
    ]);
    expect(
      await visible([await scheme([[{ field: 'orgId', op: 'in', value: '@branchManageOrganizeAndSub' }]])]),
    ).toEqual(['r-boss', 'r-u1', 'r-u2', 'r-u3']);
    // someone managing nothing sees nothing through it
    expect(
      await visible([await scheme([[{ field: 'orgId', op: 'in', value: '@branchManageOrganize' }]])], f.u2),
    ).toEqual([]);
  });

  it('a new report is seen at the next request once users change', async () => {
    const s = await scheme([[{ field: 'ownerId', op: 'in', value: '@userAndSubordinates' }]]);
    expect(await visible([s], f.u2)).toEqual(['r-u2']);
    await ctx().db.update(user).set({ managerId: f.u2 }).where(eq(user.id, f.u3));
    await ctx().directory.changed(f.u3);
    expect(await visible([s], f.u2)).toEqual(['r-u2', 'r-u3']);
    await ctx().db.update(user).set({ managerId: null }).where(eq(user.id, f.u3));
    await ctx().directory.changed(f.u3);
  });

  it('builds a filter once and gives that one until grants or users change', async () => {
    const s = await scheme([[{ field: 'ownerId', op: 'in', value: '@userId' }]]);
    expect(await visible([s], f.u1)).toEqual(['r-u1']);
    const request = { user: { userId: f.u1, isAdministrator: false }, menu: pageId, columns };
    const first = await dataScopeOf(ctx()).filter(request);
    expect(await dataScopeOf(ctx()).filter(request)).toBe(first);
    // another scheme granted: the filter is built anew
    const everyone = await scheme([[{ field: 'ownerId', op: 'notNull' }]]);
    expect(await visible([s, everyone], f.u1)).not.toEqual(['r-u1']);
    const afterGrant = await dataScopeOf(ctx()).filter(request);
    expect(afterGrant).not.toBe(first);
    await ctx().directory.changed(f.u1);
    expect(await dataScopeOf(ctx()).filter(request)).not.toBe(afterGrant);
  });
});

describe('operators and logic', () => {
  it('compares, ranges, lists, text and emptiness', async () => {
    const one = async (c: Cond) => visible([await scheme([[c]])]);
    expect(await one({ field: 'amount', op: '>', value: 150 })).toEqual(['r-u2', 'r-u3']);
    expect(await one({ field: 'amount', op: '>=', value: '150' })).toEqual(['r-u1', 'r-u2', 'r-u3']);
    expect(await one({ field: 'amount', op: '<', value: 150 })).toEqual(['r-boss']);
    expect(await one({ field: 'amount', op: '<=', value: 150 })).toEqual(['r-boss', 'r-u1']);
    expect(await one({ field: 'amount', op: 'between', value: [100, 300] })).toEqual(['r-u1', 'r-u2']);
    expect(await one({ field: 'ownerId', op: 'in', value: [f.u1, f.u3] })).toEqual(['r-u1', 'r-u3']);
    expect(await one({ field: 'ownerId', op: 'notIn', value: [f.u1, f.u3] })).toEqual(['r-boss', 'r-u2']);
    expect(await one({ field: 'ownerId', op: '<>', value: '@userId' })).toEqual(['r-u1', 'r-u2', 'r-u3']);
    // organisation pickers send paths: the last id of each counts
    expect(
      await one({
        field: 'orgId',
        op: 'in',
        value: [
          [f.A, f.B],
          [f.A, f.D],
        ],
      }),
    ).toEqual(['r-boss', 'r-u3']);
    expect(await one({ field: 'title', op: 'like', value: 'a' })).toEqual(['r-boss', 'r-top', 'r-u1']);
    // LIKE wildcards in a value are matched literally
    expect(await one({ field: 'title', op: 'like', value: '100%' })).toEqual(['r-top']);
    expect(await one({ field: 'title', op: 'like', value: '%' })).toEqual(['r-top']);
    expect(await one({ field: 'title', op: 'notLike', value: 'plan' })).toEqual(['r-boss', 'r-top', 'r-u3']);
    expect(await one({ field: 'title', op: 'null' })).toEqual(['r-u2', 'r-u3']);
    expect(await one({ field: 'title', op: 'notNull' })).toEqual(['r-boss', 'r-top', 'r-u1']);
    expect(await one({ field: 'ownerId', op: 'null' })).toEqual(['r-top']);
  });

  it('long lists (sent as one array parameter) mean the same as short ones, numbers too', async () => {
    const one = async (c: Cond) => visible([await scheme([[c]])]);
    const padding = Array.from({ length: 40 }, (_, i) => `nobody-${i}`);
    expect(await one({ field: 'ownerId', op: 'in', value: [f.u1, ...padding, f.u3] })).toEqual(['r-u1', 'r-u3']);
    expect(await one({ field: 'ownerId', op: '==', value: [...padding, f.u2] })).toEqual(['r-u2']);
    expect(await one({ field: 'ownerId', op: 'notIn', value: [f.u1, ...padding, f.u3] })).toEqual(['r-boss', 'r-u2']);
    const amounts = Array.from({ length: 30 }, (_, i) => 1000 + i);
    expect(await one({ field: 'amount', op: 'in', value: [150, ...amounts] })).toEqual(['r-u1']);
    expect(await one({ field: 'amount', op: 'notIn', value: [150, ...amounts] })).toEqual(['r-boss', 'r-u2', 'r-u3']);
  });

  it('joins conditions by group logic, groups by the scheme’s logic, and several schemes with OR', async () => {
    const andGroup = await scheme([
      [
        { field: 'ownerId', op: 'in', value: '@userAndSubordinates' },
        { field: 'amount', op: '>', value: 100 },
      ],
    ]);
    expect(await visible([andGroup])).toEqual(['r-u1', 'r-u2']);
    const orGroup = await scheme(
      [
        [
          { field: 'ownerId', op: '==', value: '@userId' },
          { field: 'amount', op: '>', value: 300 },
        ],
      ],
      { logic: 'or' },
    );
    expect(await visible([orGroup])).toEqual(['r-boss', 'r-u3']);
    const andGroups = await scheme(
      [
        [{ field: 'orgId', op: 'in', value: '@organizationAndSuborganization' }],
        [{ field: 'amount', op: '<', value: 200 }],
      ],
      { matchLogic: 'and' },
    );
    expect(await visible([andGroups])).toEqual(['r-boss', 'r-u1']);
    const orGroups = await scheme(
      [[{ field: 'orgId', op: '==', value: '@organizeId' }], [{ field: 'amount', op: '>', value: 300 }]],
      { matchLogic: 'or' },
    );
    expect(await visible([orGroups])).toEqual(['r-boss', 'r-u3']);
    const mine = await scheme([[{ field: 'ownerId', op: '==', value: '@userId' }]]);
    const theirs = await scheme([[{ field: 'ownerId', op: '==', value: f.u3 }]]);
    expect(await visible([mine, theirs])).toEqual(['r-boss', 'r-u3']);
  });

  it('refuses a field the caller did not map, and never puts values into the SQL text', async () => {
    const s = await scheme([[{ field: 'ownerId', op: '==', value: "x' or '1'='1" }]]);
    expect(await visible([s])).toEqual([]);
    const filter = await dataScopeOf(ctx()).filter({
      user: { userId: f.boss, isAdministrator: false },
      menu: pageId,
      columns,
    });
    expect(filter.kind).toBe('where');
    const { sql: text, params } = ctx().db.select().from(rowsTable).where(scopeWhere(filter)).toSQL();
    expect(text).not.toContain("'1'='1");
    expect(params).toContain("x' or '1'='1");
    await expect(
      dataScopeOf(ctx()).filter({
        user: { userId: f.boss, isAdministrator: false },
        menu: pageId,
        columns: { amount: rowsTable.amount },
      }),
    ).rejects.toBeInstanceOf(AppError);
    await expect(
      dataScopeOf(ctx()).filter({
        user: { userId: f.boss, isAdministrator: false },
        menu: pageId,
        columns: { amount: rowsTable.amount },
      }),
    ).rejects.toMatchObject({ key: 'dataScope.unknownField', params: { field: 'ownerId' } });
    // the filter composes with other conditions
    const rows = await ctx()
      .db.select({ id: rowsTable.id })
      .from(rowsTable)
      .where(
        and(
          eq(rowsTable.orgId, f.B),
          scopeWhere(
            await dataScopeOf(ctx()).filter({
              user: { userId: f.boss, isAdministrator: false },
              menu: pageId,
              columns,
            }),
          ),
        ),
      );
    expect(rows).toEqual([]);
  });
});
