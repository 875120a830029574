import { parseDesignJson, type FormDataJson } from '@jnpf/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flatDictionary } from '../../../test/fixtures';
import { mockApi, ok, renderAdmin } from '../../../components/admin/testUtils';
import { feedback } from '../../../platform/feedback';
import type * as navigation from '../../../platform/navigation';
import { navigateTo } from '../../../platform/navigation';
import { expectListLayout } from '../../../components/crud/testkit';
import WebDesignPage from './WebDesignPage';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));
vi.mock('../../../platform/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof navigation>()),
  navigateTo: vi.fn(),
}));

const BASE = '/api/visualdev/Base';
const row = (id: string, fullName: string, state: number, webType = 2) => ({
  id,
  fullName,
  enCode: `code_${id}`,
  type: 1,
  webType,
  category: 'c1',
  state,
  enabledMark: 1,
  sortCode: 0,
  description: '',
  creatorUser: '管理员/admin',
  creatorTime: 1705280000000,
  lastModifyUser: null,
  lastModifyTime: null,
});
const rows = [row('d1', '客户档案', 0), row('d2', '合同登记', 1, 1), row('d3', '报销单', 2)];

const dictionaries = (withCategories: boolean) =>
  ok({
    list: withCategories
      ? [
          flatDictionary('wd', 'webDesign', '功能设计', [
            { id: 'c1', fullName: '销售', enCode: 'sale' },
            { id: 'c2', fullName: '人事', enCode: 'hr' },
          ]),
        ]
      : [],
  });

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  vi.mocked(feedback.success).mockClear();
  vi.mocked(feedback.error).mockClear();
  vi.mocked(navigateTo).mockClear();
  api = mockApi()
    .on('GET', BASE, ok({ list: rows, pagination: { currentPage: 1, pageSize: 20, total: 3 } }))
    .on('GET', '/api/system/DictionaryData/All', dictionaries(true))
    .on('POST', BASE, ok('new1', '新建成功'))
    .on('PUT', `${BASE}/new1`, ok(undefined, '修改成功'))
    .on('DELETE', `${BASE}/d1`, ok(undefined, '删除成功'))
    .on('POST', `${BASE}/d1/Actions/Copy`, ok(undefined, '复制成功'))
    .on('POST', `${BASE}/d1/Actions/Release`, ok(undefined, '同步成功'))
    .on(
      'GET',
      '/api/system/System',
      ok({
        list: [
          { id: 's1', fullName: '开发平台', enCode: 'mainSystem' },
          { id: 's2', fullName: '销售系统', enCode: 'sales' },
        ],
      }),
    )
    .on(
      'GET',
      '/api/system/Menu/Selector/0/s1',
      ok({ list: [{ id: 'm1', fullName: '在线开发', type: 1, children: [{ id: 'm2', fullName: '业务', type: 1 }] }] }),
    )
    .on('GET', '/api/system/Menu/Selector/0/s2', ok({ list: [{ id: 'm9', fullName: '销售管理', type: 1 }] }));
});

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

/** opens the 更多 menu of a design's row */
async function openMore(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(within(await rowOf(name)).getByRole('button', { name: /更\s*多/ }));
  return screen.findByRole('menu');
}

