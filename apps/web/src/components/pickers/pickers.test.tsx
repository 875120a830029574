// The user picker (userSelect) and the mixed picker (usersSelect) as form fields: their dialogs (800 px, tabs,
// search, the selected pane with "clear list", cancel and confirm), the lazy tree and the keyword's paged flat list
// (20 a page, the next one on scrolling near the bottom, the tree back when the keyword is cleared), and custom mode
// (only the permitted entries, in one pane "all data").
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAdmin } from '../admin/testUtils';
import { serveApi, type Call } from '../../test/screen';
import { fieldOf, formOf, RendererHarness, SUBMIT } from '../../widgets/testing';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const USERS = '/api/permission/Users';
const COMPANY = { id: 'c1', fullName: '总公司', type: 'company', hasChildren: true, isLeaf: false };
const DEPT = { id: 'd1', fullName: '研发部', type: 'department', hasChildren: true, isLeaf: false };
const ZHANG = { id: 'u1', fullName: '张三/zhangsan', type: 'user', isLeaf: true, organize: '总公司/研发部' };
const userRow = (n: number) => ({ id: `s${n}`, fullName: `用户${n}/user${n}`, type: 'user', isLeaf: true });

/** the lazy tree: the company at the top, its department, the department's user; a keyword pages 45 users */
function serveUsers(extra: Record<string, object | ((call: Call) => unknown)> = {}) {
  return serveApi({
    [`POST ${USERS}/ImUser/Selector/0`]: (call: Call) => {
      const body = call.body as { keyword?: string; currentPage?: number };
      if (!body.keyword) return { list: [COMPANY] };
      const page = body.currentPage ?? 1;
      const all = Array.from({ length: 45 }, (_, i) => userRow(i + 1));
      return {
        list: all.slice((page - 1) * 20, page * 20),
        pagination: { currentPage: page, pageSize: 20, total: 45 },
      };
    },
    [`POST ${USERS}/ImUser/Selector/c1`]: { list: [DEPT] },
    [`POST ${USERS}/ImUser/Selector/d1`]: { list: [ZHANG] },
    [`GET ${USERS}/getOrganization`]: [{ ...ZHANG, id: 'u7', fullName: '同事/colleague' }],
    [`POST ${USERS}/getSubordinates`]: [{ ...ZHANG, id: 'u8', fullName: '下属/report' }],
    [`POST ${USERS}/getSelectedList`]: (call: Call) => ({
      list: ((call.body as { ids: string[] }).ids ?? []).flatMap((entry) => {
        const [id, type = 'user'] = entry.split('--');
        const known: Record<string, { fullName: string; type: string; disabled?: boolean }> = {
          u1: { fullName: '张三/zhangsan', type: 'user' },
          d1: { fullName: '研发部', type: 'department' },
          r1: { fullName: '审批员', type: 'role' },
          r2: { fullName: '停用角色', type: 'role', disabled: true },
        };
        const hit = known[id!];
        return hit && (hit.type === type || (type === 'company' && hit.type === 'department')) ? [{ id, ...hit }] : [];
      }),
    }),
    'GET /api/permission/Role/Selector': {
      list: [{ ...COMPANY, children: [{ id: 'r1', fullName: '审批员', type: 'role' }] }],
    },
    'GET /api/permission/Position/Selector': {
      list: [{ ...COMPANY, children: [{ id: 'p1', fullName: '工程师', type: 'position' }] }],
    },
    // the roles of the organisations asked for, and the global node
    'POST /api/permission/Role/getListByOrgIds': (call: Call) => ({
      list: [
        ...(call.body as { organizeIds: string[] }).organizeIds.map((id) => ({
          id,
          type: 'company',
          children: id === 'c1' ? [{ id: 'r1', fullName: '审批员', type: 'role', isLeaf: true }] : [],
        })),
        { id: '0', fullName: '全局', type: 'global', children: [] },
      ],
    }),
    'GET /api/permission/Position/SearchSelector': (call: Call) => {
      const keyword = new URL(call.url, 'http://x').searchParams.get('keyword') ?? '';
      const all = [{ id: 'p1', fullName: '工程师', type: 'position', organize: '总公司' }];
      const list = all.filter((p) => p.fullName.includes(keyword));
      return { list, pagination: { currentPage: 1, pageSize: 20, total: list.length } };
    },
    'GET /api/permission/Group/Selector': [{ id: 'g1', fullName: '值班组', type: 'group' }],
    ...extra,
  });
}

