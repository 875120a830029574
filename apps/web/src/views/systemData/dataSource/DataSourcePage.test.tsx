import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../../../components/admin/testUtils';
import { expectListLayout } from '../../../components/crud/testkit';
import { feedback } from '../../../platform/feedback';
import DataSourcePage from './DataSourcePage';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 90_000 });

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const BASE = '/api/system/DataSource';
const row = {
  id: 'd1',
  fullName: '报表库',
  dbType: 'MySQL',
  host: 'db.example.com',
  port: 3306,
  serviceName: 'report',
  userName: 'reader',
  sortCode: 0,
  enabledMark: 1,
  creatorTime: 1705280000000,
  creatorUser: '管理员/admin',
};
const info = {
  ...row,
  password: '',
  connectionLimit: 8,
  description: '报表',
  version: 3,
};

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  vi.mocked(feedback.success).mockClear();
  api = mockApi()
    .on('GET', BASE, ok({ list: [row], pagination: { currentPage: 1, pageSize: 20, total: 1 } }))
    .on('GET', `${BASE}/d1`, ok(info))
    .on('POST', BASE, ok('d2', '新建成功'))
    .on('PUT', `${BASE}/d1`, ok(null, '更新成功'));
});

describe('data-connection screen', () => {
  it('lists the connections and filters by keyword and type', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = renderAdmin(<DataSourcePage />);
    const cell = await screen.findByText('报表库');
    expect(within(cell.closest('tr')!).getByText('db.example.com')).toBeTruthy();
    expectListLayout(container);
    await user.type(screen.getByPlaceholderText('请输入关键词查询'), '报表');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(api.callsTo('GET', BASE).at(-1)!.query.get('keyword')).toBe('报表'));
    await user.click(screen.getByLabelText('数据库类型'));
    await user.click(await screen.findByTitle('PostgreSQL'));
    await waitFor(() => expect(api.callsTo('GET', BASE).at(-1)!.query.get('dbType')).toBe('PostgreSQL'));
    expect(api.callsTo('GET', BASE).at(-1)!.query.get('keyword')).toBe('报表');
  });

  it('shows a load failure with a retry', async () => {
    api.on('GET', BASE, { code: 500, msg: '服务器错误' });
    renderAdmin(<DataSourcePage />);
    expect(await screen.findByText('加载失败')).toBeTruthy();
  });

  it('creates a connection: required fields, port by type, the contract’s body', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<DataSourcePage />);
    await screen.findByText('报表库');
    await user.click(screen.getByRole('button', { name: /新\s*建/ }));
    const form = await screen.findByRole('dialog');
    await user.click(within(form).getByRole('button', { name: /确\s*定/ }));
    expect(await within(form).findByText('请输入连接名称')).toBeTruthy();
    expect(within(form).getByText('请输入主机地址')).toBeTruthy();
    expect(within(form).getByText('请输入密码')).toBeTruthy();
    const port = within(form).getByLabelText('端口') as HTMLInputElement;
    expect(port.value).toBe('5432');
    await user.click(within(form).getByLabelText('数据库类型'));
    await user.click((await screen.findAllByTitle('MySQL')).at(-1)!);
    await waitFor(() => expect(port.value).toBe('3306'));
    await user.type(within(form).getByLabelText('连接名称'), '业务库');
    await user.type(within(form).getByLabelText('主机地址'), '10.0.0.5');
    await user.type(within(form).getByLabelText('数据库'), 'biz');
    await user.type(within(form).getByLabelText('用户'), 'app');
    await user.type(within(form).getByLabelText('密码'), 's3cret');
    await user.click(within(form).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('新建成功', 1.5));
    expect(api.callsTo('POST', BASE)[0]!.body).toEqual({
      fullName: '业务库',
      dbType: 'MySQL',
      host: '10.0.0.5',
      port: 3306,
      serviceName: 'biz',
      userName: 'app',
      password: 's3cret',
      connectionLimit: 5,
      sortCode: 0,
      enabledMark: 1,
      description: '',
    });
  });

  it('edits without prefilling the password; empty keeps it', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<DataSourcePage />);
    const tr = (await screen.findByText('报表库')).closest('tr')!;
    await user.click(within(tr).getByRole('button', { name: /编\s*辑/ }));
    const form = await screen.findByRole('dialog');
    await waitFor(() =>
      expect((within(form).getByLabelText('主机地址') as HTMLInputElement).value).toBe('db.example.com'),
    );
    const password = within(form).getByLabelText('密码') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(password.placeholder).toBe('留空则不修改密码');
    fireEvent.change(within(form).getByLabelText('连接名称'), { target: { value: '报表库2' } });
    await user.click(within(form).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('更新成功', 1.5));
    expect(api.callsTo('PUT', `${BASE}/d1`)[0]!.body).toMatchObject({
      fullName: '报表库2',
      password: '',
      connectionLimit: 8,
      description: '报表',
      version: 3,
    });
  });

  it('测试连接 shows the server’s answer, success or the driver’s reason', async () => {
    const user = userEvent.setup({ delay: null });
    api.on('POST', `${BASE}/Actions/Test`, { code: 400, msg: '密码认证失败' });
    renderAdmin(<DataSourcePage />);
    const tr = (await screen.findByText('报表库')).closest('tr')!;
    await user.click(within(tr).getByRole('button', { name: /编\s*辑/ }));
    const form = await screen.findByRole('dialog');
    await waitFor(() =>
      expect((within(form).getByLabelText('主机地址') as HTMLInputElement).value).toBe('db.example.com'),
    );
    await user.click(within(form).getByRole('button', { name: /测试连接/ }));
    expect(await within(form).findByText('密码认证失败')).toBeTruthy();
    // the stored password is reused by id
    expect(api.callsTo('POST', `${BASE}/Actions/Test`)[0]!.body).toMatchObject({
      id: 'd1',
      host: 'db.example.com',
      password: '',
    });
    api.on('POST', `${BASE}/Actions/Test`, ok(null, '连接成功'));
    await user.click(within(form).getByRole('button', { name: /测试连接/ }));
    expect(await within(form).findByText('连接成功')).toBeTruthy();
    expect(api.callsTo('POST', BASE)).toHaveLength(0);
  });
});
