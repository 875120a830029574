import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dialogTitled, mockApi, ok, renderAdmin } from '../../../components/admin/testUtils';
import { feedback } from '../../../platform/feedback';
import type { DesignRow, ShortLinkInfo } from './api';
import { ShortLinkDialog } from './ShortLinkDialog';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });
vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const LINK = '/api/visualdev/ShortLink';
const field = (jnpfKey: string, vModel: string, label: string) => ({
  __config__: { jnpfKey, label, formId: 1 },
  __vModel__: vModel,
});
const formData = JSON.stringify({
  fields: [
    field('input', 'title', '标题'),
    field('switch', 'active', '状态'),
    field('select', 'level', '等级'),
    field('createUser', 'creator', '创建人'),
    field('billRule', 'code', '单号'),
    // a sub-table and its columns are neither shown nor searched by a public list
    {
      ...field('table', 'items', '明细'),
      __config__: { jnpfKey: 'table', label: '明细', formId: 2, children: [field('input', 'itemName', '品名')] },
    },
  ],
});
const row = (webType: number, state = 1): DesignRow => ({
  id: 'd1',
  fullName: '客户档案',
  enCode: 'customer',
  type: 1,
  webType,
  category: 'c1',
  state: state as DesignRow['state'],
  enabledMark: 1,
  sortCode: 0,
  description: '',
  creatorUser: null,
  creatorTime: null,
  lastModifyUser: null,
  lastModifyTime: null,
});
const unsaved: ShortLinkInfo = {
  id: 'd1',
  formUse: 0,
  formLink: '',
  formPassUse: 0,
  hasFormPassword: false,
  columnUse: 0,
  columnLink: '',
  columnPassUse: 0,
  hasColumnPassword: false,
  columnCondition: '[]',
  columnText: '[]',
  alreadySave: false,
};
const savedWith = (patch: Partial<ShortLinkInfo>): ShortLinkInfo => ({
  ...unsaved,
  formLink: '/formShortLink?encryption=FORMTOKEN',
  columnLink: '/formShortLink?encryption=LISTTOKEN',
  alreadySave: true,
  ...patch,
});

let api: ReturnType<typeof mockApi>;
const design = (webType: number) =>
  api.on('GET', '/api/visualdev/Base/d1', ok({ id: 'd1', webType, formData, columnData: '', state: 1 }));

beforeEach(() => {
  vi.mocked(feedback.success).mockClear();
  api = mockApi().on('GET', `${LINK}/d1`, ok(unsaved));
});

