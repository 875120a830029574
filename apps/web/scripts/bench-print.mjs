// The print preview's first paint (budget ≤ 1 s), part of `npm run bench:web`: a released form of delivery notes
// (main fields and a sub-table of BENCH_WEB_PRINT_ROWS, 20, lines), a print template over it linked to its list
// (columnData.printIds) and 10 records are made through the API; then in headless Chromium, on the form's page
// (/model/<enCode>), the rows are selected and 批量打印 clicked. Reported: the time from the click to the
// preview's pages painted (every page in the preview's frame, then the next frame painted), for one record (the
// preview reads printDev/Data) and for the batch of 10 (POST printDev/BatchData), the median of the runs after a
// warm-up that loads the preview's code.
/* global document, requestAnimationFrame -- the functions passed to evaluate run in the browser */
import { printFieldHtml } from '@jnpf/core';
import { api, signIn } from '../../server/bench/common.mjs';
import { median } from './bench-form.mjs';

const BATCH = 10;
const ROWS = Number(process.env.BENCH_WEB_PRINT_ROWS ?? 20);
const BUDGET_MS = 1_000;
const FRAME = 'iframe[title="打印预览"]';

const field = (jnpfKey, vModel, label, formId, config = {}, props = {}) => ({
  __config__: { jnpfKey, label, formId, renderKey: formId, regList: [], ...config },
  __vModel__: vModel,
  ...props,
});

/** a delivery note: its number and customer above, a table whose row repeats over the lines, totals below */
const TEMPLATE =
  `<h2 style="text-align:center">送货单 ${printFieldHtml('headTable', 'title')}</h2>` +
  `<p>客户：${printFieldHtml('headTable', 'customer')} 总金额：${printFieldHtml('headTable', 'total')} ` +
  `制单：${printFieldHtml('headTable', 'creatorUserName')} ${printFieldHtml('headTable', 'creatorTime')}</p>` +
  '<table><tbody><tr><th>品名</th><th>规格</th><th>数量</th><th>单价</th></tr><tr>' +
  ['name', 'spec', 'qty', 'price'].map((f) => `<td>${printFieldHtml('items', f)}</td>`).join('') +
  '</tr></tbody></table>' +
  '<p>打印人：{systemPrinter} 打印时间：{systemPrintTime}</p>';

/** the released form with its template and BATCH records; answers the form's enCode */
async function printableForm(base, token) {
  const stamp = Date.now().toString(36);
  const enCode = `benchprintweb${stamp}`;
  const fields = [
    field('input', 'title', '单号', 1, { required: true }),
    field('input', 'customer', '客户', 2),
    field('inputNumber', 'total', '总金额', 3),
    field('table', 'items', '明细', 4, {
      children: [
        field('input', 'name', '品名', 5),
        field('input', 'spec', '规格', 6),
        field('inputNumber', 'qty', '数量', 7),
        field('inputNumber', 'price', '单价', 8),
      ],
    }),
  ];
  const columns = (printIds) =>
    JSON.stringify({
      type: 1,
      columnList: [
        { label: '单号', prop: 'title', jnpfKey: 'input' },
        { label: '客户', prop: 'customer', jnpfKey: 'input' },
      ],
      searchList: [],
      btnsList: [{ value: 'batchPrint', label: '批量打印' }],
      columnBtnsList: [],
      hasPage: true,
      pageSize: 20,
      printIds,
    });
  const design = {
    fullName: `送货单${stamp}`,
    enCode,
    type: 1,
    webType: 2,
    category: (await api(base, token, 'GET', '/api/system/DictionaryData/webDesign')).list[0].id,
    description: '',
    sortCode: 0,
    formData: JSON.stringify({ formRef: 'elForm', formModel: 'dataForm', labelWidth: 100, fields }),
  };
  const designId = await api(base, token, 'POST', '/api/visualdev/Base', { ...design, columnData: columns([]) });
  const templateId = await api(base, token, 'POST', '/api/system/printDev', {
    fullName: `送货单模板${stamp}`,
    enCode: `benchprintweb${stamp}`,
    category: 'form',
    type: 2,
    sortCode: 0,
    enabledMark: 1,
    dbLinkId: '0',
    sourceType: 2,
    formModelId: designId,
    sqlTemplate: '',
    printTemplate: TEMPLATE,
    pageParam: JSON.stringify({ type: '2', width: '210', height: '297', mt: '10', mb: '10', ml: '10', mr: '10' }),
    description: '',
  });
  await api(base, token, 'PUT', `/api/visualdev/Base/${designId}`, { ...design, columnData: columns([templateId]) });
  const me = await api(base, token, 'GET', '/api/oauth/CurrentUser');
  await api(base, token, 'POST', `/api/visualdev/Base/${designId}/Actions/Release`, {
    pc: 1,
    pcSystemId: me.userInfo.systemId,
    pcModuleParentId: '-1',
    app: 0,
  });
  for (let i = 0; i < BATCH; i++)
    await api(base, token, 'POST', `/api/visualdev/OnlineDev/${designId}`, {
      data: JSON.stringify({
        title: `SD${String(i).padStart(6, '0')}`,
        customer: `客户${i}有限公司`,
        total: i * 100,
        items: Array.from({ length: ROWS }, (_, j) => ({
          name: `物料${j}`,
          spec: `${j}×${i} mm`,
          qty: j + 1,
          price: j,
        })),
      }),
    });
  return enCode;
}

