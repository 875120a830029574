// The generated-form budget with every widget (issue 17: "a form with every widget and 200 fields plus a 200-row
// sub-table: first render ≤ 1 s, keystroke to paint ≤ 50 ms"), part of `npm run bench:web` (BENCH_WEB_ONLY=form or
// formevery). A design whose 200 fields take, in turn, every input widget kind of the registry (INPUT_KEYS from
// @jnpf/core, so a new widget joins the bench; a kind needing more than the entries below is refused by the design
// check and the bench says which), some of them inside the layouts (tab, collapse, table grid, card, row), plus a
// sub-table of a few columns. The setup creates through the API what the kinds need: a static data interface (popup
// select, popup table select, autoComplete), a released form (relation form), a bill rule (billRule); the choice
// widgets take static options, every second select the dictionary `sex`. A record with 200 sub-table rows is
// created, and /previewModel opens its edit form. Reports the time from the click on 编辑 to the 200th field and
// the sub-table's rows on screen (from SUB_TABLE_VIRTUAL_FROM rows, in subTable.ts, the sub-table mounts only the
// rows in its view: the first row's first cell input is waited for, and the count of rows in the page is reported;
// with fewer rows, every row is in the page and the last row's input is waited for), and keystroke to paint in a
// main text field and in a cell of the last sub-table row (its rows area scrolled to the end first).
// BENCH_FORM_ROWS sets the rows (200); BENCH_FORM_PROFILE=<file> saves Chromium CPU profiles of the typing in the
// cell (<file>) and of the last first render (<file>.render), to open in DevTools.
/* global document -- the functions passed to page.waitForFunction run in the browser */
import fs from 'node:fs';
import { INPUT_KEYS, SUB_TABLE_KEY } from '@jnpf/core';
import { api, signIn } from '../../server/bench/common.mjs';
import { keystrokesToPaint, median } from './bench-form.mjs';

const FIELD_COUNT = 200;
const ROWS = Number(process.env.BENCH_FORM_ROWS ?? 200);
const verdict = (ok) => (ok ? 'met' : 'MISSED');

const OPTIONS = [
  { fullName: '甲', id: 'a', children: [{ fullName: '甲一', id: 'a1' }] },
  { fullName: '乙', id: 'b' },
  { fullName: '丙', id: 'c' },
];
/** what each kind needs beyond a label and a record key to pass the design check; `ctx` holds the setup's ids */
const NEEDS = {
  select: (ctx, i) =>
    i % 2
      ? { __config__: { dataType: 'dictionary', dictionaryType: 'sex' }, props: { label: 'fullName', value: 'enCode' } }
      : staticOptions(),
  radio: () => staticOptions(),
  checkbox: () => staticOptions(),
  cascader: () => staticOptions(),
  treeSelect: () => staticOptions(),
  datePicker: () => ({ type: 'date', format: 'yyyy-MM-dd' }),
  billRule: (ctx) => ({ rule: ctx.rule }),
  popupSelect: (ctx) => popup(ctx),
  popupTableSelect: (ctx) => popup(ctx),
  autoComplete: (ctx) => ({ interfaceId: ctx.interfaceId, relationField: 'fullName', templateJson: [] }),
  popupAttr: (ctx) => ({ relationField: ctx.popupOf, showField: 'fullName', isStorage: 0 }),
  relationForm: (ctx) => ({
    modelId: ctx.relatedId,
    relationField: 'title',
    columnOptions: [{ value: 'title', label: '标题' }],
    hasPage: true,
    pageSize: 20,
  }),
  relationFormAttr: (ctx) => ({ relationField: ctx.relationOf, showField: 'title', isStorage: 0 }),
  calculate: (ctx) => ({ expression: [{ __vModel__: ctx.numberOf, label: '数字' }, '*', '2'] }),
};
function staticOptions() {
  return { __config__: { dataType: 'static' }, options: OPTIONS, props: { label: 'fullName', value: 'id' } };
}
function popup(ctx) {
  return {
    interfaceId: ctx.interfaceId,
    propsValue: 'id',
    relationField: 'fullName',
    columnOptions: [{ value: 'fullName', label: '名称' }],
    templateJson: [],
    hasPage: true,
    pageSize: 20,
  };
}

let formId = 1;
const nextId = () => formId++;

