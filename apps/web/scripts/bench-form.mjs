// The generated-form budget (first render ≤ 1 s, keystroke to paint ≤ 50 ms), part of `npm run bench:web`: a
// design with 200 fields (the common input widgets in turn) is created through the API, then in headless Chromium
// the function preview (/previewModel) opens its add dialog. Reports the time from the click to the 200th field on
// screen, and the time from a keystroke in a text field to the next frame painted after the form took the input.
/* global window, document, requestAnimationFrame -- the functions passed to page.evaluate run in the browser */
import { api, signIn } from '../../server/bench/common.mjs';

const FIELD_COUNT = 200;
const KEYS = ['input', 'inputNumber', 'select', 'datePicker', 'switch', 'textarea', 'radio', 'checkbox'];

const OPTIONS = [
  { fullName: '甲', id: 'a' },
  { fullName: '乙', id: 'b' },
  { fullName: '丙', id: 'c' },
];

/** field i of the design: the keys of KEYS in turn, every tenth required */
export function field(i) {
  const jnpfKey = KEYS[(i - 1) % KEYS.length];
  const withOptions = jnpfKey === 'select' || jnpfKey === 'radio' || jnpfKey === 'checkbox';
  return {
    __config__: {
      jnpfKey,
      label: `字段${i}`,
      span: 12,
      required: i % 10 === 0,
      formId: i,
      renderKey: i,
      regList: [],
      ...(withOptions ? { dataType: 'static' } : {}),
    },
    __vModel__: `${jnpfKey}Field${i}`,
    placeholder: '请输入',
    ...(withOptions ? { options: OPTIONS, props: { label: 'fullName', value: 'id' } } : {}),
    ...(jnpfKey === 'datePicker' ? { type: 'date', format: 'yyyy-MM-dd' } : {}),
  };
}

export function formDesign(count = FIELD_COUNT) {
  const fields = Array.from({ length: count }, (_, n) => field(n + 1));
  const formData = { labelWidth: 100, popupType: 'fullScreen', idGlobal: count, fields };
  const columnData = {
    type: 1,
    columnList: [{ label: '字段1', prop: 'inputField1', jnpfKey: 'input' }],
    searchList: [],
    btnsList: [{ value: 'add', label: '新建' }],
    columnBtnsList: [{ value: 'edit', label: '编辑' }],
    hasPage: true,
    pageSize: 20,
  };
  return { formData, columnData };
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * types `count` letters into the focused box, one every 30 ms, and answers for each the time from its keydown to
 * the next frame painted after React handled it (double requestAnimationFrame)
 */
export async function keystrokesToPaint(page, count) {
  await page.evaluate(() => {
    window.__keyTimes = [];
    // one listener per page, however often this runs
    if (window.__keyListening) return;
    window.__keyListening = true;
    document.addEventListener(
      'keydown',
      (event) => {
        const start = event.timeStamp;
        requestAnimationFrame(() => requestAnimationFrame(() => window.__keyTimes.push(performance.now() - start)));
      },
      true,
    );
  });
  for (let i = 0; i < count; i++) {
    await page.keyboard.type(String.fromCharCode(97 + (i % 26)));
    await page.waitForTimeout(30);
  }
  await page.waitForTimeout(200);
  return page.evaluate(() => window.__keyTimes);
}

/** runs the generated-form measurements against a running server, in the given browser */
export async function benchGeneratedForm(browser, base, runs) {
  const token = await signIn(base);
  const { formData, columnData } = formDesign();
  const categories = await api(base, token, 'GET', '/api/system/DictionaryData/webDesign');
  const id = await api(base, token, 'POST', '/api/visualdev/Base', {
    fullName: '两百字段表单',
    enCode: `bench200${Date.now()}`,
    type: 1,
    webType: 2,
    category: categories.list[0].id,
    description: '',
    sortCode: 0,
    formData: JSON.stringify(formData),
    columnData: JSON.stringify(columnData),
  });

  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByPlaceholder('请输入账号').fill('admin');
  await page.getByPlaceholder('请输入密码').fill('123456');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL('**/home');

  const renders = [];
  for (let run = 0; run <= runs; run++) {
    await page.goto(`/previewModel?id=${id}`);
    const add = page.getByRole('button', { name: /新\s*建/ }).first();
    await add.waitFor();
    const started = performance.now();
    await add.click();
    await page.getByText(`字段${FIELD_COUNT}`, { exact: true }).waitFor();
    const ms = performance.now() - started;
    if (run > 0) renders.push(ms); // the first run loads the widgets' chunks
    if (run < runs) await page.keyboard.press('Escape');
  }

  // keystroke → the next painted frame after React handled the input (double rAF)
  const input = page.locator('input#inputField1, [id$="inputField1"] input, input[id$="inputField1"]').first();
  await input.click();
  const keys = await keystrokesToPaint(page, 30);
  const typed = await input.inputValue();
  await context.close();

  console.log(`\n── generated form, ${FIELD_COUNT} fields, /previewModel add dialog, ${runs} runs (+1 warm-up)`);
  console.log(
    `first render (click → field ${FIELD_COUNT} on screen): median ${median(renders).toFixed(0)} ms, ` +
      `min ${Math.min(...renders).toFixed(0)}, max ${Math.max(...renders).toFixed(0)} (budget ≤ 1,000 ms)`,
  );
  console.log(
    `keystroke → paint: median ${median(keys).toFixed(1)} ms, max ${Math.max(...keys).toFixed(1)} ms over ` +
      `${keys.length} keys (budget ≤ 50 ms); the field holds ${typed.length} characters`,
  );
}
