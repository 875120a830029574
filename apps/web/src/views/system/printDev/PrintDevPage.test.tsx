import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { flatDictionary } from '../../../test/fixtures';
import { ALL_BUTTONS, mockApi, ok, renderAdmin } from '../../../components/admin/testUtils';
import { expectListLayout } from '../../../components/crud/testkit';
import { feedback } from '../../../platform/feedback';
import PrintDevPage from './PrintDevPage';
import { DEFAULT_PRINT_PAGE } from '@jnpf/core';
import { prepareRichTextEditor, tiptapOf, writeRichText } from '../../../components/richText/testing';
import { queriesOf } from './TemplateForm';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const BASE = '/api/system/printDev';
const row = {
  id: 't1',
  fullName: '送货单',
  enCode: 'delivery',
  category: '功能表单',
  categoryId: 'form',
  type: 2,
  sourceType: 1,
  enabledMark: 1,
  sortCode: 0,
  description: '',
  creatorTime: 1705280000000,
  creatorUser: '管理员/admin',
  lastModifyUser: '',
  lastModifyTime: null,
};

beforeAll(prepareRichTextEditor, 60_000);

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
          flatDictionary('t', 'printDev', '打印模板分类', [
            { id: 'c1', fullName: '流程表单', enCode: 'flow' },
            { id: 'c2', fullName: '功能表单', enCode: 'form' },
          ]),
        ],
      }),
    )
    .on('GET', '/api/system/DataSource/Selector', ok([]))
    .on('GET', '/api/visualdev/Base/Selector', ok({ list: [] }))
    .on('POST', BASE, ok(undefined, '新建成功'))
    .on(
      'POST',
      `${BASE}/Fields`,
      ok([
        {
          id: 'headTable',
          parentId: '-1',
          fullName: '主表:t',
          children: [{ id: 'title', parentId: 'headTable', fullName: 'title' }],
        },
        {
          id: 'T1',
          parentId: '-1',
          fullName: 'T1:l',
          children: [
            { id: 'name', parentId: 'T1', fullName: 'name' },
            { id: 'qty', parentId: 'T1', fullName: 'qty' },
          ],
        },
      ]),
    )
    .on('POST', `${BASE}/t1/Actions/Copy`, ok('t2', '复制成功'))
    .on('DELETE', `${BASE}/t1`, ok(undefined, '删除成功'))
    .on(
      'GET',
      '/api/system/printLog/t1',
      ok({
        list: [{ id: 'l1', printTitle: '送货单打印', printNum: 3, creatorUser: '张三/zs', creatorTime: 1705280000000 }],
        pagination: { currentPage: 1, pageSize: 20, total: 1 },
      }),
    );
});

const more = async (user: ReturnType<typeof userEvent.setup>, label: string) => {
  const tr = (await screen.findByText('送货单')).closest('tr')!;
  await user.click(within(tr).getByRole('button', { name: /更\s*多/ }));
  await user.click(within(await screen.findByRole('menu')).getByText(label));
};

