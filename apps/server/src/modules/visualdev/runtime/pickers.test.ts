// Organisation, department, position, user, role and group fields of released forms over HTTP against a real
// database: ids that may be picked are kept, anything else is refused by field, lists and details show names,
// the list searches by id, and a visitor's public form leaves pickers out.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FormDataJson } from '@jnpf/core';
import { organize, user, visualRecord } from '../../../db/schema/index.js';
import { call } from '../../../../test/harness.js';
import { admin, api, ctx, server, useAdminServer } from '../../../../test/kit/adminServer.js';
import {
  insertOrganize,
  insertPosition,
  insertRole,
  insertUser,
  insertUserGroup,
  relate,
} from '../../../../test/kit/directory.js';
import { organizeChanged } from '../../organize/orgIndex.js';
import { dictionaryItems } from '../../dictionary/byCode.js';
import { recordsAs, releaseDesign } from '../../../../test/kit/released.js';
import { designBody, field, sampleForm } from '../../../../test/kit/visualdev.js';

const RUN = '/api/visualdev/OnlineDev';
let modelId: string;
/** a form whose picker is not required */
let optionalModelId: string;
const ids = { company: '', department: '', position: '', role: '', group: '', user: '', disabledUser: '' };
const names = { department: '', user: '' };

const create = (data: Record<string, unknown>) => recordsAs(server, admin).create({ id: modelId }, data);

useAdminServer();
beforeAll(async () => {
  const app = ctx();
  const company = await insertOrganize(app, null);
  const department = await insertOrganize(app, company);
  await organizeChanged(app);
  Object.assign(ids, {
    company: company.id,
    department: department.id,
    position: await insertPosition(app, department.id),
    role: await insertRole(app),
    group: await insertUserGroup(app),
    user: (await insertUser(app, { realName: '张三' })).id,
    disabledUser: (await insertUser(app, { enabledMark: 0 })).id,
  });
  names.department = (await app.db.select().from(organize).where(eq(organize.id, department.id)))[0]!.fullName;
  names.user = '张三';

  const fields = [
    field('input', 'title', '标题'),
    field('userSelect', 'owner', '负责人', { required: true }),
    field('depSelect', 'deps', '部门', {}, { multiple: true }),
    field('organizeSelect', 'org', '组织'),
    field('posSelect', 'pos', '岗位'),
    field('roleSelect', 'role', '角色'),
    field('groupSelect', 'grp', '分组'),
  ];
  modelId = await releasedDesign(fields);
  optionalModelId = await releasedDesign([field('input', 'title', '标题'), field('userSelect', 'owner', '负责人')]);
});
async function releasedDesign(fields: ReturnType<typeof field>[]): Promise<string> {
  const app = ctx();
  const categoryId = (await dictionaryItems(app.db, 'webDesign'))[0]!.id;
  const present = new Set(fields.map((f) => f.__vModel__));
  const column = (prop: string, label: string, jnpfKey: string) => ({ prop, label, jnpfKey });
  const has = (item: { prop: string }) => present.has(item.prop);
  const design = designBody(categoryId, 'none', {
    formData: JSON.stringify(sampleForm('none', fields)),
    columnData: JSON.stringify({
      type: 1,
      columnList: [
        column('title', '标题', 'input'),
        column('owner', '负责人', 'userSelect'),
        column('deps', '部门', 'depSelect'),
        column('org', '组织', 'organizeSelect'),
      ].filter(has),
      searchList: [
        { prop: 'owner', label: '负责人', jnpfKey: 'userSelect', searchType: 1 },
        { prop: 'deps', label: '部门', jnpfKey: 'depSelect', searchType: 1 },
      ].filter(has),
      btnsList: [],
      columnBtnsList: [],
      hasPage: true,
      pageSize: 20,
    }),
  });
  const created = await api.post<string>('/api/visualdev/Base', design);
  expect(created.code, created.msg).toBe(200);
  await releaseDesign(server, admin, created.data!);
  return created.data!;
}

