// Picker fields in "all" mode over HTTP against a real database: a record may hold exactly the ids the field's
// picker dialog could offer its writer, as the selector calls answer them — an id those calls leave out (disabled,
// gone, a position of a disabled organisation, a role of no enabled organisation, a group of no listed type, a
// role in a single mixed picker) is refused with the field's label in the caller's language and nothing is
// stored; a sub-table's picker columns alike, row by row.
import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { FieldConfig } from '@jnpf/core';
import { organizeRelation, visualRecord } from '../../../db/schema/index.js';
import { call } from '../../../../test/harness.js';
import { signedInUser } from '../../../../test/kit/access.js';
import { admin, ctx, server } from '../../../../test/kit/adminServer.js';
import { categoryId, errorsOf, useDesignServer } from '../../../../test/kit/designServer.js';
import {
  insertOrganize,
  insertPosition,
  insertRole,
  insertUser,
  insertUserGroup,
} from '../../../../test/kit/directory.js';
import { createReleased, recordsAs, type ReleasedModel } from '../../../../test/kit/released.js';
import { designBody, field, sampleForm } from '../../../../test/kit/visualdev.js';
import { organizeChanged } from '../../organize/orgIndex.js';

const P = '/api/permission';
let model: ReleasedModel;
/** a signed-in user who is not an administrator, granted the form */
let writer: { id: string; token: string; account: string };

const fields = (): FieldConfig[] => [
  field('userSelect', 'owner', '负责人'),
  field('organizeSelect', 'org', '组织'),
  field('depSelect', 'dep', '部门'),
  field('posSelect', 'pos', '岗位'),
  field('roleSelect', 'role', '角色'),
  field('groupSelect', 'grp', '分组'),
  field('usersSelect', 'people', '参与人', {}, { multiple: true }),
  field('usersSelect', 'lead', '牵头人'),
  field('table', 'lines', '明细', {
    children: [
      field('userSelect', 'who', '经办人'),
      field('posSelect', 'post', '职位'),
      field('groupSelect', 'team', '小组'),
    ],
  }),
];

/** the entries of the directory this test makes, offered or not */
const d = {
  user: '',
  lockedUser: '',
  lockedAccount: '',
  disabledUser: '',
  disabledAccount: '',
  company: '',
  department: '',
  disabledCompany: '',
  departmentUnderDisabled: '',
  disabledDepartment: '',
  position: '',
  positionOfDisabledOrg: '',
  disabledPosition: '',
  globalRole: '',
  placedRole: '',
  unplacedRole: '',
  roleOfDisabledOrg: '',
  disabledRole: '',
  group: '',
  untypedGroup: '',
  disabledGroup: '',
};
const GONE = 'no-such-id';

useDesignServer();
beforeAll(async () => {
  const app = ctx();
  const company = await insertOrganize(app, null);
  const department = await insertOrganize(app, company);
  const disabledCompany = await insertOrganize(app, null, { enabledMark: 0 });
  const departmentUnderDisabled = await insertOrganize(app, disabledCompany);
  const disabledDepartment = await insertOrganize(app, company, { enabledMark: 0 });
  await organizeChanged(app);
  const locked = await insertUser(app, { enabledMark: 2 });
  const disabled = await insertUser(app, { enabledMark: 0 });
  Object.assign(d, {
    user: (await insertUser(app)).id,
    lockedUser: locked.id,
    lockedAccount: locked.account,
    disabledUser: disabled.id,
    disabledAccount: disabled.account,
    company: company.id,
    department: department.id,
    disabledCompany: disabledCompany.id,
    departmentUnderDisabled: departmentUnderDisabled.id,
    disabledDepartment: disabledDepartment.id,
    position: await insertPosition(app, department.id),
    positionOfDisabledOrg: await insertPosition(app, disabledDepartment.id),
    disabledPosition: await insertPosition(app, department.id, { enabledMark: 0 }),
    globalRole: await insertRole(app),
    placedRole: await insertRole(app, { globalMark: 0 }),
    unplacedRole: await insertRole(app, { globalMark: 0 }),
    roleOfDisabledOrg: await insertRole(app, { globalMark: 0 }),
    disabledRole: await insertRole(app, { enabledMark: 0 }),
    group: await insertUserGroup(app),
    untypedGroup: await insertUserGroup(app, { type: null }),
    disabledGroup: await insertUserGroup(app, { enabledMark: 0 }),
  });
  await app.db.insert(organizeRelation).values([
    { organizeId: department.id, objectType: 'Role', objectId: d.placedRole, creatorTime: Date.now() },
    { organizeId: disabledDepartment.id, objectType: 'Role', objectId: d.roleOfDisabledOrg, creatorTime: Date.now() },
  ]);
  model = await createReleased(
    server,
    admin,
    designBody(categoryId, 'none', {
      formData: JSON.stringify(sampleForm('none', fields())),
      columnData: JSON.stringify({
        type: 1,
        columnList: [{ prop: 'owner', label: '负责人', jnpfKey: 'userSelect' }],
        searchList: [],
        btnsList: [{ value: 'add', label: '新增' }],
        columnBtnsList: [{ value: 'edit', label: '编辑' }],
        hasPage: true,
        pageSize: 20,
      }),
    }) as Record<string, unknown> & { enCode: string },
  );
  writer = await signedInUser(server, {}, { grants: { [model.enCode]: ['btn_add', 'btn_edit'] } });
});

