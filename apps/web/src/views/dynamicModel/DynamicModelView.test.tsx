import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../../components/admin/testUtils';
import { feedback } from '../../platform/feedback';
import type { ListBody } from './api';
import DynamicModelView from './DynamicModelView';
import { FormPrintButton } from './FormPrintButton';
import { BASE, columnData, config, formData, MODEL, rows } from './testing';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const RUNTIME_BUTTONS = ['btn_add', 'btn_edit', 'btn_remove', 'btn_detail', 'btn_batchRemove', 'btn_download'];
const page = (list = rows, total = list.length) => ok({ list, pagination: { currentPage: 1, pageSize: 20, total } });

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  vi.mocked(feedback.success).mockClear();
  vi.mocked(feedback.error).mockClear();
  api = mockApi()
    .on('GET', `${BASE}/Config`, ok(config()))
    .on('POST', `${BASE}/List`, page())
    .on(
      'GET',
      `${BASE}/r1`,
      ok({ id: 'r1', data: JSON.stringify({ name: '苹果', kind: 'fruit', amount: 3, creator: 'u1' }) }),
    )
    .on(
      'GET',
      `${BASE}/r1/DataChange`,
      ok({ id: 'r1', data: JSON.stringify({ name: '苹果', kind: '水果', amount: '3', creator: '管理员/admin' }) }),
    )
    .on('POST', BASE, ok('r9', '新建成功'))
    .on('PUT', `${BASE}/r1`, ok(undefined, '修改成功'))
    .on('DELETE', `${BASE}/r1`, ok(undefined, '删除成功'))
    .on('POST', `/api/visualdev/OnlineDev/batchDelete/${MODEL}`, ok(undefined, '删除成功'))
    .on('POST', `${BASE}/Actions/ExportData`, ok({ name: '水果台账.xlsx', url: '/api/file/Download/x' }));
});

function renderView(buttons: string[] = RUNTIME_BUTTONS) {
  return renderAdmin(<DynamicModelView menuId="m" moduleId={MODEL} isTree={false} />, buttons);
}

/** the first rows: the first render of antd in jsdom is slow on a busy machine */
const listed = () => screen.findByText('苹果', {}, { timeout: 20_000 });
const lists = () => api.callsTo('POST', `${BASE}/List`).map((call) => call.body as ListBody);
const lastList = () => lists().at(-1)!;
const table = () => document.querySelector<HTMLElement>('.ant-table-tbody')!;
const rowOf = (text: string) => within(table()).getByText(text).closest('tr')!;
const dropdown = () =>
  waitFor(() => {
    const open = document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    expect(open.length).toBeGreaterThan(0);
    return open[open.length - 1]!;
  });
const popupButton = (name: RegExp) =>
  within(document.querySelector<HTMLElement>('.ant-modal-footer, .ant-drawer-footer')!).getByRole('button', { name });
const confirmDialog = async (text: string) => (await screen.findByText(text)).closest('.ant-modal') as HTMLElement;

