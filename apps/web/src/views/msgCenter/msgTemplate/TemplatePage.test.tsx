import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dialogTitled, mockApi, ok, renderAdmin } from '../../../components/admin/testUtils';
import { feedback } from '../../../platform/feedback';
import { confirmButton, messageDictionaries, rowOf } from '../shared/testing';
import { expectListLayout } from '../../../components/crud/testkit';
import TemplatePage from './TemplatePage';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 120_000 });

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const BASE = '/api/message/MessageTemplateConfig';
const row = (fields: Record<string, unknown>) => ({
  templateType: '0',
  messageSource: '公告消息',
  messageType: '站内信',
  sortCode: 0,
  enabledMark: 1,
  description: '',
  creatorUser: '管理员/admin',
  creatorTime: 1705280000000,
  lastModifyTime: null,
  ...fields,
});
const wechat = {
  id: 't1',
  fullName: '公告微信提醒',
  enCode: 'notice.wx',
  templateType: '0',
  messageSource: '3',
  messageType: '7',
  enabledMark: 1,
  sortCode: 3,
  description: '公众号推送',
  title: null,
  content: null,
  templateCode: 'WX-TPL-01',
  wxSkip: '1',
  xcxAppId: 'wx-app-9',
  templateParamList: [
    { id: 'p1', field: '@Title', fieldName: '标题' },
    { id: 'p2', field: '@CreatorUserName', fieldName: '发送人' },
    { id: 'p3', field: 'deptName', fieldName: '部门名称' },
  ],
  smsFieldList: [
    { id: 's1', fieldId: 'f1', smsField: 'first', field: '@Title', isTitle: 1 },
    { id: 's2', fieldId: 'f2', smsField: 'keyword1', field: 'deptName', isTitle: 0 },
  ],
  version: 2,
};

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  vi.mocked(feedback.success).mockClear();
  api = mockApi()
    .on(
      'GET',
      BASE,
      ok({
        list: [
          row({ id: 't1', fullName: '公告微信提醒', enCode: 'notice.wx', messageType: '微信公众号' }),
          row({ id: 't2', fullName: '流程审批提醒', enCode: 'MBXT001', templateType: '1', messageSource: '流程消息' }),
        ],
        pagination: { currentPage: 1, pageSize: 20, total: 2 },
      }),
    )
    .on('GET', '/api/system/DictionaryData/All', ok({ list: messageDictionaries }))
    .on(
      'GET',
      `${BASE}/getParams`,
      ok({
        list: [
          { field: '@Title', fieldName: '标题' },
          { field: '@CreatorUserName', fieldName: '发送人' },
          { field: '@Content', fieldName: '内容' },
          { field: '@Remark', fieldName: '备注' },
          { field: '@FlowLink', fieldName: '流程链接' },
        ],
      }),
    )
    .on('GET', `${BASE}/t1`, ok(wechat))
    .on('POST', BASE, ok('t3', '创建成功'))
    .on('POST', `${BASE}/t1/Actions/Copy`, ok('t4', '复制数据成功'))
    .on('DELETE', `${BASE}/t1`, ok(undefined, '删除成功'));
});