const dialog = () =>
  waitFor(() => {
    const found = screen.getAllByRole('dialog').find((d) => !d.closest('.ant-zoom-leave'));
    if (!found) throw new Error('no dialog');
    return found;
  });
const openPicker = async (label: string) => {
  fireEvent.click(screen.getByLabelText(label));
  return dialog();
};
const tabsOf = (box: HTMLElement) =>
  within(box)
    .queryAllByRole('tab')
    .map((tab) => tab.textContent);
const search = (box: HTMLElement, keyword: string) => {
  const input = within(box).getByRole('searchbox', { name: '请输入关键词查询' });
  fireEvent.change(input, { target: { value: keyword } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
};
const confirm = (box: HTMLElement) => fireEvent.click(within(box).getByRole('button', { name: /^\s*确\s*定\s*$/ }));
const submitted = async (onSubmit: ReturnType<typeof vi.fn>) => {
  fireEvent.click(screen.getByText(SUBMIT));
  await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  return onSubmit.mock.calls.at(-1)![0] as Record<string, unknown>;
};
/** opens the tree down to the user */
async function openTreeTo(box: HTMLElement) {
  fireEvent.click((await within(box).findByTitle('总公司')).parentElement!.querySelector('.ant-tree-switcher')!);
  fireEvent.click((await within(box).findByTitle('研发部')).parentElement!.querySelector('.ant-tree-switcher')!);
  return within(box).findByTitle('张三/zhangsan');
}

describe('user picker', () => {
  it('has the four tabs (system variables only with hasSys), a lazy tree, and gives the picked id', async () => {
    serveUsers();
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([
          fieldOf('userSelect', 'owner', '负责人'),
          fieldOf('userSelect', 'sys', '变量', { hasSys: true }),
        ])}
        onSubmit={onSubmit}
      />,
    );
    let box = await openPicker('负责人');
    expect(within(box).getByText('选择用户')).toBeTruthy();
    expect(tabsOf(box)).toEqual(['全部数据', '当前组织', '我的下属']);
    expect(box.closest('.ant-modal')!.getAttribute('style')).toContain('800px');
    fireEvent.click(await openTreeTo(box));
    // the company and the department are not users: a click on them picks nothing
    fireEvent.click(within(box).getByTitle('研发部'));
    const selected = within(box).getByRole('list', { name: '已选' });
    expect(
      within(selected)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['张三/zhangsan']);
    confirm(box);
    expect((await submitted(onSubmit)).owner).toBe('u1');
    // the field shows the name
    expect(screen.getAllByTitle('张三/zhangsan').length).toBeGreaterThan(0);

    box = await openPicker('变量');
    expect(tabsOf(box)).toEqual(['全部数据', '当前组织', '我的下属', '系统变量']);
    fireEvent.click(within(box).getByRole('tab', { name: '我的下属' }));
    expect(await within(box).findByText('下属/report')).toBeTruthy();
    fireEvent.click(within(box).getByRole('tab', { name: '当前组织' }));
    fireEvent.click(await within(box).findByText('同事/colleague'));
    confirm(box);
    expect((await submitted(onSubmit)).sys).toBe('u7');
  });

  it('turns the tree into a paged flat list while a keyword is given, the next page on scrolling', async () => {
    const { calls } = serveUsers();
    renderAdmin(
      <RendererHarness
        formData={formOf([fieldOf('userSelect', 'owner', '负责人', { multiple: true })])}
        onSubmit={vi.fn()}
      />,
    );
    const box = await openPicker('负责人');
    expect(await within(box).findByTitle('总公司')).toBeTruthy();
    search(box, '用户');
    const list = await within(box).findByRole('listbox', { name: '全部数据' });
    expect(await within(list).findByText('用户20/user20')).toBeTruthy();
    expect(within(list).getAllByRole('option')).toHaveLength(20);
    expect(within(box).queryByTitle('总公司')).toBeNull();
    const asked = () =>
      calls.filter((c) => c.path === `${USERS}/ImUser/Selector/0` && (c.body as { keyword?: string }).keyword);
    expect(asked()[0]!.body).toMatchObject({ keyword: '用户', currentPage: 1, pageSize: 20 });
    // scrolled to within 200 px of the bottom: the next page
    Object.defineProperty(list, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(list, 'clientHeight', { configurable: true, value: 400 });
    list.scrollTop = 450;
    fireEvent.scroll(list);
    expect(await within(list).findByText('用户40/user40')).toBeTruthy();
    expect(asked().at(-1)!.body).toMatchObject({ currentPage: 2 });
    fireEvent.scroll(list);
    expect(await within(list).findByText('用户45/user45')).toBeTruthy();
    // a short page is the last
    const pages = asked().length;
    fireEvent.scroll(list);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked()).toHaveLength(pages);
    // picks append, duplicates ignored; "clear list" empties the selection
    fireEvent.click(within(list).getByText('用户1/user1'));
    fireEvent.click(within(list).getByText('用户2/user2'));
    fireEvent.click(within(list).getByText('用户1/user1'));
    const selected = within(box).getByRole('list', { name: '已选' });
    expect(within(selected).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(within(box).getByRole('button', { name: '清空列表' }));
    expect(within(selected).queryAllByRole('listitem')).toHaveLength(0);
    // clearing the keyword brings the tree back
    fireEvent.change(within(box).getByRole('searchbox'), { target: { value: '' } });
    expect(await within(box).findByTitle('总公司')).toBeTruthy();
    expect(within(box).queryByRole('listbox', { name: '全部数据' })).toBeNull();
  });

  it('in custom mode lists only the permitted users in one pane "all data"', async () => {
    const { calls } = serveUsers({
      [`POST ${USERS}/getSelectedUserList`]: {
        list: [{ id: 'u1', fullName: '张三/zhangsan' }],
        pagination: { currentPage: 1, pageSize: 20, total: 1 },
      },
    });
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([
          fieldOf('userSelect', 'owner', '负责人', { selectType: 'custom', ableIds: ['d1--department', 'u1--user'] }),
        ])}
        onSubmit={onSubmit}
      />,
    );
    const box = await openPicker('负责人');
    expect(tabsOf(box)).toEqual([]);
    expect(within(box).getByText('全部数据')).toBeTruthy();
    fireEvent.click(await within(box).findByText('张三/zhangsan'));
    expect(calls.find((c) => c.path === `${USERS}/getSelectedUserList`)!.body).toMatchObject({
      ids: ['d1--department', 'u1--user'],
      pagination: { currentPage: 1, pageSize: 20 },
    });
    expect(calls.some((c) => c.path.startsWith(`${USERS}/ImUser`))).toBe(false);
    confirm(box);
    expect((await submitted(onSubmit)).owner).toBe('u1');
  });

  it('cancel leaves the value; removing the tag clears it at once', async () => {
    serveUsers();
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([fieldOf('userSelect', 'owner', '负责人')])}
        record={{ owner: 'u1' }}
        onSubmit={onSubmit}
      />,
    );
    expect(await screen.findByTitle('张三/zhangsan')).toBeTruthy();
    const box = await openPicker('负责人');
    fireEvent.click(await openTreeTo(box));
    fireEvent.click(within(box).getByRole('button', { name: /^\s*取\s*消\s*$/ }));
    expect((await submitted(onSubmit)).owner).toBe('u1');
    // the clear icon empties the field without opening the dialog
    await waitFor(() =>
      expect(screen.queryAllByRole('dialog').filter((d) => !d.closest('.ant-zoom-leave'))).toHaveLength(0),
    );
    fireEvent.mouseDown(document.querySelector('.ant-select-clear')!);
    fireEvent.click(document.querySelector('.ant-select-clear')!);
    expect((await submitted(onSubmit)).owner).toBe('');
    expect(screen.queryAllByRole('dialog').filter((d) => !d.closest('.ant-zoom-leave'))).toHaveLength(0);
  });
});

