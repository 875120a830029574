// What a menu of type 3, 4, 5 or 8 opens (propertyJson {moduleId, isTree}) over HTTP: a dictionary menu pointing at a
// tree category takes its isTree on create and update, keeping iconBackgroundColor and unknown keys; a form menu
// must name a released design; wrong ids, non-JSON, non-objects and wrong types are refused with a clear message;
// the other types keep what they accept.
import { beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../../../test/harness.js';
import { admin, api, server } from '../../../test/kit/adminServer.js';
import { categoryId, errorsOf, useDesignServer } from '../../../test/kit/designServer.js';
import { mainSystemId } from '../../../test/kit/menus.js';
import { createReleased } from '../../../test/kit/released.js';
import { designBody } from '../../../test/kit/visualdev.js';
import { ctx } from '../../../test/kit/adminServer.js';

const MENU = '/api/system/Menu';
let systemId: string;
let treeCategory: string;
let flatCategory: string;

useDesignServer();
beforeAll(async () => {
  systemId = await mainSystemId(ctx());
  const category = async (isTree: number) => {
    const enCode = unique('mt');
    const res = await api('POST', '/api/system/DictionaryType', {
      json: { parentId: '0', fullName: `菜单字典${enCode}`, enCode, isTree, sortCode: 0 },
    });
    expect(res.code, res.msg).toBe(200);
    const list = await api<{ list: { children?: { id: string; enCode: string }[] }[] }>(
      'GET',
      '/api/system/DictionaryType',
    );
    const node = list.data!.list.flatMap((r) => r.children ?? []).find((c) => c.enCode === enCode);
    return node!.id;
  };
  treeCategory = await category(1);
  flatCategory = await category(0);
});

const body = (type: number, propertyJson: unknown, fields: Record<string, unknown> = {}) => {
  const enCode = unique('tm');
  return {
    parentId: '-1',
    systemId,
    category: 'Web',
    type,
    fullName: `菜单${enCode}`,
    enCode,
    urlAddress: `dictionary/${enCode}`,
    propertyJson,
    ...fields,
  };
};
const propertiesOf = async (id: string) =>
  JSON.parse((await api<{ propertyJson: string }>('GET', `${MENU}/${id}`)).data!.propertyJson) as Record<
    string,
    unknown
  >;

describe('a dictionary menu (type 4)', () => {
  it('takes the tree category’s isTree on create and update, keeping the other keys', async () => {
    const json = body(
      4,
      JSON.stringify({ moduleId: treeCategory, iconBackgroundColor: '#fff', isTree: 0, extra: 'x' }),
    );
    const created = await api<string>('POST', MENU, { json });
    expect(created.code, created.msg).toBe(200);
    expect(await propertiesOf(created.data!)).toEqual({
      moduleId: treeCategory,
      iconBackgroundColor: '#fff',
      isTree: 1,
      extra: 'x',
    });
    const moved = await api('PUT', `${MENU}/${created.data}`, {
      json: { ...json, version: 0, propertyJson: JSON.stringify({ moduleId: flatCategory, isTree: 1, extra: 'x' }) },
    });
    expect(moved.code, moved.msg).toBe(200);
    expect(await propertiesOf(created.data!)).toEqual({ moduleId: flatCategory, isTree: 0, extra: 'x' });
    const back = await api('PUT', `${MENU}/${created.data}`, {
      json: { ...json, version: 1, propertyJson: JSON.stringify({ moduleId: treeCategory, iconBackgroundColor: '' }) },
    });
    expect(back.code, back.msg).toBe(200);
    expect(await propertiesOf(created.data!)).toEqual({ moduleId: treeCategory, iconBackgroundColor: '', isTree: 1 });
  });

  it('refuses a missing or unknown category, in the caller’s language', async () => {
    const missing = await api('POST', MENU, { json: body(4, JSON.stringify({ iconBackgroundColor: '', isTree: 0 })) });
    expect(missing.code).toBe(401);
    expect(errorsOf(missing)).toEqual({ 'propertyJson.moduleId': '请选择数据字典' });
    const none = await api('POST', MENU, { json: body(4, null) });
    expect(errorsOf(none)).toEqual({ 'propertyJson.moduleId': '请选择数据字典' });
    const unknown = await api('POST', MENU, { json: body(4, JSON.stringify({ moduleId: 'nosuchcategory' })) });
    expect(errorsOf(unknown)).toEqual({ 'propertyJson.moduleId': '数据字典不存在' });
    const en = await api('POST', MENU, {
      json: body(4, JSON.stringify({ moduleId: 'nosuchcategory' })),
      headers: { 'jnpf-language': 'en' },
    });
    expect(errorsOf(en)).toEqual({ 'propertyJson.moduleId': 'The dictionary does not exist' });
    const zhtw = await api('POST', MENU, {
      json: body(4, JSON.stringify({ moduleId: 'nosuchcategory' })),
      headers: { 'jnpf-language': 'zhtw' },
    });
    expect(errorsOf(zhtw)).toEqual({ 'propertyJson.moduleId': '數據字典不存在' });
  });

  it('refuses hostile property JSON with a clear message', async () => {
    const refused = async (propertyJson: unknown) => {
      const res = await api('POST', MENU, { json: body(4, propertyJson) });
      expect(res.code, JSON.stringify(res)).toBe(401);
      return errorsOf(res);
    };
    expect(await refused('{"moduleId":')).toEqual({ propertyJson: expect.stringContaining('JSON') });
    expect(await refused('x'.repeat(5000))).toHaveProperty('propertyJson');
    expect(await refused(12)).toHaveProperty('propertyJson');
    expect(await refused('[1,2]')).toEqual({ propertyJson: '菜单属性格式错误，应为JSON对象' });
    expect(await refused('"text"')).toEqual({ propertyJson: '菜单属性格式错误，应为JSON对象' });
    expect(await refused(JSON.stringify({ moduleId: 42 }))).toEqual({ 'propertyJson.moduleId': '功能编号格式错误' });
    expect(await refused(JSON.stringify({ moduleId: '../x' }))).toEqual({
      'propertyJson.moduleId': '功能编号格式错误',
    });
    expect(await refused(JSON.stringify({ moduleId: treeCategory, isTree: 'yes' }))).toEqual({
      'propertyJson.isTree': '树形标识只能为0或1',
    });
    expect(await refused(JSON.stringify({ moduleId: treeCategory, isTree: 2 }))).toEqual({
      'propertyJson.isTree': '树形标识只能为0或1',
    });
  });
});

describe('the other kinds', () => {
  it('a form menu (type 3) names a released design and keeps the isTree it was given', async () => {
    const model = await createReleased(server, admin, designBody(categoryId, 'none') as never);
    const json = body(3, JSON.stringify({ moduleId: model.id, iconBackgroundColor: '', isTree: 1 }));
    const created = await api<string>('POST', MENU, { json });
    expect(created.code, created.msg).toBe(200);
    expect(await propertiesOf(created.data!)).toEqual({ moduleId: model.id, iconBackgroundColor: '', isTree: 1 });
    const unknown = await api('POST', MENU, { json: body(3, JSON.stringify({ moduleId: treeCategory })) });
    expect(errorsOf(unknown)).toEqual({ 'propertyJson.moduleId': '功能表单不存在或未发布' });
    const missing = await api('POST', MENU, { json: body(3, '{}') });
    expect(errorsOf(missing)).toEqual({ 'propertyJson.moduleId': '请选择功能表单' });
  });

  it('a report menu (type 5) needs a report id; a portal menu (type 8) may have none', async () => {
    expect(errorsOf(await api('POST', MENU, { json: body(5, '{}') }))).toEqual({
      'propertyJson.moduleId': '请输入报表编号',
    });
    const report = await api<string>('POST', MENU, { json: body(5, JSON.stringify({ moduleId: 'r-2024' })) });
    expect(report.code, report.msg).toBe(200);
    expect(await propertiesOf(report.data!)).toEqual({ moduleId: 'r-2024', isTree: 0 });
    const portal = await api<string>('POST', MENU, { json: body(8, null) });
    expect(portal.code, portal.msg).toBe(200);
    expect(await propertiesOf(portal.data!)).toEqual({ isTree: 0 });
  });

  it('a page (type 2) keeps accepting any JSON object or none', async () => {
    const page = await api<string>('POST', MENU, {
      json: body(2, JSON.stringify({ moduleId: 'anything', isTree: 7 })),
    });
    expect(page.code, page.msg).toBe(200);
    expect(await propertiesOf(page.data!)).toEqual({ moduleId: 'anything', isTree: 7 });
    const plain = await api<string>('POST', MENU, { json: body(2, null) });
    expect(plain.code, plain.msg).toBe(200);
  });
});