describe('runtime list (webType 2)', () => {
  it('loads the released configuration and lists with the design columns and the first page body', async () => {
    renderView();
    expect(await listed()).toBeTruthy();
    expect(api.callsTo('GET', `${BASE}/Config`)[0]!.query.get('type')).toBeNull();
    expect(lastList()).toEqual({
      currentPage: 1,
      pageSize: 20,
      sort: 'desc',
      sidx: '',
      keyword: '',
      menuId: 'm',
      queryJson: '{}',
      dataType: '0',
    });
    // the menu's name heads the list
    expect(screen.getByText('M')).toBeTruthy();
    for (const title of ['名称', '类型', '数量'])
      expect(screen.getByRole('columnheader', { name: new RegExp(title) })).toBeTruthy();
    expect(within(rowOf('苹果')).getByText('水果')).toBeTruthy();
    const kindCell = within(rowOf('苹果')).getByText('水果').closest('td')!;
    expect(kindCell.style.textAlign).toBe('center');
    expect(screen.getByRole('columnheader', { name: /名称/ }).className).toMatch(/ant-table-cell-fix/);
  });

  it('search sends the keyword and the queryJson of the search items', async () => {
    const user = userEvent.setup({ delay: null });
    renderView();
    await listed();
    fireEvent.change(screen.getByPlaceholderText('请输入关键词查询'), { target: { value: '苹' } });
    fireEvent.change(screen.getByPlaceholderText('请输入名称'), { target: { value: ' 果 ' } });
    await user.click(screen.getByLabelText('类型'));
    await user.click(await within(await dropdown()).findByTitle('水果'));
    fireEvent.change(screen.getByPlaceholderText('开始'), { target: { value: '1' } });
    fireEvent.change(screen.getByPlaceholderText('结束'), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(lastList().keyword).toBe('苹'));
    expect(JSON.parse(lastList().queryJson)).toEqual({ name: '果', kind: 'fruit', amount: [1, 9] });
    expect(lastList().currentPage).toBe(1);

    const searched = lists().length;
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(lists().length).toBeGreaterThan(searched));
    expect(lastList().queryJson).toBe('{}');
    expect(lastList().keyword).toBe('');
  });

  it('sorting a sortable column sends sidx and sort; paging sends currentPage and pageSize', async () => {
    api.on('POST', `${BASE}/List`, page(rows, 45));
    renderView();
    await listed();
    fireEvent.click(screen.getByRole('columnheader', { name: /数量/ }));
    await waitFor(() => expect(lastList()).toMatchObject({ sidx: 'amount', sort: 'asc' }));
    fireEvent.click(screen.getByRole('columnheader', { name: /数量/ }));
    await waitFor(() => expect(lastList()).toMatchObject({ sidx: 'amount', sort: 'desc' }));
    // not sortable: no sorter
    expect(screen.getByRole('columnheader', { name: /类型/ }).querySelector('.ant-table-column-sorters')).toBeNull();

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lastList()).toMatchObject({ currentPage: 2, pageSize: 20, sidx: 'amount' }));
    expect(screen.getByText('共 45 条')).toBeTruthy();
  });

  it('a design without paging asks for every row and shows no pager', async () => {
    api.on('GET', `${BASE}/Config`, ok(config(2, formData(), columnData({ hasPage: false }))));
    renderView();
    await listed();
    expect(lastList().dataType).toBe('1');
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });

  it('shows only the buttons the user holds on this menu', async () => {
    renderView(['btn_add', 'btn_detail']);
    await listed();
    expect(screen.getByRole('button', { name: /新\s*增/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /批量删除/ })).toBeNull();
    expect(within(rowOf('苹果')).getByRole('button', { name: /详\s*情/ })).toBeTruthy();
    expect(within(rowOf('苹果')).queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(within(rowOf('苹果')).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    // no batch delete: no selection column
    expect(within(rowOf('苹果')).queryByRole('checkbox')).toBeNull();
  });

  it('shows every configured button when the design switches button permission off', async () => {
    api.on('GET', `${BASE}/Config`, ok(config(2, formData(), columnData({ useBtnPermission: false }))));
    renderView([]);
    await listed();
    expect(screen.getByRole('button', { name: /新\s*增/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /批量删除/ })).toBeTruthy();
    expect(within(rowOf('苹果')).getByRole('button', { name: /编\s*辑/ })).toBeTruthy();
  });

  it('labels the form buttons 取消 and 确定 as every other dialog, also when the design spells them "取 消"', async () => {
    // as the app runs: antd inserts no space of its own (AppProviders)
    const renderPlain = () =>
      renderAdmin(
        <ConfigProvider button={{ autoInsertSpace: false }}>
          <DynamicModelView menuId="m" moduleId={MODEL} isTree={false} />
        </ConfigProvider>,
        RUNTIME_BUTTONS,
      );
    const labels = () =>
      [...document.querySelectorAll('.ant-modal-footer button, .ant-drawer-footer button')].map((b) => b.textContent);
    renderPlain();
    await listed();
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    await screen.findByText('新建');
    expect(labels()).toEqual(['取消', '确定']);
    cleanup();

    api.on('GET', `${BASE}/Config`, ok(config(2, formData({ cancelButtonText: '取 消', confirmButtonText: '确 定' }))));
    renderPlain();
    await listed();
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    await screen.findByText('新建');
    expect(labels()).toEqual(['取消', '确定']);
  });

  it('add: validates, POSTs the raw values as a JSON string in data, then closes and refreshes', async () => {
    const user = userEvent.setup({ delay: null });
    renderView();
    await listed();
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = (await screen.findByText('新建')).closest('.ant-modal') as HTMLElement;
    expect(dialog.style.width).toBe('600px');
    // within the window like every form dialog: the fields scroll
    expect((dialog.querySelector('.ant-modal-body') as HTMLElement).style.overflowY).toBe('auto');
    expect(within(dialog).getByLabelText('创建人')).toHaveProperty('placeholder', '系统自动生成');

    fireEvent.click(popupButton(/确\s*定/));
    expect(await within(dialog).findByText('名称不能为空')).toBeTruthy();
    expect(api.callsTo('POST', BASE)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('名称'), '香蕉');
    await user.click(within(dialog).getByLabelText('类型'));
    await user.click(await within(await dropdown()).findByTitle('水果'));
    fireEvent.change(within(dialog).getByLabelText('数量'), { target: { value: '7' } });
    const before = lists().length;
    fireEvent.click(popupButton(/确\s*定/));
    await waitFor(() => expect(api.callsTo('POST', BASE)).toHaveLength(1));
    expect(api.callsTo('POST', BASE)[0]!.body).toEqual({
      data: JSON.stringify({ name: '香蕉', kind: 'fruit', amount: 7 }),
    });
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('新建成功', 1.5));
    await waitFor(() => expect(screen.queryByText('新建')).toBeNull(), { timeout: 10_000 });
    await waitFor(() => expect(lists().length).toBeGreaterThan(before));
  });

  it('add: a refusal keeps the popup open with everything typed and marks the fields', async () => {
    api.on('POST', BASE, { code: 401, msg: '数据校验失败', data: { errors: { name: '名称已存在' } } });
    renderView();
    await listed();
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = (await screen.findByText('新建')).closest('.ant-modal') as HTMLElement;
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '苹果' } });
    fireEvent.click(popupButton(/确\s*定/));
    expect(await within(dialog).findByText('名称已存在')).toBeTruthy();
    expect((within(dialog).getByLabelText('名称') as HTMLInputElement).value).toBe('苹果');
    expect(popupButton(/确\s*定/).className).not.toMatch(/loading/);
    expect(screen.getByText('新建')).toBeTruthy();
  });

  it('edit: loads the raw record (and display texts for system fields) and PUTs the changes', async () => {
    renderView();
    await listed();
    fireEvent.click(within(rowOf('苹果')).getByRole('button', { name: /编\s*辑/ }));
    const dialog = (await screen.findByText('编辑', { selector: '.ant-modal-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    const name = (await within(dialog).findByLabelText('名称')) as HTMLInputElement;
    expect(name.value).toBe('苹果');
    expect((within(dialog).getByLabelText('创建人') as HTMLInputElement).value).toBe('管理员/admin');
    fireEvent.change(name, { target: { value: '红苹果' } });
    fireEvent.click(popupButton(/确\s*定/));
    await waitFor(() => expect(api.callsTo('PUT', `${BASE}/r1`)).toHaveLength(1));
    expect(api.callsTo('PUT', `${BASE}/r1`)[0]!.body).toEqual({
      data: JSON.stringify({ name: '红苹果', kind: 'fruit', amount: 3 }),
    });
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('修改成功', 1.5));
  });

  it('detail: shows the display texts of the record', async () => {
    renderView();
    await listed();
    fireEvent.click(within(rowOf('苹果')).getByRole('button', { name: /详\s*情/ }));
    const dialog = (await screen.findByText('详情', { selector: '.ant-modal-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect(await within(dialog).findByText('管理员/admin')).toBeTruthy();
    expect(within(dialog).getByText('水果')).toBeTruthy();
    expect(dialog.querySelector('input')).toBeNull();
    expect(api.callsTo('GET', `${BASE}/r1/DataChange`)).toHaveLength(1);
  });

  it('remove asks first, then DELETEs and refreshes', async () => {
    renderView();
    await listed();
    fireEvent.click(within(rowOf('苹果')).getByRole('button', { name: /删\s*除/ }));
    const dialog = await confirmDialog('此操作将永久删除该数据, 是否继续?');
    expect(dialog.querySelector('.ant-modal-confirm-title')!.textContent).toBe('提示');
    expect(api.callsTo('DELETE', `${BASE}/r1`)).toHaveLength(0);
    const before = lists().length;
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.callsTo('DELETE', `${BASE}/r1`)).toHaveLength(1));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('删除成功', 1.5));
    await waitFor(() => expect(lists().length).toBeGreaterThan(before));
  });

  it('batch remove needs a selection, asks, then posts the ids', async () => {
    renderView();
    await listed();
    fireEvent.click(screen.getByRole('button', { name: /批量删除/ }));
    expect(feedback.error).toHaveBeenCalledWith('请选择一条数据');
    fireEvent.click(within(rowOf('苹果')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('白菜')).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /批量删除/ }));
    const dialog = await confirmDialog('您确定要删除这些数据吗, 是否继续?');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    const batch = `/api/visualdev/OnlineDev/batchDelete/${MODEL}`;
    await waitFor(() => expect(api.callsTo('POST', batch)).toHaveLength(1));
    expect(api.callsTo('POST', batch)[0]!.body).toEqual({ ids: ['r1', 'r2'] });
  });

  it('batch print shows with btn_batchPrint, needs a selection and previews the rows with the picked template', async () => {
    const PRINT = '/api/system/printDev';
    const printing = columnData({ printIds: ['p1', 'p2'] });
    printing.btnsList.push({ value: 'batchPrint', label: '' });
    api
      .on('GET', `${BASE}/Config`, ok(config(2, formData(), printing)))
      .on(
        'POST',
        `${PRINT}/getListOptions`,
        ok([
          { id: 'p1', fullName: '甲模板' },
          { id: 'p2', fullName: '乙模板' },
        ]),
      )
      .on('POST', `${PRINT}/BatchData`, ok([]));
    const first = renderView();
    await listed();
    expect(screen.queryByRole('button', { name: /批量打印/ })).toBeNull();
    first.unmount();
    renderView([...RUNTIME_BUTTONS, 'btn_batchPrint']);
    await listed();
    fireEvent.click(screen.getByRole('button', { name: /批量打印/ }));
    expect(feedback.error).toHaveBeenCalledWith('请选择一条数据');
    fireEvent.click(within(rowOf('白菜')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('苹果')).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /批量打印/ }));
    expect(await screen.findByText('选择打印模板')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '乙模板' }));
    await waitFor(() => expect(api.callsTo('POST', `${PRINT}/BatchData`)).toHaveLength(1));
    expect(api.callsTo('POST', `${PRINT}/BatchData`)[0]!.body).toEqual({
      id: 'p2',
      formId: ['r2', 'r1'],
      menuId: 'm',
    });
    expect(await screen.findByText('打印预览')).toBeTruthy();
  });

  it('batch print of one row reads that record through Data, as the form print button does', async () => {
    const PRINT = '/api/system/printDev';
    const printing = columnData({ printIds: ['p1'] });
    printing.btnsList.push({ value: 'batchPrint', label: '' });
    api
      .on('GET', `${BASE}/Config`, ok(config(2, formData(), printing)))
      .on('POST', `${PRINT}/getListOptions`, ok([{ id: 'p1', fullName: '甲模板' }]))
      .on('GET', `${PRINT}/Data`, ok({ printData: {}, printTemplate: '', operatorRecordList: [] }))
      .on('POST', `${PRINT}/BatchData`, ok([]));
    renderView([...RUNTIME_BUTTONS, 'btn_batchPrint']);
    await listed();
    fireEvent.click(within(rowOf('苹果')).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /批量打印/ }));
    await waitFor(() => expect(api.callsTo('GET', `${PRINT}/Data`)).toHaveLength(1));
    const query = api.callsTo('GET', `${PRINT}/Data`)[0]!.query;
    expect([query.get('id'), query.get('formId'), query.get('menuId')]).toEqual(['p1', 'r1', 'm']);
    expect(api.callsTo('POST', `${PRINT}/BatchData`)).toHaveLength(0);
  });

  it('the form print button previews the stored record; the designer preview does not print', async () => {
    const PRINT = '/api/system/printDev';
    api
      .on(
        'GET',
        `${BASE}/Config`,
        ok(config(2, formData({ hasPrintBtn: true, printButtonText: '打印单据', printId: 'p1' }))),
      )
      .on('GET', `${PRINT}/Data`, ok({ printData: {}, printTemplate: '', operatorRecordList: [] }));
    renderView();
    await listed();
    fireEvent.click(within(rowOf('苹果')).getByRole('button', { name: /详\s*情/ }));
    fireEvent.click(await screen.findByRole('button', { name: '打印单据' }));
    await waitFor(() => expect(api.callsTo('GET', `${PRINT}/Data`)).toHaveLength(1));
    const query = api.callsTo('GET', `${PRINT}/Data`)[0]!.query;
    expect([query.get('id'), query.get('formId'), query.get('menuId')]).toEqual(['p1', 'r1', 'm']);
    cleanup();
    renderAdmin(
      <FormPrintButton formData={formData({ hasPrintBtn: true, printId: 'p1' })} recordId="r1" preview />,
      [],
    );
    fireEvent.click(screen.getByRole('button', { name: /打\s*印/ }));
    expect(feedback.error).toHaveBeenCalledWith('功能预览不支持打印');
  });

  it('download exports the chosen columns with the list body', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderView();
    await listed();
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    const dialog = (await screen.findByText('导出数据')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByLabelText('全部页面数据'));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '类型' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/Actions/ExportData`)).toHaveLength(1));
    expect(api.callsTo('POST', `${BASE}/Actions/ExportData`)[0]!.body).toMatchObject({
      menuId: 'm',
      dataType: '1',
      queryJson: '{}',
      selectKey: ['name', 'amount'],
    });
    await waitFor(() => expect(click).toHaveBeenCalled());
    click.mockRestore();
  });

  it('upload opens the import wizard on the model’s import calls, and shows only with btn_upload', async () => {
    const withUpload = columnData();
    withUpload.btnsList.push({ value: 'upload', label: '导入' });
    api
      .on('GET', `${BASE}/Config`, ok(config(2, formData(), withUpload)))
      .on('POST', `${BASE}/Uploader`, ok({ name: 'up.xlsx' }))
      .on(
        'GET',
        `${BASE}/ImportPreview`,
        ok({ headerRow: [{ id: 'name', fullName: '名称' }], dataRow: [{ name: '梨' }] }),
      )
      .on('POST', `${BASE}/ImportData`, ok({ snum: 1, fnum: 0, resultType: 0, failResult: [] }));
    const first = renderView();
    await listed();
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull();
    first.unmount();
    renderView([...RUNTIME_BUTTONS, 'btn_upload']);
    await listed();
    await userEvent.click(screen.getByRole('button', { name: /导\s*入/ }));
    const input = document.querySelector('.ant-modal input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'fruit.xlsx')] } });
    expect(await screen.findByText('fruit.xlsx')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /下一步/ }));
    expect(await screen.findByDisplayValue('梨')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /开始导入/ }));
    expect(await screen.findByText('成功 1 条，失败 0 条')).toBeTruthy();
    expect(api.callsTo('POST', `${BASE}/ImportData`)[0]!.body).toEqual({ list: [{ name: '梨' }] });
    const lists = api.callsTo('POST', `${BASE}/List`).length;
    await userEvent.click(screen.getByRole('button', { name: /关\s*闭/ }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/List`).length).toBeGreaterThan(lists));
  });

  it('opens the form in a drawer with confirm-and-add, which saves and starts the next record', async () => {
    api.on(
      'GET',
      `${BASE}/Config`,
      ok(
        config(
          2,
          formData({
            popupType: 'drawer',
            drawerWidth: '800px',
            hasConfirmAndAddBtn: true,
            confirmAndAddText: '保存并继续',
          }),
        ),
      ),
    );
    renderView();
    await listed();
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const drawer = (await screen.findByText('新建')).closest('.ant-drawer') as HTMLElement;
    fireEvent.change(within(drawer).getByLabelText('名称'), { target: { value: '梨' } });
    fireEvent.click(within(drawer).getByRole('button', { name: '保存并继续' }));
    await waitFor(() => expect(api.callsTo('POST', BASE)).toHaveLength(1));
    await waitFor(() => expect((within(drawer).getByLabelText('名称') as HTMLInputElement).value).toBe(''));
    expect(screen.getByText('新建')).toBeTruthy();
    expect(api.callsTo('POST', BASE)[0]!.body).toEqual({ data: JSON.stringify({ name: '梨' }) });
  });

  it('shows the empty state and a list failure with a retry', async () => {
    api.on('POST', `${BASE}/List`, page([]));
    const view = renderView();
    // the illustrated empty state of the administration lists, not a bare text
    await waitFor(() => expect(document.querySelector('.ant-table-placeholder .ant-empty-image')).not.toBeNull());
    view.unmount();
    api.on('POST', `${BASE}/List`, { code: 500, msg: '系统异常' });
    renderView();
    expect(await screen.findByText('加载失败')).toBeTruthy();
    api.on('POST', `${BASE}/List`, page());
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('苹果')).toBeTruthy();
  });
});