describe('picker fields', () => {
  it('keeps ids that may be picked and shows their names', async () => {
    const res = await create({
      title: 'A',
      owner: ids.user,
      deps: [ids.department, ids.department],
      org: ids.company,
      pos: ids.position,
      role: ids.role,
      grp: ids.group,
    });
    expect(res.code, JSON.stringify(res)).toBe(200);
    const raw = await api.get<{ data: string }>(`${RUN}/${modelId}/${res.data}`);
    expect(JSON.parse(raw.data!.data)).toMatchObject({ owner: ids.user, deps: [ids.department], org: ids.company });

    const shown = JSON.parse((await api.get<{ data: string }>(`${RUN}/${modelId}/${res.data}/DataChange`)).data!.data);
    expect(shown.owner).toMatch(/^张三\//);
    expect(shown.deps).toBe(names.department);
    const page = await api.post<{ list: Record<string, unknown>[] }>(`${RUN}/${modelId}/List`, {
      queryJson: JSON.stringify({ owner: ids.user }),
    });
    expect(page.data!.list).toHaveLength(1);
    expect(page.data!.list[0]).toMatchObject({ owner_id: ids.user, deps: names.department });
    expect(page.data!.list[0]!.owner).toMatch(/^张三\//);
    // a multiple field is found by any one of its ids
    const byDep = await api.post<{ list: unknown[] }>(`${RUN}/${modelId}/List`, {
      queryJson: { deps: ids.department },
    });
    expect(byDep.data!.list).toHaveLength(1);
  });

  it('refuses ids that name nothing, the wrong kind, or a disabled entry, and values of the wrong shape', async () => {
    const refused = await create({
      owner: ids.disabledUser,
      deps: [ids.company],
      pos: 'nope',
      role: ids.group,
      grp: ids.role,
    });
    expect(refused.code).toBe(401);
    expect((refused.data as unknown as { errors: Record<string, string> }).errors).toEqual({
      owner: '负责人的值不在选项中',
      deps: '部门的值不在选项中',
      pos: '岗位的值不在选项中',
      role: '角色的值不在选项中',
      grp: '分组的值不在选项中',
    });
    const shapes = await create({ owner: [ids.user], deps: ids.department, org: 12 });
    expect((shapes.data as unknown as { errors: Record<string, string> }).errors).toMatchObject({
      owner: '负责人格式不正确',
      org: '组织格式不正确',
    });
    expect((await create({ title: 'no owner' })).data).toMatchObject({ errors: { owner: '负责人不能为空' } });
  });

  it('keeps a disabled entry a record already names when other fields are edited', async () => {
    const app = ctx();
    const leaving = await insertUser(app, {});
    const id = (await create({ title: 'keep', owner: leaving.id })).data!;
    await app.db.update(user).set({ enabledMark: 0 }).where(eq(user.id, leaving.id));
    const edited = await api.put(`${RUN}/${modelId}/${id}`, {
      data: JSON.stringify({ title: 'kept', owner: leaving.id }),
    });
    expect(edited.code, JSON.stringify(edited)).toBe(200);
    // but it cannot be picked anew
    const other = (await create({ title: 'other', owner: ids.user })).data!;
    const picked = await api.put(`${RUN}/${modelId}/${other}`, { data: JSON.stringify({ owner: leaving.id }) });
    expect(picked.data).toMatchObject({ errors: { owner: '负责人的值不在选项中' } });
    const many = await create({ owner: ids.user, deps: Array(501).fill(ids.department) });
    expect(many.data).toMatchObject({ errors: { deps: '部门格式不正确' } });
  });

  it('leaves pickers out of a visitor form, and refuses to share a form whose required picker visitors cannot fill', async () => {
    const required = await api.put('/api/visualdev/ShortLink', { id: modelId, formUse: 1 });
    expect(required.data).toMatchObject({ errors: { formUse: '访客无法填写必填字段负责人，不能开启外链填单' } });
    const saved = await api.put<{ formLink: string }>('/api/visualdev/ShortLink', {
      id: optionalModelId,
      formUse: 1,
    });
    expect(saved.code, saved.msg).toBe(200);
    const token = new URL(saved.data!.formLink, 'http://x').searchParams.get('encryption')!;
    const visitor = { query: { encryption: token } };
    const config = await call<{ formData: string }>(
      server,
      'GET',
      `/api/visualdev/ShortLink/${optionalModelId}/Config`,
      visitor,
    );
    const form = JSON.parse(config.data!.formData) as FormDataJson;
    expect(JSON.stringify(form.fields)).not.toMatch(/Select/);
    // what the visitor's form does not show is not taken from the visitor
    const sent = await call(server, 'POST', `/api/visualdev/ShortLink/${optionalModelId}`, {
      ...visitor,
      json: { data: JSON.stringify({ title: 'visitor', owner: ids.user }) },
    });
    expect(sent.code, sent.msg).toBe(200);
    const [record] = await ctx().db.select().from(visualRecord).where(eq(visualRecord.modelId, optionalModelId));
    expect(record!.data).toEqual({ title: 'visitor' });
    const condition = await api.put('/api/visualdev/ShortLink', {
      id: modelId,
      columnUse: 1,
      columnText: ['title'],
      columnCondition: ['owner'],
    });
    expect(condition.data).toMatchObject({ errors: { columnCondition: '负责人不能作为查询条件' } });
  });
});

// Custom mode (selectType "custom"): the mixed picker may pick only its ableIds (a company and a department
// alike), the user picker only the users among them and the members of the departments, roles, positions and
// groups among them; a sub-table's column too. What a record already holds stays when it is edited.
describe('picker fields in custom mode', () => {
  let customId: string;
  const people = { member: '', listed: '', outsider: '' };
  const createCustom = (data: Record<string, unknown>) => recordsAs(server, admin).create({ id: customId }, data);
  const errors = (res: { data?: unknown }) => (res.data as { errors?: Record<string, string> }).errors;

  beforeAll(async () => {
    const app = ctx();
    people.member = (await insertUser(app)).id;
    people.listed = (await insertUser(app)).id;
    people.outsider = (await insertUser(app)).id;
    await relate(app, people.member, 'Organize', ids.department);
    const custom = (ableIds: string[], extra: Record<string, unknown> = {}) => ({
      selectType: 'custom',
      ableIds,
      ...extra,
    });
    customId = await releasedDesign([
      field('input', 'title', '标题'),
      field(
        'usersSelect',
        'mixed',
        '参与',
        {},
        { multiple: true, ...custom([`${ids.department}--department`, `${ids.role}--role`, `${people.listed}--user`]) },
      ),
      // ableRelationIds count as well
      field(
        'userSelect',
        'owner',
        '负责人',
        {},
        custom([`${ids.department}--department`], { ableRelationIds: [people.listed] }),
      ),
      field('table', 'lines', '明细', {
        children: [field('userSelect', 'who', '经办人', {}, custom([`${people.listed}--user`]))],
      }),
    ]);
  });

  it('keeps what the field permits', async () => {
    const res = await createCustom({
      title: 'ok',
      // the department named as a company is the same entry
      mixed: [`${ids.department}--company`, `${ids.role}--role`, `${people.listed}--user`],
      owner: people.member,
      lines: [{ who: people.listed }],
    });
    expect(res.code, JSON.stringify(res)).toBe(200);
    expect((await createCustom({ owner: people.listed })).code).toBe(200);
  });

  it('refuses an entry outside the permitted ones, naming the field', async () => {
    const refused = await createCustom({
      mixed: [`${ids.department}--department`, `${ids.position}--position`],
      owner: people.outsider,
      lines: [{ who: people.listed }, { who: people.member }],
    });
    expect(refused.code).toBe(401);
    expect(errors(refused)).toEqual({
      mixed: '参与的值不在可选范围内',
      owner: '负责人的值不在可选范围内',
      lines: '明细第2行：经办人的值不在可选范围内',
    });
    // a user the field lists directly, picked as a mixed entry of another kind, is not it either
    expect(errors(await createCustom({ mixed: [`${people.member}--user`] }))).toEqual({
      mixed: '参与的值不在可选范围内',
    });
    // an id that names nothing is still "not an option"
    expect(errors(await createCustom({ owner: 'nobody' }))).toEqual({ owner: '负责人的值不在选项中' });
  });

  it('keeps an entry a record already holds when other fields are edited, not a new one', async () => {
    const app = ctx();
    const id = (await createCustom({ title: 'held', owner: people.listed, mixed: [`${ids.role}--role`] })).data!;
    // the design's choices have since changed: the record holds what is no longer permitted
    const [row] = await app.db.select().from(visualRecord).where(eq(visualRecord.id, id));
    await app.db
      .update(visualRecord)
      .set({ data: { ...row!.data, owner: people.outsider, mixed: [`${people.outsider}--user`] } })
      .where(eq(visualRecord.id, id));
    const edited = await api.put(`${RUN}/${customId}/${id}`, {
      data: JSON.stringify({ title: 'edited', owner: people.outsider, mixed: [`${people.outsider}--user`] }),
    });
    expect(edited.code, JSON.stringify(edited)).toBe(200);
    const added = await api.put(`${RUN}/${customId}/${id}`, {
      data: JSON.stringify({ mixed: [`${people.outsider}--user`, `${ids.position}--position`] }),
    });
    expect(errors(added)).toEqual({ mixed: '参与的值不在可选范围内' });
  });
});

// Custom mode of the organisation, department, position, role and group pickers: each may pick only the ids of its
// ableIds (a bare id or "id--kind" of its own directory), a sub-table's column too; a record keeps what it holds.
describe('organisation, department, position, role and group pickers in custom mode', () => {
  let listedId: string;
  const other = { department: '', position: '', role: '', group: '' };
  const createListed = (data: Record<string, unknown>) => recordsAs(server, admin).create({ id: listedId }, data);
  const errors = (res: { data?: unknown }) => (res.data as { errors?: Record<string, string> }).errors;
  const custom = (ableIds: string[], extra: Record<string, unknown> = {}) => ({
    selectType: 'custom',
    ableIds,
    ...extra,
  });

  beforeAll(async () => {
    const app = ctx();
    const department = await insertOrganize(app, { id: ids.company, organizeIdTree: ids.company });
    await organizeChanged(app);
    Object.assign(other, {
      department: department.id,
      position: await insertPosition(app, ids.department),
      role: await insertRole(app),
      group: await insertUserGroup(app),
    });
    listedId = await releasedDesign([
      field('input', 'title', '标题'),
      field('organizeSelect', 'org', '组织', {}, custom([ids.company, `${ids.department}--department`])),
      field('depSelect', 'deps', '部门', {}, custom([ids.department], { multiple: true })),
      field('posSelect', 'pos', '岗位', {}, custom([`${ids.position}--position`])),
      field('roleSelect', 'role', '角色', {}, custom([ids.role])),
      field('groupSelect', 'grp', '分组', {}, custom([ids.group])),
      field('table', 'lines', '明细', {
        children: [field('depSelect', 'dep', '经办部门', {}, custom([ids.department]))],
      }),
    ]);
  });

  it('keeps the permitted ids of each picker', async () => {
    const res = await createListed({
      title: 'ok',
      org: ids.department,
      deps: [ids.department],
      pos: ids.position,
      role: ids.role,
      grp: ids.group,
      lines: [{ dep: ids.department }],
    });
    expect(res.code, JSON.stringify(res)).toBe(200);
    expect((await createListed({ org: ids.company })).code).toBe(200);
  });

  it('refuses an id outside the permitted ones, naming the field', async () => {
    const refused = await createListed({
      org: other.department,
      deps: [ids.department, other.department],
      pos: other.position,
      role: other.role,
      grp: other.group,
      lines: [{ dep: ids.department }, { dep: other.department }],
    });
    expect(refused.code).toBe(401);
    expect(errors(refused)).toEqual({
      org: '组织的值不在可选范围内',
      deps: '部门的值不在可选范围内',
      pos: '岗位的值不在可选范围内',
      role: '角色的值不在可选范围内',
      grp: '分组的值不在可选范围内',
      lines: '明细第2行：经办部门的值不在可选范围内',
    });
    // the company is permitted to the organisation picker, yet is not a department
    expect(errors(await createListed({ deps: [ids.company] }))).toEqual({ deps: '部门的值不在选项中' });
  });

  it('keeps an id a record already holds when other fields are edited, not a new one', async () => {
    const app = ctx();
    const id = (await createListed({ title: 'held', deps: [ids.department], role: ids.role })).data!;
    const [row] = await app.db.select().from(visualRecord).where(eq(visualRecord.id, id));
    const held = { deps: [other.department], pos: other.position, role: other.role, grp: other.group };
    await app.db
      .update(visualRecord)
      .set({ data: { ...row!.data, ...held } })
      .where(eq(visualRecord.id, id));
    const edited = await api.put(`${RUN}/${listedId}/${id}`, { data: JSON.stringify({ title: 'edited', ...held }) });
    expect(edited.code, JSON.stringify(edited)).toBe(200);
    const added = await api.put(`${RUN}/${listedId}/${id}`, {
      data: JSON.stringify({ ...held, deps: [other.department, ids.company], org: other.department }),
    });
    expect(errors(added)).toEqual({ deps: '部门的值不在选项中', org: '组织的值不在可选范围内' });
  });
});

describe('the system variable current user (hasSys)', () => {
  let sysId: string;
  const createSys = (data: Record<string, unknown>) => recordsAs(server, admin).create({ id: sysId }, data);
  const errors = (res: { data?: unknown }) => (res.data as { errors?: Record<string, string> }).errors;

  beforeAll(async () => {
    sysId = await releasedDesign([
      field('input', 'title', '标题'),
      field('userSelect', 'owner', '负责人', {}, { hasSys: true }),
      field('userSelect', 'deps', '部门', {}, { multiple: true, hasSys: true }),
      // hasSys counts only over the whole directory: a custom field does not offer it
      field('userSelect', 'org', '组织', {}, { hasSys: true, selectType: 'custom', ableIds: [`${ids.user}--user`] }),
      field('userSelect', 'pos', '岗位'),
      // a mixed picker offers no system variable: a default of the current user starts as the user's own entry
      field('usersSelect', 'people', '参与人', {}, { multiple: true }),
      field('usersSelect', 'crew', '协办人', {}, { hasSys: true }),
      field('table', 'lines', '明细', {
        children: [field('userSelect', 'who', '经办人', {}, { hasSys: true }), field('userSelect', 'plain', '审核人')],
      }),
    ]);
  });

  it('keeps currentUser in a field with hasSys and shows it as the current user', async () => {
    const res = await createSys({
      title: 'sys',
      owner: 'currentUser',
      deps: ['currentUser', ids.user],
      lines: [{ who: 'currentUser' }],
    });
    expect(res.code, JSON.stringify(res)).toBe(200);
    const raw = JSON.parse((await api.get<{ data: string }>(`${RUN}/${sysId}/${res.data}`)).data!.data);
    expect(raw).toMatchObject({ owner: 'currentUser', deps: ['currentUser', ids.user] });
    expect(raw.lines[0].who).toBe('currentUser');

    const detail = (lang: string) =>
      call<{ data: string }>(server, 'GET', `${RUN}/${sysId}/${res.data}/DataChange`, {
        token: admin,
        headers: { 'jnpf-language': lang },
      });
    const shown = JSON.parse((await detail('zh')).data!.data);
    expect(shown.owner).toBe('当前用户');
    expect(shown.deps).toMatch(/^当前用户,张三\//);
    expect(shown.lines[0].who).toBe('当前用户');
    expect(JSON.parse((await detail('zhtw')).data!.data).owner).toBe('當前用戶');
    expect(JSON.parse((await detail('en')).data!.data).owner).toBe('Current user');

    const page = await api.post<{ list: Record<string, unknown>[] }>(`${RUN}/${sysId}/List`, {
      queryJson: JSON.stringify({ owner: 'currentUser' }),
    });
    expect(page.data!.list).toHaveLength(1);
    expect(page.data!.list[0]).toMatchObject({ owner: '当前用户', owner_id: 'currentUser' });
  });

  it('searched by currentUser, finds the records holding it and those naming the signed-in user', async () => {
    const me = (await api.get<{ userInfo: { userId: string } }>('/api/oauth/CurrentUser')).data!.userInfo.userId;
    const mine = await createSys({ title: 'mine', owner: me });
    expect(mine.code, JSON.stringify(mine)).toBe(200);
    expect((await createSys({ title: 'theirs', owner: ids.user })).code).toBe(200);
    const titles = async (owner: unknown) =>
      (
        await api.post<{ list: Record<string, unknown>[] }>(`${RUN}/${sysId}/List`, {
          queryJson: JSON.stringify({ owner }),
        })
      )
        .data!.list.map((r) => r.title)
        .sort();
    expect(await titles('currentUser')).toEqual(['mine', 'sys']);
    // another user's id finds only that user's
    expect(await titles(ids.user)).toEqual(['theirs']);
  });

  it('takes the signed-in user as a mixed entry, and refuses the entry "currentUser--user" itself', async () => {
    const me = (await api.get<{ userInfo: { userId: string } }>('/api/oauth/CurrentUser')).data!.userInfo.userId;
    const res = await createSys({ title: 'mixed', people: [`${me}--user`, `${ids.role}--role`], crew: `${me}--user` });
    expect(res.code, JSON.stringify(res)).toBe(200);
    const raw = JSON.parse((await api.get<{ data: string }>(`${RUN}/${sysId}/${res.data}`)).data!.data);
    expect(raw).toMatchObject({ people: [`${me}--user`, `${ids.role}--role`], crew: `${me}--user` });
    // the picker never offers it (hasSys or not), so no record it fills holds it
    const refused = await createSys({ people: ['currentUser--user'], crew: 'currentUser--user' });
    expect(refused.code).toBe(401);
    expect(errors(refused)).toEqual({ people: '参与人的值不在选项中', crew: '协办人的值不在选项中' });
  });

  it('refuses currentUser where the field does not offer it, naming the field', async () => {
    const refused = await createSys({
      owner: 'currentUser',
      org: 'currentUser',
      pos: 'currentUser',
    });
    expect(refused.code).toBe(401);
    expect(errors(refused)).toEqual({ org: '组织的值不在选项中', pos: '岗位的值不在选项中' });
    const row = await createSys({ lines: [{ who: 'currentUser', plain: 'currentUser' }] });
    expect(errors(row)).toEqual({ lines: '明细第1行：审核人的值不在选项中' });
  });
});
