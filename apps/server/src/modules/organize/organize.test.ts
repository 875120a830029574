// Companies and departments over HTTP against a real database: the tree and its selectors, create/update/delete/state
// with every refusal, moves that keep the subtree's paths right, cycles, bad input, and who may call what.
import { describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { organize, user, userRelation } from '../../db/schema/index.js';
import { newId } from '../../platform/ids.js';
import { call, signIn, startPeerServer, unique } from '../../../test/harness.js';
import { signedInUser, type MenuGrants } from '../../../test/kit/access.js';
import { admin, api, ctx, server } from '../../../test/kit/adminServer.js';
import { createCompany, createDepartment, createUser } from '../../../test/kit/directoryApi.js';
import type { Errors } from '../../../test/kit/recordScreens.js';
import { expectFieldRefusals, rootId, useHeadOfficeServer } from '../../../test/kit/recordScreens.js';
import { findNode } from '../../../test/kit/tree.js';

const BASE = '/api/permission/Organize';

useHeadOfficeServer();

interface OrgRow {
  id: string;
  parentId: string;
  fullName: string;
  type: string;
  organizeIdTree: string;
  organize: string;
  organizeIds: string[];
  hasChildren: boolean;
  num?: number;
  children: OrgRow[];
}

const company = (parentId = rootId, fields: Record<string, unknown> = {}) => createCompany(api, parentId, fields);
const department = (parentId: string, fields: Record<string, unknown> = {}) => createDepartment(api, parentId, fields);

const row = async (id: string) => (await ctx().db.select().from(organize).where(eq(organize.id, id)))[0]!;

/** a signed-in user granted the given menus and buttons directly */
const restrictedUser = (grants: MenuGrants = {}) =>
  signedInUser(server, { realName: '受限用户', organizeId: rootId }, { grants });

describe('the organisation tree', () => {
  it('lists companies and departments as one tree with paths, icons and types', async () => {
    const c = await company(rootId, { fullName: unique('华东公司') });
    const d = await department(c);
    const dd = await department(d);
    const res = await api<{ list: OrgRow[] }>('GET', BASE);
    expect(res.code).toBe(200);
    const root = res.data!.list.find((r) => r.id === rootId)!;
    expect(root.fullName).toBe('智慧园区集团');
    expect(root.type).toBe('company');
    const node = findNode(res.data!.list, dd)!;
    const [cName, dName] = [(await row(c)).fullName, (await row(d)).fullName];
    expect(node).toMatchObject({
      parentId: d,
      type: 'department',
      icon: 'icon-ym icon-ym-tree-department1',
      organizeIdTree: `${rootId},${c},${d},${dd}`,
      organize: `智慧园区集团/${cName}/${dName}/${(await row(dd)).fullName}`,
      organizeIds: [rootId, c, d, dd],
    });
    expect(findNode(res.data!.list, c)).toMatchObject({
      icon: 'icon-ym icon-ym-tree-organization3',
      hasChildren: true,
    });
  });

  it('filters by keyword (paths of gaps become names), type and enabledMark', async () => {
    const c = await company();
    const marker = unique('专项');
    const d = await department(c, { fullName: `${marker}组` });
    const byKeyword = await api<{ list: OrgRow[] }>('GET', BASE, { query: { keyword: marker } });
    expect(byKeyword.data!.list).toHaveLength(1);
    // alone in the result, the department is a root named by its full path
    expect(byKeyword.data!.list[0]).toMatchObject({
      id: d,
      fullName: `智慧园区集团/${(await row(c)).fullName}/${marker}组`,
    });
    const companies = await api<{ list: OrgRow[] }>('GET', BASE, { query: { type: 'company' } });
    expect(findNode(companies.data!.list, d)).toBeUndefined();
    expect(findNode(companies.data!.list, c)).toBeDefined();
    await api('PUT', `${BASE}/${d}/Actions/State`);
    const enabled = await api<{ list: OrgRow[] }>('GET', BASE, { query: { enabledMark: 1 } });
    expect(findNode(enabled.data!.list, d)).toBeUndefined();
    // a keyword is matched literally, SQL and LIKE characters included
    const odd = await api<{ list: OrgRow[] }>('GET', BASE, { query: { keyword: "%' or 1=1 --" } });
    expect(odd.code).toBe(200);
    expect(odd.data!.list).toEqual([]);
  });

  it('AsyncList gives the children of one node with child and member counts', async () => {
    const c = await company();
    const d1 = await department(c);
    await department(d1);
    const d2 = await department(c);
    const userId = newId();
    await ctx()
      .db.insert(user)
      .values({
        id: userId,
        account: unique('m'),
        realName: 'M',
        passwordHash: 'x',
        passwordSalt: 'x',
        organizeId: d2,
        creatorTime: Date.now(),
      });
    await ctx()
      .db.insert(userRelation)
      .values({ userId, objectType: 'Organize', objectId: d2, creatorTime: Date.now() });
    const res = await api<{ list: OrgRow[] }>('GET', `${BASE}/AsyncList/${c}`);
    expect(res.code).toBe(200);
    const byId = new Map(res.data!.list.map((r) => [r.id, r]));
    expect(byId.get(d1)).toMatchObject({ hasChildren: true, num: 0 });
    expect(byId.get(d2)).toMatchObject({ hasChildren: false, num: 1 });
    expect(byId.get(d1)!.organize).toBe(`智慧园区集团/${(await row(c)).fullName}/${(await row(d1)).fullName}`);
    const roots = await api<{ list: OrgRow[] }>('GET', `${BASE}/AsyncList/-1`);
    expect(roots.data!.list.map((r) => r.id)).toContain(rootId);
  });

  it('AsyncList answers kept for a second still show a new member and a renamed node at once', async () => {
    const c = await company();
    const d = await department(c, { fullName: unique('部门') });
    const level = async () =>
      (await api<{ list: OrgRow[] }>('GET', `${BASE}/AsyncList/${c}`)).data!.list.find((r) => r.id === d)!;
    expect((await level()).num).toBe(0);
    expect((await level()).num).toBe(0);
    await createUser(api, d);
    expect((await level()).num).toBe(1);
    const renamed = unique('改名');
    const { enCode } = await row(d);
    const body = { parentId: c, fullName: renamed, enCode, enabledMark: 1 };
    expect((await api('PUT', `${BASE}/Department/${d}`, { json: body })).code).toBe(200);
    expect((await level()).fullName).toBe(renamed);
  });

  it('Tree gives the top companies with companies below; Selector leaves out a node and its subtree', async () => {
    const c = await company();
    const cc = await company(c);
    const d = await department(c);
    const tree = await api<{ list: OrgRow[] }>('GET', `${BASE}/Tree`);
    expect(tree.data!.list.every((r) => r.parentId === '-1')).toBe(true);
    expect(findNode(tree.data!.list, cc)).toBeDefined();
    expect(findNode(tree.data!.list, d)).toBeUndefined();
    const selector = await api<{ list: OrgRow[] }>('GET', `${BASE}/Selector/${c}`);
    expect(findNode(selector.data!.list, c)).toBeUndefined();
    expect(findNode(selector.data!.list, cc)).toBeUndefined();
    expect(findNode(selector.data!.list, rootId)).toMatchObject({ organizeIds: [rootId] });
    const all = await api<{ list: OrgRow[] }>('GET', `${BASE}/Selector/0`);
    expect(findNode(all.data!.list, cc)).toBeDefined();
    const byAuth = await api<{ list: OrgRow[] }>('GET', `${BASE}/SelectorByAuth/0`);
    expect(findNode(byAuth.data!.list, cc)).toMatchObject({ organizeIds: [rootId, c, cc] });
    const departments = await api<{ list: OrgRow[] }>('GET', `${BASE}/Department/Selector/${d}`);
    expect(findNode(departments.data!.list, c)).toBeDefined();
    expect(findNode(departments.data!.list, d)).toBeUndefined();
    const departmentsByAuth = await api<{ list: OrgRow[] }>('GET', `${BASE}/Department/SelectorByAuth/0`);
    expect(findNode(departmentsByAuth.data!.list, d)).toMatchObject({ type: 'department' });
  });

  it('SearchSelector pages the enabled companies and departments matching a keyword, flat, with paths', async () => {
    const marker = unique('检索');
    const c = await company(rootId, { fullName: `${marker}公司`, sortCode: 0 });
    const depts: string[] = [];
    for (let n = 0; n < 5; n++) depts.push(await department(c, { fullName: `${marker}部${n}`, sortCode: n + 1 }));
    const off = await department(c, { fullName: `${marker}停用`, enabledMark: 0 });
    await department(c, { fullName: unique('无关') });
    type Found = { list: (OrgRow & { organize: string })[]; pagination: { total: number; currentPage: number } };
    const search = (query: Record<string, string | number>) => api<Found>('GET', `${BASE}/SearchSelector`, { query });

    const first = await search({ keyword: marker, currentPage: 1, pageSize: 4 });
    expect(first.code).toBe(200);
    expect(first.data!.pagination).toMatchObject({ currentPage: 1, total: 6 });
    // in the organisations' order (sort code, then newest); the disabled one is left out
    expect(first.data!.list.map((r) => r.id)).toEqual([c, ...depts.slice(0, 3)]);
    expect(first.data!.list[0]).toMatchObject({ type: 'company', organizeIds: [rootId, c] });
    expect(first.data!.list[1]).toMatchObject({ type: 'department', organizeIds: [rootId, c, depts[0]] });
    expect(first.data!.list[1]!.organize.endsWith(`/${marker}公司/${marker}部0`)).toBe(true);
    const second = await search({ keyword: marker, currentPage: 2, pageSize: 4 });
    expect(second.data!.list.map((r) => r.id)).toEqual(depts.slice(3));
    expect(second.data!.list.some((r) => r.id === off)).toBe(false);
    // by code too
    const { enCode } = await row(depts[2]!);
    expect((await search({ keyword: enCode })).data!.list.map((r) => r.id)).toEqual([depts[2]]);

    // the page is bounded and validated
    expect((await search({ keyword: marker, pageSize: 101 })).code).toBe(401);
    expect((await search({ keyword: marker, currentPage: 0 })).code).toBe(401);
    expect((await search({ keyword: 'x'.repeat(201) })).code).toBe(401);
  });

  it('OrganizeCondition gives the chosen organisations only, each under its nearest chosen ancestor', async () => {
    const c = await company();
    const d = await department(c);
    const dd = await department(d);
    const res = await api<{ list: OrgRow[] }>('POST', `${BASE}/OrganizeCondition`, {
      json: { departIds: [`${c}--company`, dd], keyword: '' },
    });
    expect(res.data!.list).toHaveLength(1);
    expect(res.data!.list[0]!.id).toBe(c);
    // the department in between is left out: the grandchild is named by the path below the company
    expect(res.data!.list[0]!.children[0]).toMatchObject({
      id: dd,
      parentId: c,
      fullName: `${(await row(d)).fullName}/${(await row(dd)).fullName}`,
    });
  });
});

describe('companies', () => {
  it('create, info, update and state', async () => {
    const input = {
      parentId: rootId,
      fullName: '北方分公司',
      enCode: 'north.branch',
      enabledMark: 1,
      sortCode: 5,
      description: '说明',
    };
    const propertyJson = { shortName: '北方', industry: 'x', foundedTime: 1_700_000_000_000, unknownKey: 'dropped' };
    const res = await api<string>('POST', BASE, { json: { ...input, propertyJson } });
    expect(res).toMatchObject({ code: 200, msg: '新建成功' });
    const id = res.data!;
    const info = await api<Record<string, unknown>>('GET', `${BASE}/${id}`);
    expect(info.data).toMatchObject({ id, ...input, organizeIdTree: [rootId], version: 0 });
    expect(JSON.parse(info.data!.propertyJson as string)).toEqual({
      shortName: '北方',
      industry: 'x',
      foundedTime: 1_700_000_000_000,
    });
    const rootInfo = await api<{ organizeIdTree: string[] }>('GET', `${BASE}/${rootId}`);
    expect(rootInfo.data!.organizeIdTree).toEqual(['-1']);
    const updated = await api('PUT', `${BASE}/${id}`, {
      json: { parentId: rootId, fullName: '北方公司', enCode: 'north.branch', enabledMark: 1, version: 0 },
    });
    expect(updated).toMatchObject({ code: 200, msg: '更新成功' });
    expect((await row(id)).fullName).toBe('北方公司');
    const stale = await api('PUT', `${BASE}/${id}`, {
      json: { parentId: rootId, fullName: '北方公司2', enCode: 'north.branch', enabledMark: 1, version: 0 },
    });
    expect(stale).toMatchObject({ code: 400, msg: '数据已被他人修改，请刷新后重试' });
    const state = await api('PUT', `${BASE}/${id}/Actions/State`);
    expect(state).toMatchObject({ code: 200, msg: '更新成功' });
    expect((await row(id)).enabledMark).toBe(0);
    await api('PUT', `${BASE}/${id}/Actions/State`);
    expect((await row(id)).enabledMark).toBe(1);
    expect(await api('PUT', `${BASE}/${newId()}/Actions/State`)).toMatchObject({
      code: 400,
      msg: '更新失败，数据不存在',
    });
    expect(await api('GET', `${BASE}/${newId()}`)).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(
      await api('PUT', `${BASE}/${newId()}`, {
        json: { parentId: rootId, fullName: 'x', enCode: 'x1', enabledMark: 1 },
      }),
    ).toMatchObject({ code: 400, msg: '更新失败，数据不存在' });
  });

  it('refuses duplicate names among siblings and duplicate codes anywhere', async () => {
    const name = unique('同名');
    const code = unique('CODE');
    await company(rootId, { fullName: name, enCode: code });
    expect(
      await api('POST', BASE, { json: { parentId: rootId, fullName: name, enCode: unique('C'), enabledMark: 1 } }),
    ).toMatchObject({
      code: 400,
      msg: '公司名称不能重复',
    });
    expect(
      await api('POST', BASE, { json: { parentId: rootId, fullName: unique('n'), enCode: code, enabledMark: 1 } }),
    ).toMatchObject({
      code: 400,
      msg: '公司编码不能重复',
    });
    // the same name under another parent is fine
    const other = await company();
    await company(other, { fullName: name });
    const d = await department(other);
    expect(
      await api('POST', `${BASE}/Department`, {
        json: { parentId: other, fullName: (await row(d)).fullName, enCode: unique('D'), enabledMark: 1 },
      }),
    ).toMatchObject({ code: 400, msg: '部门名称不能重复' });
    expect(
      await api('POST', `${BASE}/Department`, {
        json: { parentId: other, fullName: unique('x'), enCode: code, enabledMark: 1 },
      }),
    ).toMatchObject({ code: 400, msg: '部门编码不能重复' });
  });

  it('two creates with the same code at once: exactly one succeeds', async () => {
    const code = unique('RACE');
    const results = await Promise.all(
      [0, 1, 2].map((i) =>
        api('POST', BASE, { json: { parentId: rootId, fullName: unique(`并发${i}`), enCode: code, enabledMark: 1 } }),
      ),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.code === 400).every((r) => r.msg === '公司编码不能重复')).toBe(true);
  });

  it('refuses bad input with the field rules', async () => {
    const body = { parentId: rootId, fullName: unique('n'), enCode: unique('c'), enabledMark: 1 };
    const post = (patch: Record<string, unknown>) => api<Errors>('POST', BASE, { json: { ...body, ...patch } });
    await expectFieldRefusals(
      (patch) => post(patch),
      [
        [{ parentId: undefined }, 'parentId', '公司上级不能为空'],
        [{ fullName: undefined }, 'fullName', '公司名称不能为空'],
        [{ fullName: '   ' }, 'fullName', '公司名称不能为空'],
        [{ enCode: undefined }, 'enCode', '公司编码不能为空'],
        [{ fullName: 'x'.repeat(10_240) }, 'fullName', '名称最多为50个字符！'],
        [{ enCode: 'c'.repeat(10_240) }, 'enCode', '编码最多为50个字符！'],
        [{ fullName: 12345 }, 'fullName', '公司名称不能为空'],
        [{ fullName: "x'; drop table base_user; --" }, 'fullName', '名称不能含有特殊符号'],
        [{ fullName: 'abc\u202Egnp.exe' }, 'fullName', '名称不能含有特殊符号'],
        [{ fullName: 'a\u0000b' }, 'fullName', '含有不允许的字符'],
        [{ enCode: '.abc' }, 'enCode', '编码只能输入英文、数字和小数点且小数点不能放在首尾'],
        [{ enCode: 'a b' }, 'enCode', '编码只能输入英文、数字和小数点且小数点不能放在首尾'],
        [{ enCode: "1' or '1'='1" }, 'enCode', '编码只能输入英文、数字和小数点且小数点不能放在首尾'],
        [{ sortCode: 1_000_000 }, 'sortCode', '排序只能是0到999999的整数'],
        [{ sortCode: -1 }, 'sortCode', '排序只能是0到999999的整数'],
        [{ sortCode: 'abc' }, 'sortCode', '排序只能是0到999999的整数'],
        [{ enabledMark: 7 }, 'enabledMark', '状态只能是启用或禁用'],
        [{ description: 'd'.repeat(10_240) }, 'description', '内容长度超出限制'],
        [{ parentId: "1' or 1=1" }, 'parentId', '上级组织不存在'],
        [{ propertyJson: { webSite: 'w'.repeat(10_240) } }, 'propertyJson.webSite', '内容长度超出限制'],
      ],
    );
    const english = await call<Errors>(server, 'POST', BASE, {
      token: admin,
      headers: { 'jnpf-language': 'en' },
      json: { ...body, fullName: undefined },
    });
    expect(english.data!.errors.fullName).toBe('The company name cannot be empty');
    // not JSON at all
    const broken = await fetch(`${server.baseUrl}${BASE}`, {
      method: 'POST',
      headers: { authorization: admin, 'content-type': 'application/json' },
      body: '{"parentId":',
    }).then((r) => r.json() as Promise<{ code: number }>);
    expect(broken.code).toBe(401);
  });

  it('keeps odd but harmless unicode, ignores keys it does not know', async () => {
    const id = await company(rootId, {
      fullName: `研发🚀${unique('')}`,
      category: 'department',
      organizeIdTree: 'forged',
      creatorUserId: 'someone',
      version: 99,
    });
    const r = await row(id);
    expect(r.category).toBe('company');
    expect(r.organizeIdTree).toBe(`${rootId},${id}`);
    expect(r.fullName.startsWith('研发🚀')).toBe(true);
  });

  it('refuses a parent that does not exist, or a department as the parent of a company', async () => {
    expect(
      await api('POST', BASE, {
        json: { parentId: newId(), fullName: unique('n'), enCode: unique('c'), enabledMark: 1 },
      }),
    ).toMatchObject({
      code: 400,
      msg: '上级组织不存在',
    });
    const d = await department(rootId);
    expect(
      await api('POST', BASE, { json: { parentId: d, fullName: unique('n'), enCode: unique('c'), enabledMark: 1 } }),
    ).toMatchObject({
      code: 400,
      msg: '公司的上级只能是公司',
    });
    expect(
      await api('POST', `${BASE}/Department`, {
        json: { parentId: '-1', fullName: unique('n'), enCode: unique('c'), enabledMark: 1 },
      }),
    ).toMatchObject({ code: 400, msg: '所属组织不能为空' });
    expect(
      await api('POST', `${BASE}/Department`, {
        json: { parentId: rootId, fullName: unique('n'), enCode: unique('c'), enabledMark: 1, managerId: newId() },
      }),
    ).toMatchObject({ code: 400, msg: '部门主管不存在' });
  });
});

