import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paged, renderScreen, serveApi } from '../../../test/screen';
import AuthorizePage from './AuthorizePage';
import { membersByKind, membersToWire } from './MembersDialog';

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
  it('maps members of five kinds to and from the wire form', () => {
    const kinds = membersByKind(['u--user', 'r--role', 'p--position', 'c--company', 'd--department', 'g--group']);
    expect(kinds).toEqual({ user: ['u'], role: ['r'], position: ['p'], organize: ['c', 'd'], group: ['g'] });
    expect(membersToWire(kinds)).toEqual([
      'u--user',
      'r--role',
      'p--position',
      'c--organize',
      'd--organize',
      'g--group',
    ]);
  });

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
    'batch grant: asks whom first, then saves the checked items for every chosen object',
    { timeout: 90_000 },
    async () => {
      const { calls } = serveApi({
        'GET /api/permission/PermissionGroup': paged([group]),
        'GET /api/permission/Users/All': { list: [{ id: 'u1', account: 'zhangsan', realName: '张三' }] },
        'GET /api/permission/Role/Selector': { list: [] },
        'GET /api/permission/Position/Selector': { list: [] },
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
      await userEvent.click(within(dialog).getByRole('button', { name: /下一步/ }));
      expect(await within(dialog).findByText('请选择授权对象')).toBeTruthy();

      await userEvent.click(within(dialog).getAllByRole('combobox').at(-1)!);
      await userEvent.click(await screen.findByText('张三/zhangsan'));
      await userEvent.click(within(dialog).getByRole('button', { name: /下一步/ }));
      const drawer = (await screen.findByText('主系统')).closest('.ant-drawer') as HTMLElement;
      expect(within(drawer).getByText('批量授权 - 1个对象')).toBeTruthy();
      await userEvent.click(within(drawer).getByText('主系统'));
      await userEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
      await waitFor(() => expect(calls.some((c) => c.path === '/api/permission/Authority/Data/Batch')).toBe(true));
      const body = calls.find((c) => c.path === '/api/permission/Authority/Data/Batch')!.body;
      expect(body).toEqual({ roleIds: [], positionIds: [], userIds: ['u1'], systemIds: ['sys'] });
    },
  );
});
