// The department screen over HTTP against a real database: the departments of one company (paged, searched,
// sorted, with their managers), create/info/update/state/delete under /Organize/Department, bad input, and
// who may call what.
import { describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.js';
import { call, unique } from '../../../test/harness.js';
import { signedInUser, type MenuGrants } from '../../../test/kit/access.js';
import { api, ctx, server } from '../../../test/kit/adminServer.js';
import { insertUser } from '../../../test/kit/directory.js';
import { createCompany, createDepartment } from '../../../test/kit/directoryApi.js';
import type { Errors } from '../../../test/kit/recordScreens.js';
import { expectFieldRefusals, rootId, useHeadOfficeServer } from '../../../test/kit/recordScreens.js';

const BASE = '/api/permission/Organize/Department';

useHeadOfficeServer();

interface DepartmentRow {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  managerId: string;
  manager: string;
  organize: string;
  description: string;
  enabledMark: number;
  sortCode: number;
  creatorTime: number;
}
interface Paged {
  list: DepartmentRow[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

const list = (query: Record<string, string | number>) => api<Paged>('GET', BASE, { query });

describe('the departments of a company', () => {
  it('lists its departments at every depth, not those of its sub-companies, with manager and path', async () => {
    const company = await createCompany(api, rootId);
    const manager = await insertUser(ctx(), { realName: '李主管', account: unique('mgr') });
    const sales = await createDepartment(api, company, {
      fullName: '销售部',
      managerId: manager.id,
      sortCode: 2,
      description: '卖东西',
    });
    const east = await createDepartment(api, sales, { fullName: '华东组', sortCode: 1 });
    const sub = await createCompany(api, company);
    await createDepartment(api, sub, { fullName: '子公司部门' });

    const res = await list({ organizeId: company });
    expect(res.code).toBe(200);
    expect(res.data!.pagination).toEqual({ currentPage: 1, pageSize: 20, total: 2 });
    // tree order: a department before those below it
    expect(res.data!.list.map((r) => r.id)).toEqual([sales, east]);
    expect(res.data!.list[0]).toMatchObject({
      parentId: company,
      fullName: '销售部',
      managerId: manager.id,
      manager: `李主管/${manager.account}`,
      description: '卖东西',
      enabledMark: 1,
      sortCode: 2,
    });
    expect(res.data!.list[1]).toMatchObject({ parentId: sales, manager: '', managerId: '' });
    expect(res.data!.list[1]!.organize.endsWith('/销售部/华东组')).toBe(true);
    expect(typeof res.data!.list[0]!.creatorTime).toBe('number');
  });

  it('searches by name or code, sorts by a column and pages', async () => {
    const company = await createCompany(api, rootId);
    const marker = unique('研发');
    for (const n of [3, 1, 2]) await createDepartment(api, company, { fullName: `${marker}${n}`, sortCode: n });
    await createDepartment(api, company, { fullName: unique('行政') });

    const found = await list({ organizeId: company, keyword: marker, sidx: 'sortCode', sort: 'asc' });
    expect(found.data!.list.map((r) => r.fullName)).toEqual([1, 2, 3].map((n) => `${marker}${n}`));
    const byCode = await list({ organizeId: company, keyword: found.data!.list[0]!.enCode });
    expect(byCode.data!.list.map((r) => r.fullName)).toEqual([`${marker}1`]);
    const descending = await list({ organizeId: company, keyword: marker, sidx: 'fullName', sort: 'desc' });
    expect(descending.data!.list.map((r) => r.fullName)).toEqual([3, 2, 1].map((n) => `${marker}${n}`));

    const second = await list({
      organizeId: company,
      keyword: marker,
      sidx: 'sortCode',
      sort: 'asc',
      currentPage: 2,
      pageSize: 2,
    });
    expect(second.data!.list.map((r) => r.fullName)).toEqual([`${marker}3`]);
    expect(second.data!.pagination).toEqual({ currentPage: 2, pageSize: 2, total: 3 });
    // a keyword's LIKE characters match literally
    expect((await list({ organizeId: company, keyword: '%' })).data!.list).toEqual([]);
    // an organisation that does not exist has no departments
    expect((await list({ organizeId: newId() })).data!.pagination.total).toBe(0);
  });

  it('refuses bad paging and ids', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ organizeId: "1' or 1=1" }, 'organizeId'],
      [{ currentPage: 0 }, 'currentPage'],
      [{ pageSize: 100_000 }, 'pageSize'],
      [{ sort: 'sideways' }, 'sort'],
      [{ sidx: 'full_name; drop table base_organize' }, 'sidx'],
      [{ keyword: 'k'.repeat(10_240) }, 'keyword'],
    ];
    for (const [query, field] of cases) {
      const res = await api<Errors>('GET', BASE, { query });
      expect(res.code, field).toBe(401);
      expect(res.data!.errors[field], field).toBeTruthy();
    }
  });
});

