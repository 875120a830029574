import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flatDictionary } from '../../../test/fixtures';
import { mockApi, ok, renderAdmin } from '../../../components/admin/testUtils';
import { feedback } from '../../../platform/feedback';
import { expectListLayout } from '../../../components/crud/testkit';
import BillRulePage from './BillRulePage';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const BASE = '/api/system/BillRule';
const row = {
  id: 'r1',
  fullName: '采购单',
  enCode: 'PO',
  category: '采购',
  categoryId: 'c1',
  type: 1,
  example: 'PO202401150001',
  outputNumber: null,
  enabledMark: 1,
  sortCode: 0,
  creatorTime: 1705280000000,
  creatorUser: '管理员/admin',
};

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  vi.mocked(feedback.success).mockClear();
  api = mockApi()
    .on('GET', BASE, ok({ list: [row], pagination: { currentPage: 1, pageSize: 20, total: 1 } }))
    .on(
      'GET',
      '/api/system/DictionaryData/All',
      ok({
        list: [
          flatDictionary('t', 'businessType', '业务类型', [
            { id: 'c1', fullName: '采购', enCode: 'purchase' },
            { id: 'c2', fullName: '销售', enCode: 'sale' },
          ]),
        ],
      }),
    )
    .on('POST', BASE, ok(undefined, '新建成功'))
    .on('PUT', `${BASE}/r1/Actions/State`, ok(undefined, '更新成功'));
});

const dialog = () => screen.findByRole('dialog');
const example = () => (screen.getByTestId('bill-rule-example') as HTMLInputElement).value;

describe('BillRulePage', () => {
  it('lists rules and filters by business category', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<BillRulePage />);
    const cell = await screen.findByText('采购单');
    expect(within(cell.closest('tr')!).getByText('PO202401150001')).toBeTruthy();
    await user.click(screen.getByLabelText('业务分类'));
    await user.click(await screen.findByTitle('销售'));
    await waitFor(() =>
      expect(
        api.calls
          .filter((c) => c.path === BASE)
          .at(-1)!
          .query.get('categoryId'),
      ).toBe('c2'),
    );
  });

  it('shows the fields of each type with a live example', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<BillRulePage />);
    await screen.findByText('采购单');
    await user.click(screen.getByRole('button', { name: /新\s*建/ }));
    const form = await dialog();
    expect(within(form).getByLabelText('流水日期')).toBeTruthy();
    expect(within(form).getByLabelText('流水位数')).toBeTruthy();
    expect(within(form).queryByText('随机数位数')).toBeNull();
    await user.type(within(form).getByLabelText('前缀'), 'PO');
    const today = new Date();
    const ymd = `${today.getFullYear()}${String(today.getMonth() + 1).padStart(2, '0')}${String(today.getDate()).padStart(2, '0')}`;
    await waitFor(() => expect(example()).toBe(`PO${ymd}0001`));

    await user.click(within(form).getByLabelText('随机数编号'));
    expect(await within(form).findByText('随机数位数')).toBeTruthy();
    expect(within(form).queryByLabelText('流水位数')).toBeNull();
    await waitFor(() => expect(example()).toMatch(/^PO\d{16}$/));
    await user.click(within(form).getByLabelText('32'));
    await user.click(within(form).getByLabelText('字母+数字'));
    await waitFor(() => expect(example()).toMatch(/^PO[A-Z0-9]{32}$/));

    await user.click(within(form).getByLabelText('UUID'));
    await waitFor(() => expect(example()).toMatch(/^PO[0-9A-F-]{36}$/));
    expect(within(form).queryByText('随机数位数')).toBeNull();
    expect(within(form).queryByLabelText('流水日期')).toBeNull();
  });

  it('checks the form’s rules and saves a time-format rule', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<BillRulePage />);
    await screen.findByText('采购单');
    await user.click(screen.getByRole('button', { name: /新\s*建/ }));
    const form = await dialog();
    const digit = within(form).getByLabelText('流水位数');
    const start = within(form).getByLabelText('流水起始');
    fireEvent.change(digit, { target: { value: '0' } });
    expect(await within(form).findByText('仅能输入正整数')).toBeTruthy();
    fireEvent.change(digit, { target: { value: '3' } });
    fireEvent.change(start, { target: { value: '000' } });
    expect(await within(form).findByText('起始值不能为000')).toBeTruthy();
    fireEvent.change(start, { target: { value: '12a' } });
    expect(await within(form).findByText('只能输入数字')).toBeTruthy();
    fireEvent.change(start, { target: { value: '5' } });
    expect(digit.getAttribute('maxlength')).toBe('1');

    await user.click(within(form).getByRole('button', { name: /确\s*定/ }));
    expect(await within(form).findByText('请输入业务名称')).toBeTruthy();
    expect(await within(form).findByText('请输入业务编码')).toBeTruthy();
    expect(await within(form).findByText('请选择业务分类')).toBeTruthy();

    await user.type(within(form).getByLabelText('业务名称'), '销售单');
    await user.type(within(form).getByLabelText('业务编码'), 'SO');
    await user.click(within(form).getByLabelText('业务分类'));
    await user.click((await screen.findAllByTitle('销售')).at(-1)!);
    await user.click(within(form).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('新建成功', 1.5));
    expect(api.callsTo('POST', BASE)[0]!.body).toEqual({
      fullName: '销售单',
      enCode: 'SO',
      category: 'c2',
      prefix: '',
      suffix: '',
      type: 1,
      dateFormat: 'YYYYMMDD',
      digit: 3,
      startNumber: '5',
      randomDigit: null,
      randomType: null,
      enabledMark: 1,
      sortCode: 0,
      description: '',
    });
  });

  it('toggles the state from 更多 after confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = renderAdmin(<BillRulePage />);
    const tr = (await screen.findByText('采购单')).closest('tr')!;
    expectListLayout(container);
    await user.click(within(tr).getByRole('button', { name: /更\s*多/ }));
    await user.click(within(await screen.findByRole('menu')).getByText('禁用'));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('更新成功', 1.5));
    expect(api.callsTo('PUT', `${BASE}/r1/Actions/State`)).toHaveLength(1);
  });
});
