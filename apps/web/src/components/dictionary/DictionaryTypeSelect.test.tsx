import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRoutes } from '../../app/routes/routeTable';
import type { AppRoute } from '../../app/routes/types';
import { useCurrentModule } from '../../platform/auth/moduleContext';
import { mockApi, ok, renderAdmin } from '../admin/testUtils';
import { DictionaryTypeSelect } from './DictionaryTypeSelect';

vi.setConfig({ testTimeout: 60_000 });

function FakeScreen() {
  const { menuId } = useCurrentModule();
  return <div data-testid="dictionary-screen">{menuId}</div>;
}

const dictionaryRoute: AppRoute = {
  path: '/systemData/dictionary',
  meta: {
    name: 'systemData-dictionary',
    title: '数据字典',
    icon: '',
    menuId: 'menu-dict',
    menuType: 2,
    noCache: false,
    parents: [],
  },
  content: { kind: 'page', viewKey: 'systemData/dictionary', query: '', load: async () => ({ default: FakeScreen }) },
};

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi().on(
    'GET',
    '/api/system/DictionaryType',
    ok({
      list: [
        {
          id: '1',
          fullName: '系统字典',
          children: [{ id: 'd2', fullName: '行业', parentId: '1', children: [{ id: 'd3', fullName: '制造业' }] }],
        },
      ],
    }),
  );
});
afterEach(() => setRoutes([]));

describe('DictionaryTypeSelect', () => {
  it('picks a category of the tree; the top node cannot be picked', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    renderAdmin(<DictionaryTypeSelect id="dict" onChange={onChange} />);
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByTitle('系统字典'));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(await screen.findByTitle('制造业'));
    expect(onChange).toHaveBeenCalledWith('d3');
  });

  it('has no add button for a user who may not open the dictionary screen', async () => {
    renderAdmin(<DictionaryTypeSelect onChange={vi.fn()} />);
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: /添\s?加/ })).toBeNull();
  });

  it('opens the dictionary screen in an 80% dialog under its own menu, and reloads the categories on close', async () => {
    setRoutes([dictionaryRoute]);
    const user = userEvent.setup({ delay: null });
    renderAdmin(<DictionaryTypeSelect onChange={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: /添\s?加/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('数据字典')).toBeTruthy();
    expect((await within(dialog).findByTestId('dictionary-screen')).textContent).toBe('menu-dict');
    const before = api.calls.filter((c) => c.path === '/api/system/DictionaryType').length;
    await user.click(within(document.body).getByRole('button', { name: /close|关闭/i }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === '/api/system/DictionaryType').length).toBeGreaterThan(before),
    );
  });
});
