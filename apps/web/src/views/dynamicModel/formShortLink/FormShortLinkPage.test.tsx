import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { md5Hex } from '@jnpf/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../app/queryClient';
import { mockApi, ok } from '../../../components/admin/testUtils';
import { i18n } from '../../../platform/i18n';
import { setToken } from '../../../platform/session';
import FormShortLinkPage from './FormShortLinkPage';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });
vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const LINK = '/api/visualdev/ShortLink';
const token = (type: 'form' | 'list') =>
  Buffer.from(JSON.stringify({ modelId: 'm1', type, key: 'secret' })).toString('base64url');
const field = (jnpfKey: string, vModel: string, label: string, config: Record<string, unknown> = {}) => ({
  __config__: { jnpfKey, label, formId: 1, ...config },
  __vModel__: vModel,
});
const formData = JSON.stringify({
  labelWidth: 100,
  fields: [
    field('input', 'title', '标题', { required: true }),
    field('select', 'level', '等级', { dataType: 'static' }),
  ],
});
const columnData = JSON.stringify({
  type: 1,
  columnList: [
    { prop: 'title', label: '标题', jnpfKey: 'input' },
    { prop: 'level', label: '等级', jnpfKey: 'select' },
  ],
  searchList: [{ prop: 'title', label: '标题', jnpfKey: 'input', searchType: 2 }],
  btnsList: [],
  columnBtnsList: [],
  hasPage: true,
  pageSize: 20,
});

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  queryClient.clear();
  sessionStorage.clear();
  setToken('');
  void i18n.changeLanguage('zh');
  api = mockApi()
    .on('GET', `${LINK}/getConfig/m1`, (call) =>
      ok({
        id: 'm1',
        fullName: '访客登记',
        type: call.query.get('encryption') === token('list') ? 'list' : 'form',
        formPassUse: 0,
        columnPassUse: 0,
      }),
    )
    .on('GET', `${LINK}/m1/Config`, (call) =>
      ok({
        id: 'm1',
        fullName: '访客登记',
        enCode: 'visitor',
        webType: 2,
        formData: call.query.get('encryption') === token('form') ? formData : '',
        columnData: call.query.get('encryption') === token('list') ? columnData : '',
        enableFlow: 0,
      }),
    )
    .on('POST', `${LINK}/m1`, ok(undefined, '提交成功'));
});

function open(search: string) {
  const router = createMemoryRouter([{ path: '/formShortLink', Component: FormShortLinkPage }], {
    initialEntries: [`/formShortLink${search}`],
  });
  render(<RouterProvider router={router} />);
}

