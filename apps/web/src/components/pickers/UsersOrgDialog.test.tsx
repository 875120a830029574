// The users/organisation selector (tree tabs): its five tabs, the keyword (Enter or the search button) on each, the
// department search paged by scrolling, the role, position and group trees read once their tab opens (roles and
// positions a level at a time) and their keyword searched and paged on the server, the user tab read lazily (never every user), the one selected pane grouped by kind (icon,
// count, avatars), removing and "clear list" from the keyboard too, cancel keeping what was held and confirm
// handing over "<id>--<kind>".
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderAdmin } from '../admin/testUtils';
import { serveApi, type Call } from '../../test/screen';
import { memberKindOf, memberWire, UsersOrgDialog, type MemberEntry } from './UsersOrgDialog';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const USERS = '/api/permission/Users';
const COMPANY = { id: 'c1', fullName: '总公司', type: 'company', hasChildren: true, isLeaf: false };
const DEPT = { id: 'd1', fullName: '研发部', type: 'department', hasChildren: true, isLeaf: false };
const ZHANG = {
  id: 'u1',
  fullName: '张三/zhangsan',
  type: 'user',
  isLeaf: true,
  organize: '总公司/研发部',
  headIcon: '/api/file/Image/userAvatar/zs.png',
};
const orgRow = (n: number) => ({ id: `o${n}`, fullName: `部门${n}`, type: 'department', organize: `总公司/部门${n}` });
const userRow = (n: number) => ({ id: `s${n}`, fullName: `用户${n}/user${n}`, type: 'user', isLeaf: true });

/** 45 matching of each for a keyword, 20 a page */
const pageOf = <T,>(all: T[], page: number) => ({
  list: all.slice((page - 1) * 20, page * 20),
  pagination: { currentPage: page, pageSize: 20, total: all.length },
});

const ROLES = [
  { id: 'r1', fullName: '审批员', type: 'role', organize: '总公司' },
  { id: 'r2', fullName: '出纳', type: 'role', organize: '全局' },
  ...Array.from({ length: 23 }, (_, i) => ({
    id: `rx${i + 1}`,
    fullName: `角色${i + 1}`,
    type: 'role',
    organize: '全局',
  })),
];
const POSITIONS = [{ id: 'p1', fullName: '工程师', type: 'position', organize: '总公司/研发部' }];
const GROUPS = [{ id: 'g1', fullName: '值班组', type: 'group', organize: '班组类' }];

/** a SearchSelector: the rows whose name holds the keyword, 20 a page */
function searched(call: Call, rows: { fullName: string }[]) {
  const query = new URL(call.url, 'http://x').searchParams;
  const keyword = query.get('keyword') ?? '';
  return pageOf(
    rows.filter((r) => r.fullName.includes(keyword)),
    Number(query.get('currentPage')),
  );
}

function serve() {
  return serveApi({
    'GET /api/permission/Organize/Department/Selector/0': {
      list: [{ ...COMPANY, children: [{ ...DEPT, children: [] }] }],
    },
    'GET /api/permission/Organize/SearchSelector': (call: Call) => {
      const query = new URL(call.url, 'http://x').searchParams;
      return pageOf(
        Array.from({ length: 45 }, (_, i) => orgRow(i + 1)),
        Number(query.get('currentPage')),
      );
    },
    [`POST ${USERS}/ImUser/Selector/0`]: (call: Call) => {
      const body = call.body as { keyword?: string; currentPage?: number };
      if (!body.keyword) return { list: [COMPANY] };
      return pageOf(
        Array.from({ length: 45 }, (_, i) => userRow(i + 1)),
        body.currentPage ?? 1,
      );
    },
    [`POST ${USERS}/ImUser/Selector/c1`]: { list: [DEPT] },
    [`POST ${USERS}/ImUser/Selector/d1`]: { list: [ZHANG] },
    'GET /api/permission/Role/SearchSelector': (call: Call) => searched(call, ROLES),
    'GET /api/permission/Position/SearchSelector': (call: Call) => searched(call, POSITIONS),
    'GET /api/permission/Group/SearchSelector': (call: Call) => searched(call, GROUPS),
    // the trees without a keyword: roles and positions of one organisation at a time, groups under their types
    'POST /api/permission/Role/getListByOrgIds': (call: Call) => {
      const ids = (call.body as { organizeIds: string[] }).organizeIds;
      const global = {
        id: '0',
        fullName: '全局',
        type: 'global',
        isLeaf: false,
        children: [{ ...ROLES[1], isLeaf: true }],
      };
      const under: Record<string, object[]> = { c1: [{ ...ROLES[0], isLeaf: true }] };
      return { list: [...ids.map((id) => ({ id, type: 'company', children: under[id] ?? [] })), global] };
    },
    'POST /api/permission/Position/getListByOrgIds': (call: Call) => ({
      list: (call.body as { organizeIds: string[] }).organizeIds.map((id) => ({
        id,
        type: 'department',
        children: id === 'd1' ? [{ ...POSITIONS[0], isLeaf: true }] : [],
      })),
    }),
    'GET /api/permission/Group/Selector': [
      { id: 't1', fullName: '班组类', type: 'groupType', children: [{ ...GROUPS[0], children: [] }] },
    ],
  });
}

