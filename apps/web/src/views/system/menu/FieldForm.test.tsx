import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, serveApi, type Call } from '../../../test/screen';
import type { ItemKind, MenuRow } from './api';
import { ItemsDrawer } from './ItemsDrawer';

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

beforeEach(() => vi.unstubAllGlobals());

const menu = { id: 'm1', fullName: '订单', isDataAuthorize: 1 } as MenuRow;
const creator = {
  id: 'f1',
  moduleId: 'm1',
  fullName: '创建人',
  enCode: 'creatorUserId',
  type: 'varchar',
  conditionSymbol: '==,<>',
  conditionSymbolName: '等于,不等于',
  conditionText: '@userId',
  conditionName: '当前用户',
  bindTable: '',
  fieldRule: 0,
  childTableKey: '',
  enabledMark: 1,
  sortCode: 2,
  description: '录入人',
  version: 3,
};

function Harness({ start }: { start: ItemKind }) {
  const [kind, setKind] = useState<ItemKind | undefined>(start);
  return <ItemsDrawer kind={kind} menu={menu} onClose={() => setKind(undefined)} onKindChange={setKind} />;
}

const api = () =>
  serveApi({
    'GET /api/system/ModuleDataAuthorize/m1/List': { list: [creator] },
    'GET /api/system/ModuleDataAuthorizeScheme/m1/List': {
      list: [
        {
          id: 's1',
          fullName: '我的',
          enCode: 'mine',
          conditionText: '【{创建人} {等于} {@userId}】',
          allData: 0,
          matchLogic: 'and',
          enabledMark: 1,
        },
        { id: 's2', fullName: '全部数据', enCode: 'jnpf_alldata', conditionText: '', allData: 1, enabledMark: 1 },
      ],
    },
    'POST /api/system/ModuleDataAuthorize': { code: 200, msg: '新建成功', data: 'f9' },
    'PUT /api/system/ModuleDataAuthorize/f1': { code: 200, msg: '更新成功', data: null },
    'PUT /api/system/ModuleDataAuthorize/f1/Actions/State': { code: 200, msg: '更新成功', data: null },
  });

const dialog = async () => (await screen.findAllByRole('dialog')).at(-1)!;
const drawer = async () => (await screen.findByText('数据权限 - 订单')).closest('.ant-drawer') as HTMLElement;
const sent = (calls: Call[], method: string, path: string) =>
  calls.find((c) => c.method === method && c.path === path)?.body as Record<string, unknown> | undefined;

/** opens an antd select and clicks the options with these texts */
async function choose(combo: HTMLElement, ...texts: string[]) {
  for (const text of texts) {
    const option = await waitFor(() => {
      if (combo.getAttribute('aria-expanded') !== 'true') fireEvent.mouseDown(combo);
      const popup = document.getElementById(combo.getAttribute('aria-controls') ?? '')?.closest('.ant-select-dropdown');
      const found = Array.from(popup?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? []).find(
        (o) => o.textContent === text,
      );
      if (!found) throw new Error(`no option ${text}`);
      return found;
    });
    fireEvent.click(option);
  }
}

describe('data-permission fields', () => {
  it(
    'lists the fields with operator and value-source names, between the scheme and field tabs',
    { timeout: 90_000 },
    async () => {
      api();
      renderScreen(<Harness start="scheme" />);
      const d = await drawer();
      expect(await within(d).findByText('【{创建人} {等于} {@userId}】')).toBeTruthy();
      // the built-in all-data scheme cannot be edited
      const builtIn = within(d).getByText('jnpf_alldata').closest('tr') as HTMLElement;
      expect(within(builtIn).getByRole('button', { name: /编\s*辑/ })).toHaveProperty('disabled', true);

      await userEvent.click(within(d).getByRole('tab', { name: '字段管理' }));
      const row = (await within(d).findByText('creatorUserId')).closest('tr') as HTMLElement;
      expect(within(row).getByText('创建人')).toBeTruthy();
      expect(within(row).getByText('字符串')).toBeTruthy();
      expect(within(row).getByText('等于、不等于')).toBeTruthy();
      expect(within(row).getByText('当前用户')).toBeTruthy();
    },
  );

  it('adds a field with its operators and value source', { timeout: 90_000 }, async () => {
    const { calls } = api();
    renderScreen(<Harness start="field" />);
    const d = await drawer();
    await within(d).findByText('creatorUserId');
    await userEvent.click(within(d).getByRole('button', { name: /新\s*建/ }));
    const form = await dialog();
    expect(within(form).getByText('新建字段')).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: /确\s*定/ }));
    expect(await within(form).findByText('请选择条件符号')).toBeTruthy();
    expect(await within(form).findByText('请选择条件内容')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('名称'), { target: { value: '所属组织' } });
    fireEvent.change(within(form).getByLabelText('字段'), { target: { value: 'organizeId' } });
    // picked out of order, sent in the standard order
    await choose(within(form).getByLabelText('条件符号'), '包含任意一个', '等于');
    await choose(within(form).getByLabelText('条件内容'), '当前组织及子组织');
    await userEvent.click(within(form).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(sent(calls, 'POST', '/api/system/ModuleDataAuthorize')).toBeTruthy());
    expect(sent(calls, 'POST', '/api/system/ModuleDataAuthorize')).toEqual({
      moduleId: 'm1',
      fullName: '所属组织',
      enCode: 'organizeId',
      type: 'varchar',
      conditionSymbol: ['==', 'in'],
      conditionText: '@organizationAndSuborganization',
      sortCode: 0,
      enabledMark: 1,
      description: '',
    });
  });

  it('edits a field with its stored values and toggles it after confirmation', { timeout: 90_000 }, async () => {
    const { calls } = api();
    renderScreen(<Harness start="field" />);
    const d = await drawer();
    const row = (await within(d).findByText('creatorUserId')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    const form = await dialog();
    await waitFor(() => expect((within(form).getByLabelText('名称') as HTMLInputElement).value).toBe('创建人'));
    expect(within(form).getByTitle('当前用户')).toBeTruthy();
    await choose(within(form).getByLabelText('字段类型'), '整型');
    await userEvent.click(within(form).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(sent(calls, 'PUT', '/api/system/ModuleDataAuthorize/f1')).toBeTruthy());
    expect(sent(calls, 'PUT', '/api/system/ModuleDataAuthorize/f1')).toMatchObject({
      type: 'int',
      conditionSymbol: ['==', '<>'],
      conditionText: '@userId',
      sortCode: 2,
      description: '录入人',
      version: 3,
    });

    await userEvent.click(within(row).getByRole('button', { name: /禁\s*用/ }));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'PUT' && c.path === '/api/system/ModuleDataAuthorize/f1/Actions/State'),
      ).toBe(true),
    );
  });
});
