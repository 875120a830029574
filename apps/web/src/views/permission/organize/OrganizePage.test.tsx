import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, serveApi } from '../../../test/screen';
import OrganizePage from './OrganizePage';

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const company = {
  id: 'c1',
  parentId: '-1',
  fullName: '总公司',
  enCode: 'HQ',
  type: 'company',
  enabledMark: 1,
  sortCode: 0,
  creatorTime: 0,
  description: '',
  hasChildren: true,
};
const department = {
  ...company,
  id: 'd1',
  parentId: 'c1',
  fullName: '研发部',
  enCode: 'RD',
  type: 'department',
  hasChildren: false,
};

beforeEach(() => vi.unstubAllGlobals());

describe('organisation screen', () => {
  it('loads the top level, then the children of an opened node', { timeout: 60_000 }, async () => {
    const { calls } = serveApi({
      'GET /api/permission/Organize/AsyncList/-1': { list: [company] },
      'GET /api/permission/Organize/AsyncList/c1': { list: [department] },
    });
    renderScreen(<OrganizePage />);
    expect(await screen.findByText('总公司')).toBeTruthy();
    expect(screen.queryByText('研发部')).toBeNull();
    await userEvent.click(document.querySelector('.ant-table-row-expand-icon') as HTMLElement);
    expect(await screen.findByText('研发部')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/permission/Organize/AsyncList/c1')).toBe(true);
  });

  it('searches the whole tree by keyword', { timeout: 60_000 }, async () => {
    const { calls } = serveApi({
      'GET /api/permission/Organize/AsyncList/-1': { list: [company] },
      'GET /api/permission/Organize': { list: [{ ...company, children: [department] }] },
    });
    renderScreen(<OrganizePage />);
    await screen.findByText('总公司');
    await userEvent.type(screen.getByLabelText('关键词'), '研发{enter}');
    expect(await screen.findByText('研发部')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/permission/Organize' && c.url.includes('keyword='))).toBe(true);
  });

  it('disables a department through the department call after confirmation', { timeout: 90_000 }, async () => {
    const { calls } = serveApi({
      'GET /api/permission/Organize/AsyncList/-1': { list: [company] },
      'GET /api/permission/Organize/AsyncList/c1': { list: [department] },
      'PUT /api/permission/Organize/Department/d1/Actions/State': { code: 200, msg: '操作成功', data: null },
    });
    renderScreen(<OrganizePage />);
    await screen.findByText('总公司');
    await userEvent.click(document.querySelector('.ant-table-row-expand-icon') as HTMLElement);
    const row = (await screen.findByText('研发部')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: /禁\s*用/ }));
    const confirm = (await screen.findByText('您确定要禁用当前数据吗, 是否继续?')).closest('.ant-modal') as HTMLElement;
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'PUT' && c.path === '/api/permission/Organize/Department/d1/Actions/State'),
      ).toBe(true),
    );
  });

  it('shows a load failure with retry', { timeout: 60_000 }, async () => {
    serveApi({ 'GET /api/permission/Organize/AsyncList/-1': { code: 500, msg: '失败', data: null } });
    renderScreen(<OrganizePage />);
    expect(await screen.findByText('加载失败')).toBeTruthy();
  });
});