describe('updating with bad input', () => {
  it('an update is checked like a create; unknown keys change nothing', async () => {
    const c = await company();
    const d = await department(c);
    const current = await row(d);
    const body = { parentId: c, fullName: current.fullName, enCode: current.enCode, enabledMark: 1 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ parentId: undefined }, 'parentId', '所属组织不能为空'],
      [{ fullName: '' }, 'fullName', '部门名称不能为空'],
      [{ fullName: '部'.repeat(10_240) }, 'fullName', '名称最多为50个字符！'],
      [{ enCode: ['a'] }, 'enCode', '部门编码不能为空'],
      [{ enCode: "d'--" }, 'enCode', '编码只能输入英文、数字和小数点且小数点不能放在首尾'],
      [{ managerId: '1 or 1=1' }, 'managerId', '参数格式错误'],
      [{ fullName: 'x\u2066y' }, 'fullName', '名称不能含有特殊符号'],
      // a version that is not a number is refused (zod's own message, in the caller's language)
      [{ version: 'latest' }, 'version', ''],
    ];
    for (const [patch, field, message] of cases) {
      const res = await api<Errors>('PUT', `${BASE}/Department/${d}`, { json: { ...body, ...patch } });
      expect(res.code, field).toBe(401);
      if (field !== 'version') expect(res.data!.errors[field], field).toBe(message);
    }
    const res = await api('PUT', `${BASE}/Department/${d}`, {
      json: { ...body, category: 'company', organizeIdTree: 'x', id: 'other' },
    });
    expect(res.code).toBe(200);
    expect(await row(d)).toMatchObject({ category: 'department', organizeIdTree: current.organizeIdTree, id: d });
  });
});