describe('PrintDevPage', () => {
  it('lists templates and filters by category code', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = renderAdmin(<PrintDevPage />);
    const cell = await screen.findByText('送货单');
    expectListLayout(container);
    // the category and the type column
    expect(within(cell.closest('tr')!).getAllByText('功能表单')).toHaveLength(2);
    await user.click(screen.getByLabelText('模板分类'));
    await user.click(await screen.findByTitle('流程表单'));
    await waitFor(() =>
      expect(
        api.calls
          .filter((c) => c.path === BASE)
          .at(-1)!
          .query.get('category'),
      ).toBe('flow'),
    );
  });

  it('creates an SQL template: required fields checked, queries sent as sqlTemplate', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<PrintDevPage />);
    await screen.findByText('送货单');
    await user.click(screen.getByRole('button', { name: /新\s*建/ }));
    const form = await screen.findByRole('dialog');
    await user.click(within(form).getByRole('button', { name: /确\s*定/ }));
    expect(await within(form).findByText('请输入模板名称')).toBeTruthy();
    expect(await within(form).findByText('请选择模板分类')).toBeTruthy();

    await user.type(within(form).getByLabelText('模板名称'), '出库单');
    await user.type(within(form).getByLabelText('模板编码'), 'outbound');
    await user.click(within(form).getByLabelText('模板分类'));
    await user.click((await screen.findAllByTitle('功能表单')).at(-1)!);
    await user.type(within(form).getByLabelText('SQL语句 主表'), 'select * from t where id = @formId');
    await user.click(within(form).getByRole('button', { name: /SQL语句/ }));
    await user.type(await within(form).findByLabelText('SQL语句 T1'), 'select * from l where head_id = @formId');
    await user.click(within(form).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('新建成功', 1.5));
    expect(api.callsTo('POST', BASE)[0]!.body).toEqual({
      fullName: '出库单',
      enCode: 'outbound',
      category: 'form',
      type: 2,
      sourceType: 1,
      dbLinkId: '0',
      sqlTemplate: JSON.stringify([
        { sql: 'select * from t where id = @formId' },
        { sql: 'select * from l where head_id = @formId' },
      ]),
      formModelId: '',
      printTemplate: '',
      pageParam: JSON.stringify(DEFAULT_PRINT_PAGE),
      enabledMark: 1,
      sortCode: 0,
      description: '',
    });
  }, 180_000);

  it('designs the page: fields from both queries, a click inserts a placeholder, a list as a table, landscape, live preview', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<PrintDevPage />);
    await screen.findByText('送货单');
    await user.click(screen.getByRole('button', { name: /新\s*建/ }));
    const form = await screen.findByRole('dialog');
    fireEvent.change(within(form).getByLabelText('SQL语句 主表'), {
      target: { value: 'select * from t where id = @formId' },
    });
    await user.click(within(form).getByRole('button', { name: /SQL语句/ }));
    fireEvent.change(await within(form).findByLabelText('SQL语句 T1'), {
      target: { value: 'select * from l where head_id = @formId' },
    });
    await user.click(within(form).getByRole('tab', { name: '模板设计' }));
    const editor = await within(form).findByRole('textbox', { name: '模板内容' }, { timeout: 30_000 });
    // a placeholder of a field the data source no longer has
    writeRichText(editor, '<p>旧：{gone}</p><p>单号：</p>');
    tiptapOf(editor).commands.focus('end');
    await user.click(await within(form).findByText('title'));
    expect(api.callsTo('POST', `${BASE}/Fields`).at(-1)!.body).toEqual({
      dbLinkId: '0',
      sqlTemplate: JSON.stringify([
        { sql: 'select * from t where id = @formId' },
        { sql: 'select * from l where head_id = @formId' },
      ]),
    });
    await waitFor(() =>
      expect(tiptapOf(editor).getHTML()).toContain(
        '<p>单号：<span class="wk-print-tag-wukong" data-tag="headTable.title" title="title">{title}</span></p>',
      ),
    );
    await user.click(within(form).getByRole('button', { name: /插入表格$/ }));
    // a table with a total row: the first cell the word, every other column's sum 合计(…) around its placeholder
    await user.click(within(form).getByRole('button', { name: /插入表格（含合计行）$/ }));
    const qty = '<span class="wk-print-tag-wukong" data-tag="T1.qty" title="qty">{qty}</span>';
    await waitFor(() =>
      expect(tiptapOf(editor).getHTML()).toContain(`<tr><td><p>合计</p></td><td><p>合计(${qty})</p></td></tr>`),
    );
    // a sum anywhere: insert as 合计 (a main-record field stays a plain value)
    tiptapOf(editor).commands.focus('end');
    await user.click(within(form).getByLabelText('插入为'));
    await user.click(await screen.findByTitle('合计（子表求和）'));
    await user.click(within(form).getByRole('button', { name: 'qty' }));
    await waitFor(() =>
      expect(tiptapOf(editor).getHTML()).toMatch(new RegExp(`<p>合计\\(${qty.replace(/[{}()]/g, '\\$&')}\\)</p>$`)),
    );
    await user.click(within(form).getByText('横向'));
    await user.click(within(form).getByText('预览'));
    await waitFor(() => expect(form.querySelector('iframe[title="预览"]')).toBeTruthy());
    const sheet = form.querySelector<HTMLIFrameElement>('iframe[title="预览"]')!;
    expect(sheet.getAttribute('sandbox')).toBe('allow-same-origin allow-modals');
    const doc = sheet.getAttribute('srcdoc')!;
    expect(doc).toContain('<p>单号：title</p>');
    expect(doc).toContain('<td><p>name1</p></td>');
    expect(doc).toContain('<td><p>name2</p></td>');
    expect(doc).toContain('size:297mm 210mm');
    // the total row prints once, after both sample rows; the sample names are not numbers, so no sums
    expect(doc).toContain('<td><p>qty2</p></td></tr><tr><td><p>合计</p></td><td><p></p></td></tr>');
    expect(doc).not.toContain('合计(');
    // the field the data lacks prints empty, and is named in a sentence
    expect(doc).toContain('<p>旧：</p>');
    expect(within(form).getByText('模板中的字段在数据中不存在：gone')).toBeTruthy();
  }, 240_000);

  it('copies and deletes after confirmation, and shows the print log', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<PrintDevPage />, [...ALL_BUTTONS, 'btn_copy']);
    await more(user, '复制');
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/t1/Actions/Copy`)).toHaveLength(1));

    const tr = (await screen.findByText('送货单')).closest('tr')!;
    await user.click(within(tr).getByRole('button', { name: /删\s*除/ }));
    expect(api.callsTo('DELETE', `${BASE}/t1`)).toHaveLength(0);
    await user.click((await screen.findAllByRole('button', { name: /确\s*定/ })).at(-1)!);
    await waitFor(() => expect(api.callsTo('DELETE', `${BASE}/t1`)).toHaveLength(1));

    await more(user, '打印日志');
    expect(await screen.findByText('打印日志 - 送货单')).toBeTruthy();
    const logRow = (await screen.findByText('送货单打印')).closest('tr')!;
    expect(within(logRow).getByText('张三/zs')).toBeTruthy();
    expect(within(logRow).getByText('3')).toBeTruthy();
  });

  it('reads the queries of a stored sqlTemplate, one per box', () => {
    expect(queriesOf(JSON.stringify([{ sql: 'a' }, { sql: 'b' }]))).toEqual(['a', 'b']);
    expect(queriesOf('')).toEqual(['']);
    expect(queriesOf('{bad')).toEqual(['']);
  });
});
