import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, serveApi } from '../../../test/screen';
import { expectListLayout } from '../../../components/crud/testkit';
import SystemPage from './SystemPage';

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

beforeEach(() => vi.unstubAllGlobals());

const main = {
  id: 's1',
  fullName: '主系统',
  enCode: 'mainSystem',
  icon: '',
  sortCode: 0,
  enabledMark: 1,
  description: '',
  isMain: 1,
  mainSystem: true,
  creatorTime: 0,
  version: 0,
};

describe('applications', () => {
  it('never offers to delete the main system and creates an application', { timeout: 90_000 }, async () => {
    const { calls } = serveApi({
      'GET /api/system/System': {
        list: [main, { ...main, id: 's2', fullName: 'CRM', enCode: 'crm', mainSystem: false, isMain: 0 }],
      },
      'POST /api/system/System': { code: 200, msg: '新建成功', data: 'x' },
    });
    renderScreen(<SystemPage />);
    await screen.findByText('CRM');
    expect(screen.getAllByRole('button', { name: /删\s*除/ })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: /新\s*建/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('应用名称'), { target: { value: 'OA' } });
    fireEvent.change(within(dialog).getByLabelText('应用编码'), { target: { value: 'oa' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        fullName: 'OA',
        enCode: 'oa',
        enabledMark: 1,
      }),
    );
  });
});

describe('application list', () => {
  it(
    'draws each icon rather than its class, numbers the rows and keeps every column reachable',
    { timeout: 90_000 },
    async () => {
      serveApi({
        'GET /api/system/System': {
          list: [{ ...main, icon: 'icon-ym icon-ym-systemSet', description: '平台' }],
        },
      });
      const { container } = renderScreen(<SystemPage />);
      const row = (await screen.findByText('平台')).closest('tr')!;
      expect(within(row).queryByText('icon-ym icon-ym-systemSet')).toBeNull();
      // the setting icon the menus show for systemSet
      expect(
        within(row).getByRole('img', { name: 'icon-ym icon-ym-systemSet' }).querySelector('.anticon-setting'),
      ).toBeTruthy();
      expect(within(row).getAllByRole('cell')[0]!.textContent).toBe('1');
      expectListLayout(container);
    },
  );
});
