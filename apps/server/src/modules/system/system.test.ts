// /api/system/System over HTTP: the application list and its filters, create/update/delete with the main
// system's protections, and the "refresh" frame to users of an application that is disabled or deleted.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { module } from '../../db/schema/index.js';
import { MAIN_SYSTEM_CODE } from '../../platform/menus.js';
import { signIn } from '../../../test/harness.js';
import { expectInvalidFields } from '../../../test/kit/answers.js';
import { api, ctx, server, useAdminServer } from '../../../test/kit/adminServer.js';
import { insertUser, TEST_PASSWORD } from '../../../test/kit/directory.js';
import { mainSystemId } from '../../../test/kit/menus.js';
import { openSocket, until } from '../../../test/kit/sockets.js';

let mainId: string;

useAdminServer();
beforeAll(async () => {
  mainId = await mainSystemId(ctx());
});

interface SystemRow {
  id: string;
  fullName: string;
  enCode: string;
  enabledMark: number;
  isMain: number;
  mainSystem: boolean;
  version: number;
}

const body = (fields: Record<string, unknown> = {}) => ({
  fullName: `应用${Math.random().toString(36).slice(2, 8)}`,
  enCode: `app${Math.random().toString(36).slice(2, 8)}`,
  icon: 'icon-ym icon-ym-app',
  enabledMark: 1,
  sortCode: 3,
  description: '说明',
  propertyJson: '{"color":"blue"}',
  workflowEnabled: 0,
  ...fields,
});

describe('applications', () => {
  it('creates, lists with filters, reads and updates with a version', async () => {
    const created = await api<string>('POST', '/api/system/System', {
      json: body({ fullName: '仓储应用', enCode: 'wms' }),
    });
    expect(created).toMatchObject({ code: 200, msg: '新建成功' });
    const disabled = await api<string>('POST', '/api/system/System', { json: body({ enabledMark: 0 }) });
    const all = await api<{ list: SystemRow[] }>('GET', '/api/system/System');
    expect(all.data!.list.map((s) => s.id)).toEqual(expect.arrayContaining([mainId, created.data, disabled.data]));
    expect(all.data!.list.find((s) => s.id === mainId)).toMatchObject({ isMain: 1, mainSystem: true });
    const enabled = await api<{ list: SystemRow[] }>('GET', '/api/system/System', { query: { enabledMark: '1' } });
    expect(enabled.data!.list.map((s) => s.id)).not.toContain(disabled.data);
    const zero = await api<{ list: SystemRow[] }>('GET', '/api/system/System', { query: { enabledMark: '0' } });
    expect(zero.data!.list.map((s) => s.id)).toContain(disabled.data);
    const selector = await api<{ list: SystemRow[] }>('GET', '/api/system/System', { query: { selector: 'true' } });
    expect(selector.data!.list.map((s) => s.id)).not.toContain(mainId);
    const keyword = await api<{ list: SystemRow[] }>('GET', '/api/system/System', { query: { keyword: '仓储' } });
    expect(keyword.data!.list.map((s) => s.id)).toEqual([created.data]);

    const info = await api<SystemRow & { propertyJson: string; description: string }>(
      'GET',
      `/api/system/System/${created.data}`,
    );
    expect(info.data).toMatchObject({
      fullName: '仓储应用',
      enCode: 'wms',
      propertyJson: '{"color":"blue"}',
      description: '说明',
      version: 0,
    });
    expect(
      await api('PUT', `/api/system/System/${created.data}`, {
        json: body({ fullName: '仓储', enCode: 'wms', version: 0 }),
      }),
    ).toMatchObject({ code: 200, msg: '更新成功' });
    expect(
      await api('PUT', `/api/system/System/${created.data}`, {
        json: body({ fullName: '仓储2', enCode: 'wms', version: 0 }),
      }),
    ).toMatchObject({ code: 400, msg: '数据已被他人修改，请刷新后重试' });
    expect(await api('GET', '/api/system/System/404')).toMatchObject({ code: 400, msg: '数据不存在' });
  });

  it('refuses duplicate names and codes', async () => {
    const first = body();
    await api('POST', '/api/system/System', { json: first });
    expect(await api('POST', '/api/system/System', { json: body({ fullName: first.fullName }) })).toMatchObject({
      code: 400,
      msg: '名称不能重复',
    });
    expect(await api('POST', '/api/system/System', { json: body({ enCode: first.enCode }) })).toMatchObject({
      code: 400,
      msg: '编码不能重复',
    });
  });

  it('keeps the main system enabled, with its code, and undeletable', async () => {
    const main = (await api<SystemRow>('GET', `/api/system/System/${mainId}`)).data!;
    expect(
      await api('PUT', `/api/system/System/${mainId}`, {
        json: body({ fullName: main.fullName, enCode: main.enCode, enabledMark: 0 }),
      }),
    ).toMatchObject({
      code: 400,
      msg: '更新失败，主系统不允许禁用',
    });
    expect(
      await api('PUT', `/api/system/System/${mainId}`, { json: body({ fullName: main.fullName, enCode: 'other' }) }),
    ).toMatchObject({
      code: 400,
      msg: '更新失败，主系统不允许修改编码',
    });
    expect(await api('DELETE', `/api/system/System/${mainId}`)).toMatchObject({ code: 400, msg: '主系统不允许删除' });
    expect(
      await api('PUT', `/api/system/System/${mainId}`, {
        json: body({ fullName: '开发平台', enCode: MAIN_SYSTEM_CODE }),
      }),
    ).toMatchObject({
      code: 200,
    });
  });

  it('refuses bad input on create and update', async () => {
    const created = await api<string>('POST', '/api/system/System', { json: body() });
    for (const [method, path] of [
      ['POST', '/api/system/System'],
      ['PUT', `/api/system/System/${created.data}`],
    ] as const) {
      const bad = await api<{ errors: Record<string, string> }>(method, path, {
        json: {
          fullName: '',
          enCode: 'a b',
          enabledMark: 2,
          workflowEnabled: 'x',
          propertyJson: '{',
          sortCode: 'many',
        },
      });
      expectInvalidFields(bad, ['enCode', 'enabledMark', 'fullName', 'propertyJson', 'sortCode', 'workflowEnabled']);
    }
  });
});

