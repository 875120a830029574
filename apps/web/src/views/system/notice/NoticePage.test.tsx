import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flatDictionary } from '../../../test/fixtures';
import { ALL_BUTTONS, mockApi, ok, renderAdmin } from '../../../components/admin/testUtils';
import { EDITOR_LOAD_TIMEOUT, writeRichText } from '../../../components/richText/testing';
import { feedback } from '../../../platform/feedback';
import NoticePage from './NoticePage';
import {
  ALL_USERS_PATH,
  pickUserBySearch,
  USER_NAMES_PATH,
  USER_SEARCH_PATH,
  userNamesReply,
  userSearchReply,
} from '../../../test/userPicker';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 120_000 });

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const BASE = '/api/message/Notice';
const draft = {
  id: 'n1',
  title: '放假通知',
  category: '通知',
  excerpt: '',
  enabledMark: 0,
  creatorUser: '管理员/admin',
  creatorTime: 1705280000000,
  lastModifyTime: null,
  releaseUser: '',
  releaseTime: null,
  expirationTime: null,
};
const released = {
  ...draft,
  id: 'n2',
  title: '安全公告',
  category: '公告',
  enabledMark: 1,
  releaseUser: '管理员/admin',
  releaseTime: 1705290000000,
};

const PICKED = [{ id: 'u1', fullName: '张三/zhangsan' }];

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  vi.mocked(feedback.success).mockClear();
  vi.mocked(feedback.error).mockClear();
  api = mockApi()
    .on('POST', `${BASE}/List`, ok({ list: [draft, released], pagination: { currentPage: 1, pageSize: 20, total: 2 } }))
    .on(
      'GET',
      '/api/system/DictionaryData/All',
      ok({
        list: [
          flatDictionary('t1', 'NoticeType', '公告类型', [
            { id: 'i1', fullName: '公告', enCode: '1' },
            { id: 'i2', fullName: '通知', enCode: '2' },
          ]),
        ],
      }),
    )
    .on('POST', USER_SEARCH_PATH, (call) => ok(userSearchReply(PICKED)(call.body)))
    .on('POST', USER_NAMES_PATH, (call) => ok(userNamesReply(PICKED)(call.body)))
    .on(
      'GET',
      '/api/permission/Organize/Department/Selector/0',
      ok({
        list: [
          {
            id: 'c1',
            fullName: '总公司',
            type: 'company',
            children: [{ id: 'd1', fullName: '销售部', type: 'department', children: [] }],
          },
        ],
      }),
    )
    .on('POST', BASE, ok('n3', '新建成功'))
    .on(
      'POST',
      `${BASE}/Uploader`,
      ok({ name: '20240101_abc.pdf', url: `${BASE}/File/20240101_abc.pdf`, fileSize: 2048, fileExtension: 'pdf' }),
    )
    .on(
      'GET',
      `${BASE}/n1`,
      ok({
        ...draft,
        bodyText: '<p>已保存的<b>正文</b></p>',
        category: '2',
        coverImage: '',
        files: '[]',
        toUserIds: 'u1--user,r9--role',
        remindCategory: 1,
        sendConfigId: '',
        version: 3,
      }),
    )
    .on('PUT', `${BASE}/n1`, ok(undefined, '更新成功'))
    .on('PUT', `${BASE}/n1/Actions/Release`, ok(undefined, '发布成功'))
    .on('DELETE', `${BASE}/n1`, ok(undefined, '删除成功'));
});

const render = () => renderAdmin(<NoticePage />, [...ALL_BUTTONS, 'btn_release']);
const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr')!;
const confirmButton = () =>
  within(document.querySelector('.ant-modal-confirm') as HTMLElement).getByRole('button', {
    name: /确\s*定/,
  });

