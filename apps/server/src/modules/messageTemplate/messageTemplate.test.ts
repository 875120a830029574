// Message templates and send configurations over HTTP: CRUD with their parameter lists and SMS / WeChat
// fields, the code rules, copies, and the link between a configuration and the templates it uses.
import { describe, expect, it } from 'vitest';
import { call, unique } from '../../../test/harness.js';
import { signedInUser } from '../../../test/kit/access.js';
import { api, server, useAdminServer } from '../../../test/kit/adminServer.js';

const TEMPLATES = '/api/message/MessageTemplateConfig';
const CONFIGS = '/api/message/SendMessageConfig';

const template = (fields: Record<string, unknown> = {}) => ({
  fullName: unique('模板'),
  enCode: unique('tpl.'),
  templateType: '0',
  messageSource: '1',
  messageType: '1',
  enabledMark: 1,
  sortCode: 1,
  title: '{@Title} 提醒',
  content: '您好 {@CreatorUserName}',
  templateParamList: [
    { field: '@Title', fieldName: '标题' },
    { field: '@CreatorUserName', fieldName: '发送人' },
  ],
  ...fields,
});

async function createTemplate(fields: Record<string, unknown> = {}) {
  const res = await api<string>('POST', TEMPLATES, { json: template(fields) });
  expect(res.code, res.msg).toBe(200);
  return res.data!;
}

useAdminServer();

describe('message templates', () => {
  it('creates, reads, lists, updates and deletes a template with its parameters', async () => {
    const body = template({ fullName: '审批提醒模板' });
    const created = await api<string>('POST', TEMPLATES, { json: body });
    expect(created).toMatchObject({ code: 200, msg: '创建成功' });
    const id = created.data!;
    const info = await api<Record<string, unknown> & { templateParamList: Record<string, unknown>[] }>(
      'GET',
      `${TEMPLATES}/${id}`,
    );
    expect(info.data).toMatchObject({
      id,
      fullName: '审批提醒模板',
      enCode: body.enCode,
      messageType: '1',
      version: 0,
    });
    expect(info.data!.templateParamList).toEqual([
      expect.objectContaining({ field: '@Title', fieldName: '标题', templateId: id }),
      expect.objectContaining({ field: '@CreatorUserName', fieldName: '发送人', templateId: id }),
    ]);
    const list = await api<{ list: Record<string, unknown>[] }>('GET', TEMPLATES, {
      query: { keyword: '审批提醒', messageSource: '1' },
    });
    expect(list.data!.list).toEqual([
      expect.objectContaining({ id, messageSource: '系统消息', messageType: '站内信', creatorUser: '管理员/admin' }),
    ]);
    expect((list.data!.list[0]!.tableField112 as unknown[]).length).toBe(2);
    const updated = await api('PUT', `${TEMPLATES}/${id}`, { json: { ...body, title: '新标题', version: 0 } });
    expect(updated.msg).toBe('更新成功');
    expect((await api('PUT', `${TEMPLATES}/${id}`, { json: { ...body, version: 0 } })).msg).toBe(
      '数据已被他人修改，请刷新后重试',
    );
    expect((await api('DELETE', `${TEMPLATES}/${id}`)).msg).toBe('删除成功');
    expect((await api('GET', `${TEMPLATES}/${id}`)).msg).toBe('数据不存在');
    const params = await api<{ list: { field: string }[] }>('GET', `${TEMPLATES}/getParams`);
    expect(params.data!.list.map((p) => p.field)).toContain('@FlowLink');
  });

  it('refuses duplicate codes, system-style codes, bad parameters and WeChat templates without one title', async () => {
    const enCode = unique('dup.');
    await createTemplate({ enCode });
    expect((await api('POST', TEMPLATES, { json: template({ enCode }) })).msg).toBe('编码不能重复');
    expect((await api('POST', TEMPLATES, { json: template({ enCode: 'MBXT001' }) })).msg).toBe(
      '自定义模板编码不能使用系统模板编码规则',
    );
    expect((await api('POST', TEMPLATES, { json: template({ enCode: 'MBXT002', templateType: '1' }) })).code).toBe(200);
    const twice = [
      { field: '@Title', fieldName: 'a' },
      { field: '@Title', fieldName: 'b' },
    ];
    expect((await api('POST', TEMPLATES, { json: template({ templateParamList: twice }) })).msg).toBe('参数名不能重复');
    expect(
      (await api('POST', TEMPLATES, { json: template({ templateParamList: [{ field: '1x', fieldName: 'a' }] }) })).code,
    ).toBe(401);
    const wechat = (isTitles: number[]) =>
      template({
        messageType: 7,
        templateCode: 'wx-tpl-1',
        wxSkip: '1',
        xcxAppId: 'wx123',
        smsFieldList: isTitles.map((isTitle, i) => ({ smsField: `keyword${i}`, field: '@Title', isTitle })),
      });
    expect((await api('POST', TEMPLATES, { json: wechat([0, 0]) })).msg).toBe('微信公众号模板不存在标题参数');
    expect((await api('POST', TEMPLATES, { json: wechat([1, 1]) })).msg).toBe('微信公众号模板存在多个标题参数');
    const ok = await api<string>('POST', TEMPLATES, { json: wechat([1, 0]) });
    expect(ok.code).toBe(200);
    const info = await api<{ smsFieldList: Record<string, unknown>[]; wxSkip: string; templateCode: string }>(
      'GET',
      `${TEMPLATES}/${ok.data}`,
    );
    expect(info.data).toMatchObject({ wxSkip: '1', templateCode: 'wx-tpl-1' });
    expect(info.data!.smsFieldList).toEqual([
      expect.objectContaining({ smsField: 'keyword0', field: '@Title', isTitle: 1 }),
      expect.objectContaining({ smsField: 'keyword1', isTitle: 0 }),
    ]);
  });

  it('copies a template as a disabled custom one', async () => {
    const id = await createTemplate({ fullName: '原模板', enCode: 'orig.code' });
    const copy = await api<string>('POST', `${TEMPLATES}/${id}/Actions/Copy`);
    expect(copy).toMatchObject({ code: 200, msg: '复制数据成功' });
    const info = await api<Record<string, unknown>>('GET', `${TEMPLATES}/${copy.data}`);
    expect(info.data!.fullName).toMatch(/^原模板\.副本\d{5}$/);
    expect(info.data!.enCode).toMatch(/^orig\.code\d{5}$/);
    expect(info.data).toMatchObject({ enabledMark: 0, templateType: '0' });
    expect((await api('POST', `${TEMPLATES}/nope/Actions/Copy`)).msg).toBe('数据不存在');
  });
});