describe('runtime states and webType 1', () => {
  it('shows the server message when the function cannot be had (not released …)', async () => {
    api.on('GET', `${BASE}/Config`, { code: 400, msg: '该功能未发布' });
    renderView();
    expect(await screen.findByText('该功能未发布')).toBeTruthy();
    expect(lists()).toHaveLength(0);
  });

  it('says so when the configuration does not make a function', async () => {
    api.on('GET', `${BASE}/Config`, ok({ ...config(), formData: 'not json' }));
    renderView();
    expect(await screen.findByText('功能配置有误，请检查表单和列表设计')).toBeTruthy();
  });

  it('webType 1 shows the form; submit creates a record and starts afresh', async () => {
    api.on('GET', `${BASE}/Config`, ok(config(1)));
    renderView();
    const name = (await screen.findByLabelText('名称')) as HTMLInputElement;
    expect(lists()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('名称不能为空')).toBeTruthy();
    fireEvent.change(name, { target: { value: '葡萄' } });
    fireEvent.change(screen.getByLabelText('数量'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(api.callsTo('POST', BASE)).toHaveLength(1));
    expect(api.callsTo('POST', BASE)[0]!.body).toEqual({ data: JSON.stringify({ name: '葡萄', amount: 2 }) });
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('新建成功', 1.5));
    // a reset mounts the controls afresh
    await waitFor(() => expect((screen.getByLabelText('名称') as HTMLInputElement).value).toBe(''));
  });
});