/** field i (1-based): the kinds of INPUT_KEYS in turn */
function valueField(i, ctx) {
  const jnpfKey = INPUT_KEYS[(i - 1) % INPUT_KEYS.length];
  const { __config__: extraConfig, ...extra } = NEEDS[jnpfKey]?.(ctx, Math.floor((i - 1) / INPUT_KEYS.length)) ?? {};
  const id = nextId();
  return {
    __config__: {
      jnpfKey,
      label: `字段${i}`,
      span: 12,
      formId: id,
      renderKey: id,
      regList: [],
      ...extraConfig,
    },
    __vModel__: `${jnpfKey}F${i}`,
    ...extra,
  };
}

const part = (jnpfKey, extra, children) => {
  const id = nextId();
  return { ...extra, __config__: { jnpfKey, formId: id, renderKey: id, children } };
};
const layout = (jnpfKey, extra, children) => {
  const id = nextId();
  return { ...extra, __config__: { jnpfKey, label: jnpfKey, formId: id, renderKey: id, span: 24, children } };
};

/** the sub-table's columns: a text, a number, a choice and a date */
const SUB_COLUMNS = [
  { jnpfKey: 'input', vModel: 'cText' },
  { jnpfKey: 'inputNumber', vModel: 'cNumber' },
  { jnpfKey: 'select', vModel: 'cChoice', ...staticOptions() },
  { jnpfKey: 'datePicker', vModel: 'cDate', type: 'date', format: 'yyyy-MM-dd' },
];

export function everyWidgetDesign(ctx) {
  formId = 1;
  // what an attribute follows (the first popup select, relation form) and a formula reads (the first number)
  const firstOf = (key) => `${key}F${INPUT_KEYS.indexOf(key) + 1}`;
  const full = {
    ...ctx,
    popupOf: firstOf('popupSelect'),
    relationOf: firstOf('relationForm'),
    numberOf: firstOf('inputNumber'),
  };
  const values = Array.from({ length: FIELD_COUNT }, (_, n) => valueField(n + 1, full));
  // the layouts hold fields 1–12 (the first ones on screen); the rest stand in the form, the last after the table
  const at = (from, to) => values.slice(from - 1, to);
  const fields = [
    layout('row', {}, at(1, 2)),
    layout('card', { header: '卡片' }, at(3, 4)),
    layout('tab', { type: '' }, [
      part('tabItem', { title: '页一', name: '1' }, at(5, 6)),
      part('tabItem', { title: '页二', name: '2' }, at(7, 7)),
    ]),
    layout('collapse', { accordion: false }, [
      part('collapseItem', { title: '栏一', name: '1' }, at(8, 9)),
      part('collapseItem', { title: '栏二', name: '2' }, at(10, 10)),
    ]),
    layout('tableGrid', {}, [
      part('tableGridTr', {}, [part('tableGridTd', {}, at(11, 11)), part('tableGridTd', {}, at(12, 12))]),
    ]),
    ...at(13, FIELD_COUNT - 1),
    {
      __config__: {
        jnpfKey: SUB_TABLE_KEY,
        label: '明细',
        formId: nextId(),
        span: 24,
        showTitle: true,
        children: SUB_COLUMNS.map(({ jnpfKey, vModel, ...extra }) => {
          const { __config__: extraConfig, ...rest } = extra;
          const id = nextId();
          return {
            __config__: { jnpfKey, label: `列${vModel}`, formId: id, renderKey: id, regList: [], ...extraConfig },
            __vModel__: vModel,
            ...rest,
          };
        }),
      },
      __vModel__: 'rows',
    },
    ...at(FIELD_COUNT, FIELD_COUNT),
  ];
  const formData = { labelWidth: 100, popupType: 'fullScreen', idGlobal: formId, fields };
  const columnData = {
    type: 1,
    columnList: [{ label: '字段1', prop: values[0].__vModel__, jnpfKey: values[0].__config__.jnpfKey }],
    searchList: [],
    btnsList: [{ value: 'add', label: '新建' }],
    columnBtnsList: [{ value: 'edit', label: '编辑' }],
    hasPage: true,
    pageSize: 20,
  };
  return { formData, columnData, values };
}

