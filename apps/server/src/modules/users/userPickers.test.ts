// The user pickers over HTTP: every signed-in user may call them; they show names, accounts, avatars and
// organisations, never hashes or private fields; the lazy trees, selections and conditions resolve the right users.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authorize, module } from '../../db/schema/index.js';
import { newId } from '../../platform/ids.js';
import { call, client, signIn, unique, type Client } from '../../../test/harness.js';
import { api, ctx, server, useAdminServer } from '../../../test/kit/adminServer.js';
import { headOffice, insertUser, relate } from '../../../test/kit/directory.js';
import {
  createCompany,
  createDepartment,
  createGroup,
  createPosition,
  createRole,
  createUser,
} from '../../../test/kit/directoryApi.js';
import { findNode } from '../../../test/kit/tree.js';
import { dictionaryItems } from '../dictionary/byCode.js';

const BASE = '/api/permission/Users';

/** calls of the plain user */
let as: Client;
let rootId: string;
/** a plain signed-in user with no menus at all */
let plain: { id: string; token: string };
/** a small organisation: company c with departments d1 (two members, one disabled) and d2 (one member) */
let c: string;
let d1: string;
let d2: string;
let alice: { id: string; account: string };
let bob: { id: string; account: string };
let carol: { id: string; account: string };
let off: { id: string; account: string };
let positionId: string;
let roleId: string;
let groupId: string;
let marker: string;

useAdminServer();
beforeAll(async () => {
  rootId = (await headOffice(ctx())).id;
  marker = unique('pk');
  c = await createCompany(api, rootId, { fullName: `${marker}公司` });
  d1 = await createDepartment(api, c, { fullName: '一部' });
  d2 = await createDepartment(api, c, { fullName: '二部' });
  positionId = await createPosition(api, d1, { fullName: '组长' });
  const d1Path = [rootId, c, d1];
  roleId = await createRole(api, { fullName: unique('审批'), globalMark: 0, organizeIdsTree: [d1Path] });
  const types = await dictionaryItems(ctx().db, 'groupType');
  groupId = await createGroup(api, types[0]!.id, { fullName: unique('小组') });
  alice = await person(`${marker}甲`, { organizeId: d1, positionId, roleId, groupId, mobilePhone: '13900000001' });
  bob = await person(`${marker}乙`, { organizeId: d1 });
  carol = await person(`${marker}丙`, { organizeId: d2, managerId: alice.id });
  off = await person(`${marker}停`, { organizeId: d1 });
  await api('PUT', `${BASE}/${off.id}/Actions/State`);
  plain = await plainUser();
  as = client(server, plain.token);
});

type Page<T> = { list: T[]; pagination: { total: number; currentPage: number; pageSize: number } };
interface Node {
  id: string;
  parentId?: string;
  fullName: string;
  type: string;
  organize?: string;
  hasChildren?: boolean;
  disabled?: boolean;
  children?: Node[];
}

const person = (realName: string, fields: Record<string, unknown> & { organizeId: string }) =>
  createUser(api, fields.organizeId, { realName, ...fields });

/** a member of d2 with no menus */
async function plainUser() {
  const { id, account, password } = await insertUser(ctx(), { realName: '普通用户', organizeId: d2 });
  await relate(ctx(), id, 'Organize', d2);
  return { id, token: await signIn(server, account, password) };
}

const noSecrets = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/password|salt/i);
/** pickers show no private profile fields either */
const noPrivate = (body: unknown) =>
  expect(JSON.stringify(body)).not.toMatch(/certificates|birthday|postalAddress|urgent/i);

