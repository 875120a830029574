import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserInfo } from '@jnpf/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../platform/session';
import { renderScreen, serveApi, type Call } from '../../test/screen';
import { CrudList } from './CrudList';
import { arrangeColumns, moveColumn, type ColumnSetting } from './columnSettings';

vi.mock('../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

interface Row {
  id: string;
  fullName: string;
  note: string;
  enabledMark: number;
  sortCode: number;
  creatorTime: number | null;
}

const THINGS = '/api/test/Things';
const GET_SETTINGS = 'GET /api/permission/Authority/GetColumnsByModuleId/m';
const PUT_SETTINGS = 'PUT /api/permission/Authority/SetColumnsByModuleId';

function List() {
  return (
    <CrudList<Row, { category: string }>
      title="Things"
      queryKey={['test', 'things']}
      url={THINGS}
      initialFilters={{ category: 'c1' }}
      showIndex
      columns={[
        { title: 'Name', dataIndex: 'fullName', width: 200 },
        { title: 'Note', dataIndex: 'note', width: 200 },
      ]}
      remove={() => Promise.resolve({ code: 200, msg: '', data: null })}
      more
      renderForm={() => null}
    />
  );
}

const rows = Array.from({ length: 20 }, (_, i) => ({
  id: `r${i}`,
  fullName: `名${i}`,
  note: `注${i}`,
  enabledMark: 1,
  sortCode: i,
  creatorTime: 0,
}));

/** a paged list of 50 things; the page asked for is answered */
const pagedThings = (call: Call) => {
  const page = Number(new URL(call.url, 'http://x').searchParams.get('currentPage') ?? 1);
  return { list: rows, pagination: { currentPage: page, pageSize: 20, total: 50 } };
};

/** the server's column store: each signed-in user's own settings of menu 'm' */
function columnStore() {
  const saved = new Map<string, ColumnSetting[]>();
  const user = () => useSession.getState().userInfo?.userId ?? '';
  return {
    saved,
    routes: {
      [GET_SETTINGS]: () => saved.get(user()) ?? [],
      [PUT_SETTINGS]: (call: Call) => {
        const body = call.body as { moduleId: string; fieldList: string };
        saved.set(user(), JSON.parse(body.fieldList) as ColumnSetting[]);
        return null;
      },
    },
  };
}

const signInAs = (userId: string) => useSession.setState({ userInfo: { userId } as UserInfo });
const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);
const listCalls = (calls: Call[]) => calls.filter((call) => call.path === THINGS);

beforeEach(() => {
  vi.unstubAllGlobals();
  signInAs('u1');
});

