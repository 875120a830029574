import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRoutes } from '../../../../app/routes/routeTable';
import type { AppRoute } from '../../../../app/routes/types';
import { mockApi, ok, renderAdmin } from '../../../../components/admin/testUtils';
import { flatDictionary } from '../../../../test/fixtures';
import { BillRuleSelector } from './BillRuleSelector';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

const SELECTOR = '/api/system/BillRule/Selector';
const rules = [
  { id: 'r1', fullName: '采购单', enCode: 'PO' },
  { id: 'r2', fullName: '销售单', enCode: 'SO' },
];
// the number-rule screen's route; renderAdmin grants its buttons to menu "m"
const billRuleRoute: AppRoute = {
  path: '/system/billRule',
  meta: {
    name: 'system-billRule',
    title: '单据规则',
    icon: '',
    menuId: 'm',
    menuType: 2,
    noCache: false,
    parents: [],
  },
  content: { kind: 'page', viewKey: 'system/billRule', query: '', load: async () => ({ default: () => null }) },
};

let api: ReturnType<typeof mockApi>;
let listed = rules;
beforeEach(() => {
  listed = rules;
  api = mockApi()
    .on('GET', SELECTOR, () => ok({ list: listed, pagination: { currentPage: 1, pageSize: 20, total: listed.length } }))
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
    .on('POST', '/api/system/BillRule', () => {
      listed = [...rules, { id: 'r3', fullName: '退货单', enCode: 'RT' }];
      return ok(undefined, '新建成功');
    });
});
afterEach(() => setRoutes([]));

const WAIT = { timeout: 15_000 };
/** the table's rows take clicks once its loading cover is gone */
const settled = (dialog: HTMLElement) =>
  waitFor(() => expect(dialog.querySelector('.ant-spin-spinning')).toBeNull(), WAIT);
const lastQuery = () => api.calls.filter((c) => c.path === SELECTOR).at(-1)!.query;

describe('BillRuleSelector', () => {
  it('picks a rule in a 1000px dialog, filtered by category tree and keyword', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    renderAdmin(<BillRuleSelector id="rule" value="PO" rules={rules} onChange={onChange} />);
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('采购单 (PO)');
    await user.click(screen.getByRole('textbox'));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(within(dialog).getByText('选择单据模板')).toBeTruthy();
    expect((dialog.closest('.ant-modal') as HTMLElement).style.width).toBe('1000px');
    expect(within(dialog).getAllByText('业务名称').length).toBeGreaterThan(0);
    expect(within(dialog).getAllByText('业务编码').length).toBeGreaterThan(0);
    await within(dialog).findByText('销售单', {}, WAIT);

    await user.click(await within(dialog).findByText('销售', {}, WAIT));
    await waitFor(() => expect(lastQuery().get('categoryId')).toBe('c2'), WAIT);
    await user.type(within(dialog).getByLabelText('关键词'), '销售{Enter}');
    await waitFor(() => expect(lastQuery().get('keyword')).toBe('销售'), WAIT);
    expect(lastQuery().get('categoryId')).toBe('c2');

    await settled(dialog);
    await user.click(within(dialog).getByText('销售单'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(onChange).toHaveBeenCalledWith('SO');
  });

  it('has no add button for a user the number-rule menu does not grant it', async () => {
    setRoutes([billRuleRoute]);
    const user = userEvent.setup({ delay: null });
    renderAdmin(<BillRuleSelector value="" rules={rules} onChange={vi.fn()} />, ['btn_edit']);
    await user.click(screen.getByRole('textbox'));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await within(dialog).findByText('采购单', {}, WAIT);
    expect(within(dialog).queryByRole('button', { name: /新\s*建/ })).toBeNull();
  });

  it('adds a rule with the number-rule form and lists it at once', async () => {
    setRoutes([billRuleRoute]);
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    renderAdmin(<BillRuleSelector value="" rules={rules} onChange={onChange} />);
    await user.click(screen.getByRole('textbox'));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await within(dialog).findByText('采购单', {}, WAIT);
    await user.click(within(dialog).getByRole('button', { name: /新\s*建/ }));
    const form = (await screen.findByText('新建单据规则', {}, WAIT)).closest<HTMLElement>('[role="dialog"]')!;
    await user.type(within(form).getByLabelText('业务名称'), '退货单');
    await user.type(within(form).getByLabelText('业务编码'), 'RT');
    await user.click(within(form).getByLabelText('业务分类'));
    await user.click((await screen.findAllByTitle('采购', {}, WAIT)).at(-1)!);
    await user.click(within(form).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.callsTo('POST', '/api/system/BillRule')).toHaveLength(1), WAIT);
    await within(dialog).findByText('退货单', {}, WAIT);
    await settled(dialog);
    await user.click(within(dialog).getByText('退货单'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(onChange).toHaveBeenCalledWith('RT');
  });
});
