import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../../platform/feedback';
import { useSession } from '../../../platform/session';
import { storageKey } from '../../../platform/storage';
import SsoPage from './SsoPage';
import { serveOwners } from './testing';

// Toasts are checked through the feedback module (antd's static toasts render in their own React root).
vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

function renderSso(search: string) {
  const router = createMemoryRouter(
    [
      { path: '/sso', element: <SsoPage /> },
      { path: '*', element: <div>elsewhere</div> },
    ],
    { initialEntries: [`/sso${search}`] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const storedToken = () => window.localStorage.getItem(storageKey('token'));

beforeEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(feedback.error).mockClear();
  useSession.setState({ token: '', locked: false });
});

describe('SsoPage in a browser without a session', () => {
  it('shows whose account the token is and signs in only on "continue"', async () => {
    serveOwners({ 'bearer new': 'u2' });
    const router = renderSso('?token=bearer%20new&redirect=%2Fprofile');
    await screen.findByText('即将以 name-u2（u2）的身份登录');
    expect(router.state.location.pathname).toBe('/sso');
    expect(useSession.getState().token).toBe('');
    expect(storedToken()).toBeNull();

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: '继续登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(useSession.getState().token).toBe('bearer new');
    expect(storedToken()).toBe(JSON.stringify('bearer new'));
  });

  it('goes to the sign-in page without the token when the user declines', async () => {
    serveOwners({ 'bearer new': 'u2' });
    const router = renderSso('?token=bearer%20new&redirect=%2Fprofile');
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: '返回登录页' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useSession.getState().token).toBe('');
    expect(storedToken()).toBeNull();
  });

  it('sends a refused token to the sign-in page with a message, storing nothing', async () => {
    serveOwners({});
    const router = renderSso('?token=bearer%20forged');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(feedback.error).toHaveBeenCalledWith('单点登录凭证无效或已过期');
    expect(useSession.getState().token).toBe('');
    expect(storedToken()).toBeNull();
  });
});