describe('moving nodes', () => {
  it('a move rewrites the paths of the whole subtree', async () => {
    const a = await company();
    const b = await company();
    const d = await department(a);
    const dd = await department(d);
    const ddd = await department(dd);
    const current = await row(d);
    const res = await api('PUT', `${BASE}/Department/${d}`, {
      json: { parentId: b, fullName: current.fullName, enCode: current.enCode, enabledMark: 1 },
    });
    expect(res).toMatchObject({ code: 200, msg: '更新成功' });
    expect((await row(d)).organizeIdTree).toBe(`${rootId},${b},${d}`);
    expect((await row(dd)).organizeIdTree).toBe(`${rootId},${b},${d},${dd}`);
    expect((await row(ddd)).organizeIdTree).toBe(`${rootId},${b},${d},${dd},${ddd}`);
    const stale = await ctx()
      .db.select()
      .from(organize)
      .where(like(organize.organizeIdTree, `${rootId},${a},${d}%`));
    expect(stale).toHaveLength(0);
    const tree = await api<{ list: OrgRow[] }>('GET', BASE);
    expect(findNode(tree.data!.list, ddd)!.organize.split('/')[1]).toBe((await row(b)).fullName);
    const info = await api<{ organizeIdTree: string[] }>('GET', `${BASE}/Department/${ddd}`);
    expect(info.data!.organizeIdTree).toEqual([rootId, b, d, dd]);
  });

  it('refuses a move under itself or below itself', async () => {
    const c = await company();
    const d = await department(c);
    const dd = await department(d);
    const current = await row(d);
    const move = (parentId: string) =>
      api('PUT', `${BASE}/Department/${d}`, {
        json: { parentId, fullName: current.fullName, enCode: current.enCode, enabledMark: 1 },
      });
    expect(await move(d)).toMatchObject({ code: 400, msg: '当前机构Id不能与父机构Id相同' });
    expect(await move(dd)).toMatchObject({ code: 400, msg: '当前机构Id不能与父机构Id相同' });
    const cc = await company(c);
    const top = await row(c);
    expect(
      await api('PUT', `${BASE}/${c}`, {
        json: { parentId: cc, fullName: top.fullName, enCode: top.enCode, enabledMark: 1 },
      }),
    ).toMatchObject({ code: 400, msg: '当前机构Id不能与父机构Id相同' });
    // a company cannot be edited as a department, nor a department as a company
    expect(
      await api('PUT', `${BASE}/${d}`, { json: { parentId: c, fullName: 'x', enCode: unique('x'), enabledMark: 1 } }),
    ).toMatchObject({
      code: 400,
      msg: '更新失败，数据不存在',
    });
  });

  it('two opposite moves at once never build a cycle', async () => {
    const c = await company();
    const a = await department(c);
    const b = await department(c);
    const [ra, rb] = [await row(a), await row(b)];
    const results = await Promise.all([
      api('PUT', `${BASE}/Department/${a}`, {
        json: { parentId: b, fullName: ra.fullName, enCode: ra.enCode, enabledMark: 1 },
      }),
      api('PUT', `${BASE}/Department/${b}`, {
        json: { parentId: a, fullName: rb.fullName, enCode: rb.enCode, enabledMark: 1 },
      }),
    ]);
    expect(results.map((r) => r.code).sort()).toEqual([200, 400]);
    const [na, nb] = [await row(a), await row(b)];
    expect(na.organizeIdTree.split(',').includes(b) && nb.organizeIdTree.split(',').includes(a)).toBe(false);
  });
});

