import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, serveApi, type Call } from '../../../test/screen';
import type { MenuRow } from './api';
import { MenuForm } from './MenuForm';

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));
vi.setConfig({ testTimeout: 60_000 });

beforeEach(() => vi.unstubAllGlobals());

const categories = {
  list: [
    { id: '0', fullName: '业务字典', children: [{ id: 'flat', fullName: '客户类型', enCode: 'customer', isTree: 0 }] },
    {
      id: '1',
      fullName: '系统字典',
      children: [{ id: 'tree', fullName: '行业', enCode: 'industry', isTree: 1 }],
    },
  ],
};
const forms = {
  list: [
    {
      id: 'cat1',
      fullName: '业务表单',
      parentId: '-1',
      hasChildren: true,
      children: [{ id: 'f1', fullName: '请假单', enCode: 'leave', webType: 2, state: 1 }],
    },
  ],
};

const api = () =>
  serveApi({
    'GET /api/system/DictionaryType/Selector/0': categories,
    'GET /api/visualdev/Base/Selector': forms,
    'POST /api/system/Menu': { code: 200, msg: '新建成功', data: 'm9' },
    'PUT /api/system/Menu/m1': { code: 200, msg: '更新成功', data: null },
  });

const row = (fields: Partial<MenuRow>): MenuRow => ({
  id: 'm1',
  parentId: '-1',
  systemId: 's1',
  category: 'Web',
  type: 4,
  fullName: '行业字典',
  enCode: 'dict.industry',
  icon: '',
  urlAddress: 'dictionary/dictindustry',
  linkTarget: '_self',
  description: '',
  enabledMark: 1,
  sortCode: 0,
  isButtonAuthorize: 1,
  isColumnAuthorize: 0,
  isFormAuthorize: 0,
  isDataAuthorize: 0,
  propertyJson: '',
  version: 2,
  ...fields,
});

const render = (menu?: MenuRow) =>
  renderScreen(
    <MenuForm open row={menu} systemId="s1" category="Web" menus={[]} onClose={vi.fn()} onSaved={vi.fn()} />,
  );
const dialog = async () => (await screen.findAllByRole('dialog')).at(-1)!;
const sent = (calls: Call[], method: string) => calls.find((c) => c.method === method)?.body as Record<string, unknown>;
const combo = (box: HTMLElement, label: string) =>
  within(box.querySelector<HTMLElement>(`.ant-form-item:has(label[title="${label}"])`)!).getByRole('combobox');

/** opens the type select and chooses a type */
async function chooseType(box: HTMLElement, text: string) {
  const select = combo(box, '类型');
  const option = await waitFor(() => {
    if (select.getAttribute('aria-expanded') !== 'true') fireEvent.mouseDown(select);
    const popup = document.getElementById(select.getAttribute('aria-controls') ?? '')?.closest('.ant-select-dropdown');
    const found = Array.from(popup?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? []).find(
      (o) => o.textContent === text,
    );
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });
  fireEvent.click(option);
}

const ok = async (box: HTMLElement) => userEvent.click(within(box).getByRole('button', { name: /确\s*定/ }));

describe('what a menu opens', () => {
  it('a new dictionary menu picks a category, takes its isTree and derives its route', async () => {
    const { calls } = api();
    render();
    const box = await dialog();
    await chooseType(box, '字典');
    fireEvent.change(within(box).getByLabelText('菜单名称'), { target: { value: '行业' } });
    fireEvent.change(within(box).getByLabelText('菜单编码'), { target: { value: 'dict.industry' } });
    await ok(box);
    expect(await within(box).findByText('请选择数据字典')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(combo(box, '数据字典'));
    // a root is not a category
    await userEvent.click(await screen.findByTitle('系统字典'));
    expect(within(box).getByRole('switch', { name: '树形' }).getAttribute('aria-checked')).toBe('false');
    await userEvent.click(await screen.findByTitle('行业'));
    await waitFor(() =>
      expect(within(box).getByRole('switch', { name: '树形' }).getAttribute('aria-checked')).toBe('true'),
    );
    expect(within(box).getByRole('switch', { name: '树形' }).hasAttribute('disabled')).toBe(true);
    await ok(box);
    await waitFor(() => expect(sent(calls, 'POST')).toBeDefined());
    expect(sent(calls, 'POST')).toMatchObject({
      type: 4,
      urlAddress: 'dictionary/dictindustry',
      propertyJson: '{"moduleId":"tree","iconBackgroundColor":"","isTree":1}',
    });
  });

  it('editing shows the current category and keeps the other keys of the property JSON', async () => {
    const { calls } = api();
    render(row({ propertyJson: '{"moduleId":"tree","iconBackgroundColor":"#f00","isTree":0,"extra":7}' }));
    const box = await dialog();
    expect(await within(box).findByTitle('行业')).toBeTruthy();
    await waitFor(() =>
      expect(within(box).getByRole('switch', { name: '树形' }).getAttribute('aria-checked')).toBe('true'),
    );
    await userEvent.click(combo(box, '数据字典'));
    await userEvent.click(await screen.findByTitle('客户类型'));
    await waitFor(() =>
      expect(within(box).getByRole('switch', { name: '树形' }).getAttribute('aria-checked')).toBe('false'),
    );
    await ok(box);
    await waitFor(() => expect(sent(calls, 'PUT')).toBeDefined());
    expect(sent(calls, 'PUT')).toMatchObject({
      version: 2,
      urlAddress: 'dictionary/dictindustry',
      propertyJson: '{"moduleId":"flat","iconBackgroundColor":"#f00","isTree":0,"extra":7}',
    });
  });

  it('a form menu picks a released design (not its category) and keeps the isTree its release wrote', async () => {
    const { calls } = api();
    render(
      row({
        type: 3,
        urlAddress: 'model/leave',
        propertyJson: '{"moduleId":"gone","iconBackgroundColor":"","isTree":1}',
      }),
    );
    const box = await dialog();
    expect(within(box).queryByRole('switch', { name: '树形' })).toBeNull();
    // the form-menu field shows once the row's type is applied, which may be a render after the dialog
    await userEvent.click(await waitFor(() => combo(box, '功能表单')));
    await userEvent.click(await screen.findByTitle('业务表单'));
    await userEvent.click(await screen.findByTitle('请假单'));
    await ok(box);
    await waitFor(() => expect(sent(calls, 'PUT')).toBeDefined());
    expect(sent(calls, 'PUT')).toMatchObject({
      type: 3,
      propertyJson: '{"moduleId":"f1","iconBackgroundColor":"","isTree":1}',
    });
    expect(calls.find((c) => c.path === '/api/visualdev/Base/Selector')?.url).toContain('isRelease=1%2C2');
  });

  it('a page keeps its property JSON as it was; a portal menu says the platform has none', async () => {
    const { calls } = api();
    render(row({ type: 2, urlAddress: 'x/page', propertyJson: '{"noCache":1}' }));
    let box = await dialog();
    await ok(box);
    await waitFor(() => expect(sent(calls, 'PUT')).toBeDefined());
    expect(sent(calls, 'PUT')).toMatchObject({ urlAddress: 'x/page', propertyJson: '{"noCache":1}' });
    box = await dialog();
    await chooseType(box, '门户');
    expect(await within(box).findByText('本平台没有门户，门户菜单不打开任何页面')).toBeTruthy();
  });
});
