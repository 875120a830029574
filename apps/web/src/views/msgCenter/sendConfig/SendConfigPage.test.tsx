import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dialogTitled, mockApi, ok, renderAdmin } from '../../../components/admin/testUtils';
import { feedback } from '../../../platform/feedback';
import { confirmButton, messageDictionaries, rowOf } from '../shared/testing';
import SendConfigPage from './SendConfigPage';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 120_000 });

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const BASE = '/api/message/SendMessageConfig';
const config = {
  id: 'c1',
  fullName: '公告提醒配置',
  enCode: 'notice.cfg',
  templateType: '0',
  messageSource: '公告消息',
  messageType: [
    { type: '1', fullName: '站内信' },
    { type: '3', fullName: '短信' },
  ],
  enabledMark: 1,
  sortCode: 0,
  description: '',
  creatorUser: '管理员/admin',
  creatorTime: 1705280000000,
  lastModifyTime: null,
};

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  vi.mocked(feedback.success).mockClear();
  api = mockApi()
    .on('GET', BASE, ok({ list: [config], pagination: { currentPage: 1, pageSize: 20, total: 1 } }))
    .on('GET', '/api/system/DictionaryData/All', ok({ list: messageDictionaries }))
    .on('GET', '/api/message/MessageTemplateConfig/Selector', (call) =>
      ok({
        list:
          call.query.get('messageType') === '1' && call.query.get('messageSource') === '3'
            ? [{ id: 't1', fullName: '公告站内信', enCode: 'notice.inSite' }]
            : [],
      }),
    )
    .on(
      'GET',
      `${BASE}/c1`,
      ok({
        ...config,
        messageSource: '3',
        messageSourceName: '公告消息',
        description: '发布公告时提醒',
        version: 1,
        sendConfigTemplateList: [
          {
            id: 'r1',
            messageType: '1',
            templateId: 't1',
            templateCode: 'notice.inSite',
            templateName: '公告站内信',
            enabledMark: 1,
            sortCode: 0,
            description: '',
          },
        ],
      }),
    )
    .on('POST', BASE, ok('c2', '创建成功'))
    .on('POST', `${BASE}/c1/Actions/Copy`, ok('c3', '复制数据成功'))
    .on('DELETE', `${BASE}/c1`, ok(undefined, '删除成功'));
});

const SOURCE_FIRST = '请先选择消息来源';

describe('SendConfigPage', () => {
  it('lists the channels, copies and deletes after confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<SendConfigPage />);
    const row = await rowOf('公告提醒配置');
    expect(within(row).getByText('站内信')).toBeTruthy();
    expect(within(row).getByText('短信')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: /更多/ }));
    await user.click(await screen.findByText('复制', { selector: '.ant-dropdown-menu-title-content' }));
    expect(await screen.findByText('您确定要复制该发送配置, 是否继续?')).toBeTruthy();
    await user.click(confirmButton());
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('复制数据成功', 1.5));
    expect(api.callsTo('POST', `${BASE}/c1/Actions/Copy`)).toHaveLength(1);

    await user.click(within(row).getByRole('button', { name: /删\s*除/ }));
    await screen.findByText('此操作将永久删除该数据, 是否继续?');
    await user.click(confirmButton());
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('删除成功', 1.5));
    expect(api.callsTo('DELETE', `${BASE}/c1`)).toHaveLength(1);
  });

  it('creates a configuration with a template picked among those of its source and channel', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<SendConfigPage />);
    await rowOf('公告提醒配置');
    await user.click(screen.getByRole('button', { name: /新\s*建/ }));
    const form = await screen.findByRole('dialog');
    await user.click(within(form).getByRole('button', { name: /确\s*定/ }));
    expect(await within(form).findByText('请输入名称')).toBeTruthy();
    // (each field shows its message when its own check has run)
    expect(await within(form).findByText('请输入编码')).toBeTruthy();
    expect((await within(form).findAllByText('请选择消息来源')).length).toBeGreaterThan(0);

    fireEvent.change(within(form).getByLabelText('名称'), { target: { value: '公告短信配置' } });
    fireEvent.change(within(form).getByLabelText('编码'), { target: { value: 'notice.sms' } });
    expect(within(form).getByText(SOURCE_FIRST)).toBeTruthy();
    await user.click(within(form).getByLabelText('消息来源'));
    await user.click(await screen.findByTitle('公告消息', undefined, { timeout: 10_000 }));
    // adding a template needs the source: wait until the form has seen it (its hint asking for it goes away)
    await waitFor(() => expect(within(form).queryByText(SOURCE_FIRST)).toBeNull());

    await user.click(within(form).getByRole('button', { name: /添加模板/ }));
    // (the newest dialog by its title: the form's own dialog is already there before this one opens)
    const line = await dialogTitled('添加模板');
    await user.click(within(line).getByRole('button', { name: /确\s*定/ }));
    expect(await within(line).findByText('请选择消息类型')).toBeTruthy();
    await user.click(within(line).getByLabelText('消息类型'));
    await user.click((await screen.findAllByTitle('站内信')).at(-1)!);
    // the template select is enabled once the form has seen the channel: clicking it earlier opens nothing
    await waitFor(() => expect((within(line).getByLabelText('模板名称') as HTMLInputElement).disabled).toBe(false));
    await user.click(within(line).getByLabelText('模板名称'));
    // the templates of the chosen source and channel arrive after the channel is picked (slow on a busy machine)
    await user.click(await screen.findByTitle('公告站内信', undefined, { timeout: 10_000 }));
    await waitFor(() =>
      expect((within(line).getByRole('textbox', { name: '模板编码' }) as HTMLInputElement).value).toBe('notice.inSite'),
    );
    await user.click(within(line).getByRole('button', { name: /确\s*定/ }));
    expect(await within(form).findByText('公告站内信')).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('创建成功', 1.5));
    expect(api.callsTo('POST', BASE)[0]!.body).toEqual({
      fullName: '公告短信配置',
      enCode: 'notice.sms',
      templateType: '0',
      messageSource: '3',
      enabledMark: 1,
      sortCode: 0,
      description: '',
      sendConfigTemplateList: [{ messageType: '1', templateId: 't1', enabledMark: 1, sortCode: 0, description: '' }],
    });
  });

  it('shows a configuration by id with its templates', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<SendConfigPage />);
    const row = await rowOf('公告提醒配置');
    await user.click(within(row).getByRole('button', { name: /更多/ }));
    await user.click(await screen.findByText('详情', { selector: '.ant-dropdown-menu-title-content' }));
    const detail = await screen.findByRole('dialog');
    expect(await within(detail).findByText('发布公告时提醒')).toBeTruthy();
    expect(within(detail).getByText('notice.inSite')).toBeTruthy();
    expect(within(detail).getByText('公告站内信')).toBeTruthy();
    expect(api.callsTo('GET', `${BASE}/c1`)).toHaveLength(1);
  });
});
