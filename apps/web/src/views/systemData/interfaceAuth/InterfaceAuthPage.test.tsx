import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../../../components/admin/testUtils';
import { expectListLayout } from '../../../components/crud/testkit';
import { feedback } from '../../../platform/feedback';
import InterfaceAuthPage from './InterfaceAuthPage';
import { curlOf, headerLines } from './SignedCallDialog';

vi.setConfig({ testTimeout: 90_000 });

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const BASE = '/api/system/InterfaceOauth';
const GET_AUTH = '/api/system/DataInterface/Actions/GetAuth';
const row = {
  id: 'a1',
  appId: 'app0001',
  appName: '对账系统',
  usefulLife: null,
  verifySignature: 1,
  enabledMark: 1,
  sortCode: 0,
  creatorTime: 1705280000000,
  creatorUser: '管理员/admin',
};
const info = {
  ...row,
  appSecret: 'old-secret',
  whiteList: '10.0.0.1',
  description: '',
  version: 2,
  list: [{ id: 'i1', fullName: '用户列表', enCode: 'users', type: 'SQL操作' }],
};
const selector = [
  {
    id: 'c1',
    fullName: '基础数据',
    category: '0',
    parentId: '-1',
    children: [
      { id: 'i1', fullName: '用户列表', enCode: 'users', category: '1', parentId: 'c1' },
      { id: 'i2', fullName: '部门列表', enCode: 'depts', category: '1', parentId: 'c1' },
    ],
  },
];

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  vi.mocked(feedback.success).mockClear();
  api = mockApi()
    .on('GET', BASE, ok({ list: [row], pagination: { currentPage: 1, pageSize: 20, total: 1 } }))
    .on('GET', `${BASE}/a1`, ok(info))
    .on('GET', `${BASE}/getAppSecret`, ok('NEWSECRET123'))
    .on('POST', BASE, ok('a2', '新建成功'))
    .on('PUT', `${BASE}/a1`, ok(null, '更新成功'))
    .on('GET', '/api/system/DataInterface/Selector', ok(selector))
    .on('POST', `${BASE}/saveInterfaceList`, ok(null, '保存成功'))
    .on(
      'GET',
      `${BASE}/dataInterfaceLog/a1`,
      ok({
        list: [
          {
            id: 'l1',
            invokTime: 1705280000000,
            userId: '管理员/admin',
            invokIp: '10.0.0.1',
            invokDevice: 'curl',
            invokType: 'GET',
            invokWasteTime: 12,
            fullName: '用户列表',
          },
        ],
        pagination: { currentPage: 1, pageSize: 20, total: 1 },
      }),
    );
});

