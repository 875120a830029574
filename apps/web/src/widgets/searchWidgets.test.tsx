import type { SearchItem } from '@jnpf/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAdmin } from '../components/admin/testUtils';
import { SearchWidget } from './SearchWidget';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

beforeEach(() => {
  mockApi();
});

const item = (jnpfKey: SearchItem['jnpfKey'], searchType: 1 | 2 | 3, extra: Record<string, unknown> = {}) =>
  ({ label: '条件', prop: 'p', jnpfKey, searchType, ...extra }) as SearchItem;

describe('search widgets give the queryJson value forms', () => {
  it('a date range: [start ms, end of the last day ms]', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderAdmin(<SearchWidget item={item('datePicker', 3, { format: 'yyyy-MM-dd' })} onChange={onChange} />);
    const [from, to] = screen.getAllByRole('textbox') as HTMLInputElement[];
    await user.click(from!);
    fireEvent.change(from!, { target: { value: '2024-05-01' } });
    fireEvent.keyDown(from!, { key: 'Enter', keyCode: 13 });
    fireEvent.change(to!, { target: { value: '2024-05-03' } });
    fireEvent.keyDown(to!, { key: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith([
        dayjs('2024-05-01').valueOf(),
        dayjs('2024-05-03').endOf('day').valueOf(),
      ]),
    );
  });

  it('a number range: [from, to]; a switch: its active or inactive value', async () => {
    const onNumbers = vi.fn();
    renderAdmin(<SearchWidget item={item('inputNumber', 3)} onChange={onNumbers} />);
    fireEvent.change(screen.getByPlaceholderText('开始'), { target: { value: '3' } });
    expect(onNumbers).toHaveBeenLastCalledWith([3, null]);

    const onSwitch = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderAdmin(
      <SearchWidget
        item={item('switch', 1, { activeTxt: '启用', activeValue: 'on', inactiveValue: 'off' })}
        onChange={onSwitch}
      />,
    );
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByTitle('启用'));
    expect(onSwitch).toHaveBeenLastCalledWith('on');
  });

  it('several choices when the item allows it', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderAdmin(
      <SearchWidget
        item={item('checkbox', 1, {
          searchMultiple: true,
          options: [
            { fullName: '甲', id: 'a' },
            { fullName: '乙', id: 'b' },
          ],
        })}
        onChange={onChange}
      />,
    );
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByTitle('乙'));
    expect(onChange).toHaveBeenLastCalledWith(['b']);
  });
});