describe('the list frame toolbar', () => {
  it('reloads the list in place: same page, filters and keyword', { timeout: 90_000 }, async () => {
    const { calls } = serveApi({ [`GET ${THINGS}`]: pagedThings });
    renderScreen(<List />);
    await screen.findByText('名0');
    await userEvent.type(screen.getByLabelText('关键词'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(listCalls(calls).at(-1)!.url).toContain('currentPage=2'));
    const before = listCalls(calls).length;
    await userEvent.click(screen.getByRole('button', { name: '刷新' }));
    await waitFor(() => expect(listCalls(calls).length).toBe(before + 1));
    const reload = new URL(listCalls(calls).at(-1)!.url, 'http://x').searchParams;
    expect(reload.get('currentPage')).toBe('2');
    expect(reload.get('keyword')).toBe('abc');
    expect(reload.get('category')).toBe('c1');
  });

  it(
    'hides, reorders and resets data columns in the column drawer, never 序号 or 操作, remembered per user',
    { timeout: 120_000 },
    async () => {
      const store = columnStore();
      const { calls } = serveApi({ [`GET ${THINGS}`]: pagedThings, ...store.routes });
      const first = renderScreen(<List />);
      await screen.findByText('名0');
      expect(headers()).toEqual(['序号', 'Name', 'Note', '创建时间', '排序', '状态', '操作']);

      await userEvent.click(screen.getByRole('button', { name: '列设置' }));
      const drawer = await screen.findByRole('dialog');
      expect(within(drawer).getByText('列设置')).toBeTruthy();
      const items = () => [...drawer.querySelectorAll('.ant-tree-title')].map((node) => node.textContent);
      // the data columns only: 序号 and 操作 are not offered
      expect(items()).toEqual(['Name', 'Note', '创建时间', '排序', '状态']);
      expect(drawer.querySelectorAll('.ant-tree-draggable-icon').length).toBe(5);

      // hide Note
      await userEvent.click(within(drawer).getByText('Note'));
      await waitFor(() => expect(headers()).toEqual(['序号', 'Name', '创建时间', '排序', '状态', '操作']));
      expect(store.saved.get('u1')).toContainEqual({ prop: 'note', label: 'Note', visible: false });
      const saves = calls.filter((call) => `${call.method} ${call.path}` === PUT_SETTINGS);
      expect((saves.at(-1)!.body as { moduleId: string }).moduleId).toBe('m');

      // drag Name after 状态
      const node = (text: string) => within(drawer).getByText(text).closest('.ant-tree-treenode') as HTMLElement;
      fireEvent.dragStart(node('Name'));
      fireEvent.dragEnter(node('状态'));
      fireEvent.dragOver(node('状态'));
      fireEvent.drop(node('状态'));
      await waitFor(() => expect(headers()).toEqual(['序号', '创建时间', '排序', '状态', 'Name', '操作']));
      expect(items()).toEqual(['Note', '创建时间', '排序', '状态', 'Name']);

      first.unmount();
      cleanup();

      // the same user opens the list again: the same columns
      renderScreen(<List />);
      await screen.findByText('名0');
      await waitFor(() => expect(headers()).toEqual(['序号', '创建时间', '排序', '状态', 'Name', '操作']));
      cleanup();

      // another user has their own (none saved): the page's columns
      signInAs('u2');
      renderScreen(<List />);
      await screen.findByText('名0');
      expect(headers()).toEqual(['序号', 'Name', 'Note', '创建时间', '排序', '状态', '操作']);
      cleanup();

      // back as the first user: 重置 returns to the page's columns and forgets the settings
      signInAs('u1');
      renderScreen(<List />);
      await screen.findByText('名0');
      await waitFor(() => expect(headers()).toEqual(['序号', '创建时间', '排序', '状态', 'Name', '操作']));
      await userEvent.click(screen.getByRole('button', { name: '列设置' }));
      const again = await screen.findByRole('dialog');
      await userEvent.click(within(again).getByRole('button', { name: /重\s*置/ }));
      await waitFor(() => expect(headers()).toEqual(['序号', 'Name', 'Note', '创建时间', '排序', '状态', '操作']));
      expect(store.saved.get('u1')).toEqual([]);
    },
  );
});

describe('arranging columns', () => {
  const columns = [{ dataIndex: 'a' }, { dataIndex: 'b' }, { key: 'c' }, { dataIndex: ['d', 'e'] }];
  const ids = (list: { dataIndex?: unknown; key?: unknown }[]) =>
    list.map((column) =>
      String(column.key ?? (Array.isArray(column.dataIndex) ? column.dataIndex.join('.') : column.dataIndex)),
    );

  it('keeps the page order without settings, and puts a column the settings do not name after its predecessor', () => {
    expect(ids(arrangeColumns(columns, []))).toEqual(['a', 'b', 'c', 'd.e']);
    const settings = [
      { prop: 'c', label: 'C', visible: true },
      { prop: 'a', label: 'A', visible: false },
      { prop: 'gone', label: 'Gone', visible: true },
    ];
    // b follows a (hidden now), d.e follows c; a column gone from the page is ignored
    expect(ids(arrangeColumns(columns, settings))).toEqual(['c', 'd.e', 'b']);
  });

  it('moves a column before or after another', () => {
    const entries = ['a', 'b', 'c'].map((prop) => ({ prop, label: prop, visible: true }));
    expect(moveColumn(entries, 'a', 'c', true).map((entry) => entry.prop)).toEqual(['b', 'c', 'a']);
    expect(moveColumn(entries, 'c', 'a', false).map((entry) => entry.prop)).toEqual(['c', 'a', 'b']);
    expect(moveColumn(entries, 'x', 'a', false).map((entry) => entry.prop)).toEqual(['a', 'b', 'c']);
  });
});