/** click 批量打印 → every page in the preview's frame and the next frame painted, in ms */
async function previewPainted(page, pages) {
  const frame = page.frameLocator(FRAME);
  const started = performance.now();
  await page.getByRole('button', { name: /批量打印/ }).click();
  await frame
    .locator('.print-page')
    .nth(pages - 1)
    .waitFor();
  await page.waitForFunction(
    ([selector, n]) => document.querySelector(selector)?.contentDocument?.querySelectorAll('.print-page').length === n,
    [FRAME, pages],
  );
  // the frame's document is there: the next frame painted shows it
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const ms = performance.now() - started;
  const count = await frame.locator('.print-page').count();
  if (count !== pages) throw new Error(`the preview shows ${count} pages, not ${pages}`);
  const lines = await frame.locator('.print-page').first().locator('tr').count();
  if (lines !== ROWS + 1) throw new Error(`the first page shows ${lines - 1} lines, not ${ROWS}`);
  await page.getByRole('button', { name: /取\s*消/ }).click();
  await page.locator(FRAME).waitFor({ state: 'detached' });
  return ms;
}

/** runs the print-preview measurements against a running server, in the given browser */
export async function benchPrintPreview(browser, base, runs) {
  const token = await signIn(base);
  const enCode = await printableForm(base, token);

  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByPlaceholder('请输入账号').fill('admin');
  await page.getByPlaceholder('请输入密码').fill('123456');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL('**/home');
  await page.goto(`/model/${enCode}`);
  const rows = page.locator('.ant-table-row');
  await rows.nth(BATCH - 1).waitFor();

  const results = {};
  for (const [label, count] of [
    ['one record (Data)', 1],
    [`${BATCH} records (BatchData)`, BATCH],
  ]) {
    // select exactly `count` rows
    for (let i = 0; i < BATCH; i++) {
      const box = rows.nth(i).locator('.ant-checkbox-input');
      if ((await box.isChecked()) !== i < count) await box.click();
    }
    const times = [];
    for (let run = 0; run <= runs; run++) {
      const ms = await previewPainted(page, count);
      if (run > 0) times.push(ms); // the first run loads the preview's chunks (and the QR/barcode drawers)
    }
    results[label] = times;
  }
  await context.close();

  console.log(`\n── print preview, a released form's template, ${ROWS}-line sub-table, ${runs} runs (+1 warm-up)`);
  for (const [label, times] of Object.entries(results)) {
    const mid = median(times);
    console.log(
      `${label}: click 批量打印 → pages painted: median ${mid.toFixed(0)} ms, min ${Math.min(...times).toFixed(0)}, ` +
        `max ${Math.max(...times).toFixed(0)} (budget ≤ ${BUDGET_MS.toLocaleString('en')} ms: ${mid <= BUDGET_MS ? 'met' : 'MISSED'})`,
    );
  }
}
