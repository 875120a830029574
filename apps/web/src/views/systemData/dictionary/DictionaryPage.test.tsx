import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../../../components/admin/testUtils';
import { feedback } from '../../../platform/feedback';
import DictionaryPage from './DictionaryPage';
import { parentToSave } from './ItemForm';
import { categoryTree, industryTree, TYPES } from './fixtures';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const categories = categoryTree([
  { id: 't1', parentId: '0', fullName: '订单类型', enCode: 'orderType', isTree: 0, sortCode: 0, children: [] },
  { id: 't2', parentId: '0', fullName: '行业', enCode: 'industry', isTree: 1, sortCode: 1, children: [] },
]);

let api: ReturnType<typeof mockApi>;
let mark: number;
beforeEach(() => {
  mark = 1;
  vi.mocked(feedback.success).mockClear();
  api = mockApi()
    .on('GET', TYPES, ok({ list: categories }))
    .on('GET', '/api/system/DictionaryData/All', ok({ list: [] }))
    .on('GET', '/api/system/DictionaryData/t1', () =>
      ok({
        list: [{ id: 'i1', parentId: '0', fullName: '采购订单', enCode: 'purchase', enabledMark: mark, sortCode: 0 }],
      }),
    )
    .on('GET', '/api/system/DictionaryData/t2', ok({ list: industryTree({ enabledMark: 0, children: [] }) }))
    .on('PUT', '/api/system/DictionaryData/i1/Actions/State', () => {
      mark = 0;
      return ok(undefined, '更新成功');
    });
});

describe('DictionaryPage', () => {
  it('shows the category tree, chooses the first category and lists its items with their state', async () => {
    renderAdmin(<DictionaryPage />);
    expect(await screen.findByText('字典分类')).toBeTruthy();
    expect(await screen.findByText('采购订单')).toBeTruthy();
    expect(api.callsTo('GET', '/api/system/DictionaryData/t1')[0]!.query.get('isTree')).toBe('0');
    const row = screen.getByText('采购订单').closest('tr')!;
    expect(within(row).getByText('启用')).toBeTruthy();
    expect(within(row).getByText('purchase')).toBeTruthy();
  });

  it('nests the items of a tree category and asks it for a tree', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<DictionaryPage />);
    await screen.findByText('采购订单');
    await user.click(screen.getByText('行业'));
    expect(await screen.findByText('汽车制造')).toBeTruthy();
    expect(api.callsTo('GET', '/api/system/DictionaryData/t2')[0]!.query.get('isTree')).toBe('1');
    const child = screen.getByText('汽车制造').closest('tr')!;
    expect(child.className).toMatch(/level-1/);
    expect(within(child).getByText('禁用', { selector: '.ant-tag' })).toBeTruthy();
  });

  it('toggles the state after confirmation and clears the dictionary cache', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<DictionaryPage />);
    const row = (await screen.findByText('采购订单')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /禁\s*用/ }));
    expect(await screen.findByText('您确定要禁用当前数据吗, 是否继续?')).toBeTruthy();
    const allBefore = api.callsTo('GET', '/api/system/DictionaryData/All').length;
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('更新成功', 1.5));
    expect(api.callsTo('PUT', '/api/system/DictionaryData/i1/Actions/State')).toHaveLength(1);
    await waitFor(() =>
      expect(
        within(screen.getByText('采购订单').closest('tr')!).getByText('禁用', { selector: '.ant-tag' }),
      ).toBeTruthy(),
    );
    // the shared cache is invalidated (it had been loaded by nobody here, so it is marked stale, not refetched)
    expect(api.callsTo('GET', '/api/system/DictionaryData/All').length).toBeGreaterThanOrEqual(allBefore);
  });

  it('hides the buttons the module does not grant', async () => {
    renderAdmin(<DictionaryPage />, []);
    const row = (await screen.findByText('采购订单')).closest('tr')!;
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: /新\s*建/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull();
  });

  it('imports items of the chosen category through the shared wizard', async () => {
    const user = userEvent.setup({ delay: null });
    api
      .on('POST', '/api/system/DictionaryData/t1/Uploader', ok({ name: 'up.xlsx' }))
      .on(
        'GET',
        '/api/system/DictionaryData/t1/ImportPreview',
        ok({ headerRow: [{ id: 'fullName', fullName: '字典名称' }], dataRow: [{ fullName: '退货订单' }] }),
      )
      .on('POST', '/api/system/DictionaryData/t1/ImportData', ok({ snum: 1, fnum: 0, resultType: 0, failResult: [] }));
    renderAdmin(<DictionaryPage />);
    await screen.findByText('采购订单');
    await user.click(screen.getByRole('button', { name: /导\s*入/ }));
    const input = document.querySelector('.ant-modal input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'items.xlsx')] } });
    expect(await screen.findByText('items.xlsx')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /下一步/ }));
    expect(await screen.findByDisplayValue('退货订单')).toBeTruthy();
    // the step's buttons stay busy until the preview has rendered
    await waitFor(() => expect(screen.getByRole('button', { name: /开始导入/ }).className).not.toMatch(/loading/), {
      timeout: 10_000,
    });
    await user.click(screen.getByRole('button', { name: /开始导入/ }));
    expect(await screen.findByText('成功 1 条，失败 0 条')).toBeTruthy();
    const before = api.callsTo('GET', '/api/system/DictionaryData/t1').length;
    await user.click(within(document.querySelector<HTMLElement>('.ant-modal-footer')!).getByRole('button'));
    await waitFor(() => expect(api.callsTo('GET', '/api/system/DictionaryData/t1').length).toBeGreaterThan(before));
  });

  it('saves a new item under the category as parent "0" and validates name and code', async () => {
    api.on(
      'GET',
      '/api/system/DictionaryData/t1/Selector/0',
      ok({ list: [{ id: '0', parentId: '-1', fullName: '订单类型', children: [] }] }),
    );
    api.on('POST', '/api/system/DictionaryData', ok(undefined, '新建成功'));
    const user = userEvent.setup({ delay: null });
    renderAdmin(<DictionaryPage />);
    await screen.findByText('采购订单');
    await user.click(screen.getByRole('button', { name: /新\s*建/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请输入名称')).toBeTruthy();
    expect(await within(dialog).findByText('请输入编码')).toBeTruthy();
    await user.click(within(dialog).getByLabelText('字典名称'));
    await user.paste('x'.repeat(51));
    expect(await within(dialog).findByText('字典名称最多为50个字符！')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('字典名称'));
    await user.type(within(dialog).getByLabelText('字典名称'), '销售订单');
    await user.type(within(dialog).getByLabelText('字典编码'), 'sale');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('新建成功', 1.5));
    expect(api.callsTo('POST', '/api/system/DictionaryData')[0]!.body).toEqual({
      parentId: '0',
      fullName: '销售订单',
      enCode: 'sale',
      enabledMark: 1,
      sortCode: 0,
      description: '',
      dictionaryTypeId: 't1',
    });
  });

  it('maps a parent equal to the category id to "0"', () => {
    expect(parentToSave('t1', 't1')).toBe('0');
    expect(parentToSave(undefined, 't1')).toBe('0');
    expect(parentToSave('n1', 't1')).toBe('n1');
  });
});