/** creates what the kinds need: a data interface, a released form to relate to, a bill rule */
async function setUp(base, token, category) {
  const stamp = Date.now().toString(36);
  const interfaceTypes = await api(base, token, 'GET', '/api/system/DictionaryData/DataInterfaceType');
  const interfaceId = await api(base, token, 'POST', '/api/system/DataInterface', {
    fullName: `静态接口${stamp}`,
    enCode: `benchdi${stamp}`,
    category: interfaceTypes.list[0].id,
    type: 2,
    hasPage: 0,
    action: 0,
    enabledMark: 1,
    sortCode: 0,
    description: '',
    dataConfigJson: JSON.stringify({
      staticData: JSON.stringify(OPTIONS.map(({ id, fullName }) => ({ id, fullName }))),
    }),
  });
  const businessTypes = await api(base, token, 'GET', '/api/system/DictionaryData/businessType');
  const rule = `BF${stamp}`.toUpperCase();
  await api(base, token, 'POST', '/api/system/BillRule', {
    fullName: `编号${stamp}`,
    enCode: rule,
    category: businessTypes.list[0].id,
    prefix: 'BF',
    suffix: '',
    type: 1,
    dateFormat: 'no',
    digit: 4,
    startNumber: '0001',
    sortCode: 0,
    enabledMark: 1,
  });
  const relatedCode = `benchrel${stamp}`;
  const relatedId = await api(base, token, 'POST', '/api/visualdev/Base', {
    fullName: '关联目标',
    enCode: relatedCode,
    type: 1,
    webType: 2,
    category,
    description: '',
    sortCode: 0,
    formData: JSON.stringify({
      labelWidth: 100,
      fields: [{ __config__: { jnpfKey: 'input', label: '标题', formId: 1, renderKey: 1 }, __vModel__: 'title' }],
    }),
    columnData: JSON.stringify({
      type: 1,
      columnList: [{ label: '标题', prop: 'title', jnpfKey: 'input' }],
      searchList: [],
      btnsList: [],
      columnBtnsList: [],
      hasPage: true,
      pageSize: 20,
    }),
  });
  await release(base, token, relatedId);
  return { interfaceId, rule, relatedId };
}

/** releases a design without a menu: the runtime (and a relation form) reads its released copy */
async function release(base, token, designId) {
  await api(base, token, 'POST', `/api/visualdev/Base/${designId}/Actions/Release`, { pc: 0, app: 0 });
}

