import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin, type ApiCall } from '../../components/admin/testUtils';
import { ContactList } from './ContactList';

vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../platform/realtime', async () => {
  const { create } = await import('zustand');
  return { useRealtime: create(() => ({ status: 'open', onlineUsers: new Set<string>() })) };
});

const IM_USER = '/api/permission/Users/ImUser';
const people = Array.from({ length: 25 }, (_, i) => ({
  id: `u${i}`,
  realName: `同事${i}`,
  account: `user${i}`,
  headIcon: '',
  department: '研发部',
}));

function answer(call: ApiCall) {
  const keyword = call.query.get('keyword') ?? '';
  const page = Number(call.query.get('currentPage'));
  const size = Number(call.query.get('pageSize'));
  const found = people.filter((p) => p.account.includes(keyword));
  return ok({
    list: found.slice((page - 1) * size, page * size),
    pagination: { currentPage: page, pageSize: size, total: found.length },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('contacts', () => {
  it('loads 20 at a time while the end of the list is near, and searches by keyword', async () => {
    const api = mockApi().on('GET', IM_USER, answer);
    const onChoose = vi.fn();
    const user = userEvent.setup();
    renderAdmin(<ContactList onChoose={onChoose} />);
    // jsdom lays nothing out: the list's end is always "near", so both pages load, and no third
    await screen.findByText('同事24/user24');
    expect(api.callsTo('GET', IM_USER).map((c) => [c.query.get('currentPage'), c.query.get('pageSize')])).toEqual([
      ['1', '20'],
      ['2', '20'],
    ]);
    expect(screen.getByText('没有更多了')).toBeTruthy();

    await user.type(screen.getByRole('searchbox'), 'user7{Enter}');
    await waitFor(() => expect(screen.queryByText('同事24/user24')).toBeNull());
    expect(api.calls.at(-1)!.query.get('keyword')).toBe('user7');
    await user.click(screen.getByText('同事7/user7'));
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ id: 'u7', realName: '同事7' }));

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'nobody{Enter}');
    await screen.findByText('暂无联系人');
  });
});