const HELD: MemberEntry[] = [
  { id: 'u9', type: 'user', fullName: '李四/lisi' },
  { id: 'c9', type: 'company', fullName: '分公司' },
];

/** the dialog behind a button, holding what was last confirmed */
function Harness({ onConfirm }: { onConfirm?: (entries: MemberEntry[]) => void }) {
  const [open, setOpen] = useState(false);
  const [held, setHeld] = useState<MemberEntry[]>(HELD);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <output aria-label="held">{held.map(memberWire).join(',')}</output>
      <UsersOrgDialog
        open={open}
        title="权限成员"
        value={held}
        onCancel={() => setOpen(false)}
        onConfirm={(entries) => {
          onConfirm?.(entries);
          setHeld(entries);
          setOpen(false);
        }}
      />
    </>
  );
}

const dialog = () =>
  waitFor(() => {
    const found = screen.getAllByRole('dialog').find((d) => !d.closest('.ant-zoom-leave'));
    if (!found) throw new Error('no dialog');
    return found;
  });
const openDialog = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'open' }));
  return dialog();
};
const tabsOf = (box: HTMLElement) =>
  within(box)
    .queryAllByRole('tab')
    .map((tab) => tab.textContent);
const searchbox = (box: HTMLElement) => within(box).getByRole('searchbox', { name: '请输入关键词查询' });
/** types a keyword and applies it with Enter, or with the search button */
const search = (box: HTMLElement, keyword: string, by: 'enter' | 'button' = 'enter') => {
  const input = searchbox(box);
  fireEvent.change(input, { target: { value: keyword } });
  if (by === 'enter') fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  else fireEvent.click(within(box).getByRole('button', { name: '查询' }));
};
/** the names of the selected entries, in the order shown (icons and avatars left out) */
const selectedOf = (box: HTMLElement) =>
  within(within(box).getByRole('list', { name: '已选' }))
    .queryAllByRole('listitem')
    .map((item) => {
      const copy = item.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
      return copy.textContent;
    });
/** the headings of the selected pane's groups */
const groupsOf = (box: HTMLElement) =>
  within(within(box).getByRole('list', { name: '已选' }))
    .queryAllByRole('heading')
    .map((heading) => heading.textContent);
/** an entry of the list shown (role, position, group, or a search's matches) */
const option = (box: HTMLElement, list: string, name: string) =>
  waitFor(() => within(within(box).getByRole('listbox', { name: list })).getByText(name));
/** a node of the tree shown (the selected pane names entries too) */
const node = (box: HTMLElement, title: string) =>
  waitFor(() => within(box.querySelector<HTMLElement>('.ant-tree')!).getByTitle(title));
const tab = (box: HTMLElement, name: string) => fireEvent.click(within(box).getByRole('tab', { name }));
const confirm = (box: HTMLElement) => fireEvent.click(within(box).getByRole('button', { name: /^\s*确\s*定\s*$/ }));
const cancel = (box: HTMLElement) => fireEvent.click(within(box).getByRole('button', { name: /^\s*取\s*消\s*$/ }));
const closed = () =>
  waitFor(() => expect(screen.queryAllByRole('dialog').filter((d) => !d.closest('.ant-zoom-leave'))).toHaveLength(0));