describe('writing departments', () => {
  it('create, info, update, state and delete with their messages', async () => {
    const company = await createCompany(api, rootId);
    const manager = await insertUser(ctx());
    const input = {
      parentId: company,
      fullName: '财务部',
      enCode: unique('fin'),
      managerId: manager.id,
      enabledMark: 1,
      sortCode: 3,
      description: '管钱',
    };
    const created = await api<string>('POST', BASE, { json: input });
    expect(created).toMatchObject({ code: 200, msg: '新建成功' });
    const id = created.data!;
    const info = await api<Record<string, unknown>>('GET', `${BASE}/${id}`);
    expect(info.data).toMatchObject({ id, ...input, organizeIdTree: [rootId, company], version: 0 });
    const updated = await api('PUT', `${BASE}/${id}`, {
      json: { ...info.data, fullName: '财务中心', managerId: '', version: 0 },
    });
    expect(updated).toMatchObject({ code: 200, msg: '更新成功' });
    const row = (await list({ organizeId: company })).data!.list.find((r) => r.id === id)!;
    expect(row).toMatchObject({ fullName: '财务中心', managerId: '', manager: '' });
    expect(await api('PUT', `${BASE}/${id}/Actions/State`)).toMatchObject({ code: 200, msg: '更新成功' });
    expect((await list({ organizeId: company })).data!.list.find((r) => r.id === id)!.enabledMark).toBe(0);
    expect(await api('DELETE', `${BASE}/${id}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await api('DELETE', `${BASE}/${id}`)).toMatchObject({ code: 400, msg: '删除失败，数据不存在' });
    expect(await api('GET', `${BASE}/${id}`)).toMatchObject({ code: 400, msg: '数据不存在' });
  });

  it('refuses duplicates, a missing manager, a department with departments below it, and bad input', async () => {
    const company = await createCompany(api, rootId);
    const name = unique('部门');
    const parent = await createDepartment(api, company, { fullName: name });
    await createDepartment(api, parent);
    const body = { parentId: company, fullName: name, enCode: unique('d'), enabledMark: 1 };
    expect(await api('POST', BASE, { json: body })).toMatchObject({ code: 400, msg: '部门名称不能重复' });
    expect(await api('POST', BASE, { json: { ...body, fullName: unique('n'), managerId: newId() } })).toMatchObject({
      code: 400,
      msg: '部门主管不存在',
    });
    expect(await api('DELETE', `${BASE}/${parent}`)).toMatchObject({
      code: 400,
      msg: '此记录与"组织"关联引用，不允许被删除',
    });
    await expectFieldRefusals(
      (patch) => api<Errors>('POST', BASE, { json: { ...body, fullName: unique('n'), ...patch } }),
      [
        [{ parentId: undefined }, 'parentId', '所属组织不能为空'],
        [{ fullName: '' }, 'fullName', '部门名称不能为空'],
        [{ enCode: undefined }, 'enCode', '部门编码不能为空'],
        [{ enCode: 'a b' }, 'enCode', '编码只能输入英文、数字和小数点且小数点不能放在首尾'],
        [{ managerId: "x' or 1=1" }, 'managerId', '参数格式错误'],
        [{ sortCode: -1 }, 'sortCode', '排序只能是0到999999的整数'],
        [{ enabledMark: 5 }, 'enabledMark', '状态只能是启用或禁用'],
      ],
    );
  });
});

describe('department permissions', () => {
  const restrictedUser = (grants: MenuGrants = {}) =>
    signedInUser(server, { realName: '受限用户', organizeId: rootId }, { grants });

  it('the list needs the department menu; writes need its buttons', async () => {
    expect((await call(server, 'GET', BASE)).code).toBe(602);
    const nobody = await restrictedUser();
    expect(await call(server, 'GET', BASE, { token: nobody.token })).toMatchObject({ code: 400, msg: '没有访问权限' });
    const organizeOnly = await restrictedUser({ 'permission.organize': [] });
    expect((await call(server, 'GET', BASE, { token: organizeOnly.token })).code).toBe(400);

    const reader = await restrictedUser({ 'permission.department': [] });
    const company = await createCompany(api, rootId);
    const existing = await createDepartment(api, company);
    expect((await call(server, 'GET', BASE, { token: reader.token, query: { organizeId: company } })).code).toBe(200);
    expect((await call(server, 'GET', `${BASE}/${existing}`, { token: reader.token })).code).toBe(200);
    const body = { parentId: company, fullName: unique('n'), enCode: unique('c'), enabledMark: 1 };
    const refusals = [
      call(server, 'POST', BASE, { token: reader.token, json: body }),
      call(server, 'PUT', `${BASE}/${existing}`, { token: reader.token, json: body }),
      call(server, 'PUT', `${BASE}/${existing}/Actions/State`, { token: reader.token }),
      call(server, 'DELETE', `${BASE}/${existing}`, { token: reader.token }),
    ];
    for (const res of await Promise.all(refusals)) expect(res).toMatchObject({ code: 400, msg: '没有访问权限' });

    const editor = await restrictedUser({ 'permission.department': ['btn_add', 'btn_edit', 'btn_remove'] });
    const id = (await call<string>(server, 'POST', BASE, { token: editor.token, json: body })).data!;
    expect((await call(server, 'PUT', `${BASE}/${id}/Actions/State`, { token: editor.token })).code).toBe(200);
    expect((await call(server, 'DELETE', `${BASE}/${id}`, { token: editor.token })).code).toBe(200);
  });
});