describe('pickers open to every signed-in user', () => {
  it('All lists users that are not disabled, with the keyword', async () => {
    const res = await as<{ list: { id: string; realName: string; headIcon: string }[] }>('GET', `${BASE}/All`, {
      query: { keyword: marker },
    });
    expect(res.code).toBe(200);
    expect(res.data!.list.map((u) => u.id).sort()).toEqual([alice.id, bob.id, carol.id].sort());
    expect(res.data!.list[0]!.headIcon).toBe('/api/file/Image/userAvatar/001.png');
    noSecrets(res);
  });

  it('Selector: organisations with their users by main organisation', async () => {
    const res = await as<{ list: Node[] }>('GET', `${BASE}/Selector`);
    expect(findNode(res.data!.list, alice.id)).toMatchObject({
      type: 'user',
      parentId: d1,
      fullName: `${marker}甲/${alice.account}`,
    });
    expect(findNode(res.data!.list, d1)).toMatchObject({ type: 'department' });
    expect(findNode(res.data!.list, off.id)).toBeUndefined();
    noSecrets(res);
  });

  it('ImUser pages other users; ImUser/Selector is lazy and turns flat with a keyword', async () => {
    const im = await as<Page<{ id: string; department: string }>>('GET', `${BASE}/ImUser`, {
      query: { keyword: marker },
    });
    expect(im.data!.list.find((u) => u.id === alice.id)!.department).toBe('一部');
    expect(im.data!.list.map((u) => u.id)).not.toContain(off.id);
    const top = await as<{ list: Node[] }>('POST', `${BASE}/ImUser/Selector/0`, { json: {} });
    expect(top.data!.list.map((n) => n.id)).toContain(rootId);
    expect(top.data!.list.find((n) => n.id === rootId)).toMatchObject({ hasChildren: true, type: 'company' });
    const level = await as<{ list: Node[] }>('POST', `${BASE}/ImUser/Selector/${d1}`, { json: { keyword: '' } });
    expect(level.data!.list.map((n) => n.id).sort()).toEqual([alice.id, bob.id].sort());
    const companyLevel = await as<{ list: Node[] }>('POST', `${BASE}/ImUser/Selector/${c}`, { json: {} });
    // same sort code: the newest first
    expect(companyLevel.data!.list.map((n) => n.id)).toEqual([d2, d1]);
    const search = await as<Page<Node>>('POST', `${BASE}/ImUser/Selector/0`, {
      json: { keyword: `${marker}乙`, currentPage: 1, pageSize: 20 },
    });
    expect(search.data!.pagination.total).toBe(1);
    expect(search.data!.list[0]).toMatchObject({
      id: bob.id,
      type: 'user',
      organize: `智慧园区集团/${marker}公司/一部`,
    });
    const authorize = await as<{ list: Node[] }>('POST', `${BASE}/GetListByAuthorize/${d2}`, { json: { keyword: '' } });
    expect(authorize.data!.list.map((n) => n.id)).toContain(carol.id);
    noSecrets(level);
  });

  it('getUserList and getSelectedList resolve ids', async () => {
    const list = await as<{ list: Node[] }>('POST', `${BASE}/getUserList`, {
      json: { ids: [bob.id, alice.id, newId()] },
    });
    expect(list.data!.list.map((u) => u.id)).toEqual([bob.id, alice.id]);
    expect(list.data!.list[1]).toMatchObject({
      fullName: `${marker}甲/${alice.account}`,
      organize: `智慧园区集团/${marker}公司/一部`,
    });
    const selected = await as<{ list: Node[] }>('POST', `${BASE}/getSelectedList`, {
      json: {
        ids: [
          `${d1}--department`,
          `${c}--company`,
          `${positionId}--position`,
          `${roleId}--role`,
          `${groupId}--group`,
          `${alice.id}--user`,
          bob.id,
          'currentUser',
          `${newId()}--role`,
        ],
      },
    });
    expect(selected.data!.list.map((x) => `${x.id}:${x.type}`)).toEqual([
      `${d1}:department`,
      `${c}:company`,
      `${positionId}:position`,
      `${roleId}:role`,
      `${groupId}:group`,
      `${alice.id}:user`,
      `${bob.id}:user`,
      'currentUser:user',
    ]);
    expect(selected.data!.list[3]!.organize).toBe(`智慧园区集团/${marker}公司/一部`);
    expect(selected.data!.list[7]!.fullName).toBe('当前用户');
    noSecrets(selected);
    // enabled entries are marked usable; a disabled position or department is marked disabled
    expect(selected.data!.list.slice(0, 5).map((x) => x.disabled)).toEqual([false, false, false, false, false]);
    const stopped = await createPosition(api, d2, { fullName: '停用岗' });
    const closed = await createDepartment(api, c, { fullName: '停用部' });
    await api('PUT', `/api/permission/Position/${stopped}/Actions/State`);
    await api('PUT', `/api/permission/Organize/${closed}/Actions/State`);
    const marked = await as<{ list: Node[] }>('POST', `${BASE}/getSelectedList`, {
      json: { ids: [`${stopped}--position`, `${closed}--department`, `${positionId}--position`] },
    });
    expect(marked.data!.list.map((x) => [x.id, x.disabled])).toEqual([
      [stopped, true],
      [closed, true],
      [positionId, false],
    ]);
  });

  it('getSelectedUserList and UserCondition expand selections to users, paged', async () => {
    const selected = await as<Page<Node>>('POST', `${BASE}/getSelectedUserList`, {
      json: {
        ids: [`${d1}--department`, `${carol.id}--user`],
        pagination: { currentPage: 1, pageSize: 2, keyword: '' },
      },
    });
    expect(selected.data!.pagination).toMatchObject({ total: 3, pageSize: 2 });
    const byRole = await as<Page<Node>>('POST', `${BASE}/UserCondition`, {
      json: { roleIds: [roleId], userIds: [carol.id], pagination: { currentPage: 1, pageSize: 20 } },
    });
    expect(byRole.data!.list.map((u) => u.id).sort()).toEqual([alice.id, carol.id].sort());
    const byDepartment = await as<Page<Node>>('POST', `${BASE}/UserCondition`, {
      json: { departIds: [`${d1}--department`], pagination: { keyword: `${marker}乙` } },
    });
    expect(byDepartment.data!.list.map((u) => u.id)).toEqual([bob.id]);
    const byType = await as<Page<Node>>('POST', `${BASE}/UserCondition`, {
      json: { type: 'Group', pagination: { pageSize: 500 } },
    });
    expect(byType.data!.list.map((u) => u.id)).toContain(alice.id);
    expect(byType.data!.list.map((u) => u.id)).not.toContain(bob.id);
    const nothing = await as<Page<Node>>('POST', `${BASE}/UserCondition`, { json: {} });
    expect(nothing.data!.pagination.total).toBe(0);
  });

  it('getOrganization ("0" = mine) and getSubordinates', async () => {
    const mine = await as<Node[]>('GET', `${BASE}/getOrganization`, { query: { organizeId: '0' } });
    expect(mine.data!.map((u) => u.id).sort()).toEqual([carol.id, plain.id].sort());
    const d1Members = await as<{ id: string; realName: string }[]>('GET', `${BASE}/getOrganization`, {
      query: { organizeId: d1, keyword: '甲' },
    });
    expect(d1Members.data!.map((u) => u.id)).toEqual([alice.id]);
    expect(d1Members.data![0]!.realName).toBe(`${marker}甲/${alice.account}`);
    const aliceToken = await signIn(server, alice.account, '0000');
    const reports = await call<Node[]>(server, 'POST', `${BASE}/getSubordinates`, {
      token: aliceToken,
      json: { keyword: '' },
    });
    expect(reports.data!.map((u) => u.id)).toEqual([carol.id]);
    expect((await as<Node[]>('POST', `${BASE}/getSubordinates`, { json: {} })).data).toEqual([]);
  });
});