describe('WebDesignPage list', () => {
  it('lists the designs with type, state tags and category names, and searches by keyword and category', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<WebDesignPage />);
    const first = await rowOf('客户档案');
    expect(within(first).getByText('未发布')).toBeTruthy();
    expect(within(first).getByText('列表')).toBeTruthy();
    expect(within(first).getByText('code_d1')).toBeTruthy();
    await waitFor(() => expect(within(first).getByText('销售')).toBeTruthy());
    expect(within(await rowOf('合同登记')).getByText('已发布')).toBeTruthy();
    expect(within(await rowOf('合同登记')).getByText('表单')).toBeTruthy();
    expect(within(await rowOf('报销单')).getByText('已修改')).toBeTruthy();
    expect(api.callsTo('GET', BASE)[0]!.query.get('type')).toBe('1');

    await user.type(screen.getByLabelText('关键词'), '客户');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(api.callsTo('GET', BASE).at(-1)!.query.get('keyword')).toBe('客户'));
    await user.click(screen.getByLabelText('分类'));
    await user.click(await screen.findByTitle('人事'));
    await waitFor(() => expect(api.callsTo('GET', BASE).at(-1)!.query.get('category')).toBe('c2'));
  });

  it('sorts by a column on the server', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<WebDesignPage />);
    await screen.findByText('客户档案');
    await user.click(screen.getByRole('columnheader', { name: /编码/ }));
    await waitFor(() => expect(api.callsTo('GET', BASE).at(-1)!.query.get('sidx')).toBe('enCode'));
    expect(api.callsTo('GET', BASE).at(-1)!.query.get('sort')).toBe('asc');
  });

  it('shows only the buttons the menu grants; preview is always there', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<WebDesignPage />, []);
    const tr = await rowOf('客户档案');
    for (const name of [/编\s*辑/, /删\s*除/]) expect(within(tr).queryByRole('button', { name })).toBeNull();
    const menu = await openMore(user, '客户档案');
    expect(within(menu).getByText('预览')).toBeTruthy();
    for (const label of ['发布', '外链', '复制']) expect(within(menu).queryByText(label)).toBeNull();
    expect(screen.queryByRole('button', { name: /新\s*建/ })).toBeNull();
  });

  it('gives edit and release to btn_edit, copy and new to btn_add, delete to btn_remove', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = renderAdmin(<WebDesignPage />, ['btn_edit']);
    const tr = await rowOf('客户档案');
    expectListLayout(container);
    expect(within(tr).getByRole('button', { name: /编\s*辑/ })).toBeTruthy();
    expect(within(tr).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    const menu = await openMore(user, '客户档案');
    expect(within(menu).getByText('发布')).toBeTruthy();
    expect(within(menu).queryByText('复制')).toBeNull();
  });

  it('opens the designer on the design from 编辑', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<WebDesignPage />);
    await user.click(within(await rowOf('客户档案')).getByRole('button', { name: /编\s*辑/ }));
    await waitFor(() => expect(api.callsTo('GET', `${BASE}/d1`).length).toBeGreaterThan(0), { timeout: 20_000 });
  });

  it('names a category kept as its dictionary code', async () => {
    api.on(
      'GET',
      BASE,
      ok({
        list: [{ ...row('d9', '请假单', 0), category: 'hr' }],
        pagination: { currentPage: 1, pageSize: 20, total: 1 },
      }),
    );
    renderAdmin(<WebDesignPage />);
    const tr = await rowOf('请假单');
    await waitFor(() => expect(within(tr).getByText('人事')).toBeTruthy());
    expect(within(tr).queryByText('hr')).toBeNull();
  });

  it('falls back to a free-text category when there is no WebDesign dictionary', async () => {
    api.on('GET', '/api/system/DictionaryData/All', dictionaries(false));
    const user = userEvent.setup({ delay: null });
    renderAdmin(<WebDesignPage />);
    const tr = await rowOf('客户档案');
    expect(within(tr).getByText('c1')).toBeTruthy();
    expect(screen.queryByLabelText('分类')).toBeNull();
    await user.click(screen.getByRole('button', { name: /新\s*建/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('分类'), '自由分类');
    expect((within(dialog).getByLabelText('分类') as HTMLInputElement).value).toBe('自由分类');
  });

  it('previews a design in the app', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<WebDesignPage />);
    await user.click(within(await openMore(user, '客户档案')).getByText('预览'));
    expect(navigateTo).toHaveBeenCalledWith('/previewModel?id=d1');
  });
});

