// User groups over HTTP against a real database: list, selectors, create/update/delete/state, refusals and bad input.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CurrentUserResult } from '@jnpf/core';
import { userGroup, userRelation } from '../../db/schema/index.js';
import { newId } from '../../platform/ids.js';
import { call, signIn, unique } from '../../../test/harness.js';
import { api, ctx, server } from '../../../test/kit/adminServer.js';
import { createGroup, createUser } from '../../../test/kit/directoryApi.js';
import type { Errors, Page } from '../../../test/kit/recordScreens.js';
import { expectFieldRefusals, rootId, useHeadOfficeServer } from '../../../test/kit/recordScreens.js';
import { dictionaryItems, type DictionaryItem } from '../dictionary/byCode.js';

const BASE = '/api/permission/Group';

let types: DictionaryItem[];

useHeadOfficeServer();
beforeAll(async () => {
  types = await dictionaryItems(ctx().db, 'groupType');
});

interface Node {
  id: string;
  parentId: string;
  fullName: string;
  type: string;
  num?: number;
  children: Node[];
}

/** a group of the first type */
const newGroup = (fields: Record<string, unknown> = {}) => createGroup(api, types[0]!.id, { sortCode: '0', ...fields });

describe('groups', () => {
  it('the group-type dictionary is seeded', () => {
    expect(types.map((t) => t.fullName)).toEqual(['部门分组', '项目分组', '其他分组']);
  });

  it('create, info, list, update, state, delete', async () => {
    const res = await api<string>('POST', BASE, {
      json: {
        fullName: '读书会',
        enCode: 'book.club',
        type: types[1]!.id,
        enabledMark: 1,
        sortCode: '7',
        description: '每周',
      },
    });
    expect(res).toMatchObject({ code: 200, msg: '创建成功' });
    const id = res.data!;
    const info = await api<Record<string, unknown>>('GET', `${BASE}/${id}`);
    expect(info.data).toMatchObject({
      id,
      fullName: '读书会',
      enCode: 'book.club',
      type: types[1]!.id,
      sortCode: '7',
      enabledMark: 1,
      description: '每周',
    });
    const list = await api<Page<Record<string, unknown>>>('GET', BASE, { query: { keyword: 'book.club' } });
    expect(list.data!.list).toEqual([expect.objectContaining({ id, type: '项目分组', sortCode: 7 })]);
    const byType = await api<Page<{ id: string }>>('GET', BASE, { query: { type: types[1]!.id, pageSize: 500 } });
    expect(byType.data!.list.map((g) => g.id)).toContain(id);
    const updated = await api('PUT', `${BASE}/${id}`, {
      json: { fullName: '读书俱乐部', enCode: 'book.club', type: types[1]!.id, enabledMark: 1 },
    });
    expect(updated).toMatchObject({ code: 200, msg: '更新成功' });
    expect(
      await api('PUT', `${BASE}/${newId()}`, {
        json: { fullName: 'x', enCode: 'x', type: types[1]!.id, enabledMark: 1 },
      }),
    ).toMatchObject({
      code: 400,
      msg: '接口修改失败，数据不存在',
    });
    expect(await api('PUT', `${BASE}/${id}/Actions/State`)).toMatchObject({ code: 200, msg: '更新成功' });
    const disabled = await api<Page<{ id: string }>>('GET', BASE, { query: { keyword: 'book.club', enabledMark: 0 } });
    expect(disabled.data!.list.map((g) => g.id)).toEqual([id]);
    expect(await api('DELETE', `${BASE}/${id}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await api('DELETE', `${BASE}/${id}`)).toMatchObject({ code: 400, msg: '删除失败，数据不存在' });
    expect(await api('GET', `${BASE}/${id}`)).toMatchObject({ code: 400, msg: '数据不存在' });
  });

  it('refuses duplicates, unknown types and bad input', async () => {
    const name = unique('同名');
    const code = unique('GC');
    await newGroup({ fullName: name, enCode: code });
    expect(
      await api('POST', BASE, { json: { fullName: name, enCode: unique('G'), type: types[0]!.id, enabledMark: 1 } }),
    ).toMatchObject({
      code: 400,
      msg: '名称不能重复',
    });
    expect(
      await api('POST', BASE, { json: { fullName: unique('n'), enCode: code, type: types[0]!.id, enabledMark: 1 } }),
    ).toMatchObject({
      code: 400,
      msg: '编码不能重复',
    });
    expect(
      await api('POST', BASE, { json: { fullName: unique('n'), enCode: unique('G'), type: newId(), enabledMark: 1 } }),
    ).toMatchObject({
      code: 400,
      msg: '分组类型不存在',
    });
    const body = { fullName: unique('n'), enCode: unique('G'), type: types[0]!.id, enabledMark: 1 };
    await expectFieldRefusals(
      (patch) => api<Errors>('POST', BASE, { json: { ...body, ...patch } }),
      [
        [{ fullName: undefined }, 'fullName', '名称不能为空'],
        [{ enCode: undefined }, 'enCode', '编码不能为空'],
        [{ type: undefined }, 'type', '分组类型不能为空'],
        [{ type: 5 }, 'type', '分组类型不能为空'],
        [{ fullName: 'g'.repeat(10_240) }, 'fullName', '名称最多为50个字符！'],
        [{ enCode: 'g'.repeat(10_240) }, 'enCode', '编码最多为50个字符！'],
        [{ fullName: 'a/b' }, 'fullName', '名称不能含有特殊符号'],
        [{ sortCode: 'ten' }, 'sortCode', '排序只能是0到999999的整数'],
        [{ enabledMark: true }, 'enabledMark', '状态只能是启用或禁用'],
      ],
    );
  });

  it('an update is checked like a create', async () => {
    const id = await newGroup();
    const g = (await ctx().db.select().from(userGroup).where(eq(userGroup.id, id)))[0]!;
    const body = { fullName: g.fullName, enCode: g.enCode, type: g.type, enabledMark: 1 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ fullName: undefined }, 'fullName', '名称不能为空'],
      [{ enCode: 'g g' }, 'enCode', '编码只能输入英文、数字和小数点且小数点不能放在首尾'],
      [{ type: '' }, 'type', '分组类型不能为空'],
      [{ description: 'x'.repeat(10_240) }, 'description', '内容长度超出限制'],
      [{ fullName: 'union select 1' }, 'fullName', ''],
    ];
    for (const [patch, field, message] of cases) {
      const res = await api<Errors>('PUT', `${BASE}/${id}`, { json: { ...body, ...patch } });
      if (!message) {
        // SQL words are just words: stored as typed
        expect(res.code, field).toBe(200);
        continue;
      }
      expect(res.code, field).toBe(401);
      expect(res.data!.errors[field], field).toBe(message);
    }
    expect((await ctx().db.select().from(userGroup).where(eq(userGroup.id, id)))[0]!.fullName).toBe('union select 1');
  });

  it('Selector (bare array) and GroupCondition put enabled groups under their types', async () => {
    const a = await newGroup({ type: types[2]!.id });
    const off = await newGroup({ type: types[2]!.id });
    await api('PUT', `${BASE}/${off}/Actions/State`);
    const res = await api<Node[]>('GET', `${BASE}/Selector`);
    expect(Array.isArray(res.data)).toBe(true);
    const typeNode = res.data!.find((n) => n.id === types[2]!.id)!;
    expect(typeNode).toMatchObject({ type: '0', fullName: '其他分组' });
    expect(typeNode.children.map((c) => c.id)).toContain(a);
    expect(typeNode.children.map((c) => c.id)).not.toContain(off);
    expect(typeNode.children.find((c) => c.id === a)).toMatchObject({
      type: 'group',
      icon: 'icon-ym icon-ym-generator-group1',
      parentId: types[2]!.id,
    });
    const condition = await api<{ list: Node[] }>('POST', `${BASE}/GroupCondition`, { json: { ids: [`${a}--group`] } });
    expect(condition.data!.list).toEqual([expect.objectContaining({ id: types[2]!.id, num: 1 })]);
    expect((await api<{ list: Node[] }>('POST', `${BASE}/GroupCondition`, { json: { ids: [] } })).data!.list).toEqual(
      [],
    );
  });

  it('SearchSelector pages the enabled groups matching a keyword, flat, with their type', async () => {
    const marker = unique('检索分组');
    const found: string[] = [];
    for (let n = 0; n < 5; n++)
      found.push(await newGroup({ fullName: `${marker}${n}`, sortCode: String(n), type: types[n % 2]!.id }));
    const off = await newGroup({ fullName: `${marker}停用`, sortCode: '9' });
    await api('PUT', `${BASE}/${off}/Actions/State`);
    await newGroup({ fullName: unique('无关') });
    type Found = { list: (Node & { organize: string })[]; pagination: { total: number; currentPage: number } };
    const search = (query: Record<string, string | number>, token?: string) =>
      token
        ? call<Found>(server, 'GET', `${BASE}/SearchSelector`, { query, token })
        : api<Found>('GET', `${BASE}/SearchSelector`, { query });

    const first = await search({ keyword: marker, currentPage: 1, pageSize: 3 });
    expect(first.code).toBe(200);
    expect(first.data!.pagination).toMatchObject({ currentPage: 1, total: 5 });
    expect(first.data!.list.map((r) => r.id)).toEqual(found.slice(0, 3));
    expect(first.data!.list[1]).toMatchObject({
      type: 'group',
      icon: 'icon-ym icon-ym-generator-group1',
      organize: types[1]!.fullName,
    });
    // the disabled group is left out
    expect((await search({ keyword: marker, currentPage: 2, pageSize: 3 })).data!.list.map((r) => r.id)).toEqual(
      found.slice(3),
    );
    const { enCode } = (await ctx().db.select().from(userGroup).where(eq(userGroup.id, found[2]!)))[0]!;
    expect((await search({ keyword: enCode })).data!.list.map((r) => r.id)).toEqual([found[2]]);
    // open to any signed-in user, bounded and validated
    const { account } = await createUser(api, rootId, { realName: '组员' });
    const token = await signIn(server, account, '0000');
    expect((await search({ keyword: marker }, token)).data!.list.map((r) => r.id)).toEqual(found);
    expect((await call(server, 'GET', `${BASE}/SearchSelector?keyword=x`)).code).toBe(602);
    expect((await search({ keyword: marker, pageSize: 101 })).code).toBe(401);
  });

  it('deleting a group ends its memberships, and members see it at their next call', async () => {
    const id = await newGroup();
    const { account } = await createUser(api, rootId, { realName: '组员', groupId: id });
    const token = await signIn(server, account, '0000');
    const before = await call<CurrentUserResult>(server, 'GET', '/api/oauth/CurrentUser', { token });
    expect(before.data!.userInfo.groupIds).toEqual([id]);
    expect((await api('DELETE', `${BASE}/${id}`)).code).toBe(200);
    expect(await ctx().db.select().from(userRelation).where(eq(userRelation.objectId, id))).toEqual([]);
    expect(await ctx().db.select().from(userGroup).where(eq(userGroup.id, id))).toEqual([]);
    const after = await call<CurrentUserResult>(server, 'GET', '/api/oauth/CurrentUser', { token });
    expect(after.data!.userInfo.groupIds).toEqual([]);
  });
});