describe('disabling and deleting an application', () => {
  it('tells the signed-in users who can use it to reload, and deletes its menus with it', async () => {
    const created = await api<string>('POST', '/api/system/System', { json: body() });
    const menu = await api<string>('POST', '/api/system/Menu', {
      json: { parentId: '-1', systemId: created.data, type: 2, fullName: '页', enCode: 'page' },
    });
    // one user granted a menu of it, one user without grants
    const granted = await insertUser(ctx());
    await api('PUT', `/api/permission/Authority/Data/${granted.id}`, {
      json: { objectType: 'User', module: [menu.data] },
    });
    const outsider = await insertUser(ctx());
    const grantedSocket = await openSocket(server.baseUrl, await signIn(server, granted.account, TEST_PASSWORD));
    const outsiderSocket = await openSocket(server.baseUrl, await signIn(server, outsider.account, TEST_PASSWORD));

    const current = (await api<SystemRow>('GET', `/api/system/System/${created.data}`)).data!;
    expect(
      await api('PUT', `/api/system/System/${created.data}`, { json: body({ ...current, enabledMark: 0 }) }),
    ).toMatchObject({ code: 200 });
    await until(() => grantedSocket.frames.length > 0, 2000);
    expect(grantedSocket.frames).toEqual([{ method: 'refresh', msg: '应用已被禁用，正为您切换应用' }]);

    // enabled again, then deleted: the same frame, and the menus are gone
    await api('PUT', `/api/system/System/${created.data}`, {
      json: body({ ...current, enabledMark: 1, version: undefined }),
    });
    expect(await api('DELETE', `/api/system/System/${created.data}`)).toMatchObject({ code: 200, msg: '删除成功' });
    await until(() => grantedSocket.frames.length > 1, 2000);
    expect(grantedSocket.frames[1]).toEqual({ method: 'refresh', msg: '应用已被禁用，正为您切换应用' });
    expect(outsiderSocket.frames.filter((f) => f.method === 'refresh')).toEqual([]);
    expect(await ctx().db.select().from(module).where(eq(module.systemId, created.data!))).toEqual([]);
    expect(await api('DELETE', `/api/system/System/${created.data}`)).toMatchObject({
      code: 400,
      msg: '删除失败，数据不存在',
    });
    grantedSocket.socket.close();
    outsiderSocket.socket.close();
  });
});