describe('interface-authentication screen', () => {
  it('lists the applications with validity and signature', async () => {
    const { container } = renderAdmin(<InterfaceAuthPage />);
    const tr = (await screen.findByText('app0001')).closest('tr')!;
    expect(within(tr).getByText('对账系统')).toBeTruthy();
    expect(within(tr).getByText('永久')).toBeTruthy();
    expect(within(tr).getByText('是')).toBeTruthy();
    expectListLayout(container);
  });

  it('creates an application with a generated secret and an end date', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<InterfaceAuthPage />);
    await screen.findByText('app0001');
    await user.click(screen.getByRole('button', { name: /新\s*建/ }));
    const form = await screen.findByRole('dialog');
    const appId = (within(form).getByLabelText('appId') as HTMLInputElement).value;
    expect(appId).toMatch(/^[0-9a-f]{32}$/);
    await user.click(within(form).getByRole('button', { name: /确\s*定/ }));
    expect(await within(form).findByText('请输入应用名称')).toBeTruthy();
    expect(within(form).getByText('请输入或生成appSecret')).toBeTruthy();
    await user.type(within(form).getByLabelText('应用名称'), '报销系统');
    await user.click(within(form).getByRole('button', { name: /生\s*成/ }));
    await waitFor(() =>
      expect((within(form).getByLabelText('appSecret') as HTMLInputElement).value).toBe('NEWSECRET123'),
    );
    await user.click(within(form).getByLabelText('截止日期'));
    await user.click(within(form).getByRole('button', { name: /确\s*定/ }));
    expect(await within(form).findByText('请选择截止日期')).toBeTruthy();
    const picker = form.querySelector<HTMLInputElement>('.ant-picker input')!;
    await user.click(picker);
    await user.type(picker, '2030-12-31{Enter}');
    await user.click(within(form).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('新建成功', 1.5));
    const body = api.callsTo('POST', BASE)[0]!.body as Record<string, unknown>;
    expect(body).toEqual({
      appId,
      appName: '报销系统',
      appSecret: 'NEWSECRET123',
      verifySignature: 1,
      usefulLife: new Date(2030, 11, 31, 23, 59, 59, 999).getTime(),
      whiteList: '',
      sortCode: 0,
      enabledMark: 1,
      description: '',
    });
  });

  it('edits an application and keeps its values', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<InterfaceAuthPage />);
    const tr = (await screen.findByText('app0001')).closest('tr')!;
    await user.click(within(tr).getByRole('button', { name: /编\s*辑/ }));
    const form = await screen.findByRole('dialog');
    await waitFor(() =>
      expect((within(form).getByLabelText('appSecret') as HTMLInputElement).value).toBe('old-secret'),
    );
    await user.click(within(form).getByLabelText('验证签名'));
    await user.click(within(form).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('更新成功', 1.5));
    expect(api.callsTo('PUT', `${BASE}/a1`)[0]!.body).toMatchObject({
      appId: 'app0001',
      appSecret: 'old-secret',
      verifySignature: 0,
      usefulLife: null,
      whiteList: '10.0.0.1',
      version: 2,
    });
  });

  it('grants interfaces from the selector tree', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<InterfaceAuthPage />);
    const tr = (await screen.findByText('app0001')).closest('tr')!;
    await user.click(within(tr).getByRole('button', { name: /更\s*多/ }));
    await user.click(within(await screen.findByRole('menu')).getByText('授权接口'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('部门列表 (depts)');
    const checkbox = (title: string) =>
      within(dialog).getByText(title).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;
    expect(checkbox('用户列表 (users)').className).toContain('ant-tree-checkbox-checked');
    await user.click(checkbox('部门列表 (depts)'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('保存成功', 1.5));
    const body = api.callsTo('POST', `${BASE}/saveInterfaceList`)[0]!.body as { dataInterfaceIds: string };
    expect(body).toMatchObject({ interfaceIdentId: 'a1' });
    expect(body.dataInterfaceIds.split(',').sort()).toEqual(['i1', 'i2']);
  });

  it('shows the application’s call log', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<InterfaceAuthPage />);
    const tr = (await screen.findByText('app0001')).closest('tr')!;
    await user.click(within(tr).getByRole('button', { name: /更\s*多/ }));
    await user.click(within(await screen.findByRole('menu')).getByText('日志'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('curl')).toBeTruthy();
    expect(within(drawer).getByText('用户列表')).toBeTruthy();
    expect(within(drawer).getByText('调用日志 - 对账系统')).toBeTruthy();
  });
  it('gets signed headers for a granted interface, each with its copy button', async () => {
    const signed = (nonce: string) =>
      ok({
        method: 'GET',
        path: '/api/system/DataInterface/i1/Actions/Response',
        headers: { 'X-App-Id': 'app0001', 'X-Timestamp': '1705280000000', 'X-Nonce': nonce, 'X-Signature': 'ab12' },
        expiresAt: 1705280300000,
      });
    api.on('POST', GET_AUTH, signed('n1'));
    const user = userEvent.setup({ delay: null });
    // after setup, which puts its own clipboard in place
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAdmin(<InterfaceAuthPage />);
    const tr = (await screen.findByText('app0001')).closest('tr')!;
    await user.click(within(tr).getByRole('button', { name: /更\s*多/ }));
    await user.click(within(await screen.findByRole('menu')).getByText('获取认证'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('获取认证 - 对账系统')).toBeTruthy();
    // the first granted interface is signed at once, with the reference's query keys
    expect(await within(dialog).findByText('n1')).toBeTruthy();
    const query = api.callsTo('POST', GET_AUTH)[0]!.query;
    expect([query.get('appId'), query.get('intefaceId')]).toEqual(['app0001', 'i1']);
    expect(within(dialog).getByText('/api/system/DataInterface/i1/Actions/Response')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '复制 X-Signature' }));
    expect(writeText).toHaveBeenLastCalledWith('ab12');
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('已复制'));
    await user.click(within(dialog).getByRole('button', { name: /复制全部请求头/ }));
    expect(writeText).toHaveBeenLastCalledWith(
      'X-App-Id: app0001\nX-Timestamp: 1705280000000\nX-Nonce: n1\nX-Signature: ab12',
    );
    // signing again gives a fresh nonce
    api.on('POST', GET_AUTH, signed('n2'));
    await user.click(within(dialog).getByRole('button', { name: /重新生成/ }));
    expect(await within(dialog).findByText('n2')).toBeTruthy();
    writeText.mockRejectedValueOnce(new Error('denied'));
    await user.click(within(dialog).getByRole('button', { name: '复制 X-Nonce' }));
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('复制失败，请手动选择复制'));
  });

  it('says when the application has no interface to sign for', async () => {
    api.on('GET', `${BASE}/a1`, ok({ ...info, list: [] }));
    const user = userEvent.setup({ delay: null });
    renderAdmin(<InterfaceAuthPage />);
    const tr = (await screen.findByText('app0001')).closest('tr')!;
    await user.click(within(tr).getByRole('button', { name: /更\s*多/ }));
    await user.click(within(await screen.findByRole('menu')).getByText('获取认证'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('该应用尚未授权接口，请先在“授权接口”中勾选')).toBeTruthy();
    expect(api.callsTo('POST', GET_AUTH)).toHaveLength(0);
  });

  it('writes the headers as lines and as a curl command with quotes kept literal', () => {
    const call = { method: 'GET', path: "/p?a='b'", headers: { 'X-App-Id': "o'k" }, expiresAt: 0 };
    expect(headerLines(call)).toBe("X-App-Id: o'k");
    expect(curlOf(call, 'https://h')).toBe(String.raw`curl -X GET -H 'X-App-Id: o'\''k' 'https://h/p?a='\''b'\'''`);
  });
});