describe('ShortLinkDialog', () => {
  it('turns the form link on behind a password, and keeps the dialog open with the link once saved', async () => {
    design(2);
    api.on('PUT', LINK, ok(savedWith({ formUse: 1, formPassUse: 1, hasFormPassword: true }), '保存成功'));
    const user = userEvent.setup({ delay: null });
    renderAdmin(<ShortLinkDialog row={row(2)} onClose={() => {}} />);
    const dialog = await dialogTitled('表单外链配置 · 客户档案');
    await user.click(await within(dialog).findByRole('switch', { name: '外链填单' }));
    // no link before the settings are saved: open and copy wait
    expect(((await within(dialog).findByLabelText('外链地址')) as HTMLInputElement).value).toBe('');
    expect(within(dialog).getByRole('button', { name: /打\s*开/ })).toHaveProperty('disabled', true);

    await user.click(within(dialog).getByRole('switch', { name: '凭密码填写' }));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请输入密码')).toBeTruthy();
    expect(api.callsTo('PUT', LINK)).toHaveLength(0);

    await user.type(within(dialog).getByPlaceholderText('请输入密码'), 'abc123');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.callsTo('PUT', LINK)).toHaveLength(1));
    expect(api.callsTo('PUT', LINK)[0]!.body).toMatchObject({
      id: 'd1',
      formUse: 1,
      formPassUse: 1,
      formPassword: 'abc123',
      columnUse: 0,
    });
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('保存成功', 1.5));
    // still open, with the address a visitor opens and the password field cleared
    const link = within(dialog).getByLabelText('外链地址') as HTMLInputElement;
    await waitFor(() => expect(link.value).toBe(`${window.location.origin}/formShortLink?encryption=FORMTOKEN`));
    expect(
      within(dialog)
        .getByRole('link', { name: /打\s*开/ })
        .getAttribute('href'),
    ).toBe(link.value);
    expect((within(dialog).getByPlaceholderText('已设置密码，留空则不修改') as HTMLInputElement).value).toBe('');
  });

  it('shares a list: what it shows is required, conditions are only searchable fields, system fields and sub-tables stay out', async () => {
    design(2);
    api.on('PUT', LINK, ok(savedWith({ columnUse: 1, columnText: '["title"]' }), '保存成功'));
    const user = userEvent.setup({ delay: null });
    renderAdmin(<ShortLinkDialog row={row(2)} onClose={() => {}} />);
    const dialog = await dialogTitled('表单外链配置 · 客户档案');
    await user.click(await within(dialog).findByRole('switch', { name: '公开查询' }));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请选择公开查询的显示内容')).toBeTruthy();

    await user.click(within(dialog).getByLabelText('查询条件'));
    // a switch is not searchable
    await user.click(await screen.findByTitle('标题'));
    expect(screen.getAllByTitle('等级').length).toBeGreaterThan(0);
    expect(screen.queryByTitle('状态')).toBeNull();
    expect(screen.queryByTitle('明细')).toBeNull();
    expect(screen.queryByTitle('品名')).toBeNull();
    await user.click(within(dialog).getByLabelText('显示内容'));
    await waitFor(() => expect(screen.getAllByTitle('状态').length).toBeGreaterThan(0));
    expect(screen.queryByTitle('创建人')).toBeNull();
    expect(screen.queryByTitle('单号')).toBeNull();
    expect(screen.queryByTitle('明细')).toBeNull();
    expect(screen.queryByTitle('品名')).toBeNull();
    await user.click(screen.getAllByTitle('等级').at(-1)!);
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.callsTo('PUT', LINK)).toHaveLength(1));
    expect(api.callsTo('PUT', LINK)[0]!.body).toMatchObject({
      columnUse: 1,
      columnCondition: ['title'],
      columnText: ['level'],
    });
  });

  it('has no public search for a form-only design, and warns while the design is not released', async () => {
    design(1);
    renderAdmin(<ShortLinkDialog row={row(1, 0)} onClose={() => {}} />);
    const dialog = await dialogTitled('表单外链配置 · 客户档案');
    expect(await within(dialog).findByText('该功能尚未发布：发布后链接才能打开。')).toBeTruthy();
    await within(dialog).findByRole('switch', { name: '外链填单' });
    expect(within(dialog).queryByRole('switch', { name: '公开查询' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /重新生成链接/ })).toBeNull();
  });

  it('renews the links after confirmation', async () => {
    design(2);
    api
      .on('GET', `${LINK}/d1`, ok(savedWith({ formUse: 1 })))
      .on(
        'POST',
        `${LINK}/d1/Actions/Renew`,
        ok(savedWith({ formUse: 1, formLink: '/formShortLink?encryption=NEW' }), '保存成功'),
      );
    const user = userEvent.setup({ delay: null });
    renderAdmin(<ShortLinkDialog row={row(2)} onClose={() => {}} />);
    const dialog = await dialogTitled('表单外链配置 · 客户档案');
    const link = (await within(dialog).findByLabelText('外链地址')) as HTMLInputElement;
    expect(link.value).toContain('encryption=FORMTOKEN');
    await user.click(within(dialog).getByRole('button', { name: /重新生成链接/ }));
    expect(await screen.findByText('重新生成后，之前分享的链接和二维码都将失效，是否继续？')).toBeTruthy();
    await user.click((await screen.findAllByRole('button', { name: /确\s*定/ })).at(-1)!);
    await waitFor(() => expect(api.callsTo('POST', `${LINK}/d1/Actions/Renew`)).toHaveLength(1));
    await waitFor(() => expect(link.value).toContain('encryption=NEW'));
  });
});
