import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dialogTitled, mockApi, ok, renderAdmin } from '../../../components/admin/testUtils';
import { expectListLayout } from '../../../components/crud/testkit';
import { feedback } from '../../../platform/feedback';
import { flatDictionary } from '../../../test/fixtures';
import DataInterfacePage from './DataInterfacePage';

vi.setConfig({ testTimeout: 120_000 });

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));
// CodeMirror's editing surface does not run in jsdom: a plain text area stands in for it
vi.mock('./CodeEditor', () => ({
  default: ({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) => (
    <textarea aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} />
  ),
}));

const BASE = '/api/system/DataInterface';
const VARIATE = '/api/system/DataInterfaceVariate';
const row = {
  id: 'i1',
  fullName: '用户列表',
  enCode: 'users',
  type: 'SQL操作',
  sortCode: 0,
  enabledMark: 1,
  creatorTime: 1705280000000,
};
const info = {
  id: 'i1',
  fullName: '用户列表',
  enCode: 'users',
  category: 'c1',
  type: 1,
  action: 3,
  hasPage: 0,
  isPostPosition: 0,
  sortCode: 0,
  enabledMark: 1,
  description: '',
  version: 4,
  parameterJson: JSON.stringify([
    { id: 'p1', field: 'keyword', fieldName: '账号', dataType: 'varchar', required: 0, defaultValue: 'admin' },
  ]),
  fieldJson: JSON.stringify([{ id: 'f1', field: 'F_Id', defaultValue: '主键' }]),
  dataConfigJson: JSON.stringify({
    staticData: '',
    sqlData: { dbLinkId: '0', sql: 'select id as "F_Id" from base_user where account = {keyword}' },
    apiData: { method: 1, url: '', header: [], query: [], body: '', bodyType: 0 },
  }),
  dataCountJson: '',
  dataEchoJson: '',
  dataJsJson: '(data) => data',
  dataExceptionJson: '',
};
const categories = flatDictionary('t', 'DataInterfaceType', '数据接口分类', [
  { id: 'c1', fullName: '基础数据', enCode: 'base' },
  { id: 'c2', fullName: '报表', enCode: 'report' },
]);

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  vi.mocked(feedback.success).mockClear();
  vi.mocked(feedback.error).mockClear();
  api = mockApi()
    .on('GET', BASE, ok({ list: [row], pagination: { currentPage: 1, pageSize: 20, total: 1 } }))
    .on('GET', '/api/system/DictionaryData/All', ok({ list: [categories] }))
    .on('GET', '/api/system/DataSource/Selector', ok([{ id: '0', fullName: '默认数据库', dbType: 'PostgreSQL' }]))
    .on('GET', `${BASE}/i1`, ok(info))
    .on('PUT', `${BASE}/i1`, ok(null, '更新成功'))
    .on('POST', BASE, ok('i9', '接口创建成功'))
    .on('GET', `${BASE}/i9`, ok({ ...info, id: 'i9', version: 1 }))
    .on('POST', `${BASE}/i9/Actions/Preview`, ok([{ F_Id: 'u-admin', account: 'admin' }], '接口请求成功'))
    .on('POST', `${BASE}/i1/Actions/Preview`, ok([{ F_Id: 'u-admin', account: 'admin' }], '接口请求成功'));
});

const editor = () => screen.findByRole('dialog', {}, { timeout: 30_000 });
const tab = (dialog: HTMLElement, name: string) => within(dialog).getByRole('tab', { name });

