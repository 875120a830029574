// The pickers' own narrowing options over HTTP against a real database: an organisation picker with auth offers a
// caller who is not an administrator only their own organisation and those they manage, each with all below it
// (the SelectorByAuth calls), with isOnlyOrg only companies; a tree select with lastLevel only the nodes without
// children. A record refuses what the field's picker could not offer its writer, naming the field in the caller's
// language, and stores nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { FieldConfig } from '@jnpf/core';
import { organize, user, visualRecord } from '../../../db/schema/index.js';
import { call } from '../../../../test/harness.js';
import { signedInUser } from '../../../../test/kit/access.js';
import { admin, ctx, server } from '../../../../test/kit/adminServer.js';
import { categoryId, errorsOf, useDesignServer } from '../../../../test/kit/designServer.js';
import { insertOrganize } from '../../../../test/kit/directory.js';
import { createReleased, recordsAs, type ReleasedModel } from '../../../../test/kit/released.js';
import { designBody, field, sampleForm } from '../../../../test/kit/visualdev.js';
import { organizeChanged } from '../../organize/orgIndex.js';

const P = '/api/permission/Organize';
let model: ReleasedModel;
let writer: { id: string; token: string };

const tree = [
  {
    id: 'east',
    fullName: '华东',
    children: [
      { id: 'sh', fullName: '上海' },
      { id: 'js', fullName: '江苏', children: [{ id: 'nj', fullName: '南京' }] },
    ],
  },
  { id: 'west', fullName: '西部' },
];
const treeProps = { props: { label: 'fullName', value: 'id', children: 'children' }, options: tree };

const fields = (): FieldConfig[] => [
  field('organizeSelect', 'authOrg', '授权组织', {}, { auth: true, multiple: true }),
  field('organizeSelect', 'company', '公司', {}, { isOnlyOrg: true }),
  field('organizeSelect', 'anyOrg', '任意组织'),
  field('treeSelect', 'leaf', '末级节点', { dataType: 'static' }, { ...treeProps, lastLevel: true }),
  field('treeSelect', 'leaves', '多个末级', { dataType: 'static' }, { ...treeProps, lastLevel: true, multiple: true }),
  field('treeSelect', 'node', '任意节点', { dataType: 'static' }, treeProps),
];

/** own: the writer's organisation; managed: one the writer manages; other: neither */
const o = { own: '', ownDep: '', managed: '', managedDep: '', other: '', otherDep: '' };

useDesignServer();
beforeAll(async () => {
  const app = ctx();
  const own = await insertOrganize(app, null);
  const managed = await insertOrganize(app, null);
  const other = await insertOrganize(app, null);
  Object.assign(o, {
    own: own.id,
    ownDep: (await insertOrganize(app, own)).id,
    managed: managed.id,
    managedDep: (await insertOrganize(app, managed)).id,
    other: other.id,
    otherDep: (await insertOrganize(app, other)).id,
  });
  model = await createReleased(
    server,
    admin,
    designBody(categoryId, 'none', {
      formData: JSON.stringify(sampleForm('none', fields())),
      columnData: JSON.stringify({
        type: 1,
        columnList: [{ prop: 'node', label: '任意节点', jnpfKey: 'treeSelect' }],
        searchList: [],
        btnsList: [{ value: 'add', label: '新增' }],
        columnBtnsList: [],
        hasPage: true,
        pageSize: 20,
      }),
    }) as Record<string, unknown> & { enCode: string },
  );
  const signed = await signedInUser(server, { organizeId: o.own }, { grants: { [model.enCode]: ['btn_add'] } });
  writer = signed;
  await app.db.update(organize).set({ managerId: signed.id }).where(eq(organize.id, o.managed));
  await organizeChanged(app);
  expect((await app.db.select().from(user).where(eq(user.id, signed.id)))[0]!.organizeId).toBe(o.own);
});

type Node = { id: string; children?: Node[] | null };
const flatten = (nodes: readonly Node[]): string[] => nodes.flatMap((n) => [n.id, ...flatten(n.children ?? [])]);
async function offered(url: string, token: string): Promise<Set<string>> {
  const res = await call<{ list: Node[] }>(server, 'GET', url, { token });
  expect(res.code, res.msg).toBe(200);
  return new Set(flatten(res.data!.list));
}
const storedCount = async () =>
  (await ctx().db.select({ n: count() }).from(visualRecord).where(eq(visualRecord.modelId, model.id)))[0]!.n;

