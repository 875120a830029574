import { md5Hex } from '@jnpf/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flatDictionary } from '../../../test/fixtures';
import { paged, renderScreen, serveApi, type Call } from '../../../test/screen';
import { expectListLayout } from '../../../components/crud/testkit';
import UserPage from './UserPage';
import {
  ALL_USERS_PATH,
  pickUserBySearch,
  USER_NAMES_PATH,
  USER_SEARCH_PATH,
  userNamesReply,
  userSearchReply,
} from '../../../test/userPicker';

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const rows = [
  {
    id: 'u1',
    account: 'zhangsan',
    realName: '张三',
    gender: '男',
    mobilePhone: '13800000000',
    organize: '总公司/研发部',
    description: '',
    enabledMark: 1,
    sortCode: 0,
    creatorTime: 0,
  },
  {
    id: 'u2',
    account: 'lisi',
    realName: '李四',
    gender: '女',
    mobilePhone: '',
    organize: '总公司',
    description: '',
    enabledMark: 2,
    sortCode: 0,
    creatorTime: 0,
  },
];

const PEOPLE = [
  { id: 'u1', fullName: '张三/zhangsan' },
  { id: 'u2', fullName: '李四/lisi' },
];

function serve(extra: Parameters<typeof serveApi>[0] = {}) {
  return serveApi({
    'GET /api/permission/Users': paged(rows),
    'GET /api/permission/Organize/AsyncList/-1': {
      list: [{ id: 'o1', fullName: '总公司', type: 'company', hasChildren: true, isLeaf: false }],
    },
    'GET /api/permission/Organize/AsyncList/o1': {
      list: [{ id: 'd1', fullName: '研发部', type: 'department', hasChildren: false, isLeaf: true }],
    },
    'GET /api/system/DictionaryData/All': {
      list: [
        flatDictionary('s', 'sex', '性别', [
          { id: 'x1', enCode: '1', fullName: '男' },
          { id: 'x2', enCode: '2', fullName: '女' },
        ]),
      ],
    },
    'GET /api/permission/Organize/Department/Selector/0': { list: [{ id: 'o1', fullName: '总公司', type: 'company' }] },
    'GET /api/permission/Role/Selector': { list: [] },
    [`POST ${USER_SEARCH_PATH}`]: (call: Call) => userSearchReply(PEOPLE)(call.body),
    [`POST ${USER_NAMES_PATH}`]: (call: Call) => userNamesReply(PEOPLE)(call.body),
    'POST /api/permission/Position/getListByOrgIds': { list: [] },
    'POST /api/permission/Role/getListByOrgIds': { list: [] },
    ...extra,
  });
}

beforeEach(() => {
  vi.unstubAllGlobals();
});