describe('users/organisation selector', () => {
  it('kinds and wire form: a company counts as a department', () => {
    expect(memberKindOf('company')).toBe('department');
    expect(memberKindOf('Organize')).toBe('department');
    expect(memberKindOf('group')).toBe('group');
    expect(memberKindOf('groupType')).toBeUndefined();
    expect(memberWire({ id: 'c1', type: 'company' })).toBe('c1--department');
    expect(memberWire({ id: 'u1', type: 'user' })).toBe('u1--user');
  });

  it('has five tabs, 800 px, starts with the held entries and picks from each tab by kind', async () => {
    const { calls } = serve();
    const onConfirm = vi.fn();
    renderAdmin(<Harness onConfirm={onConfirm} />);
    const box = await openDialog();
    expect(tabsOf(box)).toEqual(['部门', '角色', '岗位', '分组', '用户']);
    const modal = box.closest('.ant-modal') as HTMLElement;
    expect(modal.getAttribute('style')).toContain('800px');
    // the held entries under their kinds, departments first
    expect(groupsOf(box)).toEqual(['部门（1）', '用户（1）']);
    expect(selectedOf(box)).toEqual(['分公司', '李四/lisi']);
    // the role, position and group lists are not read before their tab opens
    const searchedKinds = () => calls.filter((c) => c.path.endsWith('/SearchSelector')).map((c) => c.path);
    expect(searchedKinds()).toEqual([]);

    // department: the organisation tree; a company or a department is picked
    fireEvent.click(await node(box, '研发部'));
    fireEvent.click(await node(box, '总公司'));
    fireEvent.click(await node(box, '研发部'));
    // role and position: the organisation tree, read a level at a time, an organisation opening to its roles
    // (positions) and the organisations below; the organisations only group them
    const expand = async (title: string) =>
      fireEvent.click((await node(box, title)).parentElement!.querySelector('.ant-tree-switcher')!);
    const treeCalls = (path: string) =>
      calls.filter((c) => c.path === path).map((c) => (c.body as { organizeIds: string[] }).organizeIds);
    tab(box, '角色');
    expect(await node(box, '全局')).toBeTruthy();
    fireEvent.click(await node(box, '总公司'));
    await expand('总公司');
    fireEvent.click(await node(box, '审批员'));
    expect(await node(box, '研发部')).toBeTruthy();
    expect(treeCalls('/api/permission/Role/getListByOrgIds')).toEqual([[], ['c1']]);
    tab(box, '岗位');
    await expand('总公司');
    await expand('研发部');
    fireEvent.click(await node(box, '工程师'));
    expect(treeCalls('/api/permission/Position/getListByOrgIds')).toEqual([['c1'], ['d1']]);
    // group: the groups under their types
    tab(box, '分组');
    fireEvent.click(await node(box, '班组类'));
    fireEvent.click(await node(box, '值班组'));
    expect(searchedKinds()).toEqual([]);
    // user: the lazy organisation → user tree; only users are picked
    tab(box, '用户');
    fireEvent.click((await node(box, '总公司')).parentElement!.querySelector('.ant-tree-switcher')!);
    fireEvent.click((await node(box, '研发部')).parentElement!.querySelector('.ant-tree-switcher')!);
    fireEvent.click(await node(box, '张三/zhangsan'));
    fireEvent.click(await node(box, '研发部'));
    // grouped by kind in the kinds' order, each group counted
    expect(groupsOf(box)).toEqual(['部门（3）', '角色（1）', '岗位（1）', '分组（1）', '用户（2）']);
    expect(selectedOf(box)).toEqual([
      '分公司',
      '研发部',
      '总公司',
      '审批员',
      '工程师',
      '值班组',
      '李四/lisi',
      '张三/zhangsan',
    ]);
    // a user shows its avatar, or its name's first letter
    const pane = within(box).getByRole('list', { name: '已选' });
    const entry = (name: string) => within(pane).getByText(name).closest<HTMLElement>('[role="listitem"]')!;
    expect(entry('张三/zhangsan').querySelector('img')?.getAttribute('src')).toBe('/api/file/Image/userAvatar/zs.png');
    expect(entry('李四/lisi').querySelector('.ant-avatar')?.textContent).toBe('李');
    expect(entry('审批员').querySelector('.ant-avatar')).toBeNull();
    expect(entry('审批员').querySelector('.anticon')).not.toBeNull();
    confirm(box);
    await waitFor(() => expect(onConfirm).toHaveBeenCalled());
    // handed over in the order picked
    expect((onConfirm.mock.calls[0]![0] as MemberEntry[]).map(memberWire)).toEqual([
      'u9--user',
      'c9--department',
      'd1--department',
      'c1--department',
      'r1--role',
      'p1--position',
      'g1--group',
      'u1--user',
    ]);
    // never every user
    expect(calls.some((c) => c.path === `${USERS}/All`)).toBe(false);
  });

  it('searches the role list on the server by the keyword from Enter or the search button, a page at a time', async () => {
    const { calls } = serve();
    renderAdmin(<Harness />);
    const box = await openDialog();
    tab(box, '角色');
    // no keyword: the tree, nothing searched
    expect(await node(box, '总公司')).toBeTruthy();
    search(box, '角色', 'button');
    // the first page only, with "load more"
    expect(await option(box, '角色', '角色1')).toBeTruthy();
    const list = within(box).getByRole('listbox', { name: '角色' });
    expect(within(list).getAllByRole('option')).toHaveLength(20);
    const asked = () =>
      calls
        .filter((c) => c.path === '/api/permission/Role/SearchSelector')
        .map((c) => {
          // the request's cache-busting stamp aside
          const { n: _stamp, ...query } = Object.fromEntries(new URL(c.url, 'http://x').searchParams);
          return query;
        });
    expect(asked()).toEqual([{ keyword: '角色', currentPage: '1', pageSize: '20' }]);
    fireEvent.click(within(list).getByRole('button', { name: '加载更多' }));
    expect(await within(list).findByText('角色23')).toBeTruthy();
    expect(within(list).getAllByRole('option')).toHaveLength(23);
    expect(asked().at(-1)).toEqual({ keyword: '角色', currentPage: '2', pageSize: '20' });
    // the last page came back short: no more to load
    expect(within(list).queryByRole('button', { name: '加载更多' })).toBeNull();

    search(box, '审批');
    await waitFor(() => expect(within(box).queryByText('角色1')).toBeNull());
    expect(await option(box, '角色', '审批员')).toBeTruthy();
    expect(asked().at(-1)).toEqual({ keyword: '审批', currentPage: '1', pageSize: '20' });
    search(box, '出纳', 'button');
    await waitFor(() => expect(within(box).queryByText('审批员')).toBeNull());
    expect(await option(box, '角色', '出纳')).toBeTruthy();
    expect(asked().at(-1)).toMatchObject({ keyword: '出纳' });
    // typing alone applies nothing
    const before = asked().length;
    fireEvent.change(searchbox(box), { target: { value: '审批' } });
    expect(await option(box, '角色', '出纳')).toBeTruthy();
    expect(asked()).toHaveLength(before);
    // no keyword again: the tree back
    search(box, '');
    expect(await node(box, '总公司')).toBeTruthy();
  });

  it('pages the department search as it is scrolled, and the user search the same way', async () => {
    const { calls } = serve();
    renderAdmin(<Harness />);
    const box = await openDialog();
    expect(await node(box, '总公司')).toBeTruthy();
    search(box, '部门', 'button');
    const list = await within(box).findByRole('listbox', { name: '部门' });
    expect(await within(list).findByText('部门20')).toBeTruthy();
    expect(within(list).getAllByRole('option')).toHaveLength(20);
    expect(within(box).queryByTitle('总公司')).toBeNull();
    const asked = () => calls.filter((c) => c.path === '/api/permission/Organize/SearchSelector');
    const query = (c: Call) => Object.fromEntries(new URL(c.url, 'http://x').searchParams);
    expect(query(asked()[0]!)).toMatchObject({ keyword: '部门', currentPage: '1', pageSize: '20' });
    // scrolled to within 200 px of the bottom: the next page, until a short one
    Object.defineProperty(list, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(list, 'clientHeight', { configurable: true, value: 400 });
    list.scrollTop = 450;
    fireEvent.scroll(list);
    expect(await within(list).findByText('部门40')).toBeTruthy();
    expect(query(asked().at(-1)!)).toMatchObject({ currentPage: '2' });
    fireEvent.scroll(list);
    expect(await within(list).findByText('部门45')).toBeTruthy();
    const pages = asked().length;
    fireEvent.scroll(list);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked()).toHaveLength(pages);
    fireEvent.click(within(list).getByText('部门41'));
    expect(selectedOf(box)).toEqual(['分公司', '部门41', '李四/lisi']);

    // the user tab with the same keyword: users, paged the same way
    tab(box, '用户');
    const users = await within(box).findByRole('listbox', { name: '用户' });
    expect(await within(users).findByText('用户20/user20')).toBeTruthy();
    const userCalls = () =>
      calls.filter((c) => c.path === `${USERS}/ImUser/Selector/0` && (c.body as { keyword?: string }).keyword);
    expect(userCalls()[0]!.body).toMatchObject({ keyword: '部门', currentPage: 1, pageSize: 20 });
    Object.defineProperty(users, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(users, 'clientHeight', { configurable: true, value: 400 });
    users.scrollTop = 450;
    fireEvent.scroll(users);
    expect(await within(users).findByText('用户40/user40')).toBeTruthy();
    fireEvent.click(within(users).getByText('用户33/user33'));
    expect(selectedOf(box).at(-1)).toBe('用户33/user33');
    // clearing the keyword brings the tree back
    fireEvent.change(searchbox(box), { target: { value: '' } });
    expect(await node(box, '总公司')).toBeTruthy();
    expect(calls.some((c) => c.path === `${USERS}/All`)).toBe(false);
  });

  it('removes entries one by one or all at once; cancel keeps what was held, confirm replaces it', async () => {
    serve();
    const onConfirm = vi.fn();
    renderAdmin(<Harness onConfirm={onConfirm} />);
    let box = await openDialog();
    tab(box, '角色');
    search(box, '审批');
    fireEvent.click(await option(box, '角色', '审批员'));
    // a second pick of a held entry adds nothing (Enter picks as a click does)
    fireEvent.keyDown(await option(box, '角色', '审批员'), { key: 'Enter' });
    expect(selectedOf(box)).toEqual(['分公司', '审批员', '李四/lisi']);
    // the remove buttons and "clear list" are buttons, reached by Tab
    const remove = within(box).getByRole('button', { name: '移除 分公司' });
    expect(remove.tagName).toBe('BUTTON');
    expect(remove.getAttribute('tabindex')).not.toBe('-1');
    fireEvent.click(remove);
    expect(selectedOf(box)).toEqual(['审批员', '李四/lisi']);
    // an emptied group is left out
    expect(groupsOf(box)).toEqual(['角色（1）', '用户（1）']);
    fireEvent.click(within(box).getByRole('button', { name: '清空列表' }));
    expect(selectedOf(box)).toEqual([]);
    // cancel: nothing handed over, the held entries as they were at the next opening
    cancel(box);
    await closed();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByLabelText('held').textContent).toBe('u9--user,c9--department');
    box = await openDialog();
    await waitFor(() => expect(selectedOf(box)).toEqual(['分公司', '李四/lisi']));
    // the next opening starts on the first tab with no keyword
    expect(within(box).getByRole('tab', { name: '部门', selected: true })).toBeTruthy();
    expect((searchbox(box) as HTMLInputElement).value).toBe('');
    fireEvent.click(within(box).getByRole('button', { name: '移除 李四/lisi' }));
    confirm(box);
    await waitFor(() => expect(screen.getByLabelText('held').textContent).toBe('c9--department'));
  });

  it('waits for the held entries: a spinner in the selected pane and confirm disabled', async () => {
    serve();
    const onConfirm = vi.fn();
    renderAdmin(<UsersOrgDialog open title="权限成员" value={[]} loading onCancel={vi.fn()} onConfirm={onConfirm} />);
    const box = await dialog();
    const ok = within(box).getByRole('button', { name: /^\s*确\s*定\s*$/ }) as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    expect(within(box).getByRole('button', { name: '清空列表' }).hasAttribute('disabled')).toBe(true);
    expect(box.querySelector('[aria-label="已选"] .ant-spin')).not.toBeNull();
  });
});
