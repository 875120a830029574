import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paged, renderScreen, serveApi } from '../../../test/screen';
import { expectListLayout } from '../../../components/crud/testkit';
import RolePage from './RolePage';

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

beforeEach(() => vi.unstubAllGlobals());

describe('role screen', () => {
  it('needs organisations for an organisation role and sends none for a global one', { timeout: 90_000 }, async () => {
    const { calls } = serveApi({
      'GET /api/permission/Role': paged([]),
      'GET /api/permission/Organize/Department/Selector/0': { list: [] },
      'POST /api/permission/Role': { code: 200, msg: '新建成功', data: null },
    });
    renderScreen(<RolePage />);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/permission/Role')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: /新\s*建/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('角色名称'), { target: { value: '审核员' } });
    fireEvent.change(within(dialog).getByLabelText('角色编码'), { target: { value: 'auditor' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('所属组织不能为空')).toBeTruthy();
    await userEvent.click(within(dialog).getByLabelText('全局'));
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      fullName: '审核员',
      enCode: 'auditor',
      globalMark: 1,
      organizeIdsTree: [],
      enabledMark: 1,
    });
  });

  it(
    'lists roles with 序号 and a narrow 操作 column whose 更多 holds the state toggle',
    { timeout: 90_000 },
    async () => {
      serveApi({
        'GET /api/permission/Role': paged([
          {
            id: 'r1',
            fullName: '审核员',
            enCode: 'auditor',
            type: '全局',
            organizeInfo: '',
            enabledMark: 0,
            sortCode: 0,
            creatorTime: 0,
          },
        ]),
      });
      const { container } = renderScreen(<RolePage />);
      const row = (await screen.findByText('审核员')).closest('tr')!;
      expectListLayout(container);
      await userEvent.click(within(row).getByRole('button', { name: /更\s*多/ }));
      expect(within(await screen.findByRole('menu')).getByText('启用')).toBeTruthy();
    },
  );
});
