// The search box of a masked field tells a user who reads it masked that only the whole value finds a record
// (the server matches it by equality for them); for one who reads it in clear it is an ordinary text box.
import { screen } from '@testing-library/react';
import type { SearchItem } from '@jnpf/core';
import { describe, expect, it, vi } from 'vitest';
import { renderAdmin } from '../../components/admin/testUtils';
import { ModelSearch } from './ModelSearch';

vi.setConfig({ testTimeout: 60_000 });

const items = [
  { prop: 'phone', label: '手机', jnpfKey: 'input', searchType: 2, isKeyword: true },
  { prop: 'plain', label: '普通', jnpfKey: 'input', searchType: 2 },
] as SearchItem[];

describe('search of a masked field', () => {
  it('asks a masked reader for the whole value, with a tip', async () => {
    renderAdmin(
      <ModelSearch searchList={items} initialValues={{}} exactProps={new Set(['phone'])} onSearch={vi.fn()} />,
    );
    expect(await screen.findByPlaceholderText('请输入完整的手机')).toBeTruthy();
    expect(screen.getByPlaceholderText('请输入普通')).toBeTruthy();
    // the phone box and the keyword box (which searches the phone) carry the tip
    expect(document.querySelectorAll('.ant-form-item-tooltip')).toHaveLength(2);
  });

  it('is an ordinary box for one who reads it in clear', async () => {
    renderAdmin(<ModelSearch searchList={items} initialValues={{}} onSearch={vi.fn()} />);
    expect(await screen.findByPlaceholderText('请输入手机')).toBeTruthy();
    expect(document.querySelectorAll('.ant-form-item-tooltip')).toHaveLength(0);
  });
});