describe('data-interface screen', () => {
  it('lists interfaces; the category tree and the filters send their query', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = renderAdmin(<DataInterfacePage />);
    const tr = (await screen.findByText('用户列表')).closest('tr')!;
    expect(within(tr).getByText('users')).toBeTruthy();
    expect(within(tr).getByText('SQL操作')).toBeTruthy();
    expectListLayout(container);
    await user.click(await screen.findByText('报表'));
    await waitFor(() => expect(api.callsTo('GET', BASE).at(-1)!.query.get('category')).toBe('c2'));
    await user.click(screen.getByLabelText('接口类型'));
    await user.click(await screen.findByTitle('静态数据'));
    await waitFor(() => expect(api.callsTo('GET', BASE).at(-1)!.query.get('type')).toBe('2'));
    await user.click(screen.getByLabelText('状态'));
    await user.click(await screen.findByTitle('禁用'));
    await waitFor(() => expect(api.callsTo('GET', BASE).at(-1)!.query.get('enabledMark')).toBe('0'));
    expect(api.callsTo('GET', BASE).at(-1)!.query.get('category')).toBe('c2');
    await user.click(await screen.findByText('全部分类'));
    await waitFor(() => expect(api.callsTo('GET', BASE).at(-1)!.query.get('category')).toBe(''));
  });

  it('creates an SQL interface with a parameter, then previews its rows', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<DataInterfacePage />);
    await screen.findByText('用户列表');
    // select the category first: the new interface goes there
    await user.click(await screen.findByText('基础数据'));
    await user.click(screen.getByRole('button', { name: /SQL操作/ }));
    const dialog = await editor();
    expect(within(dialog).getByText('新建数据接口')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('接口名称'), '账号查询');
    await user.type(within(dialog).getByLabelText('接口编码'), 'userByAccount');
    // saving without SQL names the problem and goes to its tab
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入SQL语句')).toBeTruthy();
    expect(tab(dialog, '数据配置').getAttribute('aria-selected')).toBe('true');
    expect(api.callsTo('POST', BASE)).toHaveLength(0);
    const sql = 'select id as "F_Id", account from base_user where account = {keyword}';
    fireEvent.change(within(dialog).getByLabelText('SQL语句'), { target: { value: sql } });
    await user.click(tab(dialog, '参数与字段'));
    await user.click(within(dialog).getByRole('button', { name: /添加参数/ }));
    await user.type(within(dialog).getByLabelText('参数名称 1'), 'keyword');
    await user.type(within(dialog).getByLabelText('默认值 1'), 'admin');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('接口创建成功', 1.5));
    const body = api.callsTo('POST', BASE)[0]!.body as Record<string, string | number | null>;
    expect(body).toMatchObject({
      fullName: '账号查询',
      enCode: 'userByAccount',
      category: 'c1',
      type: 1,
      action: 3,
      hasPage: 0,
      isPostPosition: 0,
      sortCode: 0,
      enabledMark: 1,
      description: '',
      dataCountJson: '',
      dataEchoJson: '',
      dataExceptionJson: '',
    });
    expect(JSON.parse(body.dataConfigJson as string)).toMatchObject({ sqlData: { dbLinkId: '0', sql } });
    expect(JSON.parse(body.parameterJson as string)).toEqual([
      expect.objectContaining({ field: 'keyword', dataType: 'varchar', required: 0, defaultValue: 'admin' }),
    ]);
    expect(JSON.parse(body.fieldJson as string)).toEqual([]);
    expect(body.dataJsJson).toContain('return data');

    // the saved interface previews with its parameter's value
    expect(within(dialog).getByText('编辑数据接口 · 账号查询')).toBeTruthy();
    await user.click(tab(dialog, '接口预览'));
    const value = within(dialog).getByLabelText('keyword') as HTMLInputElement;
    expect(value.value).toBe('admin');
    await user.clear(value);
    await user.type(value, 'root');
    await user.click(within(dialog).getByRole('button', { name: /运\s*行/ }));
    const rows = await within(dialog).findByTestId('preview-rows');
    expect(within(rows).getByText('u-admin')).toBeTruthy();
    expect(within(dialog).getByText('共 1 行')).toBeTruthy();
    expect(within(dialog).getByText(/耗时 \d+ 毫秒/)).toBeTruthy();
    expect(api.callsTo('POST', `${BASE}/i9/Actions/Preview`)[0]!.body).toMatchObject({
      paramList: [{ field: 'keyword', defaultValue: 'root' }],
    });
    await user.click(within(dialog).getByText('JSON'));
    expect(within(dialog).getByTestId('preview-json').textContent).toContain('"account": "admin"');
  });

  it('edits an interface: reads it back, keeps everything on a refused save, then saves with its version', async () => {
    const user = userEvent.setup({ delay: null });
    api.on('PUT', `${BASE}/i1`, { code: 400, msg: '编码不能重复' });
    renderAdmin(<DataInterfacePage />);
    const tr = (await screen.findByText('用户列表')).closest('tr')!;
    await user.click(within(tr).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await editor();
    await waitFor(() => expect((within(dialog).getByLabelText('接口编码') as HTMLInputElement).value).toBe('users'));
    fireEvent.change(within(dialog).getByLabelText('接口编码'), { target: { value: 'users2' } });
    await user.click(tab(dialog, '数据配置'));
    expect((within(dialog).getByLabelText('SQL语句') as HTMLTextAreaElement).value).toContain('{keyword}');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.callsTo('PUT', `${BASE}/i1`)).toHaveLength(1));
    // refused: the editor stays with what was typed
    expect(screen.getByRole('dialog')).toBe(dialog);
    await user.click(tab(dialog, '基本信息'));
    expect((within(dialog).getByLabelText('接口编码') as HTMLInputElement).value).toBe('users2');
    api.on('PUT', `${BASE}/i1`, ok(null, '更新成功'));
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('更新成功', 1.5));
    const body = api.callsTo('PUT', `${BASE}/i1`)[1]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ enCode: 'users2', version: 4, category: 'c1', type: 1 });
    expect(JSON.parse(body.fieldJson as string)).toEqual([{ id: 'f1', field: 'F_Id', defaultValue: '主键' }]);
  });

  it('a failed preview shows the server’s message', async () => {
    const user = userEvent.setup({ delay: null });
    api.on('GET', `${BASE}/GetParam/i1`, ok([]));
    api.on('POST', `${BASE}/i1/Actions/Preview`, { code: 400, msg: '关系 "base_usr" 不存在' });
    renderAdmin(<DataInterfacePage />);
    const tr = (await screen.findByText('用户列表')).closest('tr')!;
    await user.click(within(tr).getByRole('button', { name: /更\s*多/ }));
    await user.click(within(await screen.findByRole('menu')).getByText('预览'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('该接口没有参数')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /运\s*行/ }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('关系 "base_usr" 不存在');
    expect(alert.textContent).toContain('请求失败');
  });

  it('static data is checked as JSON before it is saved', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<DataInterfacePage />);
    await screen.findByText('用户列表');
    await user.click(screen.getByRole('button', { name: /静态数据/ }));
    const dialog = await editor();
    await user.type(within(dialog).getByLabelText('接口名称'), '性别');
    await user.type(within(dialog).getByLabelText('接口编码'), 'gender');
    await user.click(within(dialog).getByLabelText('分类'));
    await user.click((await screen.findAllByTitle('报表')).at(-1)!);
    await user.click(tab(dialog, '数据配置'));
    fireEvent.change(within(dialog).getByRole('textbox', { name: '静态数据' }), { target: { value: '[{"id": 1,}]' } });
    expect(await within(dialog).findByText(/JSON格式错误/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('静态数据不是有效的JSON')).toBeTruthy();
    expect(api.callsTo('POST', BASE)).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: '静态数据' }), {
      target: { value: '[{"id": 1, "name": "男"}]' },
    });
    expect(await within(dialog).findByText('JSON格式正确')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.callsTo('POST', BASE)).toHaveLength(1));
    const body = api.callsTo('POST', BASE)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ type: 2, category: 'c2', action: null, dataJsJson: '' });
    expect(JSON.parse(body.dataConfigJson as string).staticData).toBe('[{"id": 1, "name": "男"}]');
  });

  it('variables drawer: list, create, edit, copy and delete', async () => {
    const user = userEvent.setup({ delay: null });
    const variable = {
      id: 'v1',
      interfaceId: 'i1',
      fullName: 'userCount',
      value: '12',
      creatorTime: 1705280000000,
      lastModifyTime: 1705280000000,
      creatorUser: '管理员/admin',
    };
    api
      .on('GET', `${VARIATE}/i1`, ok({ list: [variable] }))
      .on(
        'GET',
        `${VARIATE}/v1/Info`,
        ok({ id: 'v1', interfaceId: 'i1', fullName: 'userCount', expression: 'data.length', version: 2 }),
      )
      .on('POST', VARIATE, ok('v2', '新建成功'))
      .on('PUT', `${VARIATE}/v1`, ok(null, '更新成功'))
      .on('POST', `${VARIATE}/v1/Actions/Copy`, ok(null, '复制成功'))
      .on('DELETE', `${VARIATE}/v1`, ok(null, '删除成功'));
    renderAdmin(<DataInterfacePage />);
    const tr = (await screen.findByText('用户列表')).closest('tr')!;
    await user.click(within(tr).getByRole('button', { name: /更\s*多/ }));
    await user.click(within(await screen.findByRole('menu')).getByText('变量'));
    const drawer = (await screen.findByText('接口变量 - 用户列表')).closest('[role="dialog"]') as HTMLElement;
    const vrow = (await within(drawer).findByText('userCount')).closest('tr')!;
    expect(within(vrow).getByText('12')).toBeTruthy();

    // create
    await user.click(within(drawer).getByRole('button', { name: /新\s*建/ }));
    const form = await dialogTitled('新建变量');
    await user.click(within(form).getByRole('button', { name: /确\s*定/ }));
    expect(await within(form).findByText('请输入变量名称')).toBeTruthy();
    await user.type(within(form).getByLabelText('变量名称'), 'a@b');
    expect(await within(form).findByText('变量名不能包含@符号')).toBeTruthy();
    await user.clear(within(form).getByLabelText('变量名称'));
    await user.type(within(form).getByLabelText('变量名称'), 'firstId');
    fireEvent.change(within(form).getByLabelText('表达式'), { target: { value: 'data[0].F_Id' } });
    await user.click(within(form).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('新建成功', 1.5));
    expect(api.callsTo('POST', VARIATE)[0]!.body).toEqual({
      interfaceId: 'i1',
      fullName: 'firstId',
      expression: 'data[0].F_Id',
    });

    // edit, once the new variable's dialog has closed and the list reloaded
    await waitFor(() => expect(api.callsTo('GET', `${VARIATE}/i1`)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText('新建变量')).toBeNull());
    await user.click(within(vrow).getByRole('button', { name: /编\s*辑/ }));
    // the dialog is found by its live field: antd renders the reopened dialog anew once the variable is read
    const expression = () =>
      [...document.querySelectorAll<HTMLTextAreaElement>('textarea#expression')].find(
        (field) => field.closest('.ant-modal')?.querySelector('.ant-modal-title')?.textContent === '编辑变量',
      );
    await waitFor(() => expect(expression()?.value).toBe('data.length'));
    fireEvent.change(expression()!, { target: { value: 'data.length + 1' } });
    await user.click(
      within(expression()!.closest<HTMLElement>('.ant-modal')!).getByRole('button', { name: /确\s*定/ }),
    );
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('更新成功', 1.5));
    expect(api.callsTo('PUT', `${VARIATE}/v1`)[0]!.body).toEqual({
      interfaceId: 'i1',
      fullName: 'userCount',
      expression: 'data.length + 1',
      version: 2,
    });

    // copy, confirmed
    await user.click(within(vrow).getByRole('button', { name: /更\s*多/ }));
    await user.click(within((await screen.findAllByRole('menu')).at(-1)!).getByText('复制'));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.callsTo('POST', `${VARIATE}/v1/Actions/Copy`)).toHaveLength(1));

    // delete, confirmed
    await user.click(within(vrow).getByRole('button', { name: /删\s*除/ }));
    expect(api.callsTo('DELETE', `${VARIATE}/v1`)).toHaveLength(0);
    const confirm = (await screen.findByText('此操作将永久删除该数据, 是否继续?')).closest('.ant-modal') as HTMLElement;
    await user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.callsTo('DELETE', `${VARIATE}/v1`)).toHaveLength(1));
  });

  it('shows an interface’s call log', async () => {
    const user = userEvent.setup({ delay: null });
    api.on(
      'GET',
      '/api/system/DataInterfaceLog/i1',
      ok({
        list: [
          {
            id: 'l1',
            invokTime: 1705280000000,
            userId: '管理员/admin',
            invokIp: '127.0.0.1',
            invokDevice: 'Chrome',
            invokType: 'POST',
            invokWasteTime: 35,
          },
        ],
        pagination: { currentPage: 1, pageSize: 20, total: 1 },
      }),
    );
    renderAdmin(<DataInterfacePage />);
    const tr = (await screen.findByText('用户列表')).closest('tr')!;
    await user.click(within(tr).getByRole('button', { name: /更\s*多/ }));
    await user.click(within(await screen.findByRole('menu')).getByText('日志'));
    const drawer = (await screen.findByText('调用日志 - 用户列表')).closest('[role="dialog"]') as HTMLElement;
    const logRow = (await within(drawer).findByText('127.0.0.1')).closest('tr')!;
    expect(within(logRow).getByText('管理员/admin')).toBeTruthy();
    expect(within(logRow).getByText('35')).toBeTruthy();
    expect(api.callsTo('GET', '/api/system/DataInterfaceLog/i1')[0]!.query.get('currentPage')).toBe('1');
  });
});
