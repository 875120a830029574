import type { MenuItem } from '@jnpf/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { menuItem } from '../app/routes/testing';
import { i18n } from '../platform/i18n';
import { resetPreferences, updatePreferences } from '../platform/preferences';
import { setToken, useSession } from '../platform/session';
import MainLayout from './MainLayout';

vi.mock('../platform/feedback', () => ({
  feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() },
  bindNotification: vi.fn(),
  bindMessage: vi.fn(),
}));
vi.mock('../platform/realtime', () => ({ startRealtime: vi.fn() }));

beforeAll(() => i18n.changeLanguage('zh'));

const menu = (id: string, children: MenuItem[] = [], type = 1): MenuItem =>
  menuItem(id, { urlAddress: type === 1 ? '' : `x/${id}`, type, hasChildren: children.length > 0, children });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'ok', data: null }))),
  );
  resetPreferences();
  setToken('bearer t');
  useSession.setState({ menuList: [menu('甲', [menu('a1', [], 2)]), menu('乙', [menu('b1', [], 2)])] });
});

const openSettings = async () => {
  const router = createMemoryRouter([{ path: '*', element: <MainLayout /> }]);
  render(<RouterProvider router={router} />);
  await userEvent.click(await screen.findByRole('button', { name: '界面设置' }));
  await waitFor(() => expect(document.querySelector('.ant-drawer-open')).not.toBeNull());
};

describe('settings drawer and Escape', () => {
  it('closes on Escape in the blend layout', { timeout: 60_000 }, async () => {
    updatePreferences({ layoutType: 'blend' });
    await openSettings();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
  });

  it(
    'closes on Escape right after the blend layout is chosen, its tooltip still showing',
    { timeout: 60_000 },
    async () => {
      await openSettings();
      await userEvent.click(await screen.findByRole('radio', { name: '混合导航' }));
      await waitFor(() => expect(document.querySelector('[data-layout="blend"]')).not.toBeNull());
      await waitFor(() => expect(document.querySelector('.ant-tooltip:not(.ant-tooltip-hidden)')).not.toBeNull());
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
    },
  );
});