describe('WebDesignPage actions', () => {
  it('deletes after confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<WebDesignPage />);
    await user.click(within(await rowOf('客户档案')).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('此操作将永久删除该数据, 是否继续?')).toBeTruthy();
    expect(api.callsTo('DELETE', `${BASE}/d1`)).toHaveLength(0);
    const listCalls = api.callsTo('GET', BASE).length;
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('删除成功', 1.5));
    expect(api.callsTo('DELETE', `${BASE}/d1`)).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET', BASE).length).toBeGreaterThan(listCalls));
  });

  it('copies after confirmation, and not when cancelled', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<WebDesignPage />);
    await user.click(within(await openMore(user, '客户档案')).getByText('复制'));
    expect(await screen.findByText('您确定要复制该功能, 是否继续?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByText('您确定要复制该功能, 是否继续?')).toBeNull());
    expect(api.callsTo('POST', `${BASE}/d1/Actions/Copy`)).toHaveLength(0);

    await user.click(within(await openMore(user, '客户档案')).getByText('复制'));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('复制成功', 1.5));
    expect(api.callsTo('POST', `${BASE}/d1/Actions/Copy`)).toHaveLength(1);
  });

  it('releases under a directory of the chosen application', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<WebDesignPage />);
    await user.click(within(await openMore(user, '客户档案')).getByText('发布'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('同步菜单 · 客户档案')).toBeTruthy();
    // the first application is chosen; its directories load
    await waitFor(() => expect(api.callsTo('GET', '/api/system/Menu/Selector/0/s1')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/system/Menu/Selector/0/s1')[0]!.query.get('category')).toBe('Web');

    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请选择上级菜单')).toBeTruthy();

    await user.click(within(dialog).getByLabelText('所属应用'));
    await user.click(await screen.findByTitle('销售系统'));
    await waitFor(() => expect(api.callsTo('GET', '/api/system/Menu/Selector/0/s2')).toHaveLength(1));
    await user.click(within(dialog).getByLabelText('上级菜单'));
    await user.click(await screen.findByTitle('销售管理'));
    const before = api.callsTo('GET', BASE).length;
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('同步成功', 1.5));
    expect(api.callsTo('POST', `${BASE}/d1/Actions/Release`)[0]!.body).toEqual({
      pc: 1,
      pcSystemId: 's2',
      pcModuleParentId: 'm9',
      app: 0,
    });
    await waitFor(() => expect(api.callsTo('GET', BASE).length).toBeGreaterThan(before), { timeout: 5000 });
  });

  it('shows the refusal of a release and keeps the dialog open', async () => {
    api.on('POST', `${BASE}/d1/Actions/Release`, { code: 400, msg: '未找到同步路径,请刷新界面' });
    const user = userEvent.setup({ delay: null });
    renderAdmin(<WebDesignPage />);
    await user.click(within(await openMore(user, '客户档案')).getByText('发布'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(api.callsTo('GET', '/api/system/Menu/Selector/0/s1')).toHaveLength(1));
    await user.click(within(dialog).getByLabelText('上级菜单'));
    await user.click(await screen.findByTitle('业务'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('未找到同步路径,请刷新界面', expect.any(Number)));
    expect(api.callsTo('POST', `${BASE}/d1/Actions/Release`)[0]!.body).toMatchObject({
      pcSystemId: 's1',
      pcModuleParentId: 'm2',
    });
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('creates: the new dialog checks the basic settings, then the designer saves the new design', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<WebDesignPage />);
    await screen.findByText('客户档案');
    await user.click(screen.getByRole('button', { name: /新\s*建/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请输入名称')).toBeTruthy();
    expect(await within(dialog).findByText('请输入编码')).toBeTruthy();
    expect(await within(dialog).findByText('请选择分类')).toBeTruthy();

    await user.type(within(dialog).getByLabelText('名称'), '供应商');
    await user.type(within(dialog).getByLabelText('编码'), '.bad');
    expect(await within(dialog).findByText(/只能输入|字母|数字/)).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('编码'));
    await user.type(within(dialog).getByLabelText('编码'), 'supplier');
    await user.click(within(dialog).getByLabelText('分类'));
    await user.click((await screen.findAllByTitle('销售')).at(-1)!);
    await user.click(within(dialog).getByLabelText('列表+表单'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));

    // the designer is loaded when first opened
    const title = await screen.findByText('功能设计 · 供应商', {}, { timeout: 20_000 });
    const designer = title.closest<HTMLElement>('[role="dialog"]')!;
    // (text queries: role queries compute styles of the whole designer, far too slow in jsdom)
    expect(within(designer).getByText('列表设计')).toBeTruthy();
    await user.click(within(designer).getByText('单行输入'));
    await user.click(within(designer).getByText(/保\s*存/));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('新建成功', 1.5));
    const body = api.callsTo('POST', BASE)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      fullName: '供应商',
      enCode: 'supplier',
      type: 1,
      webType: 2,
      category: 'c1',
      sortCode: 0,
      description: '',
    });
    expect(parseDesignJson<FormDataJson>(body.formData as string)!.fields[0]!.__vModel__).toBe('inputField101');

    // the designer stays open; the next save updates the new design
    await user.click(within(designer).getByText(/保\s*存/));
    await waitFor(() => expect(api.callsTo('PUT', `${BASE}/new1`)).toHaveLength(1));
  });
});