describe('user screen', () => {
  it(
    'lists users with their state and filters by the organisation chosen in the tree',
    { timeout: 60_000 },
    async () => {
      const { calls } = serve();
      renderScreen(<UserPage />);
      expect(await screen.findByText('zhangsan')).toBeTruthy();
      expect(screen.getByText('锁定')).toBeTruthy();
      await userEvent.click(await screen.findByText('总公司', { selector: '.ant-tree-title' }));
      await waitFor(() =>
        expect(calls.some((c) => c.path === '/api/permission/Users' && c.url.includes('organizeId=o1'))).toBe(true),
      );
    },
  );

  it(
    'filters by 性别 and 状态 beside the keyword, sent as the reference keys gender and enabledMark',
    { timeout: 90_000 },
    async () => {
      const { calls } = serve();
      renderScreen(<UserPage />);
      await screen.findByText('zhangsan');
      const search = screen.getByRole('search');
      const listed = () =>
        calls
          .filter((c) => c.path === '/api/permission/Users')
          .map((c) => new URL(c.url, 'http://x').searchParams)
          .at(-1)!;

      await userEvent.click(within(search).getByLabelText('性别'));
      await userEvent.click(await screen.findByTitle('女'));
      await waitFor(() => expect(listed().get('gender')).toBe('2'));

      await userEvent.click(within(search).getByLabelText('状态'));
      await userEvent.click(await screen.findByTitle('锁定'));
      await waitFor(() => expect(listed().get('enabledMark')).toBe('2'));
      expect(listed().get('gender')).toBe('2');
      expect(listed().get('currentPage')).toBe('1');

      // 重置 lets every user through again
      await userEvent.click(within(search).getByRole('button', { name: /重\s*置/ }));
      await waitFor(() => expect(listed().get('enabledMark')).toBe(''));
      expect(listed().get('gender')).toBe('');
    },
  );

  it('hides the buttons the module does not grant', { timeout: 60_000 }, async () => {
    serve();
    renderScreen(<UserPage />, ['btn_edit']);
    await screen.findByText('zhangsan');
    expect(screen.queryByRole('button', { name: /新\s*建/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /编\s*辑/ }).length).toBe(2);
  });

  it('shows the field rules on the client and sends nothing while they fail', { timeout: 90_000 }, async () => {
    const { calls } = serve();
    renderScreen(<UserPage />);
    await screen.findByText('zhangsan');
    await userEvent.click(screen.getByRole('button', { name: /新\s*建/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('手机'), { target: { value: '12345' } });
    fireEvent.change(within(dialog).getByLabelText('账户'), { target: { value: 'a b' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('账户不能含有特殊符号')).toBeTruthy();
    expect(await within(dialog).findByText('姓名不能为空')).toBeTruthy();
    expect(await within(dialog).findByText('所属组织不能为空')).toBeTruthy();
    expect(await within(dialog).findByText('请正确输入您的手机号')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/permission/Users')).toBe(false);
  });

  it('deletes only after confirmation', { timeout: 90_000 }, async () => {
    const { calls } = serve({ 'DELETE /api/permission/Users/u1': { code: 200, msg: '删除成功', data: null } });
    renderScreen(<UserPage />);
    await screen.findByText('zhangsan');
    await userEvent.click(screen.getAllByRole('button', { name: /删\s*除/ })[0]!);
    expect(await screen.findByText('此操作将永久删除该数据, 是否继续?')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const confirmDialog = screen.getByText('此操作将永久删除该数据, 是否继续?').closest('.ant-modal') as HTMLElement;
    await userEvent.click(within(confirmDialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/permission/Users/u1')).toBe(true),
    );
  });

  it('hands work over to a user found by a keyword, never reading every user', { timeout: 90_000 }, async () => {
    const { calls } = serve({
      'GET /api/permission/Users/getWorkByUser': { permission: [{ id: 'pg1', fullName: '销售权限', enCode: 's' }] },
      'POST /api/permission/Users/workHandover': { code: 200, msg: '交接成功', data: null },
    });
    renderScreen(<UserPage />);
    await screen.findByText('zhangsan');
    await userEvent.click(screen.getAllByRole('button', { name: /更\s*多/ })[0]!);
    await userEvent.click(await screen.findByText('工作交接'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByLabelText('销售权限'));
    await pickUserBySearch(within(dialog).getByLabelText('交接给'), '李', '李四/lisi');
    expect(within(dialog).getByTitle('李四/lisi')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => {
      const call = calls.find((c) => c.path === '/api/permission/Users/workHandover');
      expect(call?.body).toEqual({ fromId: 'u1', toId: 'u2', permissionList: ['pg1'] });
    });
    expect(calls.some((c) => c.path === ALL_USERS_PATH)).toBe(false);
  });

  it('resets a password with the md5 of the new one', { timeout: 90_000 }, async () => {
    const { calls } = serve({
      'POST /api/permission/Users/u1/Actions/ResetPassword': { code: 200, msg: '操作成功', data: null },
    });
    renderScreen(<UserPage />);
    await screen.findByText('zhangsan');
    await userEvent.click(screen.getAllByRole('button', { name: /更\s*多/ })[0]!);
    await userEvent.click(await screen.findByText('重置密码'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('新密码'), { target: { value: 'abc123' } });
    fireEvent.change(within(dialog).getByLabelText('确认密码'), { target: { value: 'abc123' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => {
      const call = calls.find((c) => c.path === '/api/permission/Users/u1/Actions/ResetPassword');
      expect(call?.body).toEqual({ id: 'u1', userPassword: md5Hex('abc123'), validatePassword: md5Hex('abc123') });
    });
  });

  it(
    'keeps 操作 narrow: 编辑 and 删除 in the row, the state and the rest under 更多',
    { timeout: 90_000 },
    async () => {
      serve();
      const { container } = renderScreen(<UserPage />);
      const locked = (await screen.findByText('lisi')).closest('tr')!;
      expectListLayout(container);
      expect(within(locked).queryByRole('button', { name: /禁\s*用/ })).toBeNull();
      await userEvent.click(within(locked).getByRole('button', { name: /更\s*多/ }));
      const menu = await screen.findByRole('menu');
      // a locked user counts as enabled: its toggle disables
      expect(['禁用', '重置密码', '解除锁定', '工作交接'].map((label) => !!within(menu).queryByText(label))).toEqual([
        true,
        true,
        true,
        true,
      ]);
    },
  );
});
