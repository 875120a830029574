import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paged, renderScreen, serveApi } from '../../../test/screen';
import AuthorizePage from './AuthorizePage';
import { memberEntry } from './MembersDialog';

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

beforeEach(() => vi.unstubAllGlobals());

const group = {
  id: 'pg1',
  fullName: '销售权限',
  enCode: 'sales',
  sortCode: 0,
  enabledMark: 1,
  description: '',
  creatorTime: 0,
  permissionMember: '张三',
};

const node = (id: string, type: string, children: unknown[] = [], fullName = id) => ({
  id,
  parentId: '',
  fullName,
  type,
  disabled: false,
  children,
});

const checked = (drawer: HTMLElement, title: string) =>
  within(drawer)
    .getByText(title)
    .closest('.ant-tree-treenode')!
    .classList.contains('ant-tree-treenode-checkbox-checked');

describe('permission groups', () => {
  it('names the members as the member list does: id, kind and name', () => {
    expect(memberEntry({ id: 'c1--company', objectId: 'c1', fullName: '总公司', type: 'company' })).toEqual({
      id: 'c1',
      type: 'company',
      fullName: '总公司',
    });
    expect(
      memberEntry({ id: 'u1--user', objectId: '', fullName: '张三/zhangsan', type: '', organize: '研发部' }),
    ).toEqual({ id: 'u1', type: 'user', fullName: '张三/zhangsan', organize: '研发部' });
  });

  it(
    'edits the members in the tree-tab selector: held names from the member list, saved as id--kind',
    { timeout: 90_000 },
    async () => {
      let saved: string[] | undefined;
      const held = [
        { id: 'u1--user', objectId: 'u1', fullName: '张三/zhangsan', type: 'user', organize: '研发部' },
        { id: 'c1--company', objectId: 'c1', fullName: '总公司', type: 'company' },
        { id: 'g1--group', objectId: 'g1', fullName: '值班组', type: 'group' },
      ];
      const { calls } = serveApi({
        'GET /api/permission/PermissionGroup': paged([group]),
        'GET /api/permission/PermissionGroup/PermissionMember/pg1': () => ({
          list: saved
            ? saved.map((wire) => {
                const [id, type] = wire.split('--') as [string, string];
                const name = { u1: '张三/zhangsan', c1: '总公司', g1: '值班组', r1: '审批员', u5: '用户5/user5' }[id];
                return { id: wire, objectId: id, fullName: name, type };
              })
            : held,
        }),
        'POST /api/permission/PermissionGroup/PermissionMember/pg1': (call) => {
          saved = (call.body as { ids: string[] }).ids;
          return { code: 200, msg: '保存成功', data: null };
        },
        'GET /api/permission/Role/SearchSelector': {
          list: [{ id: 'r1', fullName: '审批员', type: 'role', organize: '总公司' }],
          pagination: { currentPage: 1, pageSize: 20, total: 1 },
        },
        'GET /api/permission/Organize/Department/Selector/0': { list: [] },
        'POST /api/permission/Users/ImUser/Selector/0': (call) =>
          (call.body as { keyword?: string }).keyword
            ? {
                list: [{ id: 'u5', fullName: '用户5/user5', type: 'user' }],
                pagination: { currentPage: 1, pageSize: 20, total: 1 },
              }
            : { list: [] },
      });
      renderScreen(<AuthorizePage />);
      await screen.findByText('销售权限');
      const open = async () => {
        await userEvent.click(screen.getByRole('button', { name: '权限成员' }));
        return waitFor(() => {
          const found = screen.getAllByRole('dialog').find((d) => !d.closest('.ant-zoom-leave'));
          if (!found) throw new Error('no dialog');
          return found;
        });
      };
      // the names of the selected entries (grouped by kind), icons and avatars left out
      const selectedOf = (box: HTMLElement) =>
        within(within(box).getByRole('list', { name: '已选' }))
          .queryAllByRole('listitem')
          .map((item) => {
            const copy = item.cloneNode(true) as HTMLElement;
            copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
            return copy.textContent;
          });
      let box = await open();
      expect(within(box).getByText('权限成员 - 销售权限')).toBeTruthy();
      expect(
        within(box)
          .getAllByRole('tab')
          .map((tab) => tab.textContent),
      ).toEqual(['部门', '角色', '岗位', '分组', '用户']);
      await waitFor(() => expect(selectedOf(box)).toEqual(['总公司', '值班组', '张三/zhangsan']));
      // no list of every user is read, nor any call to name the held members
      expect(calls.some((c) => c.path === '/api/permission/Users/All')).toBe(false);
      expect(calls.some((c) => c.path === '/api/permission/Users/getSelectedList')).toBe(false);

      // cancel keeps the members
      await userEvent.click(within(box).getByRole('button', { name: '清空列表' }));
      expect(selectedOf(box)).toEqual([]);
      await userEvent.click(within(box).getByRole('button', { name: /取\s*消/ }));
      box = await open();
      await waitFor(() => expect(selectedOf(box)).toEqual(['总公司', '值班组', '张三/zhangsan']));
      expect(calls.some((c) => c.method === 'POST' && c.path.includes('PermissionMember'))).toBe(false);

      // remove the group, add a role and a user found by keyword, save
      await userEvent.click(within(box).getByRole('button', { name: '移除 值班组' }));
      await userEvent.click(within(box).getByRole('tab', { name: '角色' }));
      // the roles by keyword (without one, the tree of organisations)
      await userEvent.type(within(box).getByRole('searchbox'), '审批{Enter}');
      await userEvent.click(
        await within(await within(box).findByRole('listbox', { name: '角色' })).findByTitle('审批员'),
      );
      await userEvent.click(within(box).getByRole('tab', { name: '用户' }));
      await userEvent.clear(within(box).getByRole('searchbox'));
      await userEvent.type(within(box).getByRole('searchbox'), 'user5{Enter}');
      await userEvent.click(await within(box).findByText('用户5/user5'));
      await userEvent.click(within(box).getByRole('button', { name: /确\s*定/ }));
      await waitFor(() => expect(saved).toEqual(['u1--user', 'c1--department', 'r1--role', 'u5--user']));
      // closes once the message has shown; reopened, the saved members
      await waitFor(
        () => expect(screen.queryAllByRole('dialog').filter((d) => !d.closest('.ant-zoom-leave'))).toHaveLength(0),
        {
          timeout: 5000,
        },
      );
      box = await open();
      await waitFor(() => expect(selectedOf(box)).toEqual(['总公司', '审批员', '张三/zhangsan', '用户5/user5']));
    },
  );

  it('grants step by step and saves every visited kind', { timeout: 90_000 }, async () => {
    const { calls } = serveApi({
      'GET /api/permission/PermissionGroup': paged([group]),
      'POST /api/permission/Authority/Data/pg1/Values': (call) => {
        const type = (call.body as { type: string }).type;
        if (type === 'system') return { list: [node('sys', 'system', [], '主系统')], ids: ['sys'], all: ['sys'] };
        if (type === 'module')
          return {
            list: [
              node('sys', 'system', [
                node('sys2', 'category', [node('m1', 'module', [], '用户管理'), node('m2', 'module', [], '角色管理')]),
              ]),
            ],
            ids: ['m1'],
            all: ['sys', 'sys2', 'm1', 'm2'],
          };
        return {
          list: [
            node('m1', 'module', [
              node('b1', 'button', [], '新建'),
              node('b2', 'button', [], '编辑'),
              node('b3', 'button', [], '删除'),
            ]),
          ],
          ids: [],
          all: ['m1', 'b1', 'b2', 'b3'],
        };
      },
      'PUT /api/permission/Authority/Data/pg1': { code: 200, msg: '操作成功', data: null },
    });
    renderScreen(<AuthorizePage />);
    await screen.findByText('销售权限');
    await userEvent.click(screen.getByRole('button', { name: '权限设置' }));
    const drawer = (await screen.findByText('主系统')).closest('.ant-drawer') as HTMLElement;
    await userEvent.click(within(drawer).getByRole('button', { name: /下一步/ }));
    await within(drawer).findByText('用户管理');
    expect((calls.at(-1)!.body as { moduleIds: string }).moduleIds).toBe('sys');
    await userEvent.click(within(drawer).getByRole('button', { name: /下一步/ }));
    await within(drawer).findByText('新建');
    expect((calls.at(-1)!.body as { moduleIds: string }).moduleIds.split(',').sort()).toEqual(['m1']);
    await userEvent.click(within(drawer).getByText('新建'));
    await userEvent.click(within(drawer).getByText('编辑'));
    await userEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = calls.find((c) => c.method === 'PUT')!.body as Record<string, string[]>;
    expect(body.objectType).toBe('PermissionGroup');
    expect(body.systemIds).toEqual(['sys']);
    expect(body.module).toEqual(['m1']);
    expect(body.button!.sort()).toEqual(['b1', 'b2']);
    expect(body.column).toBeUndefined();
  });

  it('shows the saved application and menu grants checked when reopened', { timeout: 90_000 }, async () => {
    // answers like the server: each step's ids are what the last save stored of that kind
    let saved: Record<string, string[]> = {};
    const { calls } = serveApi({
      'GET /api/permission/PermissionGroup': paged([group]),
      'POST /api/permission/Authority/Data/pg1/Values': (call) => {
        const type = (call.body as { type: string }).type;
        if (type === 'system')
          return { list: [node('sys', 'system', [], '主系统')], ids: saved.systemIds ?? [], all: ['sys'] };
        return {
          list: [node('sys', 'system', [node('sys2', 'category', [node('m1', 'module', [], '用户管理')])])],
          ids: saved.module ?? [],
          all: ['sys', 'sys2', 'm1'],
        };
      },
      'PUT /api/permission/Authority/Data/pg1': (call) => {
        saved = call.body as Record<string, string[]>;
        return { code: 200, msg: '操作成功', data: null };
      },
    });
    renderScreen(<AuthorizePage />);
    await screen.findByText('销售权限');
    await userEvent.click(screen.getByRole('button', { name: '权限设置' }));
    let drawer = (await screen.findByText('主系统')).closest('.ant-drawer') as HTMLElement;
    expect(checked(drawer, '主系统')).toBe(false);
    await userEvent.click(within(drawer).getByText('主系统'));
    await userEvent.click(within(drawer).getByRole('button', { name: /下一步/ }));
    await within(drawer).findByText('用户管理');
    await userEvent.click(within(drawer).getByText('用户管理'));
    await userEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(saved).toMatchObject({ systemIds: ['sys'], module: ['m1'] });
    // the drawer closes itself once the success toast has been read
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull(), { timeout: 15_000 });

    await userEvent.click(screen.getByRole('button', { name: '权限设置' }));
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).not.toBeNull());
    drawer = document.querySelector('.ant-drawer-open') as HTMLElement;
    await within(drawer).findByText('主系统');
    expect(checked(drawer, '主系统')).toBe(true);
    await userEvent.click(within(drawer).getByRole('button', { name: /下一步/ }));
    await within(drawer).findByText('用户管理');
    expect(checked(drawer, '用户管理')).toBe(true);
  });

  it(
    'a drawer closed by hand and reopened while the saved message shows stays open with the saved grants',
    { timeout: 90_000 },
    async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        let saved: Record<string, string[]> = {};
        const { calls } = serveApi({
          'GET /api/permission/PermissionGroup': paged([group]),
          'POST /api/permission/Authority/Data/pg1/Values': () => ({
            list: [node('sys', 'system', [], '主系统')],
            ids: saved.systemIds ?? [],
            all: ['sys'],
          }),
          'PUT /api/permission/Authority/Data/pg1': (call) => {
            saved = call.body as Record<string, string[]>;
            return { code: 200, msg: '操作成功', data: null };
          },
        });
        const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
        renderScreen(<AuthorizePage />);
        await screen.findByText('销售权限');
        await user.click(screen.getByRole('button', { name: '权限设置' }));
        let drawer = (await screen.findByText('主系统')).closest('.ant-drawer') as HTMLElement;
        await user.click(within(drawer).getByText('主系统'));
        await user.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
        await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
        // closed by hand before the saved message is gone, and opened again at once
        await user.click(within(drawer).getByRole('button', { name: /取\s*消/ }));
        await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
        await user.click(screen.getByRole('button', { name: '权限设置' }));
        await waitFor(() => expect(document.querySelector('.ant-drawer-open')).not.toBeNull());
        drawer = document.querySelector('.ant-drawer-open') as HTMLElement;
        await within(drawer).findByText('主系统');
        // the first opening's delayed close is due now: it must not shut the new one
        await act(async () => {
          await vi.advanceTimersByTimeAsync(3000);
        });
        expect(document.querySelector('.ant-drawer-open')).not.toBeNull();
        drawer = document.querySelector('.ant-drawer-open') as HTMLElement;
        expect(checked(drawer, '主系统')).toBe(true);
      } finally {
        vi.useRealTimers();
      }
    },
  );

  it(
    'batch grant: asks whom first in the role/position/user selector (users searched, never all), then saves',
    { timeout: 90_000 },
    async () => {
      const { calls } = serveApi({
        'GET /api/permission/PermissionGroup': paged([group]),
        'GET /api/permission/Role/SearchSelector': {
          list: [{ id: 'r1', fullName: '审批员', type: 'role', organize: '总公司' }],
          pagination: { currentPage: 1, pageSize: 20, total: 1 },
        },
        'GET /api/permission/Position/SearchSelector': {
          list: [],
          pagination: { currentPage: 1, pageSize: 20, total: 0 },
        },
        'POST /api/permission/Users/ImUser/Selector/0': (call: { body: unknown }) => {
          const body = call.body as { keyword?: string };
          if (!body.keyword) return { list: [{ id: 'c1', fullName: '总公司', type: 'company', hasChildren: true }] };
          return {
            list: [{ id: 'u1', fullName: '张三/zhangsan', type: 'user', isLeaf: true }],
            pagination: { currentPage: 1, pageSize: 20, total: 1 },
          };
        },
        'POST /api/permission/Authority/Data/0/Values': {
          list: [node('sys', 'system', [], '主系统')],
          ids: [],
          all: ['sys'],
        },
        'POST /api/permission/Authority/Data/Batch': { code: 200, msg: '操作成功', data: null },
      });
      renderScreen(<AuthorizePage />);
      await screen.findByText('销售权限');
      await userEvent.click(screen.getByRole('button', { name: '批量授权' }));
      const dialog = (await screen.findByText('所选角色、岗位和用户的权限将被替换为下一步勾选的权限')).closest(
        '.ant-modal',
      ) as HTMLElement;
      // only the kinds the batch form takes
      expect(
        within(dialog)
          .getAllByRole('tab')
          .map((tab) => tab.textContent),
      ).toEqual(['角色', '岗位', '用户']);
      await userEvent.click(within(dialog).getByRole('button', { name: /下一步/ }));
      expect(await within(dialog).findByText('请选择授权对象')).toBeTruthy();

      const box = within(dialog).getByRole('searchbox', { name: '请输入关键词查询' });
      await userEvent.type(box, '审批{Enter}');
      await userEvent.click(await within(dialog).findByTitle('审批员'));
      // a pick takes the refusal away
      await waitFor(() => expect(within(dialog).queryByText('请选择授权对象')).toBeNull());
      await userEvent.click(within(dialog).getByRole('tab', { name: '用户' }));
      await userEvent.clear(box);
      await userEvent.type(box, '张{Enter}');
      const found = await within(dialog).findByRole('listbox', { name: '用户' });
      await userEvent.click(await within(found).findByText('张三/zhangsan'));
      await userEvent.click(within(dialog).getByRole('button', { name: /下一步/ }));
      const drawer = (await screen.findByText('主系统')).closest('.ant-drawer') as HTMLElement;
      expect(within(drawer).getByText('批量授权 - 2个对象')).toBeTruthy();
      await userEvent.click(within(drawer).getByText('主系统'));
      await userEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
      await waitFor(() => expect(calls.some((c) => c.path === '/api/permission/Authority/Data/Batch')).toBe(true));
      const body = calls.find((c) => c.path === '/api/permission/Authority/Data/Batch')!.body;
      expect(body).toEqual({ roleIds: ['r1'], positionIds: [], userIds: ['u1'], systemIds: ['sys'] });
      expect(calls.some((c) => c.path === '/api/permission/Users/All')).toBe(false);
    },
  );
});