describe('pickers of the position and role screens', () => {
  it('need their menus', async () => {
    expect(await as('GET', `${BASE}/GetUsersByPositionId`, { query: { positionId } })).toMatchObject({
      code: 400,
      msg: '没有访问权限',
    });
    expect((await as('GET', `${BASE}/GetUsersByRoleOrgId`, { query: { roleId } })).code).toBe(400);
    expect((await as('GET', `${BASE}/getUsersByRoleId`, { query: { roleId } })).code).toBe(400);
    const [menu] = await ctx().db.select().from(module).where(eq(module.enCode, 'permission.role'));
    await ctx().db.insert(authorize).values({
      objectType: 'User',
      objectId: plain.id,
      itemType: 'module',
      itemId: menu!.id,
      creatorTime: Date.now(),
    });
    await ctx().grants.changed(plain.id);
    expect((await as('GET', `${BASE}/getUsersByRoleId`, { query: { roleId } })).code).toBe(200);
  });

  it('GetUsersByPositionId: the position’s organisation with its members', async () => {
    const res = await api<Node[]>('GET', `${BASE}/GetUsersByPositionId`, { query: { positionId } });
    expect(res.data).toHaveLength(1);
    expect(res.data![0]).toMatchObject({ id: d1, fullName: `智慧园区集团/${marker}公司/一部`, hasChildren: true });
    expect(res.data![0]!.children!.map((u) => u.id).sort()).toEqual([alice.id, bob.id].sort());
    expect((await api<Node[]>('GET', `${BASE}/GetUsersByPositionId`, { query: { positionId: newId() } })).data).toEqual(
      [],
    );
  });

  it('GetUsersByRoleOrgId and getUsersByRoleId: the role’s organisations and their members', async () => {
    const top = await api<Node[]>('GET', `${BASE}/GetUsersByRoleOrgId`, { query: { roleId, organizeId: '0' } });
    expect(top.data!.map((n) => n.id)).toEqual([d1]);
    expect(top.data![0]!.fullName).toBe(`智慧园区集团/${marker}公司/一部`);
    const level = await api<Node[]>('GET', `${BASE}/GetUsersByRoleOrgId`, { query: { roleId, organizeId: d1 } });
    expect(level.data!.map((n) => n.id).sort()).toEqual([alice.id, bob.id].sort());
    const search = await api<Node[]>('GET', `${BASE}/GetUsersByRoleOrgId`, { query: { roleId, keyword: '乙' } });
    expect(search.data!.map((n) => n.id)).toEqual([bob.id]);
    const byRole = await api<Page<Node>>('GET', `${BASE}/getUsersByRoleId`, { query: { roleId, keyword: marker } });
    expect(byRole.data!.list.map((u) => u.id).sort()).toEqual([alice.id, bob.id].sort());
    const unknown = await api<Page<Node>>('GET', `${BASE}/getUsersByRoleId`, { query: { roleId: newId() } });
    expect(unknown.data!.pagination.total).toBe(0);
  });
});

describe('nothing secret leaves through the pickers', () => {
  it('no route of the user module answers with a hash or salt', async () => {
    const responses = await Promise.all([
      as('GET', `${BASE}/All`),
      as('GET', `${BASE}/Selector`),
      as('GET', `${BASE}/ImUser`),
      as('POST', `${BASE}/getUserList`, { json: { ids: [alice.id] } }),
      as('POST', `${BASE}/getSelectedUserList`, { json: { ids: [`${d1}--department`] } }),
      as('POST', `${BASE}/UserCondition`, { json: { departIds: [d1] } }),
      api('GET', `${BASE}/getUsersByRoleId`, { query: { roleId } }),
      api('GET', BASE),
      api('GET', `${BASE}/${alice.id}`),
    ]);
    for (const [i, r] of responses.entries()) {
      expect(r.code).toBe(200);
      noSecrets(r);
      if (i < 7) noPrivate(r);
    }
  });
});
