import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../../../components/admin/testUtils';
import DynamicDictionary from './DynamicDictionary';
import { industryTree } from './fixtures';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi().on('GET', '/api/system/DictionaryData/industry', ok({ list: industryTree() }));
});

describe('dictionary menu (type 4)', () => {
  it("lists the menu's category as a tree, titled by the menu, with the menu's buttons", async () => {
    renderAdmin(<DynamicDictionary menuId="m" moduleId="industry" isTree />);
    expect(await screen.findByText('制造业')).toBeTruthy();
    expect(screen.getByText('汽车制造')).toBeTruthy();
    expect(screen.getByText('M')).toBeTruthy();
    const call = api.calls.find((c) => c.path === '/api/system/DictionaryData/industry');
    expect(call?.query.get('isTree')).toBe('1');
    expect(screen.getAllByRole('button', { name: /新\s*建/ }).length).toBeGreaterThan(0);
  });

  it('shows no add, edit or delete buttons without their grants', async () => {
    renderAdmin(<DynamicDictionary menuId="m" moduleId="industry" isTree={false} />, []);
    expect(await screen.findByText('制造业')).toBeTruthy();
    await waitFor(() => expect(api.calls.some((c) => c.query.get('isTree') === '0')).toBe(true));
    expect(screen.queryByRole('button', { name: /新\s*建/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: '操作' })).toBeNull();
  });
});