describe('mixed picker', () => {
  it('single mode has the department tab only: a user is picked as id--kind, a place is not', async () => {
    serveUsers();
    const onSubmit = vi.fn();
    renderAdmin(<RendererHarness formData={formOf([fieldOf('usersSelect', 'owner', '负责人')])} onSubmit={onSubmit} />);
    const box = await openPicker('负责人');
    expect(tabsOf(box)).toEqual([]);
    expect(within(box).getByText('部门')).toBeTruthy();
    fireEvent.click(await openTreeTo(box));
    confirm(box);
    expect((await submitted(onSubmit)).owner).toBe('u1--user');
  });

  it('single mode picks no company or department: a user only', async () => {
    serveUsers();
    const onSubmit = vi.fn();
    renderAdmin(<RendererHarness formData={formOf([fieldOf('usersSelect', 'owner', '负责人')])} onSubmit={onSubmit} />);
    const box = await openPicker('负责人');
    await openTreeTo(box);
    fireEvent.click(within(box).getByTitle('研发部'));
    fireEvent.click(within(box).getByTitle('总公司'));
    confirm(box);
    expect((await submitted(onSubmit)).owner).toBeFalsy();
  });

  it('with multiple, also roles, positions and groups, each entry sent as id--kind', async () => {
    const { calls } = serveUsers();
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([fieldOf('usersSelect', 'people', '参与人', { multiple: true })])}
        onSubmit={onSubmit}
      />,
    );
    const box = await openPicker('参与人');
    expect(tabsOf(box)).toEqual(['部门', '角色', '岗位', '分组']);
    fireEvent.click(await within(box).findByTitle('总公司'));
    fireEvent.click(within(box).getByRole('tab', { name: '角色' }));
    // the organisation tree a level at a time: the company opens to its roles, and only groups them
    const tree = () => within(box.querySelector<HTMLElement>('.ant-tree')!);
    const company = await waitFor(() => tree().getByTitle('总公司'));
    fireEvent.click(company.parentElement!.querySelector('.ant-tree-switcher')!);
    fireEvent.click(await waitFor(() => tree().getByTitle('审批员')));
    fireEvent.click(tree().getByTitle('总公司'));
    expect(
      calls
        .filter((c) => c.path.endsWith('/Role/getListByOrgIds'))
        .map((c) => (c.body as { organizeIds: string[] }).organizeIds),
    ).toEqual([[], ['c1']]);
    fireEvent.click(within(box).getByRole('tab', { name: '岗位' }));
    // a keyword: the server's matches
    search(box, '工程');
    fireEvent.click(await within(box).findByTitle('工程师'));
    fireEvent.click(within(box).getByRole('tab', { name: '分组' }));
    search(box, '');
    fireEvent.click(await within(box).findByTitle('值班组'));
    confirm(box);
    expect((await submitted(onSubmit)).people).toEqual(['c1--company', 'r1--role', 'p1--position', 'g1--group']);
    // no whole role or position tree is read
    expect(calls.some((c) => /\/(Role|Position)\/Selector$/.test(c.path))).toBe(false);
  });

  it('in custom mode shows only the permitted entries as one flat list "all data"', async () => {
    const { calls } = serveUsers();
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([
          fieldOf('usersSelect', 'people', '参与人', {
            multiple: true,
            selectType: 'custom',
            ableIds: ['d1--department', 'r1--role', 'r2--role', 'u1--user'],
          }),
        ])}
        onSubmit={onSubmit}
      />,
    );
    const box = await openPicker('参与人');
    expect(tabsOf(box)).toEqual([]);
    expect(within(box).getByText('全部数据')).toBeTruthy();
    const list = await within(box).findByRole('listbox', { name: '全部数据' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.getAttribute('title')),
      ).toEqual(['研发部', '审批员', '张三/zhangsan']),
    );
    expect(calls.some((c) => c.path.startsWith(`${USERS}/ImUser`))).toBe(false);
    search(box, '审批');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(1));
    fireEvent.click(within(list).getByText('审批员'));
    confirm(box);
    expect((await submitted(onSubmit)).people).toEqual(['r1--role']);
  });
});