describe('organisation picker with auth and isOnlyOrg', () => {
  it('the selectors by auth offer the writer their own and managed organisations only', async () => {
    const all = await offered(`${P}/Department/SelectorByAuth/0`, writer.token);
    for (const id of [o.own, o.ownDep, o.managed, o.managedDep]) expect(all.has(id), id).toBe(true);
    for (const id of [o.other, o.otherDep]) expect(all.has(id), id).toBe(false);
    const companies = await offered(`${P}/SelectorByAuth/0`, writer.token);
    expect([...companies].filter((id) => Object.values(o).includes(id)).sort()).toEqual([o.own, o.managed].sort());
    // an administrator is offered every organisation
    const byAdmin = await offered(`${P}/Department/SelectorByAuth/0`, admin);
    for (const id of Object.values(o)) expect(byAdmin.has(id), id).toBe(true);
  });

  it('keeps what the pickers offer the writer', async () => {
    const records = recordsAs(server, writer.token);
    for (const data of [{ authOrg: [o.own, o.ownDep, o.managedDep] }, { company: o.other }, { anyOrg: o.otherDep }]) {
      const res = await records.create(model, data);
      expect(res.code, `${JSON.stringify(data)}: ${res.msg}`).toBe(200);
    }
  });

  it('refuses an organisation outside the writer’s scope, and a department where only companies are offered', async () => {
    const records = recordsAs(server, writer.token);
    const before = await storedCount();
    for (const value of [[o.other], [o.own, o.otherDep]]) {
      const res = await records.create(model, { authOrg: value });
      expect(res.code).toBe(401);
      expect(errorsOf(res)).toEqual({ authOrg: '授权组织的值不在可选范围内' });
    }
    const res = await records.create(model, { company: o.ownDep });
    expect(errorsOf(res)).toEqual({ company: '公司的值不在选项中' });
    expect(await storedCount()).toBe(before);
    // the administrator's scope is every organisation
    const byAdmin = await recordsAs(server, admin).create(model, { authOrg: [o.otherDep] });
    expect(byAdmin.code, byAdmin.msg).toBe(200);
  });

  it('names the field in the caller’s language', async () => {
    for (const [lang, text] of [
      ['en', 'The value of 授权组织 is not among the choices this field allows'],
      ['zhtw', '授权组织的值不在可選範圍內'],
    ] as const) {
      const res = await call(server, 'POST', `/api/visualdev/OnlineDev/${model.id}`, {
        token: writer.token,
        headers: { 'jnpf-language': lang },
        json: { data: JSON.stringify({ authOrg: [o.other] }) },
      });
      expect(errorsOf(res)).toEqual({ authOrg: text });
    }
  });
});

describe('tree select with lastLevel', () => {
  it('keeps nodes without children, and any node where lastLevel is off', async () => {
    const res = await recordsAs(server, writer.token).create(model, {
      leaf: 'nj',
      leaves: ['sh', 'west'],
      node: 'east',
    });
    expect(res.code, res.msg).toBe(200);
  });

  it('refuses a node with children, naming the field in the caller’s language', async () => {
    const before = await storedCount();
    for (const [lang, data, errors] of [
      ['zh', { leaf: 'js' }, { leaf: '末级节点只能选择最后一级' }],
      ['zhtw', { leaves: ['sh', 'east'] }, { leaves: '多个末级只能選擇最後一級' }],
      ['en', { leaf: 'east' }, { leaf: 'Only a last-level node can be chosen for 末级节点' }],
    ] as const) {
      const res = await call(server, 'POST', `/api/visualdev/OnlineDev/${model.id}`, {
        token: writer.token,
        headers: { 'jnpf-language': lang },
        json: { data: JSON.stringify(data) },
      });
      expect(res.code).toBe(401);
      expect(errorsOf(res)).toEqual(errors);
    }
    expect(await storedCount()).toBe(before);
  });
});