describe('TemplatePage', () => {
  it('keeps 操作 narrow: the state, copy and detail sit under 更多; a system template has no state switch', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = renderAdmin(<TemplatePage />);
    const custom = await rowOf('公告微信提醒');
    expectListLayout(container);
    expect(within(custom).queryByRole('button', { name: /禁\s*用/ })).toBeNull();
    await user.click(within(custom).getByRole('button', { name: /更多/ }));
    const menu = await screen.findByRole('menu');
    expect(['禁用', '复制', '详情'].map((label) => !!within(menu).queryByText(label))).toEqual([true, true, true]);
    await user.click(within(await rowOf('流程审批提醒')).getByRole('button', { name: /更多/ }));
    const systemMenu = (await screen.findAllByRole('menu')).at(-1)!;
    expect(within(systemMenu).queryByText('禁用')).toBeNull();
  });

  it('copies and deletes after confirmation; system templates are not edited or deleted', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<TemplatePage />);
    const system = await rowOf('流程审批提醒');
    expect(within(system).getByText('系统模板')).toBeTruthy();
    expect(
      within(system)
        .getByRole('button', { name: /编\s*辑/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(
      within(system)
        .getByRole('button', { name: /删\s*除/ })
        .hasAttribute('disabled'),
    ).toBe(true);

    const custom = await rowOf('公告微信提醒');
    await user.click(within(custom).getByRole('button', { name: /更多/ }));
    await user.click(await screen.findByText('复制', { selector: '.ant-dropdown-menu-title-content' }));
    expect(await screen.findByText('您确定要复制该消息模板, 是否继续?')).toBeTruthy();
    expect(api.callsTo('POST', `${BASE}/t1/Actions/Copy`)).toHaveLength(0);
    await user.click(confirmButton());
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('复制数据成功', 1.5));
    expect(api.callsTo('POST', `${BASE}/t1/Actions/Copy`)).toHaveLength(1);

    await user.click(within(custom).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('此操作将永久删除该数据, 是否继续?')).toBeTruthy();
    await user.click(confirmButton());
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('删除成功', 1.5));
    expect(api.callsTo('DELETE', `${BASE}/t1`)).toHaveLength(1);
  });

  it('checks the form, fills the parameters of the source and inserts a parameter at the caret', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<TemplatePage />);
    await rowOf('公告微信提醒');
    await user.click(screen.getByRole('button', { name: /新\s*建/ }));
    const form = await screen.findByRole('dialog');
    await user.click(within(form).getByRole('button', { name: /确\s*定/ }));
    expect(await within(form).findByText('请输入名称')).toBeTruthy();
    expect(await within(form).findByText('请输入编码')).toBeTruthy();
    expect(await within(form).findByText('请选择消息来源')).toBeTruthy();
    expect(await within(form).findByText('请输入消息标题')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('名称'), { target: { value: '公告提醒' } });
    fireEvent.change(within(form).getByLabelText('编码'), { target: { value: 'tplMBXT' } });
    expect(await within(form).findByText('自定义模板编码不能使用系统模板编码规则')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('编码'), { target: { value: 'notice.remind' } });

    await user.click(within(form).getByLabelText('消息来源'));
    await user.click(await screen.findByTitle('公告消息'));
    // the notice source brings its parameters, with the server's names
    expect(await within(form).findByRole('button', { name: '@Remark' })).toBeTruthy();
    expect(within(form).getByText('备注')).toBeTruthy();
    expect(within(form).queryByRole('button', { name: '@FlowLink' })).toBeNull();

    // a custom parameter: the rule, then a duplicate
    await user.click(within(form).getByRole('button', { name: /添加参数/ }));
    let param = await dialogTitled('添加参数');
    fireEvent.change(within(param).getByLabelText('参数名称'), { target: { value: '1dept' } });
    fireEvent.change(within(param).getByLabelText('参数说明'), { target: { value: '部门' } });
    await user.click(within(param).getByRole('button', { name: /确\s*定/ }));
    expect(
      await within(param).findAllByText('只能输入大小写英文字母、数字、下划线组合，且不能数字、下划线开头'),
    ).not.toHaveLength(0);
    fireEvent.change(within(param).getByLabelText('参数名称'), { target: { value: 'deptName' } });
    await user.click(within(param).getByRole('button', { name: /确\s*定/ }));
    expect(await within(form).findByRole('button', { name: 'deptName' })).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: /添加参数/ }));
    param = await dialogTitled('添加参数', param);
    fireEvent.change(within(param).getByLabelText('参数名称'), { target: { value: 'deptName' } });
    fireEvent.change(within(param).getByLabelText('参数说明'), { target: { value: '部门' } });
    await user.click(within(param).getByRole('button', { name: /确\s*定/ }));
    expect(await within(param).findByText('参数名重复，请重新输入')).toBeTruthy();
    await user.click(within(param).getByRole('button', { name: /取\s*消/ }));

    // a click on a parameter inserts it where the caret was
    const title = within(form).getByLabelText('消息标题') as HTMLInputElement;
    fireEvent.change(title, { target: { value: '新公告：' } });
    title.setSelectionRange(3, 3);
    fireEvent.blur(title);
    await user.click(within(form).getByRole('button', { name: '@Title' }));
    await waitFor(() => expect(title.value).toBe('新公告{@Title}：'));

    await user.click(within(form).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('创建成功', 1.5));
    expect(api.callsTo('POST', BASE)[0]!.body).toEqual({
      fullName: '公告提醒',
      enCode: 'notice.remind',
      templateType: '0',
      messageSource: '3',
      messageType: '1',
      enabledMark: 1,
      sortCode: 0,
      description: '',
      title: '新公告{@Title}：',
      content: null,
      templateCode: null,
      wxSkip: null,
      xcxAppId: null,
      templateParamList: [
        { field: '@Title', fieldName: '标题' },
        { field: '@CreatorUserName', fieldName: '发送人' },
        { field: '@Content', fieldName: '内容' },
        { field: '@Remark', fieldName: '备注' },
        { field: 'deptName', fieldName: '部门' },
      ],
      smsFieldList: [],
    });
  });

  it('asks an SMS template for its code and a complete variable table', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<TemplatePage />);
    await rowOf('公告微信提醒');
    await user.click(screen.getByRole('button', { name: /新\s*建/ }));
    const form = await screen.findByRole('dialog');
    await user.click(within(form).getByLabelText('消息类型'));
    await user.click(await screen.findByTitle('短信'));
    // the channel's fields follow the form's value a render later
    await waitFor(() => expect(within(form).queryByLabelText('消息标题')).toBeNull());
    await user.click(within(form).getByRole('button', { name: /确\s*定/ }));
    expect(await within(form).findByText('请输入模板编号')).toBeTruthy();
    expect(await within(form).findByText('请添加变量')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: /添加一行/ }));
    await user.click(within(form).getByRole('button', { name: /添加一行/ }));
    fireEvent.change(within(form).getByLabelText('变量 1'), { target: { value: 'code' } });
    fireEvent.change(within(form).getByLabelText('变量 2'), { target: { value: 'code' } });
    await user.click(within(form).getByRole('button', { name: /确\s*定/ }));
    expect(await within(form).findByText('第1行请选择参数')).toBeTruthy();
    expect(api.callsTo('POST', BASE)).toHaveLength(0);
  });

  it('shows a template read-only with its searchable parameters and the WeChat fields', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<TemplatePage />);
    const custom = await rowOf('公告微信提醒');
    await user.click(within(custom).getByRole('button', { name: /更多/ }));
    await user.click(await screen.findByText('详情', { selector: '.ant-dropdown-menu-title-content' }));
    const view = await screen.findByRole('dialog');
    expect(await within(view).findByText('notice.wx')).toBeTruthy();
    expect(within(view).getByText('自定义模板')).toBeTruthy();
    expect(within(view).getByText('公告消息')).toBeTruthy();
    expect(within(view).getByText('微信公众号')).toBeTruthy();
    expect(within(view).getByText('公众号推送')).toBeTruthy();
    expect(within(view).getByRole('switch').hasAttribute('disabled')).toBe(true);
    expect(within(view).getByText('WX-TPL-01')).toBeTruthy();
    expect(within(view).getByText('小程序')).toBeTruthy();
    expect(within(view).getByText('wx-app-9')).toBeTruthy();
    expect(within(view).getByText('keyword1')).toBeTruthy();
    expect(within(view).queryByRole('button', { name: /确\s*定/ })).toBeNull();
    // a table with a fixed height renders its head and body as two tables: the rows are in the last
    const params = within(view).getAllByRole('table', { name: '参数' }).at(-1)!;
    expect(within(params).getByText('deptName')).toBeTruthy();
    fireEvent.change(within(view).getByLabelText('输入关键字'), { target: { value: '部门' } });
    await waitFor(() => expect(within(params).queryByText('@Title')).toBeNull());
    expect(within(params).getByText('deptName')).toBeTruthy();
  });
});