// The organisation, department, position, role and group pickers in custom mode: a dialog titled as the picker,
// one pane "all data" listing only the permitted ids that are not disabled (a department picker only departments),
// filtered by the keyword; the value is the bare id, and a held id shows by name.
describe('directory pickers in custom mode', () => {
  /** the selected-list call as the server answers it: an organisation with its own category, whatever was asked */
  const NAMED: Record<string, { fullName: string; type: string; disabled?: boolean }> = {
    c1: { fullName: '总公司', type: 'company' },
    d1: { fullName: '研发部', type: 'department' },
    d2: { fullName: '测试部', type: 'department' },
    d9: { fullName: '停用部', type: 'department', disabled: true },
    r1: { fullName: '审批员', type: 'role' },
    g1: { fullName: '值班组', type: 'group' },
  };
  const serveNamed = () =>
    serveUsers({
      [`POST ${USERS}/getSelectedList`]: (call: Call) => ({
        list: (call.body as { ids: string[] }).ids.flatMap((entry) => {
          const id = entry.split('--')[0]!;
          return NAMED[id] ? [{ id, ...NAMED[id] }] : [];
        }),
      }),
    });
  const options = (list: HTMLElement) =>
    within(list)
      .getAllByRole('option')
      .map((o) => o.getAttribute('title'));

  it('lists only the permitted departments in one pane "all data", and gives the picked ids', async () => {
    const { calls } = serveNamed();
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([
          fieldOf('depSelect', 'deps', '部门', {
            multiple: true,
            selectType: 'custom',
            ableIds: ['c1', 'd1', 'd2--department', 'd9'],
          }),
        ])}
        onSubmit={onSubmit}
      />,
    );
    const box = await openPicker('部门');
    expect(within(box).getByText('选择部门')).toBeTruthy();
    expect(tabsOf(box)).toEqual([]);
    const list = await within(box).findByRole('listbox', { name: '全部数据' });
    // the company is no department, and the disabled department would be refused on save: neither is listed
    await waitFor(() => expect(options(list)).toEqual(['研发部', '测试部']));
    expect(calls.find((c) => c.path === `${USERS}/getSelectedList`)!.body).toEqual({
      ids: ['c1--department', 'd1--department', 'd2--department', 'd9--department'],
    });
    search(box, '测试');
    await waitFor(() => expect(options(list)).toEqual(['测试部']));
    fireEvent.click(within(list).getByText('测试部'));
    search(box, '');
    await waitFor(() => expect(options(list)).toHaveLength(2));
    fireEvent.click(within(list).getByText('研发部'));
    confirm(box);
    expect((await submitted(onSubmit)).deps).toEqual(['d2', 'd1']);
  });

  it('titles each picker as its directory, lists the organisation picker any organisation, and names a held id', async () => {
    const { calls } = serveNamed();
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([
          fieldOf('organizeSelect', 'org', '组织', { selectType: 'custom', ableIds: ['c1', 'd1--department'] }),
          fieldOf('roleSelect', 'role', '角色', { selectType: 'custom', ableIds: ['r1'] }),
          fieldOf('groupSelect', 'grp', '分组', { selectType: 'custom', ableIds: ['g1'] }),
        ])}
        record={{ role: 'r1' }}
        onSubmit={onSubmit}
      />,
    );
    // the held role shows by name, asked for as a role
    expect(await screen.findByTitle('审批员')).toBeTruthy();
    expect(
      calls.some((c) => c.path === `${USERS}/getSelectedList` && (c.body as { ids: string[] }).ids[0] === 'r1--role'),
    ).toBe(true);
    let box = await openPicker('组织');
    expect(within(box).getByText('选择组织')).toBeTruthy();
    let list = await within(box).findByRole('listbox', { name: '全部数据' });
    await waitFor(() => expect(options(list)).toEqual(['总公司', '研发部']));
    fireEvent.click(within(list).getByText('总公司'));
    // single mode: a pick replaces the one before
    fireEvent.click(within(list).getByText('研发部'));
    confirm(box);
    await waitFor(() =>
      expect(screen.queryAllByRole('dialog').filter((d) => !d.closest('.ant-zoom-leave'))).toHaveLength(0),
    );
    box = await openPicker('分组');
    expect(within(box).getByText('分组选择')).toBeTruthy();
    list = await within(box).findByRole('listbox', { name: '全部数据' });
    fireEvent.click(await within(list).findByText('值班组'));
    confirm(box);
    expect(await submitted(onSubmit)).toMatchObject({ org: 'd1', role: 'r1', grp: 'g1' });
    // nothing reads the whole directory trees
    expect(calls.some((c) => c.path.includes('/Selector'))).toBe(false);
  });
});