/** runs the every-widget form measurements against a running server, in the given browser */
export async function benchEveryWidgetForm(browser, base, runs) {
  const token = await signIn(base);
  const categories = await api(base, token, 'GET', '/api/system/DictionaryData/webDesign');
  const category = categories.list[0].id;
  const ctx = await setUp(base, token, category);
  const { formData, columnData, values } = everyWidgetDesign(ctx);
  const id = await api(base, token, 'POST', '/api/visualdev/Base', {
    fullName: '全部控件表单',
    enCode: `benchevery${Date.now()}`,
    type: 1,
    webType: 2,
    category,
    description: '',
    sortCode: 0,
    formData: JSON.stringify(formData),
    columnData: JSON.stringify(columnData),
  });
  const first = values[0].__vModel__;
  const record = {
    [first]: '第一条',
    rows: Array.from({ length: ROWS }, (_, n) => ({ cText: `行${n + 1}`, cNumber: n, cChoice: 'a', cDate: null })),
  };
  await api(base, token, 'POST', `/api/visualdev/OnlineDev/${id}`, { data: JSON.stringify(record) });

  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByPlaceholder('请输入账号').fill('admin');
  await page.getByPlaceholder('请输入密码').fill('123456');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL('**/home');

  const lastField = page.getByText(`字段${FIELD_COUNT}`, { exact: true });
  // a virtual sub-table shows its first rows (its rows area has the class below); a short one all of them
  const virtualRows = page.locator('.ant-table-tbody-virtual');
  const shownRow = page
    .locator(`input[id$="_${ROWS - 1}_cText"]`)
    .or(virtualRows.locator('input[id$="_0_cText"]'))
    .first();
  const renders = [];
  // far controls mount after the first screen, when near the view or when the browser is idle
  const allMounted = [];
  for (let run = 0; run <= runs; run++) {
    await page.goto(`/previewModel?id=${id}`);
    const edit = page.getByRole('button', { name: /编\s*辑/ }).first();
    await edit.waitFor();
    // BENCH_FORM_PROFILE: the last run's render profiled too (<file>.render)
    const profileRender = process.env.BENCH_FORM_PROFILE && run === runs ? await context.newCDPSession(page) : null;
    if (profileRender) {
      await profileRender.send('Profiler.enable');
      await profileRender.send('Profiler.start');
    }
    const started = performance.now();
    await edit.click();
    await Promise.all([lastField.waitFor(), shownRow.waitFor()]);
    const ms = performance.now() - started;
    if (profileRender)
      fs.writeFileSync(
        `${process.env.BENCH_FORM_PROFILE}.render`,
        JSON.stringify((await profileRender.send('Profiler.stop')).profile),
      );
    await page.waitForFunction(() => !document.querySelector('[data-pending-control]'), null, { timeout: 60_000 });
    const mountedMs = performance.now() - started;
    if (run > 0) renders.push(ms); // the first run loads the widgets' chunks
    if (run > 0) allMounted.push(mountedMs);
    if (run < runs) await page.keyboard.press('Escape');
  }
  const rowCount = await page.locator('input[id$="_cText"]').count();
  const rowsInPage = await page.getByRole('group', { name: '明细' }).locator('.ant-table-row').count();
  const virtual = (await virtualRows.count()) > 0;

  const mainInput = page.locator(`input[id$="${first}"]`).first();
  await mainInput.click();
  await page.keyboard.press('End');
  const keys = await keystrokesToPaint(page, 30);
  const typed = await mainInput.inputValue();

  const cell = page.locator(`input[id$="_${ROWS - 1}_cText"]`);
  if (virtual) {
    // the rows area scrolled to its end, as a user's wheel would: the last row mounts
    const holder = page.locator('.ant-table-tbody-virtual-holder').first();
    await holder.scrollIntoViewIfNeeded();
    await holder.hover();
    // (rows measured on the way make the area taller than estimated: on until the last row stays)
    for (let i = 0; i < 200; i++) {
      await page.mouse.wheel(0, 2000);
      await page.waitForTimeout(100);
      if (!(await cell.count())) continue;
      await page.waitForTimeout(300);
      if (await cell.count()) break;
    }
  }
  await cell.scrollIntoViewIfNeeded();
  await cell.click();
  await page.keyboard.press('End');
  await page.waitForTimeout(200); // the End key's frame lands before the count starts
  // BENCH_FORM_PROFILE=<file>: a Chromium CPU profile of the typing in the cell, to open in DevTools
  const profiling = process.env.BENCH_FORM_PROFILE;
  const cdp = profiling ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const cellKeys = await keystrokesToPaint(page, 30);
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    fs.writeFileSync(profiling, JSON.stringify(profile));
    console.log(`CPU profile of the typing in the cell: ${profiling}`);
  }
  const cellTyped = await cell.inputValue();
  await context.close();

  console.log(
    `\n── generated form, every input widget (${INPUT_KEYS.length} kinds) in ${FIELD_COUNT} fields with tab, ` +
      `collapse, table grid, card and row, a ${ROWS}-row sub-table, /previewModel edit dialog, ${runs} runs (+1 warm-up)`,
  );
  const mid = median(renders);
  console.log(
    `first render (click 编辑 → field ${FIELD_COUNT} and sub-table row ${virtual ? 1 : ROWS} on screen; ` +
      `${rowCount} of ${ROWS} rows' inputs in the page${virtual ? ', virtual rows' : ''}, ${rowsInPage} sub-table ` +
      `rows in all): median ${mid.toFixed(0)} ms, min ${Math.min(...renders).toFixed(0)}, ` +
      `max ${Math.max(...renders).toFixed(0)} (target ≤ 1,000 ms: ${verdict(mid <= 1000)})`,
  );
  console.log(
    `every control mounted (the far ones when near the view or the browser is idle): median ` +
      `${median(allMounted).toFixed(0)} ms, max ${Math.max(...allMounted).toFixed(0)} (no target)`,
  );
  for (const [label, times, text] of [
    ['main text field', keys, typed],
    [`sub-table cell (row ${ROWS})`, cellKeys, cellTyped],
  ])
    console.log(
      `keystroke in the ${label} → paint: median ${median(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ` +
        `ms over ${times.length} keys (target ≤ 50 ms: ${verdict(median(times) <= 50)}); it holds ${text.length} characters`,
    );
}