describe('NoticePage', () => {
  it('lists notices by state: drafts are edited and released after confirmation, released ones only viewed', async () => {
    const user = userEvent.setup({ delay: null });
    render();
    const releasedRow = await rowOf('安全公告');
    expect(within(releasedRow).getByText('已发布')).toBeTruthy();
    expect(
      within(releasedRow)
        .getByRole('button', { name: /编\s*辑/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    await user.click(within(releasedRow).getByRole('button', { name: /更多/ }));
    expect(await screen.findByText('详情')).toBeTruthy();
    expect(screen.queryByText('发布', { selector: '.ant-dropdown-menu-title-content' })).toBeNull();

    const draftRow = await rowOf('放假通知');
    expect(within(draftRow).getByText('存草稿')).toBeTruthy();
    await user.click(within(draftRow).getByRole('button', { name: /更多/ }));
    await user.click(await screen.findByText('发布', { selector: '.ant-dropdown-menu-title-content' }));
    expect(await screen.findByText(/发布后将向接收人发送站内信/)).toBeTruthy();
    await user.click(confirmButton());
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('发布成功', 1.5));
    expect(api.callsTo('PUT', `${BASE}/n1/Actions/Release`)).toHaveLength(1);

    // the state filter goes to the server as the list of states
    await user.click(screen.getByLabelText('状态'));
    await user.click(await screen.findByTitle('已过期'));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/List`).at(-1)!.body).toMatchObject({ enabledMark: [2] }));
  });

  it('checks the form and sends the recipients, the body HTML and the attachments', async () => {
    const user = userEvent.setup({ delay: null });
    render();
    await rowOf('放假通知');
    await user.click(screen.getByRole('button', { name: /新\s*建/ }));
    const form = await screen.findByRole('dialog');
    await within(form).findByLabelText('标题');
    await user.click(within(form).getByRole('button', { name: /确\s*定/ }));
    expect(await within(form).findByText('请输入标题')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('标题'), { target: { value: '年会通知' } });
    await user.click(within(form).getByLabelText('指定用户和部门'));
    await user.click(within(form).getByRole('button', { name: /确\s*定/ }));
    expect(await within(form).findByText('请选择接收公告的用户或部门')).toBeTruthy();

    await pickUserBySearch(within(form).getByLabelText('用户'), '张', '张三/zhangsan');
    await user.click(within(form).getByLabelText('部门'));
    await user.click(await screen.findByTitle('销售部'));
    await waitFor(() => expect(within(form).queryByText('请选择接收公告的用户或部门')).toBeNull());

    const body = await within(form).findByRole('textbox', { name: '内容' }, EDITOR_LOAD_TIMEOUT);
    writeRichText(body, '<p>地点：<b>大礼堂</b></p>');

    const input = form.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['%PDF'], '议程.pdf', { type: 'application/pdf' }));
    expect(await within(form).findByRole('button', { name: '议程.pdf' })).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('新建成功', 1.5));
    expect(api.callsTo('POST', BASE)[0]!.body).toEqual({
      title: '年会通知',
      category: '1',
      expirationTime: null,
      toUserIds: 'u1--user,d1--department',
      remindCategory: 1,
      sendConfigId: '',
      files: JSON.stringify([
        {
          name: '议程.pdf',
          fileId: '20240101_abc.pdf',
          fileSize: 2048,
          fileExtension: 'pdf',
          url: `${BASE}/File/20240101_abc.pdf`,
        },
      ]),
      coverImage: '',
      bodyText: '<p>地点：<strong>大礼堂</strong></p>',
      excerpt: '',
    });
    expect(api.callsTo('GET', ALL_USERS_PATH)).toHaveLength(0);
  });

  it('edits a draft as the server stored it and keeps the recipients it does not show', async () => {
    const user = userEvent.setup({ delay: null });
    render();
    const row = await rowOf('放假通知');
    await user.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    const form = await screen.findByRole('dialog');
    const body = await within(form).findByRole('textbox', { name: '内容' }, EDITOR_LOAD_TIMEOUT);
    // shown as the editor writes it; the stored text goes back unchanged unless it is edited
    expect(body.innerHTML).toBe('<p>已保存的<strong>正文</strong></p>');
    expect(await within(form).findByText('另含 1 个角色、岗位或分组，保存时保留')).toBeTruthy();
    expect(within(form).getByLabelText('指定用户和部门')).toHaveProperty('checked', true);
    fireEvent.change(within(form).getByLabelText('标题'), { target: { value: '放假通知（修订）' } });
    await user.click(within(form).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('更新成功', 1.5));
    expect(api.callsTo('PUT', `${BASE}/n1`)[0]!.body).toMatchObject({
      title: '放假通知（修订）',
      category: '2',
      toUserIds: 'u1--user,r9--role',
      bodyText: '<p>已保存的<b>正文</b></p>',
      version: 3,
    });
  });

  it('refuses files of a type the server does not take, before sending them', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    render();
    await rowOf('放假通知');
    await user.click(screen.getByRole('button', { name: /新\s*建/ }));
    const form = await screen.findByRole('dialog');
    await within(form).findByLabelText('标题');
    const input = form.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'run.exe'));
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('不支持上传run.exe这种类型的文件', 1.5));
    expect(api.callsTo('POST', `${BASE}/Uploader`)).toHaveLength(0);
  });

  it('deletes a notice after confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    render();
    const row = await rowOf('放假通知');
    await user.click(within(row).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('此操作将永久删除该数据, 是否继续?')).toBeTruthy();
    expect(api.callsTo('DELETE', `${BASE}/n1`)).toHaveLength(0);
    await user.click(confirmButton());
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('删除成功', 1.5));
    expect(api.callsTo('DELETE', `${BASE}/n1`)).toHaveLength(1);
  });
});
