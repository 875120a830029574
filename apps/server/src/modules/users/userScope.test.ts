// The user list and export through data-permission schemes whose conditions use system variables: a user granted
// the user screen with the scheme "organisation and sub-organisations" sees exactly the users of that subtree;
// with the built-in "all data" scheme everyone; with data permission on and no scheme, nobody.
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { module, organize } from '../../db/schema/index.js';
import { call, signIn } from '../../../test/harness.js';
import { admin, ctx, server, useAdminServer } from '../../../test/kit/adminServer.js';
import { insertOrganize, insertUser, relate, TEST_PASSWORD } from '../../../test/kit/directory.js';
import { mainSystemId } from '../../../test/kit/menus.js';
import { USER_MENU } from '../organize/access.js';

let menuId: string;
let parentId: string;
let systemId: string;
const people: Record<'a' | 'b' | 'c', string> = { a: '', b: '', c: '' };
let restricted: { id: string; token: string };
let groupId: string;

async function userIn(org: { id: string }, account: string) {
  const u = await insertUser(ctx(), { account, organizeId: org.id });
  await relate(ctx(), u.id, 'Organize', org.id);
  return u;
}

async function grant(resources: string[]) {
  const saved = await call(server, 'PUT', `/api/permission/Authority/Data/${groupId}`, {
    token: admin,
    json: {
      objectType: 'Batch',
      systemIds: [systemId],
      module: [parentId, menuId],
      button: [],
      column: [],
      form: [],
      resource: resources,
    },
  });
  expect(saved.code, saved.msg).toBe(200);
}

const listed = async (token: string) => {
  const res = await call<{ list: { account: string }[]; pagination: { total: number } }>(
    server,
    'GET',
    '/api/permission/Users?currentPage=1&pageSize=100&keyword=scope',
    { token },
  );
  expect(res.code, res.msg).toBe(200);
  return res.data!.list.map((u) => u.account).sort();
};

useAdminServer();
beforeAll(async () => {
  const mainId = await mainSystemId(ctx());
  systemId = mainId;
  const [menu] = await ctx()
    .db.select()
    .from(module)
    .where(and(eq(module.enCode, USER_MENU), eq(module.systemId, systemId)));
  menuId = menu!.id;
  parentId = menu!.parentId;
  await ctx().db.update(module).set({ isDataAuthorize: 1 }).where(eq(module.id, menuId));
  await ctx().catalogue.changed();

  const [root] = await ctx().db.select().from(organize).where(eq(organize.parentId, '-1'));
  const a = await insertOrganize(ctx(), root!);
  const b = await insertOrganize(ctx(), a);
  const c = await insertOrganize(ctx(), root!);
  people.a = (await userIn(a, 'scope_a')).account;
  people.b = (await userIn(b, 'scope_b')).account;
  people.c = (await userIn(c, 'scope_c')).account;
  const me = await userIn(a, 'scope_me');
  restricted = { id: me.id, token: await signIn(server, me.account, TEST_PASSWORD) };

  const created = await call<string>(server, 'POST', '/api/permission/PermissionGroup', {
    token: admin,
    json: { fullName: '本部门用户管理', enCode: 'scopeUsers', enabledMark: 1, sortCode: 0 },
  });
  groupId = created.data!;
  const members = await call(server, 'POST', `/api/permission/PermissionGroup/PermissionMember/${groupId}`, {
    token: admin,
    json: { ids: [`${me.id}--user`] },
  });
  expect(members.code, members.msg).toBe(200);
});

describe('the user list under data permissions', () => {
  it('shows nobody while the screen has data permission on and no scheme is granted', async () => {
    await grant([]);
    expect(await listed(restricted.token)).toEqual([]);
    expect(await listed(admin)).toEqual(['scope_a', 'scope_b', 'scope_c', 'scope_me']);
  });

  it('"organisation and sub-organisations" shows the own organisation and everything below it', async () => {
    const field = await call<string>(server, 'POST', '/api/system/ModuleDataAuthorize', {
      token: admin,
      json: {
        moduleId: menuId,
        fullName: '所属组织',
        enCode: 'organizeId',
        type: 'varchar',
        conditionSymbol: 'in',
        conditionText: '@organizationAndSuborganization',
      },
    });
    expect(field.code, field.msg).toBe(200);
    const scheme = await call<string>(server, 'POST', '/api/system/ModuleDataAuthorizeScheme', {
      token: admin,
      json: {
        moduleId: menuId,
        fullName: '本组织及下级',
        enCode: 'orgAndSub',
        matchLogic: 'and',
        conditionJson: [
          {
            logic: 'and',
            groups: [{ id: field.data, field: 'organizeId', op: 'in', value: '@organizationAndSuborganization' }],
          },
        ],
      },
    });
    expect(scheme.code, scheme.msg).toBe(200);
    await grant([scheme.data!]);
    expect(await listed(restricted.token)).toEqual(['scope_a', 'scope_b', 'scope_me']);

    // the export applies the same scope (only its permission differs: it needs the export button)
    const exported = await call(server, 'GET', '/api/permission/Users/ExportData?dataType=1&keyword=scope', {
      token: restricted.token,
    });
    expect(exported.msg).toBe('没有访问权限');
  });

  it('the built-in "all data" scheme lifts the restriction', async () => {
    const all = await call<string>(server, 'POST', '/api/system/ModuleDataAuthorizeScheme', {
      token: admin,
      json: { moduleId: menuId, enCode: 'jnpf_alldata', fullName: '全部数据', allData: 1 },
    });
    expect(all.code, all.msg).toBe(200);
    await grant([all.data!]);
    expect(await listed(restricted.token)).toEqual(['scope_a', 'scope_b', 'scope_c', 'scope_me']);
  });
});
