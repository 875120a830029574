// The print-template screen in Chromium: create an SQL template through the dialog, see it listed, copy it
// (disabled, named ".副本xxxxx"), and read a print recorded through the API in the template's print log; design a
// template (a field placeholder clicked in, a child list as a repeating table, landscape), preview it filled with a
// stored record in the designer and in the print preview of two records, print it and see the print logged, and
// download the two pages as PDF;
// batch print two selected rows from the list of a released form with its template; design a template for a
// released form with a sub-table (a QR code, a capital amount, the sub-table as a repeating table), print one
// record from its form's 打印 button and three from the list, read the PDF (pdftotext, pdfimages) and the Word
// file (an HTML reader) back, and see the print in the template's print log.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type Api, releaseAtTop } from './support/api';
import { dialogWith, rowMoreAction, screenshot } from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, openAt } = browserTestFile();
let api: Api;

beforeAll(async () => {
  api = await adminApi(baseUrl);
});

describe('print templates', () => {
  it('creates, copies and shows the print log of a template', async () => {
    const name = `送货单${Date.now().toString(36)}`;
    const page = await openAt('/system/printDev', { token: api.token });
    await page.getByRole('button', { name: /新\s*建/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建打印模板' });
    await dialog.getByLabel('模板名称').fill(name);
    await dialog.getByLabel('模板编码').fill(`d${Date.now().toString(36)}`);
    await dialog.getByLabel('模板分类').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '业务单据' }).click();
    await dialog.getByLabel('SQL语句 主表').fill('select id, full_name from base_organize where id = @formId');
    await screenshot(page, 'print-dev-dialog');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    const row = page.locator('.ant-table-row').filter({ hasText: name });
    await row.waitFor();

    const listed = await api.ok<{ list: { id: string; fullName: string }[] }>(
      'GET',
      `/api/system/printDev?keyword=${encodeURIComponent(name)}`,
    );
    const id = listed.list.find((r) => r.fullName === name)!.id;
    await api.ok('POST', '/api/system/printLog/save', { printId: id, printTitle: `${name}打印`, printNum: 2 });

    await rowMoreAction(page, row, '复制');
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page
      .locator('.ant-table-row')
      .filter({ hasText: `${name}.副本` })
      .waitFor();

    await rowMoreAction(
      page,
      page.locator('.ant-table-row').filter({ hasText: name }).filter({ hasNotText: '副本' }),
      '打印日志',
    );
    await page.getByText(`打印日志 - ${name}`).waitFor();
    await page.getByRole('cell', { name: `${name}打印` }).waitFor();
    await screenshot(page, 'print-dev-log');
    const copy = await api.ok<{ list: { fullName: string; enabledMark: number }[] }>(
      'GET',
      `/api/system/printDev?keyword=${encodeURIComponent(`${name}.副本`)}`,
    );
    expect(copy.list[0]!.enabledMark).toBe(0);
    await page.context().close();
  });

  it('designs a template with placeholders and previews and prints it with real records', async () => {
    // two dictionary categories with their items: a main record and its child list each
    const stamp = Date.now().toString(36);
    const kinds: { id: string; fullName: string; items: string[] }[] = [];
    for (const [fullName, items] of [
      [`纸张${stamp}`, ['A4纸', 'A3纸']],
      [`墨盒${stamp}`, ['黑色', '彩色', '青色']],
    ] as const) {
      const enCode = `k${kinds.length}${stamp}`;
      await api.ok('POST', '/api/system/DictionaryType', { parentId: '0', fullName, enCode, isTree: 0, sortCode: 0 });
      const types = await api.ok<{
        list: { id: string; enCode?: string; children?: { id: string; enCode?: string }[] }[];
      }>('GET', '/api/system/DictionaryType');
      const id = types.list.flatMap((root) => [root, ...(root.children ?? [])]).find((t) => t.enCode === enCode)!.id;
      for (const [i, item] of items.entries())
        await api.ok('POST', '/api/system/DictionaryData', {
          dictionaryTypeId: id,
          parentId: '0',
          fullName: item,
          enCode: `i${i}`,
        });
      kinds.push({ id, fullName, items: [...items] });
    }
    const org = kinds[0]!;
    const name = `机构单${Date.now().toString(36)}`;
    const page = await openAt('/system/printDev', { token: api.token });
    await page.getByRole('button', { name: /新\s*建/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建打印模板' });
    await dialog.getByLabel('模板名称').fill(name);
    await dialog.getByLabel('模板编码').fill(`o${Date.now().toString(36)}`);
    await dialog.getByLabel('模板分类').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '业务单据' }).click();
    await dialog
      .getByLabel('SQL语句 主表')
      .fill('select id, full_name, en_code from base_dictionary_type where id = @formId');
    await dialog.getByRole('button', { name: /SQL语句/ }).click();
    await dialog
      .getByLabel('SQL语句 T1')
      .fill(
        'select full_name as item_name, en_code as item_code from base_dictionary_data where dictionary_type_id = @formId order by en_code',
      );

    await dialog.getByRole('tab', { name: '模板设计' }).click();
    const editor = dialog.getByRole('textbox', { name: '模板内容' });
    await editor.click();
    await page.keyboard.type('机构：');
    await dialog.locator('[role=treeitem]').getByText('full_name', { exact: true }).click();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: /插入表格$/ }).click();
    await expect.poll(() => editor.locator('.wk-print-tag-wukong').count()).toBe(3);
    await dialog.getByText('横向').click();
    await screenshot(page, 'print-dev-designer-1440');
    await dialog.getByText('预览', { exact: true }).click();
    // before a record is loaded the field names fill the page
    const sample = dialog.frameLocator('iframe[title="预览"]');
    await sample.getByText('机构：full_name').waitFor();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    const row = page.locator('.ant-table-row').filter({ hasText: name });
    await row.waitFor();

    // the stored template, reopened: a real record fills the live preview
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    const edit = dialogWith(page, '编辑打印模板');
    await edit.getByRole('tab', { name: '模板设计' }).click();
    await edit.getByLabel('记录主键').fill(org.id);
    await edit.getByRole('button', { name: /加\s*载/ }).click();
    const live = edit.frameLocator('iframe[title="预览"]');
    await live.getByText(`机构：${org.fullName}`).waitFor();
    // the child list repeats its row once per item, under the title row
    await expect.poll(() => live.locator('tr').count()).toBe(org.items.length + 1);
    await live.getByText('A3纸').waitFor();
    await screenshot(page, 'print-dev-designer-preview-1440');
    await page.setViewportSize({ width: 800, height: 900 });
    await screenshot(page, 'print-dev-designer-preview-800');
    await page.setViewportSize({ width: 1440, height: 900 });
    await edit.getByRole('button', { name: /取\s*消/ }).click();

    // the print preview of two records, one page each; printing logs the print
    await rowMoreAction(page, row, '打印预览');
    const ask = dialogWith(page, '打印预览');
    await ask.getByLabel('记录主键').fill(`${kinds[0]!.id},${kinds[1]!.id}`);
    await ask.getByRole('button', { name: /确\s*定/ }).click();
    const preview = page.locator('.ant-modal').filter({ has: page.locator('iframe[title="打印预览"]') });
    const sheet = preview.frameLocator('iframe[title="打印预览"]');
    await expect.poll(() => sheet.locator('.print-page').count()).toBe(2);
    await sheet.getByText(`机构：${kinds[1]!.fullName}`).waitFor();
    await sheet.getByText('彩色').waitFor();
    await screenshot(page, 'print-dev-preview-1440');
    // the browser's print dialog is the system's: counted here instead of shown
    await page.evaluate(() => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe[title="打印预览"]')!;
      const win = frame.contentWindow as Window & { printed?: number };
      win.print = () => {
        win.printed = (win.printed ?? 0) + 1;
      };
    });
    await preview.getByRole('button', { name: /打\s*印/ }).click();
    const listed = await api.ok<{ list: { id: string; fullName: string }[] }>(
      'GET',
      `/api/system/printDev?keyword=${encodeURIComponent(name)}`,
    );
    const id = listed.list[0]!.id;
    await expect
      .poll(
        async () =>
          (await api.ok<{ list: { printNum: number; printTitle: string }[] }>('GET', `/api/system/printLog/${id}`))
            .list,
      )
      .toEqual([expect.objectContaining({ printNum: 2, printTitle: name })]);
    // the same pages as a PDF laid out by the server's Chromium: two A4 pages, landscape as the template says
    const downloading = page.waitForEvent('download');
    await preview.getByRole('button', { name: '下载PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = fs.readFileSync((await download.path())!).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(2);
    await page.setViewportSize({ width: 800, height: 900 });
    await screenshot(page, 'print-dev-preview-800');
    await page.context().close();
  });
  it('batch prints the selected rows of a released form with its template', async () => {
    const stamp = Date.now().toString(36).slice(-6);
    const code = `pbill${stamp}`;
    const field = (jnpfKey: string, vModel: string, label: string) => ({
      __config__: { jnpfKey, label, formId: `${vModel}${stamp}` },
      __vModel__: vModel,
    });
    const design = {
      fullName: `出库单${stamp}`,
      enCode: code,
      type: 1,
      webType: 2,
      category: (await api.ok<{ list: { id: string }[] }>('GET', '/api/system/DictionaryData/webDesign')).list[0]!.id,
      description: '',
      sortCode: 0,
      formData: JSON.stringify({ formRef: 'elForm', formModel: 'dataForm', fields: [field('input', 'title', '单号')] }),
    };
    const columns = (printIds: string[]) =>
      JSON.stringify({
        type: 1,
        columnList: [{ label: '单号', prop: 'title', jnpfKey: 'input' }],
        searchList: [],
        btnsList: [{ value: 'batchPrint', label: '批量打印' }],
        columnBtnsList: [],
        hasPage: true,
        pageSize: 20,
        printIds,
      });
    const designId = await api.ok<string>('POST', '/api/visualdev/Base', { ...design, columnData: columns([]) });
    const templateId = await api.ok<string>('POST', '/api/system/printDev', {
      fullName: `出库单模板${stamp}`,
      enCode: `t${stamp}`,
      category: 'form',
      type: 2,
      sortCode: 0,
      enabledMark: 1,
      sourceType: 2,
      formModelId: designId,
      printTemplate: '<p>出库：{title}</p>',
      pageParam: '',
      description: '',
    });
    await api.ok('PUT', `/api/visualdev/Base/${designId}`, { ...design, columnData: columns([templateId]) });
    await releaseAtTop(api, designId);
    for (const title of ['CK-1', 'CK-2'])
      await api.ok('POST', `/api/visualdev/OnlineDev/${designId}`, { data: JSON.stringify({ title }) });

    const page = await openAt(`/model/${code}`, { token: api.token });
    for (const title of ['CK-1', 'CK-2'])
      await page.locator('.ant-table-row').filter({ hasText: title }).locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: /批量打印/ }).click();
    // the form's only template goes straight to the preview: one page per row
    const sheet = page.frameLocator('iframe[title="打印预览"]');
    await expect.poll(() => sheet.locator('.print-page').count()).toBe(2);
    await sheet.getByText('出库：CK-2').waitFor();
    await screenshot(page, 'print-dev-batch-print');
    await page.context().close();
  });

  it('prints a released form with a sub-table from its form and list; PDF and Word read back; the log shows it', async () => {
    const stamp = Date.now().toString(36).slice(-6);
    const code = `psub${stamp}`;
    const field = (jnpfKey: string, vModel: string, label: string, config: Record<string, unknown> = {}) => ({
      __config__: { jnpfKey, label, formId: `${vModel}${stamp}`, ...config },
      __vModel__: vModel,
    });
    const fields = [
      field('input', 'billNo', '单号'),
      field('inputNumber', 'amount', '金额'),
      field('table', 'items', '明细', {
        children: [field('input', 'goods', '品名'), field('inputNumber', 'qty', '数量')],
      }),
    ];
    const formName = `送货单${stamp}`;
    const design = (print: { printId?: string; printIds: string[] }) => ({
      fullName: formName,
      enCode: code,
      type: 1,
      webType: 2,
      category: categoryId,
      description: '',
      sortCode: 0,
      formData: JSON.stringify({
        formRef: 'elForm',
        formModel: 'dataForm',
        fields,
        ...(print.printId ? { hasPrintBtn: true, printButtonText: '打印', printId: print.printId } : {}),
      }),
      columnData: JSON.stringify({
        type: 1,
        columnList: [{ label: '单号', prop: 'billNo', jnpfKey: 'input' }],
        searchList: [],
        btnsList: [{ value: 'batchPrint', label: '批量打印' }],
        columnBtnsList: [{ value: 'edit', label: '编辑' }],
        hasPage: true,
        pageSize: 20,
        printIds: print.printIds,
      }),
    });
    const categoryId = (await api.ok<{ list: { id: string }[] }>('GET', '/api/system/DictionaryData/webDesign'))
      .list[0]!.id;
    const designId = await api.ok<string>('POST', '/api/visualdev/Base', design({ printIds: [] }));
    const release = () => releaseAtTop(api, designId);
    await release();
    const bills = [
      {
        billNo: 'SD001',
        amount: 1200,
        items: [
          { goods: '螺丝', qty: 100 },
          { goods: '螺母', qty: 50 },
        ],
      },
      {
        billNo: 'SD002',
        amount: 35.5,
        items: [
          { goods: '垫片', qty: 7 },
          { goods: '垫圈', qty: 2.5 },
        ],
      },
      { billNo: 'SD003', amount: 8, items: [] },
    ];
    for (const bill of bills)
      await api.ok('POST', `/api/visualdev/OnlineDev/${designId}`, { data: JSON.stringify(bill) });

    // the template, designed on the screen: the form's fields, a QR code, a capital amount, the sub-table
    const name = `送货单模板${stamp}`;
    const page = await openAt('/system/printDev', { token: api.token });
    await page.getByRole('button', { name: /新\s*建/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建打印模板' });
    await dialog.getByLabel('模板名称').fill(name);
    await dialog.getByLabel('模板编码').fill(`s${stamp}`);
    await dialog.getByLabel('模板分类').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '业务单据' }).click();
    await dialog.getByRole('radio', { name: '在线表单' }).check();
    await dialog.getByRole('combobox', { name: '在线表单' }).click();
    await page.keyboard.type(formName);
    await page.locator('.ant-select-item-option').filter({ hasText: formName }).click();
    await dialog.getByRole('tab', { name: '模板设计' }).click();
    const editor = dialog.getByRole('textbox', { name: '模板内容' });
    await editor.click();
    const tree = dialog.locator('[role=treeitem]');
    const insertAs = async (kind: string) => {
      await dialog.getByRole('combobox', { name: '插入为' }).click();
      await page.locator('.ant-select-item-option').filter({ hasText: kind }).click();
    };
    await page.keyboard.type('单号：');
    await tree.getByText('单号', { exact: true }).click();
    await page.keyboard.type(' 金额：');
    await insertAs('大写金额');
    await tree.getByText('金额', { exact: true }).click();
    await page.keyboard.press('Enter');
    await insertAs('二维码');
    await tree.getByText('单号', { exact: true }).click();
    await page.keyboard.press('Enter');
    // the sub-table with a total row: 合计 under 品名, the sum of 数量 under 数量
    await dialog.getByRole('button', { name: /插入表格（含合计行）/ }).click();
    await expect.poll(() => editor.locator('.wk-print-tag-wukong').count()).toBe(6);
    await screenshot(page, 'print-form-designer-1440');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-table-row').filter({ hasText: name }).waitFor();
    const templateId = (
      await api.ok<{ list: { id: string; fullName: string }[] }>(
        'GET',
        `/api/system/printDev?keyword=${encodeURIComponent(name)}`,
      )
    ).list.find((r) => r.fullName === name)!.id;
    await api.ok('PUT', `/api/visualdev/Base/${designId}`, design({ printId: templateId, printIds: [templateId] }));
    await release();

    // one record from its form's 打印 button
    const list = await openAt(`/model/${code}`, { token: api.token });
    await list
      .locator('.ant-table-row')
      .filter({ hasText: 'SD001' })
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    await list
      .locator('.ant-modal')
      .getByRole('button', { name: /^打\s*印$/ })
      .click();
    const preview = list.locator('.ant-modal').filter({ has: list.locator('iframe[title="打印预览"]') });
    const sheet = preview.frameLocator('iframe[title="打印预览"]');
    await expect.poll(() => sheet.locator('.print-page').count()).toBe(1);
    await sheet.getByText('单号：SD001 金额：壹仟贰佰元整').waitFor();
    // the title row, the two items, and the total row once: 100 + 50
    await expect.poll(() => sheet.locator('tr').count()).toBe(4);
    await expect.poll(() => sheet.locator('tr').last().innerText()).toMatch(/^合计\s+150$/);
    await expect.poll(() => sheet.locator('img[src^="data:image/png"]').count()).toBe(1);
    await screenshot(list, 'print-form-record-1440');
    await preview.getByRole('button', { name: /取\s*消/ }).click();
    await list.keyboard.press('Escape');

    // three from the list: one page each; printed, downloaded as PDF and as Word
    await list.reload();
    for (const bill of bills)
      await list.locator('.ant-table-row').filter({ hasText: bill.billNo }).locator('.ant-checkbox-input').check();
    await list.getByRole('button', { name: /批量打印/ }).click();
    const batch = list.locator('.ant-modal').filter({ has: list.locator('iframe[title="打印预览"]') });
    const pages = batch.frameLocator('iframe[title="打印预览"]');
    await expect.poll(() => pages.locator('.print-page').count()).toBe(3);
    await pages.getByText('单号：SD003 金额：捌元整').waitFor();
    await screenshot(list, 'print-form-batch-1440');
    await list.evaluate(() => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe[title="打印预览"]')!;
      frame.contentWindow!.print = () => undefined;
    });
    await batch.getByRole('button', { name: /^打\s*印$/ }).click();

    const save = async (button: RegExp | string) => {
      const downloading = list.waitForEvent('download');
      await batch.getByRole('button', { name: button }).click();
      const download = await downloading;
      return { name: download.suggestedFilename(), path: (await download.path())! };
    };
    const pdf = await save('下载PDF');
    expect(pdf.name).toMatch(/\.pdf$/);
    const text = execFileSync('pdftotext', ['-layout', pdf.path, '-'], { encoding: 'utf8' });
    expect(text.split('\f').filter((p) => p.trim())).toHaveLength(3);
    for (const words of ['单号：SD001', '壹仟贰佰元整', '螺丝', '螺母', '垫片', '单号：SD003', '捌元整', '品名'])
      expect(text).toContain(words);
    // the table's row keeps its cells on one line: 螺丝 then its quantity
    expect(text).toMatch(/螺丝\s+100/);
    // each page's total row: integers as they are, 7 + 2.5 with 2 decimals, no items 0
    const pdfPages = text.split('\f');
    expect(pdfPages[0]).toMatch(/合计\s+150\s*$/m);
    expect(pdfPages[1]).toMatch(/合计\s+9\.50\s*$/m);
    expect(pdfPages[2]).toMatch(/合计\s+0\s*$/m);
    // a QR code on each page, drawn as a picture
    const images = execFileSync('pdfimages', ['-list', pdf.path], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter((l) => /^\s*\d+\s+\d+\s+image\b/.test(l))
      .map((l) => Number(l.trim().split(/\s+/)[0]));
    expect(new Set(images)).toEqual(new Set([1, 2, 3]));

    const word = await save(/^下\s*载$/);
    expect(word.name).toMatch(/\.doc$/);
    // read by an HTML reader (Python's html.parser): the text, the table's repeated rows, a QR picture per page
    // inside the file (no site address: a saved file reaches no site)
    const read = JSON.parse(
      execFileSync(
        'python3',
        [
          '-c',
          [
            'import json, sys',
            'from html.parser import HTMLParser',
            'class R(HTMLParser):',
            '    def __init__(self):',
            '        super().__init__(); self.text = []; self.rows = 0; self.images = []',
            '    def handle_starttag(self, tag, attrs):',
            '        a = dict(attrs)',
            '        if tag == "tr": self.rows += 1',
            '        if tag == "img": self.images.append(a.get("src", "")[:22])',
            '    def handle_data(self, data): self.text.append(data)',
            'r = R(); r.feed(open(sys.argv[1], encoding="utf-8-sig").read())',
            'print(json.dumps({"text": " ".join(r.text), "rows": r.rows, "images": r.images}))',
          ].join('\n'),
          word.path,
        ],
        { encoding: 'utf8' },
      ),
    ) as { text: string; rows: number; images: string[] };
    for (const words of ['单号：SD001', '壹仟贰佰元整', '螺丝', '100', '垫片', '单号：SD003', '150', '9.50'])
      expect(read.text).toContain(words);
    // per page: the title row, the items, the total row
    expect(read.rows).toBe(4 + 4 + 2);
    expect(read.images).toEqual(Array.from({ length: 3 }, () => 'data:image/png;base64,'));

    // the print in the template's log: who, when, how many
    await expect
      .poll(
        async () =>
          (await api.ok<{ list: { printNum: number }[] }>('GET', `/api/system/printLog/${templateId}`)).list.length,
      )
      .toBe(1);
    await page.reload();
    await rowMoreAction(page, page.locator('.ant-table-row').filter({ hasText: name }), '打印日志');
    const log = page.locator('.ant-drawer').filter({ hasText: `打印日志 - ${name}` });
    await log.getByRole('cell', { name: '3', exact: true }).waitFor();
    await screenshot(page, 'print-form-log-1440');
    await list.setViewportSize({ width: 800, height: 900 });
    await screenshot(list, 'print-form-batch-800');
    await page.context().close();
    await list.context().close();
  });
});