// The organisation, department, position, role and group pickers in "all" mode: the same dialog over their
// directory's selector tree, a level shown at a time; a keyword shows the matching nodes; only the picker's own
// entries are picked; the value is the bare id.
describe('directory pickers in "all" mode', () => {
  const ORGS = {
    list: [
      {
        ...COMPANY,
        children: [
          { ...DEPT, children: [{ id: 'd3', fullName: '前端组', type: 'department' }] },
          { id: 'd2', fullName: '销售部', type: 'department' },
        ],
      },
    ],
  };
  const serveTrees = () => serveUsers({ 'GET /api/permission/Organize/Department/Selector/0': ORGS });
  const selectedOf = (box: HTMLElement) =>
    within(within(box).getByRole('list', { name: '已选' }))
      .queryAllByRole('listitem')
      .map((i) => i.textContent);
  /** the tree pane (the selected pane holds the same names) */
  const pane = (box: HTMLElement) => within(box).getByLabelText('全部数据');
  const closed = () =>
    waitFor(() => expect(screen.queryAllByRole('dialog').filter((d) => !d.closest('.ant-zoom-leave'))).toHaveLength(0));

  it('single: a pick replaces the one before, cancel keeps the value, confirm gives the id; Enter opens it', async () => {
    const { calls } = serveTrees();
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([fieldOf('organizeSelect', 'org', '组织')])}
        record={{ org: 'd1' }}
        onSubmit={onSubmit}
      />,
    );
    // the held organisation shows by name
    expect(await screen.findByTitle('研发部')).toBeTruthy();
    let box = await openPicker('组织');
    expect(within(box).getByText('选择组织')).toBeTruthy();
    expect(box.closest('.ant-modal')!.getAttribute('style')).toContain('800px');
    expect(within(box).getByRole('searchbox', { name: '请输入关键词查询' })).toBeTruthy();
    // the top level is open, the levels below it are read when opened
    fireEvent.click(await within(box).findByTitle('总公司'));
    expect(within(box).queryByTitle('前端组')).toBeNull();
    fireEvent.click(within(box).getByTitle('销售部'));
    expect(selectedOf(box)).toEqual(['销售部']);
    fireEvent.click(within(box).getByRole('button', { name: /^\s*取\s*消\s*$/ }));
    await closed();
    expect((await submitted(onSubmit)).org).toBe('d1');
    // from the keyboard: Enter on the field opens it, with nothing selected
    fireEvent.keyDown(screen.getByLabelText('组织'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    box = await dialog();
    expect(selectedOf(box)).toEqual([]);
    fireEvent.click(await within(box).findByTitle('销售部'));
    fireEvent.click(within(box).getByTitle('总公司'));
    expect(selectedOf(box)).toEqual(['总公司']);
    confirm(box);
    await closed();
    expect((await submitted(onSubmit)).org).toBe('c1');
    expect(screen.getAllByTitle('总公司').length).toBeGreaterThan(0);
    // the organisation tree is the one the drop-down read
    expect(calls.filter((c) => c.path === '/api/permission/Organize/Department/Selector/0')).toHaveLength(1);
  });

  it('multiple: keyword search, only departments picked, clear list, and picks appended to the value', async () => {
    serveTrees();
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([fieldOf('depSelect', 'deps', '部门', { multiple: true })])}
        record={{ deps: ['d2'] }}
        onSubmit={onSubmit}
      />,
    );
    const box = await openPicker('部门');
    expect(within(box).getByText('选择部门')).toBeTruthy();
    expect(await within(box).findByTitle('研发部')).toBeTruthy();
    search(box, '前端');
    // only the match and the nodes above it
    fireEvent.click(await within(box).findByTitle('前端组'));
    expect(within(box).queryByTitle('销售部')).toBeNull();
    search(box, '');
    fireEvent.click(await within(box).findByTitle('销售部'));
    fireEvent.click(within(pane(box)).getByTitle('研发部'));
    // the company only groups the departments; a department picked twice is held once
    fireEvent.click(within(pane(box)).getByTitle('总公司'));
    fireEvent.click(within(pane(box)).getByTitle('研发部'));
    expect(selectedOf(box)).toEqual(['前端组', '销售部', '研发部']);
    fireEvent.click(within(box).getByRole('button', { name: '清空列表' }));
    expect(selectedOf(box)).toEqual([]);
    fireEvent.click(within(pane(box)).getByTitle('研发部'));
    confirm(box);
    expect((await submitted(onSubmit)).deps).toEqual(['d2', 'd1']);
  });

  it('the role, position and group pickers pick only their own entries from their trees', async () => {
    const { calls } = serveTrees();
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([
          fieldOf('roleSelect', 'role', '角色'),
          fieldOf('posSelect', 'pos', '岗位', { multiple: true }),
          fieldOf('groupSelect', 'grp', '分组'),
        ])}
        onSubmit={onSubmit}
      />,
    );
    let box = await openPicker('角色');
    expect(within(box).getByText('选择角色')).toBeTruthy();
    const company = await within(box).findByTitle('总公司');
    fireEvent.click(company);
    expect(selectedOf(box)).toEqual([]);
    fireEvent.click(company.parentElement!.querySelector('.ant-tree-switcher')!);
    fireEvent.click(await within(box).findByTitle('审批员'));
    confirm(box);
    await closed();
    box = await openPicker('岗位');
    expect(within(box).getByText('选择岗位')).toBeTruthy();
    fireEvent.click(await within(box).findByTitle('工程师'));
    confirm(box);
    await closed();
    box = await openPicker('分组');
    expect(within(box).getByText('分组选择')).toBeTruthy();
    fireEvent.click(await within(box).findByTitle('值班组'));
    confirm(box);
    expect(await submitted(onSubmit)).toMatchObject({ role: 'r1', pos: ['p1'], grp: 'g1' });
    // each read only its own tree
    expect(calls.some((c) => c.path.startsWith('/api/permission/Organize'))).toBe(false);
  });
});

