import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paged, renderScreen, serveApi } from '../../test/screen';
import { CrudList, scrollWidth } from './CrudList';
import { columnWidths } from './testkit';

vi.mock('../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

beforeEach(() => vi.unstubAllGlobals());

interface Row {
  id: string;
  fullName: string;
  enabledMark: number;
  sortCode: number;
  creatorTime: number | null;
}

const URL = '/api/test/Things';
const row = (id: string, fullName: string): Row => ({ id, fullName, enabledMark: 1, sortCode: 0, creatorTime: 0 });

function List({ more = true }: { more?: boolean }) {
  return (
    <CrudList<Row>
      title="Things"
      queryKey={['test', 'things']}
      url={URL}
      showIndex
      columns={[
        { title: 'Name', dataIndex: 'fullName', width: 300 },
        { title: 'Note', dataIndex: 'note' },
      ]}
      toggle={() => Promise.resolve({ code: 200, msg: '', data: null })}
      remove={() => Promise.resolve({ code: 200, msg: '', data: null })}
      more={
        more
          ? (thing) => [
              { key: 'copy', label: `copy ${thing.fullName}`, code: 'btn_copy', onClick: () => undefined },
              { key: 'secret', label: 'secret', code: 'btn_auth', onClick: () => undefined },
            ]
          : undefined
      }
      renderForm={() => null}
    />
  );
}

describe('the list frame', () => {
  it(
    'numbers the rows, keeps actions narrow with a more menu, and scrolls as wide as its columns',
    { timeout: 90_000 },
    async () => {
      serveApi({ [`GET ${URL}`]: paged([row('a', '甲'), row('b', '乙')]) });
      const { container } = renderScreen(<List />, ['btn_add', 'btn_edit', 'btn_remove', 'btn_copy']);
      const first = (await screen.findByText('甲')).closest('tr')!;
      expect(within(first).getAllByRole('cell')[0]!.textContent).toBe('1');
      expect(within(screen.getByText('乙').closest('tr')!).getAllByRole('cell')[0]!.textContent).toBe('2');
      expect(screen.getByRole('columnheader', { name: '序号' })).toBeTruthy();

      // 编辑 and 删除 stay in the row; enable/disable and the page's own actions sit in 更多, as granted
      expect(within(first).queryByRole('button', { name: /禁\s*用/ })).toBeNull();
      await userEvent.click(within(first).getByRole('button', { name: /更\s*多/ }));
      const menu = await screen.findByRole('menu');
      expect(within(menu).getByText('禁用')).toBeTruthy();
      expect(within(menu).getByText('copy 甲')).toBeTruthy();
      expect(within(menu).queryByText('secret')).toBeNull();

      const { table, cols } = columnWidths(container);
      expect(cols).toHaveLength(7);
      // the actions column is the last and narrow; the table is as wide as its columns (one without a width
      // counted at 120), so none is squeezed and the rest scroll sideways
      expect(cols.at(-1)).toBeLessThanOrEqual(160);
      const sized = cols.filter((width) => width > 0);
      expect(sized).toHaveLength(6);
      expect(table).toBeGreaterThanOrEqual(sized.reduce((sum, width) => sum + width, 0) + 120);
      expect(container.querySelectorAll('th.ant-table-cell-fix-end, th.ant-table-cell-fix-right').length).toBe(1);
    },
  );

  it(
    'fixes no column while the list is empty, so none covers another without a scrollbar',
    { timeout: 90_000 },
    async () => {
      const { calls } = serveApi({ [`GET ${URL}`]: paged([]) });
      const { container } = renderScreen(<List more={false} />);
      await waitFor(() => expect(calls.some((call) => call.path === URL)).toBe(true));
      await waitFor(() => expect(container.querySelector('.ant-table-placeholder')).toBeTruthy());
      expect(screen.getByRole('columnheader', { name: '操作' })).toBeTruthy();
      expect(container.querySelectorAll('[class*="ant-table-cell-fix"]').length).toBe(0);
    },
  );

  it('sums the widths of the columns for the scroll width, counting one without a width', () => {
    expect(scrollWidth([{ width: 100 }, { width: 50 }, {}])).toBe(270);
    expect(scrollWidth([{ width: 100 }], 900)).toBe(900);
  });
});
