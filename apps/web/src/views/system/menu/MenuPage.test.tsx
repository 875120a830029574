import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dialogTitled } from '../../../components/admin/testUtils';
import { renderScreen, serveApi } from '../../../test/screen';
import { expectListLayout } from '../../../components/crud/testkit';
import MenuPage from './MenuPage';

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

beforeEach(() => vi.unstubAllGlobals());

const menu = (id: string, fullName: string, type: number, children: unknown[] = []) => ({
  id,
  parentId: '-1',
  systemId: 's1',
  category: 'Web',
  type,
  fullName,
  enCode: id,
  icon: '',
  urlAddress: type === 2 ? `x/${id}` : '',
  linkTarget: '_self',
  description: '',
  enabledMark: 1,
  sortCode: 0,
  isButtonAuthorize: 1,
  isColumnAuthorize: 0,
  isFormAuthorize: 0,
  isDataAuthorize: 0,
  version: 1,
  children,
});

describe('menus', () => {
  it('lists the menus of the first application and switches to its App menus', { timeout: 60_000 }, async () => {
    const { calls } = serveApi({
      'GET /api/system/System': { list: [{ id: 's1', fullName: '主系统', enCode: 'main' }] },
      'GET /api/system/Menu/ModuleBySystem/s1': (call) =>
        call.url.includes('category=App')
          ? { list: [menu('m9', '移动首页', 2)] }
          : { list: [menu('d1', '系统管理', 1, [menu('m1', '用户', 2)])] },
    });
    renderScreen(<MenuPage />);
    expect(await screen.findByText('系统管理', undefined, { timeout: 10_000 })).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'App菜单' }));
    expect(await screen.findByText('移动首页')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('category=App'))).toBe(true);
  });

  it('adds a button to a menu in its permission drawer', { timeout: 90_000 }, async () => {
    const { calls } = serveApi({
      'GET /api/system/System': { list: [{ id: 's1', fullName: '主系统', enCode: 'main' }] },
      'GET /api/system/Menu/ModuleBySystem/s1': { list: [menu('m1', '用户', 2)] },
      'GET /api/system/ModuleButton/m1/List': { list: [] },
      'POST /api/system/ModuleButton': { code: 200, msg: '新建成功', data: 'b1' },
    });
    renderScreen(<MenuPage />);
    const row = (await screen.findByText('用户', undefined, { timeout: 10_000 })).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /更\s*多/ }));
    await userEvent.click(await screen.findByText('按钮权限'));
    const drawer = (await screen.findByText('按钮权限 - 用户')).closest('.ant-drawer') as HTMLElement;
    await userEvent.click(within(drawer).getByRole('button', { name: /新\s*建/ }));
    const dialog = await dialogTitled('新建'); // (the drawer is a dialog too, there before this one)
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '审核' } });
    fireEvent.change(within(dialog).getByLabelText('编码'), { target: { value: 'btn_audit' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        moduleId: 'm1',
        parentId: '-1',
        fullName: '审核',
        enCode: 'btn_audit',
        enabledMark: 1,
      }),
    );
  });

  it('imports a .bm file under a chosen parent of this side', { timeout: 60_000 }, async () => {
    const { calls } = serveApi({
      'GET /api/system/System': { list: [{ id: 's1', fullName: '主系统', enCode: 'main' }] },
      'GET /api/system/Menu/ModuleBySystem/s1': { list: [menu('d1', '系统管理', 1)] },
      'POST /api/system/Menu/s1/Actions/Import': { code: 200, msg: '导入成功', data: null },
    });
    renderScreen(<MenuPage />);
    await screen.findByText('系统管理', undefined, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: /导\s*入/ }));
    const dialog = (await screen.findAllByRole('dialog')).at(-1)!;
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File(['{}'], 'menu.bm'));
    await userEvent.click(within(dialog).getAllByRole('combobox')[0]!);
    await userEvent.click((await screen.findAllByTitle('系统管理')).at(-1)!);
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/system/Menu/s1/Actions/Import')).toBe(true));
    const body = calls.find((c) => c.path === '/api/system/Menu/s1/Actions/Import')!.body as FormData;
    expect(body.get('category')).toBe('Web');
    expect(body.get('parentId')).toBe('d1');
    expect((body.get('file') as File).name).toBe('menu.bm');
  });

  it('keeps 操作 narrow: add under a directory, the state and export sit under 更多', { timeout: 90_000 }, async () => {
    serveApi({
      'GET /api/system/System': { list: [{ id: 's1', fullName: '主系统', enCode: 'main' }] },
      'GET /api/system/Menu/ModuleBySystem/s1': { list: [menu('d1', '系统管理', 1)] },
    });
    const { container } = renderScreen(<MenuPage />);
    const row = (await screen.findByText('系统管理', undefined, { timeout: 10_000 })).closest('tr')!;
    expectListLayout(container);
    expect(within(row).queryByRole('button', { name: /禁\s*用/ })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: /更\s*多/ }));
    const menuItems = await screen.findByRole('menu');
    expect(['新建', '禁用', '导出'].map((label) => !!within(menuItems).queryByText(label))).toEqual([true, true, true]);
    expect(within(menuItems).queryByText('按钮权限')).toBeNull();
  });

  it('opens every branch of what a search finds', { timeout: 90_000 }, async () => {
    serveApi({
      'GET /api/system/System': { list: [{ id: 's1', fullName: '主系统', enCode: 'main' }] },
      'GET /api/system/Menu/ModuleBySystem/s1': { list: [menu('d1', '系统管理', 1, [menu('m1', '用户', 2)])] },
    });
    renderScreen(<MenuPage />);
    await screen.findByText('系统管理', undefined, { timeout: 10_000 });
    expect(screen.queryByText('用户')).toBeNull();
    fireEvent.change(screen.getByPlaceholderText('请输入关键词查询'), { target: { value: '用户' } });
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect(await screen.findByText('用户')).toBeTruthy();
  });
});