describe('deleting', () => {
  it('refuses while something depends on the node, names what, then deletes', async () => {
    const c = await company();
    const d = await department(c);
    expect(await api('DELETE', `${BASE}/${c}`)).toMatchObject({
      code: 400,
      msg: '此记录与"组织"关联引用，不允许被删除',
    });

    const pos = await api<string>('POST', '/api/permission/Position', {
      json: { organizeId: d, fullName: unique('岗'), enCode: unique('P'), type: 1, enabledMark: 1 },
    });
    expect(pos.code, pos.msg).toBe(200);
    expect(await api('DELETE', `${BASE}/${d}`)).toMatchObject({
      code: 400,
      msg: '此记录与"岗位"关联引用，不允许被删除',
    });
    expect((await api('DELETE', `/api/permission/Position/${pos.data}`)).code).toBe(200);

    const role = await api<string>('POST', '/api/permission/Role', {
      json: {
        fullName: unique('角'),
        enCode: unique('R'),
        globalMark: 0,
        organizeIdsTree: [[rootId, c, d]],
        enabledMark: 1,
      },
    });
    expect(role.code, role.msg).toBe(200);
    expect(await api('DELETE', `${BASE}/Department/${d}`)).toMatchObject({
      code: 400,
      msg: '此记录与"角色"关联引用，不允许被删除',
    });
    expect((await api('DELETE', `/api/permission/Role/${role.data}`)).code).toBe(200);

    const member = await api<string>('POST', '/api/permission/Users', {
      json: { account: unique('u'), realName: '成员', organizeId: d, gender: 1 },
    });
    expect(member.code, member.msg).toBe(200);
    expect(await api('DELETE', `${BASE}/${d}`)).toMatchObject({
      code: 400,
      msg: '此记录与"用户"关联引用，不允许被删除',
    });
    expect((await api('DELETE', `/api/permission/Users/${member.data}`)).code).toBe(200);

    expect(await api('DELETE', `${BASE}/Department/${d}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await api('DELETE', `${BASE}/${c}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await api('DELETE', `${BASE}/${c}`)).toMatchObject({ code: 400, msg: '删除失败，数据不存在' });
  });
});

describe('permissions', () => {
  it('needs a signed-in caller', async () => {
    expect((await call(server, 'GET', BASE)).code).toBe(602);
    expect((await call(server, 'POST', BASE, { json: {} })).code).toBe(602);
  });

  it('the tree needs one of the organisation-structure menus; writes need the button', async () => {
    const nobody = await restrictedUser();
    expect(await call(server, 'GET', BASE, { token: nobody.token })).toMatchObject({ code: 400, msg: '没有访问权限' });
    expect((await call(server, 'GET', `${BASE}/AsyncList/-1`, { token: nobody.token })).code).toBe(400);
    // pickers are open to every signed-in user
    expect((await call(server, 'GET', `${BASE}/Department/Selector/0`, { token: nobody.token })).code).toBe(200);
    expect((await call(server, 'GET', `${BASE}/SearchSelector?keyword=x`, { token: nobody.token })).code).toBe(200);
    expect((await call(server, 'GET', `${BASE}/SearchSelector?keyword=x`)).code).toBe(602);
    expect((await call(server, 'GET', `${BASE}/Tree`, { token: nobody.token })).code).toBe(200);

    const reader = await restrictedUser({ 'permission.user': [] });
    expect((await call(server, 'GET', BASE, { token: reader.token })).code).toBe(200);
    expect((await call(server, 'GET', `${BASE}/${rootId}`, { token: reader.token })).code).toBe(400);
    const body = { parentId: rootId, fullName: unique('n'), enCode: unique('c'), enabledMark: 1 };
    expect((await call(server, 'POST', `${BASE}/Department`, { token: reader.token, json: body })).code).toBe(400);

    const departments = await restrictedUser({ 'permission.department': ['btn_add'] });
    expect((await call(server, 'POST', `${BASE}/Department`, { token: departments.token, json: body })).code).toBe(200);
    // a company needs the organisation menu
    expect(
      await call(server, 'POST', BASE, {
        token: departments.token,
        json: { ...body, fullName: unique('n'), enCode: unique('c') },
      }),
    ).toMatchObject({ code: 400, msg: '没有访问权限' });
    const noEdit = await call(server, 'PUT', `${BASE}/Department/${rootId}/Actions/State`, {
      token: departments.token,
    });
    expect(noEdit.code).toBe(400);
  });
});

describe('renaming', () => {
  it('a new name shows in the CurrentUser of members at their next call', async () => {
    const c = await company();
    const d = await department(c);
    const created = await api<string>('POST', '/api/permission/Users', {
      json: { account: unique('u'), realName: '组织成员', organizeId: d, gender: 1 },
    });
    const account = (await ctx().db.select().from(user).where(eq(user.id, created.data!)))[0]!.account;
    const token = await signIn(server, account, '0000');
    const before = await call<{ userInfo: { organizeName: string } }>(server, 'GET', '/api/oauth/CurrentUser', {
      token,
    });
    expect(before.data!.userInfo.organizeName.endsWith((await row(d)).fullName)).toBe(true);
    const current = await row(d);
    await api('PUT', `${BASE}/Department/${d}`, {
      json: { parentId: c, fullName: '改名后的部门', enCode: current.enCode, enabledMark: 1 },
    });
    const after = await call<{ userInfo: { organizeName: string } }>(server, 'GET', '/api/oauth/CurrentUser', {
      token,
    });
    expect(after.data!.userInfo.organizeName).toBe(`智慧园区集团/${(await row(c)).fullName}/改名后的部门`);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)('two processes', () => {
  it('a change made in one process shows in the other at its next call', async () => {
    const peer = await startPeerServer(server);
    try {
      const c = await company();
      const tree = () => call<{ list: OrgRow[] }>(peer, 'GET', BASE, { token: admin });
      // the peer reads the tree (and keeps it)
      expect(findNode((await tree()).data!.list, c)).toBeDefined();
      const current = await row(c);
      await api('PUT', `${BASE}/${c}`, {
        json: { parentId: rootId, fullName: '跨进程改名', enCode: current.enCode, enabledMark: 1 },
      });
      await expect
        .poll(async () => findNode((await tree()).data!.list, c)?.fullName, { timeout: 5000 })
        .toBe('跨进程改名');
    } finally {
      await peer.close();
    }
  });
});