type Node = { id: string; type?: string; children?: Node[] | null };
const flatten = (nodes: readonly Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
/** the ids of this type a selector tree offers the writer */
async function offeredBy(url: string, type: string | null): Promise<Set<string>> {
  const res = await call<{ list: Node[] } | Node[]>(server, 'GET', url, { token: writer.token });
  expect(res.code, res.msg).toBe(200);
  const list = Array.isArray(res.data) ? res.data : res.data!.list;
  return new Set(
    flatten(list)
      .filter((n) => type === null || n.type === type)
      .map((n) => n.id),
  );
}
/** whether the user picker's keyword search offers the writer this account */
async function userOffered(account: string, id: string): Promise<boolean> {
  const res = await call<{ list: Node[] }>(server, 'POST', `${P}/Users/ImUser/Selector/0`, {
    token: writer.token,
    json: { keyword: account, currentPage: 1, pageSize: 20 },
  });
  return res.data!.list.some((n) => n.id === id);
}

const storedCount = async () =>
  (await ctx().db.select({ n: count() }).from(visualRecord).where(eq(visualRecord.modelId, model.id)))[0]!.n;

describe('picker fields in "all" mode', () => {
  // each field, the ids its selector offers the writer, and those it does not
  const cases = () => [
    { key: 'owner', label: '负责人', offered: [d.user, d.lockedUser], refused: [d.disabledUser, GONE] },
    {
      key: 'org',
      label: '组织',
      offered: [d.company, d.department, d.departmentUnderDisabled],
      refused: [d.disabledCompany, d.disabledDepartment, GONE],
    },
    {
      key: 'dep',
      label: '部门',
      offered: [d.department, d.departmentUnderDisabled],
      refused: [d.company, d.disabledDepartment, GONE],
    },
    { key: 'pos', label: '岗位', offered: [d.position], refused: [d.positionOfDisabledOrg, d.disabledPosition, GONE] },
    {
      key: 'role',
      label: '角色',
      offered: [d.globalRole, d.placedRole],
      refused: [d.unplacedRole, d.roleOfDisabledOrg, d.disabledRole, GONE],
    },
    { key: 'grp', label: '分组', offered: [d.group], refused: [d.untypedGroup, d.disabledGroup, GONE] },
    {
      key: 'people',
      label: '参与人',
      offered: [
        [`${d.user}--user`, `${d.department}--department`, `${d.company}--company`],
        [`${d.position}--position`, `${d.placedRole}--role`, `${d.group}--group`],
      ],
      refused: [
        [`${d.disabledUser}--user`],
        [`${d.disabledCompany}--company`],
        [`${d.positionOfDisabledOrg}--position`],
        [`${d.unplacedRole}--role`],
        [`${d.untypedGroup}--group`],
        [`${GONE}--user`],
      ],
    },
    {
      key: 'lead',
      label: '牵头人',
      offered: [`${d.user}--user`],
      // a single mixed picker picks a user only
      refused: [
        `${d.department}--department`,
        `${d.globalRole}--role`,
        `${d.position}--position`,
        `${d.group}--group`,
        `${d.disabledUser}--user`,
      ],
    },
  ];

  it('the selector calls offer the writer exactly the ids the cases take as offered', async () => {
    const orgs = await offeredBy(`${P}/Organize/Department/Selector/0`, null);
    const positions = await offeredBy(`${P}/Position/Selector`, 'position');
    const roles = await offeredBy(`${P}/Role/Selector`, 'role');
    const groups = await offeredBy(`${P}/Group/Selector`, 'group');
    expect(await userOffered(writer.account, writer.id)).toBe(true);
    expect(await userOffered(d.lockedAccount, d.lockedUser)).toBe(true);
    expect(await userOffered(d.disabledAccount, d.disabledUser)).toBe(false);
    for (const id of [d.company, d.department, d.departmentUnderDisabled]) expect(orgs.has(id)).toBe(true);
    for (const id of [d.disabledCompany, d.disabledDepartment]) expect(orgs.has(id)).toBe(false);
    expect(positions.has(d.position)).toBe(true);
    for (const id of [d.positionOfDisabledOrg, d.disabledPosition]) expect(positions.has(id)).toBe(false);
    for (const id of [d.globalRole, d.placedRole]) expect(roles.has(id)).toBe(true);
    for (const id of [d.unplacedRole, d.roleOfDisabledOrg, d.disabledRole]) expect(roles.has(id)).toBe(false);
    expect(groups.has(d.group)).toBe(true);
    for (const id of [d.untypedGroup, d.disabledGroup]) expect(groups.has(id)).toBe(false);
  });

  it('keeps every offered id a writer who is not an administrator picks', async () => {
    const records = recordsAs(server, writer.token);
    for (const { key, offered } of cases())
      for (const value of offered) {
        const res = await records.create(model, { [key]: value });
        expect(res.code, `${key} ${JSON.stringify(value)}: ${res.msg}`).toBe(200);
        const stored = JSON.parse((await records.get(model, res.data!)).data!.data) as Record<string, unknown>;
        expect(stored[key]).toEqual(value);
      }
  });

  it('refuses every id the selectors leave out, naming the field, and stores nothing', async () => {
    const records = recordsAs(server, writer.token);
    const before = await storedCount();
    for (const { key, label, refused } of cases())
      for (const value of refused) {
        const res = await records.create(model, { [key]: value });
        expect(res.code, `${key} ${JSON.stringify(value)}`).toBe(401);
        expect(errorsOf(res)).toEqual({ [key]: `${label}的值不在选项中` });
      }
    // the administrator is offered the same lists, so is refused alike
    const res = await recordsAs(server, admin).create(model, { pos: d.positionOfDisabledOrg });
    expect(errorsOf(res)).toEqual({ pos: '岗位的值不在选项中' });
    expect(await storedCount()).toBe(before);
  });

  it('names the field in the caller’s language', async () => {
    for (const [lang, text] of [
      ['en', 'The value of 角色 is not one of its options'],
      ['zhtw', '角色的值不在選項中'],
    ] as const) {
      const res = await call(server, 'POST', `/api/visualdev/OnlineDev/${model.id}`, {
        token: writer.token,
        headers: { 'jnpf-language': lang },
        json: { data: JSON.stringify({ role: d.unplacedRole }) },
      });
      expect(errorsOf(res)).toEqual({ role: text });
    }
  });

  it('checks a sub-table’s picker columns row by row, all rows read at once', async () => {
    const records = recordsAs(server, writer.token);
    const good = Array.from({ length: 200 }, (_, i) => ({
      who: i % 2 ? d.user : d.lockedUser,
      post: d.position,
      team: d.group,
    }));
    const created = await records.create(model, { lines: good });
    expect(created.code, created.msg).toBe(200);
    const stored = JSON.parse((await records.get(model, created.data!)).data!.data) as { lines: unknown[] };
    expect(stored.lines).toEqual(good);

    const before = await storedCount();
    for (const [column, label, value] of [
      ['who', '经办人', d.disabledUser],
      ['post', '职位', d.positionOfDisabledOrg],
      ['team', '小组', d.untypedGroup],
      ['team', '小组', GONE],
    ] as const) {
      const lines = good.map((row, i) => (i === 150 ? { ...row, [column]: value } : row));
      const res = await records.create(model, { lines });
      expect(res.code).toBe(401);
      expect(errorsOf(res).lines).toBe(`明细第151行：${label}的值不在选项中`);
    }
    expect(await storedCount()).toBe(before);
  });
});