describe('WebDesignPage export and import', () => {
  const RUN = '/api/visualdev/OnlineDev';
  const fileInput = () => document.querySelector('input[type=file]') as HTMLInputElement;

  it('exports a design after confirmation and downloads the file', async () => {
    api.on('POST', `${RUN}/d1/Actions/Export`, ok({ name: '客户档案.json', url: '/api/file/Download/t/x.json' }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup({ delay: null });
    renderAdmin(<WebDesignPage />, []);
    await user.click(within(await openMore(user, '客户档案')).getByText('导出'));
    expect(await screen.findByText(/此操作将导出该功能的设计文件/)).toBeTruthy();
    expect(api.callsTo('POST', `${RUN}/d1/Actions/Export`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('客户档案.json');
    click.mockRestore();
  });

  it('a refused export shows the server message and downloads nothing', async () => {
    api.on('POST', `${RUN}/d1/Actions/Export`, { code: 400, msg: '数据不存在' });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup({ delay: null });
    renderAdmin(<WebDesignPage />, []);
    await user.click(within(await openMore(user, '客户档案')).getByText('导出'));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('数据不存在', 1.5));
    expect(click).not.toHaveBeenCalled();
    click.mockRestore();
  });

  it('imports a design file behind btn_add: refused duplicates shown, then imported as a copy', async () => {
    api.on('POST', `${RUN}/Model/Actions/ImportData`, { code: 400, msg: '已存在相同功能' });
    const user = userEvent.setup({ delay: null, applyAccept: false });
    renderAdmin(<WebDesignPage />, ['btn_add']);
    await screen.findByText('客户档案');
    await user.click(screen.getByRole('button', { name: /导\s*入/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('导入功能')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请选择文件')).toBeTruthy();
    await user.upload(fileInput(), new File(['x'], 'notes.txt'));
    expect(await within(dialog).findByText('请选择.json类型的文件')).toBeTruthy();

    await user.upload(fileInput(), new File(['{"modelType":"design"}'], '客户档案.json'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('已存在相同功能', 1.5));
    expect((api.callsTo('POST', `${RUN}/Model/Actions/ImportData`)[0]!.body as FormData).get('type')).toBe('0');

    api.on('POST', `${RUN}/Model/Actions/ImportData`, ok('new9', '导入成功'));
    const listCalls = api.callsTo('GET', BASE).length;
    await user.upload(fileInput(), new File(['{"modelType":"design"}'], '客户档案.json'));
    await user.click(within(dialog).getByLabelText('导入为副本'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('导入成功', 1.5));
    const body = api.callsTo('POST', `${RUN}/Model/Actions/ImportData`).at(-1)!.body as FormData;
    expect(body.get('type')).toBe('1');
    expect((body.get('file') as File).name).toBe('客户档案.json');
    await waitFor(() => expect(api.callsTo('GET', BASE).length).toBeGreaterThan(listCalls));
  });

  it('offers no import without btn_add', async () => {
    renderAdmin(<WebDesignPage />, ['btn_edit']);
    await screen.findByText('客户档案');
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull();
  });
});

describe('WebDesignPage code generation', () => {
  const GEN = '/api/visualdev/Generater';
  const preview = ok({
    module: 'codeD1',
    list: [
      {
        id: 'd0',
        fileName: 'apps/server/src/modules/codeD1',
        children: [
          { id: 'f0', fileName: 'routes.ts', fileContent: '// routes of codeD1' },
          { id: 'f1', fileName: 'service.ts', fileContent: '// service of codeD1' },
        ],
      },
      {
        id: 'd1',
        fileName: 'apps/web/src/views/extend/codeD1',
        children: [{ id: 'f2', fileName: 'api.ts', fileContent: '// calls of codeD1' }],
      },
      { id: 'd2', fileName: '/', children: [{ id: 'f3', fileName: 'CODEGEN-codeD1.md', fileContent: '# codeD1' }] },
    ],
  });

  it('previews the generated files and downloads them as a zip', async () => {
    api.on('POST', `${GEN}/d1/Actions/CodePreview`, preview);
    api.on(
      'POST',
      `${GEN}/d1/Actions/DownloadCode`,
      ok({ name: 'codeD1.zip', url: '/api/file/Download/t/codeD1.zip' }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup({ delay: null });
    renderAdmin(<WebDesignPage />, []);
    await user.click(within(await openMore(user, '客户档案')).getByText('代码预览'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('// routes of codeD1')).toBeTruthy();
    await user.click(within(dialog).getByText('api.ts'));
    expect(await within(dialog).findByText('// calls of codeD1')).toBeTruthy();
    expect(within(dialog).getByText('apps/web/src/views/extend/codeD1/api.ts')).toBeTruthy();
    // a file of the root folder is shown by its name alone
    await user.click(within(dialog).getByText('CODEGEN-codeD1.md'));
    expect(await within(dialog).findByText('# codeD1')).toBeTruthy();
    expect(within(dialog).getAllByText('CODEGEN-codeD1.md').length).toBe(2);
    await user.click(within(dialog).getByRole('button', { name: /下载代码/ }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('codeD1.zip');
    click.mockRestore();
  });

  it('downloads the code from the row after confirmation; a refusal shows the server message', async () => {
    api.on('POST', `${GEN}/d1/Actions/DownloadCode`, { code: 400, msg: '模块“group”已存在' });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup({ delay: null });
    renderAdmin(<WebDesignPage />, []);
    await user.click(within(await openMore(user, '客户档案')).getByText('下载代码'));
    expect(await screen.findByText(/此操作将下载由该功能生成的代码/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('模块“group”已存在', 1.5));
    expect(click).not.toHaveBeenCalled();
    click.mockRestore();
  });
});