describe('FormShortLinkPage', () => {
  it('says a link without a readable token is not valid, without asking the server', async () => {
    open('?encryption=not-a-link');
    expect(await screen.findByText('链接无效')).toBeTruthy();
    open('');
    expect((await screen.findAllByText('链接无效')).length).toBe(2);
    expect(api.calls).toHaveLength(0);
  });

  it('lets a visitor fill in the form, keeps what was typed when refused, and offers another', async () => {
    api.on('POST', `${LINK}/m1`, { code: 401, msg: '标题不能为空', data: { errors: { title: '标题格式不正确' } } });
    const user = userEvent.setup({ delay: null });
    open(`?encryption=${token('form')}`);
    expect(await screen.findByRole('heading', { name: '访客登记' })).toBeTruthy();
    const title = await screen.findByLabelText('标题');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('标题不能为空')).toBeTruthy();
    expect(api.callsTo('POST', `${LINK}/m1`)).toHaveLength(0);

    await user.type(title, 'x!');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('标题格式不正确')).toBeTruthy();
    expect((title as HTMLInputElement).value).toBe('x!');

    api.on('POST', `${LINK}/m1`, ok(undefined, '提交成功'));
    await user.clear(title);
    await user.type(title, '张三');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('感谢您的填写，您的信息已提交。')).toBeTruthy();
    const sent = api.callsTo('POST', `${LINK}/m1`).at(-1)!;
    expect(sent.query.get('encryption')).toBe(token('form'));
    expect(JSON.parse((sent.body as { data: string }).data)).toMatchObject({ title: '张三' });
    await user.click(screen.getByRole('button', { name: /再填一份/ }));
    expect(((await screen.findByLabelText('标题')) as HTMLInputElement).value).toBe('');
  });

  it('reads the rows of a popup select through the link, never the signed-in interface calls', async () => {
    const popupForm = JSON.stringify({
      labelWidth: 100,
      fields: [
        field('input', 'title', '标题'),
        {
          ...field('popupSelect', 'goods', '商品'),
          interfaceId: 'di1',
          propsValue: 'id',
          relationField: 'full_name',
          columnOptions: [{ value: 'full_name', label: '名称' }],
          templateJson: [{ field: 'title', sourceType: 1, relationField: 'title' }],
        },
      ],
    });
    api.on('GET', `${LINK}/m1/Config`, ok({ id: 'm1', fullName: '访客登记', webType: 2, formData: popupForm })).on(
      'POST',
      `${LINK}/m1/Popup/List`,
      ok({
        list: [
          { id: 'g1', full_name: '苹果' },
          { id: 'g2', full_name: '白菜' },
        ],
        pagination: { total: 2 },
      }),
    );
    const user = userEvent.setup({ delay: null });
    open(`?encryption=${token('form')}`);
    await user.type(await screen.findByLabelText('标题'), '春');
    await user.click(screen.getAllByRole('combobox')[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByText('白菜'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const asked = api.callsTo('POST', `${LINK}/m1/Popup/List`).at(-1)!;
    expect(asked.query.get('encryption')).toBe(token('form'));
    // the field is named; its bound parameter carries the visitor's value
    expect(asked.body).toMatchObject({ field: 'goods', paramList: [{ field: 'title', defaultValue: '春' }] });
    expect(api.calls.some((c) => c.path.startsWith('/api/system/DataInterface'))).toBe(false);
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(api.callsTo('POST', `${LINK}/m1`)).toHaveLength(1));
    expect(JSON.parse((api.callsTo('POST', `${LINK}/m1`)[0]!.body as { data: string }).data)).toMatchObject({
      goods: 'g2',
    });
  });

  it('lists the records of a relation form through the link', async () => {
    const relationForm = JSON.stringify({
      labelWidth: 100,
      fields: [
        {
          ...field('relationForm', 'customer', '客户'),
          modelId: 'm2',
          relationField: 'name',
          columnOptions: [{ value: 'name', label: '名称' }],
          hasPage: true,
        },
      ],
    });
    api
      .on('GET', `${LINK}/m1/Config`, ok({ id: 'm1', fullName: '访客登记', webType: 2, formData: relationForm }))
      .on('GET', `${LINK}/m1/Relation/List`, ok({ list: [{ id: 'r1', name: 'ACME' }], pagination: { total: 1 } }));
    const user = userEvent.setup({ delay: null });
    open(`?encryption=${token('form')}`);
    await user.click((await screen.findAllByRole('combobox'))[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByText('ACME'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const asked = api.callsTo('GET', `${LINK}/m1/Relation/List`).at(-1)!;
    expect(asked.query.get('encryption')).toBe(token('form'));
    expect(asked.query.get('field')).toBe('customer');
    expect(api.calls.some((c) => c.path.startsWith('/api/visualdev/Base'))).toBe(false);
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(api.callsTo('POST', `${LINK}/m1`)).toHaveLength(1));
    expect(JSON.parse((api.callsTo('POST', `${LINK}/m1`)[0]!.body as { data: string }).data)).toMatchObject({
      customer: 'r1',
    });
  });

  it('asks for the password of a protected link and sends the ticket it earns', async () => {
    api
      .on('GET', `${LINK}/getConfig/m1`, ok({ id: 'm1', fullName: '访客登记', type: 'form', formPassUse: 1 }))
      .on('POST', `${LINK}/checkPwd`, (call) =>
        (call.body as { password: string }).password === md5Hex('right')
          ? ok({ ticket: 'T1' })
          : { code: 400, msg: '密码错误！' },
      );
    const user = userEvent.setup({ delay: null });
    open(`?encryption=${token('form')}`);
    const password = await screen.findByLabelText('请输入密码');
    expect(api.callsTo('GET', `${LINK}/m1/Config`)).toHaveLength(0);
    await user.type(password, 'wrong');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('密码错误！')).toBeTruthy();
    expect(api.callsTo('POST', `${LINK}/checkPwd`)[0]!.body).toMatchObject({
      id: 'm1',
      type: 0,
      encryption: token('form'),
    });

    await user.clear(password);
    await user.type(password, 'right');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await screen.findByLabelText('标题');
    expect(api.callsTo('GET', `${LINK}/m1/Config`)[0]!.headers.get('x-link-ticket')).toBe('T1');
    expect(sessionStorage.getItem('shortLinkTicket:m1:form')).toBe('T1');
  });

  it('says why a kept ticket is refused and offers the password again', async () => {
    sessionStorage.setItem('shortLinkTicket:m1:form', 'OLD');
    api
      .on('GET', `${LINK}/getConfig/m1`, ok({ id: 'm1', fullName: '访客登记', type: 'form', formPassUse: 1 }))
      .on('GET', `${LINK}/m1/Config`, { code: 400, msg: '该链接需要密码，请先输入密码' });
    const user = userEvent.setup({ delay: null });
    open(`?encryption=${token('form')}`);
    expect(await screen.findByText('该链接需要密码，请先输入密码')).toBeTruthy();
    expect(api.callsTo('GET', `${LINK}/m1/Config`)[0]!.headers.get('x-link-ticket')).toBe('OLD');
    await user.click(screen.getByRole('button', { name: /重新输入密码/ }));
    expect(await screen.findByLabelText('请输入密码')).toBeTruthy();
  });

  it('shows the shared columns of a list link, searches them and opens a record', async () => {
    api
      .on(
        'POST',
        `${LINK}/m1/ListLink`,
        ok({
          list: [{ id: 'r1', title: '张三', title_id: '张三', level: '高', level_id: '2' }],
          pagination: { currentPage: 1, pageSize: 20, total: 1 },
        }),
      )
      .on('GET', `${LINK}/m1/r1/DataChange`, ok({ id: 'r1', data: JSON.stringify({ title: '张三', level: '高' }) }));
    const user = userEvent.setup({ delay: null });
    open(`?encryption=${token('list')}`);
    await screen.findByRole('cell', { name: '张三' });
    expect(screen.getByRole('columnheader', { name: '等级' })).toBeTruthy();
    await user.type(screen.getByLabelText('标题'), '张');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(
        JSON.parse((api.callsTo('POST', `${LINK}/m1/ListLink`).at(-1)!.body as { queryJson: string }).queryJson),
      ).toEqual({
        title: '张',
      }),
    );
    // the table is idle again (a loading table takes no clicks)
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
    const row = (await screen.findByRole('cell', { name: '张三' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /详\s*情/ }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText('高')).toBeTruthy());
  });

  it('sums the page of a list link under its grouped header, with thousands separators', async () => {
    const design = JSON.parse(columnData) as { columnList: unknown[] };
    const listed = {
      ...design,
      columnList: [...design.columnList, { prop: 'amount', label: '数量', jnpfKey: 'inputNumber', align: 'right' }],
      showSummary: true,
      summaryField: ['amount'],
      thousands: true,
      thousandsField: ['amount'],
      complexHeaderList: [{ id: 'h1', fullName: '明细', childColumns: ['level', 'amount'] }],
    };
    api.on('GET', `${LINK}/m1/Config`, ok({ id: 'm1', fullName: '访客登记', columnData: JSON.stringify(listed) })).on(
      'POST',
      `${LINK}/m1/ListLink`,
      ok({
        list: [
          { id: 'r1', title: '张三', level: '高', amount: 1200 },
          { id: 'r2', title: '李四', level: '低', amount: 3 },
        ],
        pagination: { currentPage: 1, pageSize: 20, total: 2 },
      }),
    );
    open(`?encryption=${token('list')}`);
    expect(await screen.findByRole('cell', { name: '1,200' })).toBeTruthy();
    const summary = document.querySelector<HTMLElement>('.model-list-summary')!;
    expect(within(summary).getByText('合计')).toBeTruthy();
    expect(within(summary).getByText('1,203')).toBeTruthy();
    // 等级 and 数量 sit on the header's second line, under 明细
    const headerRows = document.querySelectorAll<HTMLElement>('.ant-table-thead tr');
    expect(headerRows).toHaveLength(2);
    expect(within(headerRows[0]!).getByText('明细')).toBeTruthy();
    expect(within(headerRows[1]!).getByText('数量')).toBeTruthy();
  });

  it('tells why a link cannot be opened', async () => {
    api.on('GET', `${LINK}/getConfig/m1`, { code: 400, msg: '未开启表单外链！' });
    open(`?encryption=${token('form')}`);
    expect(await screen.findByText('无法打开此链接')).toBeTruthy();
    expect(screen.getByText('未开启表单外链！')).toBeTruthy();
  });
});
