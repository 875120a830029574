import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Table } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchBar } from './SearchBar';
import { mockApi, ok, renderAdmin } from './testUtils';
import { usePagedTable } from './usePagedTable';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

interface Row {
  id: string;
  fullName: string;
}

function List() {
  const table = usePagedTable<Row, { categoryId: string }>({
    queryKey: ['test', 'list'],
    url: '/api/test',
    initialFilters: { categoryId: '' },
  });
  return (
    <>
      <SearchBar
        keyword={table.keyword}
        onKeywordChange={table.setKeyword}
        onSearch={table.search}
        onReset={table.reset}
      >
        <button onClick={() => table.setFilter('categoryId', 'c1')}>filter</button>
      </SearchBar>
      <Table<Row>
        rowKey="id"
        columns={[{ title: 'Name', dataIndex: 'fullName', key: 'fullName', sorter: true }]}
        {...table.tableProps}
      />
    </>
  );
}

const page = (rows: Row[], total = rows.length) =>
  ok({ list: rows, pagination: { currentPage: 1, pageSize: 20, total } });

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi().on('GET', '/api/test', (call) =>
    call.query.get('categoryId') ? page([{ id: '3', fullName: 'Gamma' }]) : page([{ id: '1', fullName: 'Alpha' }], 45),
  );
});

describe('usePagedTable', () => {
  it('asks for page 1 of 20 and offers the page sizes 20/50/100/500', async () => {
    renderAdmin(<List />);
    await screen.findByText('Alpha');
    const first = api.callsTo('GET', '/api/test')[0]!;
    expect(Object.fromEntries(first.query)).toMatchObject({
      keyword: '',
      currentPage: '1',
      pageSize: '20',
      sort: 'desc',
      sidx: '',
      categoryId: '',
    });
    expect(screen.getByText('共 45 条')).toBeTruthy();
    await userEvent.click(document.querySelector('.ant-pagination-options .ant-select')!);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent?.split(' ')[0])).toEqual(['20', '50', '100', '500']);
  });

  it('searches by keyword with Enter, resets, filters and sorts from page 1', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<List />);
    await screen.findByText('Alpha');
    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(api.calls.at(-1)!.query.get('currentPage')).toBe('2'));

    await user.type(screen.getByLabelText('关键词'), 'al{Enter}');
    await waitFor(() => expect(api.calls.at(-1)!.query.get('keyword')).toBe('al'));
    expect(api.calls.at(-1)!.query.get('currentPage')).toBe('1');

    await user.click(screen.getByText('filter'));
    await waitFor(() => expect(api.calls.at(-1)!.query.get('categoryId')).toBe('c1'));
    expect(await screen.findByText('Gamma')).toBeTruthy();

    await user.click(screen.getByText('Name'));
    await waitFor(() => expect(api.calls.at(-1)!.query.get('sidx')).toBe('fullName'));
    expect(api.calls.at(-1)!.query.get('sort')).toBe('asc');

    // reset: back to the first page without keyword, filter or sorting (answered from the cache)
    await user.click(screen.getByRole('button', { name: /重\s*置/ }));
    expect(await screen.findByText('Alpha')).toBeTruthy();
    expect((screen.getByLabelText('关键词') as HTMLInputElement).value).toBe('');
  });

  it('shows an error state with retry when the list cannot load', async () => {
    api.on('GET', '/api/test', { code: 500, msg: '系统异常' });
    renderAdmin(<List />);
    const retry = await screen.findByRole('button', { name: /重\s*试/ });
    expect(screen.getByText('加载失败')).toBeTruthy();
    api.on('GET', '/api/test', page([{ id: '2', fullName: 'Beta' }]));
    await userEvent.click(retry);
    expect(await screen.findByText('Beta')).toBeTruthy();
    expect(within(document.body).queryByText('加载失败')).toBeNull();
  });
});