// The role picker's two tabs (organisation: the organisation tree read a level at a time, each organisation opening
// to its roles; global: the global roles), and the organisation picker's auth (the caller's permitted tree) and
// isOnlyOrg (companies only).
describe('role picker tabs and organisation picker options', () => {
  const GLOBAL_ROLE = { id: 'r9', fullName: '全局审批', type: 'role', isLeaf: true };
  const serveRoles = () =>
    serveUsers({
      'POST /api/permission/Role/getListByOrgIds': (call: Call) => ({
        list: [
          ...(call.body as { organizeIds: string[] }).organizeIds.map((id) => ({
            id,
            type: 'company',
            children: id === 'c1' ? [{ id: 'r1', fullName: '审批员', type: 'role', isLeaf: true }] : [],
          })),
          { id: '0', fullName: '全局', type: 'global', children: [GLOBAL_ROLE] },
        ],
      }),
      'GET /api/permission/Role/Selector': {
        list: [
          { ...COMPANY, children: [{ id: 'r1', fullName: '审批员', type: 'role' }] },
          { id: '0', fullName: '全局', type: 'global', children: [GLOBAL_ROLE] },
        ],
      },
    });
  const selectedOf = (box: HTMLElement) =>
    within(within(box).getByRole('list', { name: '已选' }))
      .queryAllByRole('listitem')
      .map((i) => i.textContent);
  /** the tab's pane (the tab itself has the same name) */
  const paneOf = (box: HTMLElement, name: string) => box.querySelector<HTMLElement>(`div[aria-label="${name}"]`)!;

  it('shows the organisation and global tabs, each read lazily, and picks roles from both', async () => {
    const { calls } = serveRoles();
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([fieldOf('roleSelect', 'roles', '角色', { multiple: true })])}
        onSubmit={onSubmit}
      />,
    );
    const box = await openPicker('角色');
    expect(tabsOf(box)).toEqual(['组织', '全局']);
    const organize = paneOf(box, '组织');
    const company = await within(organize).findByTitle('总公司');
    // the 全局 node is no longer in the organisation tree
    expect(within(organize).queryByTitle('全局')).toBeNull();
    fireEvent.click(company.parentElement!.querySelector('.ant-tree-switcher')!);
    fireEvent.click(await within(organize).findByTitle('审批员'));
    fireEvent.click(within(box).getByRole('tab', { name: '全局' }));
    const global = paneOf(box, '全局');
    fireEvent.click(await within(global).findByTitle('全局审批'));
    expect(selectedOf(box)).toEqual(['审批员', '全局审批']);
    // no keyword: the whole role tree is not read
    expect(calls.some((c) => c.path === '/api/permission/Role/Selector')).toBe(false);
    // a keyword shows the matching roles of the tab
    search(box, '审批');
    expect(await within(paneOf(box, '全局')).findByTitle('全局审批')).toBeTruthy();
    expect(within(paneOf(box, '全局')).queryByTitle('审批员')).toBeNull();
    confirm(box);
    expect((await submitted(onSubmit)).roles).toEqual(['r1', 'r9']);
  });

  it('an organisation picker with auth reads the permitted tree; with isOnlyOrg picks companies only', async () => {
    const tree = { list: [{ ...COMPANY, children: [{ id: 'd1', fullName: '研发部', type: 'department' }] }] };
    const { calls } = serveUsers({
      'GET /api/permission/Organize/Department/SelectorByAuth/0': tree,
      'GET /api/permission/Organize/SelectorByAuth/0': { list: [COMPANY] },
      'GET /api/permission/Organize/Selector/0': { list: [{ ...COMPANY, fullName: '子公司', id: 'c2' }] },
    });
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([
          fieldOf('organizeSelect', 'auth', '授权组织', { auth: true }),
          fieldOf('organizeSelect', 'only', '仅组织', { isOnlyOrg: true }),
          fieldOf('organizeSelect', 'both', '授权公司', { auth: true, isOnlyOrg: true }),
        ])}
        onSubmit={onSubmit}
      />,
    );
    let box = await openPicker('授权组织');
    fireEvent.click(await within(box).findByTitle('研发部'));
    confirm(box);
    const closed = () =>
      waitFor(() =>
        expect(screen.queryAllByRole('dialog').filter((d) => !d.closest('.ant-zoom-leave'))).toHaveLength(0),
      );
    await closed();
    box = await openPicker('仅组织');
    fireEvent.click(await within(box).findByTitle('子公司'));
    confirm(box);
    await closed();
    box = await openPicker('授权公司');
    fireEvent.click(await within(box).findByTitle('总公司'));
    confirm(box);
    expect(await submitted(onSubmit)).toMatchObject({ auth: 'd1', only: 'c2', both: 'c1' });
    expect(calls.some((c) => c.path === '/api/permission/Organize/Department/Selector/0')).toBe(false);
  });

  it('with isOnlyOrg a department shown under its company cannot be picked', async () => {
    serveUsers({
      'GET /api/permission/Organize/Selector/0': {
        list: [{ ...COMPANY, children: [{ id: 'd1', fullName: '研发部', type: 'department' }] }],
      },
    });
    renderAdmin(
      <RendererHarness
        formData={formOf([fieldOf('organizeSelect', 'only', '仅组织', { isOnlyOrg: true })])}
        onSubmit={vi.fn()}
      />,
    );
    const box = await openPicker('仅组织');
    fireEvent.click(await within(box).findByTitle('研发部'));
    expect(selectedOf(box)).toEqual([]);
    fireEvent.click(within(box).getByTitle('总公司'));
    expect(selectedOf(box)).toEqual(['总公司']);
  });
});
