import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paged, renderScreen, serveApi, type Call } from '../../../test/screen';
import { expectListLayout } from '../../../components/crud/testkit';
import DepartmentPage from './DepartmentPage';
import {
  ALL_USERS_PATH,
  pickUserBySearch,
  USER_NAMES_PATH,
  USER_SEARCH_PATH,
  userNamesReply,
  userSearchReply,
} from '../../../test/userPicker';

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

beforeEach(() => vi.unstubAllGlobals());

const sales = {
  id: 'd1',
  parentId: 'c2',
  fullName: '销售部',
  enCode: 'sales',
  managerId: 'u1',
  manager: '李主管/li',
  organize: '集团/华东公司/销售部',
  description: '卖东西',
  enabledMark: 1,
  sortCode: 0,
  creatorTime: 0,
};

const PEOPLE = [
  { id: 'u1', fullName: '李主管/li' },
  { id: 'u9', fullName: '王经理/wang' },
];

const api = (extra = {}) =>
  serveApi({
    'GET /api/permission/Organize': {
      list: [
        {
          id: 'c1',
          parentId: '-1',
          fullName: '集团',
          type: 'company',
          children: [{ id: 'c2', parentId: 'c1', fullName: '华东公司', type: 'company' }],
        },
      ],
    },
    'GET /api/permission/Organize/Department': paged([sales]),
    'GET /api/permission/Organize/Department/Selector': {
      list: [{ id: 'c1', fullName: '集团', type: 'company', children: [{ id: 'c2', fullName: '华东公司' }] }],
    },
    [`POST ${USER_SEARCH_PATH}`]: (call: Call) => userSearchReply(PEOPLE)(call.body),
    [`POST ${USER_NAMES_PATH}`]: (call: Call) => userNamesReply(PEOPLE)(call.body),
    ...extra,
  });

/** clicks a company once the tree and the list have settled (a loading tree redraws its nodes) */
async function chooseCompany(name: string) {
  await screen.findByText(name, { selector: '.ant-tree-title' });
  await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
  await userEvent.click(screen.getByText(name, { selector: '.ant-tree-title' }));
}

describe('department screen', () => {
  it('lists the departments of the company chosen on the left', { timeout: 90_000 }, async () => {
    const { calls } = api();
    renderScreen(<DepartmentPage />);
    expect(await screen.findByText('销售部')).toBeTruthy();
    expect(screen.getByText('部门管理')).toBeTruthy();
    expect(screen.getByText('李主管/li')).toBeTruthy();
    expect(screen.queryByText(/新建公司/)).toBeNull();
    // the companies only: the tree asks for type=company
    expect(calls.some((c) => c.path === '/api/permission/Organize' && c.url.includes('type=company'))).toBe(true);
    await chooseCompany('华东公司');
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/api/permission/Organize/Department' && c.url.includes('organizeId=c2')),
      ).toBe(true),
    );
  });

  it('creates a department under the chosen company', { timeout: 90_000 }, async () => {
    const { calls } = api({ 'POST /api/permission/Organize/Department': { code: 200, msg: '新建成功', data: 'd9' } });
    renderScreen(<DepartmentPage />);
    await chooseCompany('华东公司');
    await userEvent.click(screen.getByRole('button', { name: /新\s*建/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('新建部门')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('部门名称不能为空')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('部门名称'), { target: { value: '市场部' } });
    fireEvent.change(within(dialog).getByLabelText('部门编码'), { target: { value: 'market' } });
    // the manager found by a keyword in the "select user" dialog, never from the list of every user
    await pickUserBySearch(within(dialog).getByLabelText('部门主管'), '王', '王经理/wang');
    expect(within(dialog).getByTitle('王经理/wang')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    const saved = (c: Call) => c.method === 'POST' && c.path === '/api/permission/Organize/Department';
    await waitFor(() => expect(calls.some(saved)).toBe(true));
    expect(calls.find(saved)!.body).toEqual({
      parentId: 'c2',
      fullName: '市场部',
      enCode: 'market',
      managerId: 'u9',
      enabledMark: 1,
      sortCode: 0,
      description: '',
    });
    expect(calls.some((c) => c.path === ALL_USERS_PATH)).toBe(false);
  });

  it('edits a department with its version and manager', { timeout: 90_000 }, async () => {
    const { calls } = api({
      'GET /api/permission/Organize/Department/d1': {
        id: 'd1',
        parentId: 'c2',
        fullName: '销售部',
        enCode: 'sales',
        managerId: 'u1',
        enabledMark: 1,
        sortCode: 0,
        description: '卖东西',
        organizeIdTree: ['c1', 'c2'],
        version: 4,
      },
      'PUT /api/permission/Organize/Department': { code: 200, msg: '更新成功', data: null },
    });
    renderScreen(<DepartmentPage />);
    await screen.findByText('销售部');
    await userEvent.click(screen.getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('编辑部门')).toBeTruthy();
    await waitFor(() => expect((within(dialog).getByLabelText('部门名称') as HTMLInputElement).value).toBe('销售部'));
    // the held manager is named by the selected-list call
    expect(await within(dialog).findByTitle('李主管/li')).toBeTruthy();
    expect(calls.find((c) => c.path === USER_NAMES_PATH)!.body).toEqual({ ids: ['u1'] });
    fireEvent.change(within(dialog).getByLabelText('部门名称'), { target: { value: '销售中心' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/permission/Organize/Department/d1');
    expect(put.body).toMatchObject({ parentId: 'c2', fullName: '销售中心', managerId: 'u1', version: 4 });
    expect(calls.some((c) => c.path === ALL_USERS_PATH)).toBe(false);
  });

  it('deletes only after confirmation', { timeout: 90_000 }, async () => {
    const { calls } = api({ 'DELETE /api/permission/Organize/Department': { code: 200, msg: '删除成功', data: null } });
    renderScreen(<DepartmentPage />);
    await screen.findByText('销售部');
    await userEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    const confirm = (await screen.findByText('此操作将永久删除该数据, 是否继续?')).closest('.ant-modal') as HTMLElement;
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/permission/Organize/Department/d1')).toBe(
        true,
      ),
    );
  });

  it('shows no write buttons without them', { timeout: 60_000 }, async () => {
    api();
    renderScreen(<DepartmentPage />, []);
    await screen.findByText('销售部');
    expect(screen.queryByRole('button', { name: /新\s*建/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
  });

  it('keeps 操作 narrow with the state toggle under 更多', { timeout: 90_000 }, async () => {
    api();
    const { container } = renderScreen(<DepartmentPage />);
    const row = (await screen.findByText('销售部')).closest('tr')!;
    expectListLayout(container);
    await userEvent.click(within(row).getByRole('button', { name: /更\s*多/ }));
    expect(within(await screen.findByRole('menu')).getByText('禁用')).toBeTruthy();
  });
});