describe('send configurations', () => {
  it('uses templates, which then cannot be disabled or deleted; any signed-in user reads one', async () => {
    const templateId = await createTemplate({ fullName: '日程模板' });
    const body = {
      fullName: '日程提醒配置',
      enCode: unique('cfg.'),
      templateType: '0',
      messageSource: '4',
      enabledMark: 1,
      sendConfigTemplateList: [{ messageType: '1', templateId, enabledMark: 1 }],
    };
    const created = await api<string>('POST', CONFIGS, { json: body });
    expect(created.msg).toBe('创建成功');
    const id = created.data!;
    const { token } = await signedInUser(server);
    const info = await call<Record<string, unknown> & { sendConfigTemplateList: Record<string, unknown>[] }>(
      server,
      'GET',
      `${CONFIGS}/${id}`,
      { token },
    );
    expect(info.data).toMatchObject({ fullName: '日程提醒配置', messageSource: '4', messageSourceName: '日程消息' });
    expect(info.data!.sendConfigTemplateList).toEqual([
      expect.objectContaining({ templateId, messageType: '1', templateName: '日程模板' }),
    ]);
    expect((await call(server, 'GET', CONFIGS, { token })).msg).toBe('没有访问权限');
    expect((await call(server, 'GET', `${CONFIGS}/Selector`, { token })).code).toBe(200);
    const list = await api<{ list: Record<string, unknown>[] }>('GET', CONFIGS, { query: { keyword: '日程提醒配置' } });
    expect(list.data!.list).toEqual([
      expect.objectContaining({ id, messageSource: '日程消息', messageType: [{ type: '1', fullName: '站内信' }] }),
    ]);
    const tpl = await api<Record<string, unknown>>('GET', `${TEMPLATES}/${templateId}`);
    expect((await api('PUT', `${TEMPLATES}/${templateId}`, { json: { ...tpl.data, enabledMark: 0 } })).msg).toBe(
      '此记录与“消息发送配置”关联引用，不允许被禁用',
    );
    expect((await api('DELETE', `${TEMPLATES}/${templateId}`)).msg).toBe(
      '此记录与“消息发送配置”关联引用，不允许被删除',
    );
    // the configuration drops the template: it is free again
    expect(
      (await api('PUT', `${CONFIGS}/${id}`, { json: { ...body, sendConfigTemplateList: [], version: 0 } })).msg,
    ).toBe('更新成功');
    expect((await api('DELETE', `${TEMPLATES}/${templateId}`)).msg).toBe('删除成功');
    expect((await api('DELETE', `${CONFIGS}/${id}`)).msg).toBe('删除成功');
  });

  it('copies a configuration with its templates as a disabled custom one', async () => {
    const templateId = await createTemplate({ fullName: '复制用模板' });
    const id = (
      await api<string>('POST', CONFIGS, {
        json: {
          fullName: '原配置',
          enCode: 'orig.cfg',
          messageSource: '3',
          sendConfigTemplateList: [{ messageType: '1', templateId, sortCode: 2 }],
        },
      })
    ).data!;
    const copy = await api<string>('POST', `${CONFIGS}/${id}/Actions/Copy`);
    expect(copy).toMatchObject({ code: 200, msg: '复制数据成功' });
    const info = await api<Record<string, unknown> & { sendConfigTemplateList: Record<string, unknown>[] }>(
      'GET',
      `${CONFIGS}/${copy.data}`,
    );
    expect(info.data!.fullName).toMatch(/^原配置\.副本\d{5}$/);
    expect(info.data!.enCode).toMatch(/^orig\.cfg\d{5}$/);
    expect(info.data).toMatchObject({ enabledMark: 0, templateType: '0', messageSource: '3' });
    expect(info.data!.sendConfigTemplateList).toEqual([
      expect.objectContaining({ templateId, messageType: '1', sortCode: 2, templateName: '复制用模板' }),
    ]);
    expect((await api('POST', `${CONFIGS}/nope/Actions/Copy`)).msg).toBe('数据不存在');
  });

  it('offers enabled templates to the send-configuration screen without the template screen', async () => {
    const on = await createTemplate({ fullName: unique('可选'), messageType: '1', messageSource: '3' });
    const off = await createTemplate({
      fullName: unique('停用'),
      messageType: '1',
      messageSource: '3',
      enabledMark: 0,
    });
    const { token } = await signedInUser(server, {}, { grants: { 'msgCenter.sendConfig': [] } });
    const listed = await call<{ list: { id: string }[] }>(server, 'GET', `${TEMPLATES}/Selector`, {
      token,
      query: { messageType: '1', messageSource: '3', pageSize: 500 },
    });
    expect(listed.code, listed.msg).toBe(200);
    const ids = listed.data!.list.map((r) => r.id);
    expect(ids).toContain(on);
    expect(ids).not.toContain(off);
    expect((await call(server, 'GET', TEMPLATES, { token })).msg).toBe('没有访问权限');
  });

  it('refuses duplicate and system-style codes and templates that do not exist; needs the menu', async () => {
    const enCode = unique('cfg.');
    const body = { fullName: 'x', enCode, sendConfigTemplateList: [] };
    expect((await api('POST', CONFIGS, { json: body })).code).toBe(200);
    expect((await api('POST', CONFIGS, { json: body })).msg).toBe('编码不能重复');
    expect((await api('POST', CONFIGS, { json: { ...body, enCode: 'PZXT1' } })).msg).toBe(
      '自定义模板编码不能使用系统模板编码规则',
    );
    const missing = {
      ...body,
      enCode: unique('c.'),
      sendConfigTemplateList: [{ messageType: '1', templateId: 'nope' }],
    };
    expect((await api('POST', CONFIGS, { json: missing })).msg).toContain('所选消息模板不存在');
    const { token } = await signedInUser(server, {}, { grants: { 'msgCenter.sendConfig': [] } });
    expect((await call(server, 'GET', CONFIGS, { token })).code).toBe(200);
    expect((await call(server, 'POST', CONFIGS, { token, json: { ...body, enCode: unique('c.') } })).msg).toBe(
      '没有访问权限',
    );
  });
});
