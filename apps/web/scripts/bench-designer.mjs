// The designer with a large design (issue: "the designer stays responsive with 500 fields"), part of
// `npm run bench:web`: a design of BENCH_DESIGNER_FIELDS (500) fields, the common input widgets in turn, is
// created through the API and opened in the function designer in headless Chromium. Reports the time from 编辑 to
// the last field on the canvas, from a click on a field to its properties shown, from a palette click to the new
// field on the canvas, from an undo to the field gone (each timed in the page, to the frame painted after), and
// from a keystroke in the label box to the next frame painted. Targets: opening ≤ 2,000 ms; an add ≤ 100 ms (the
// issue's); a click or an undo ≤ 200 ms; a keystroke ≤ 50 ms. BENCH_DESIGNER_PROFILE=<path> saves CPU profiles and
// counts the components drawn; BENCH_DESIGNER_TRACE=<path> saves Chromium traces (style, layout, paint too).
/* global document, window, requestAnimationFrame -- the functions passed to page.evaluate run in the browser */
import fs from 'node:fs';
import { api, signIn } from '../../server/bench/common.mjs';
import { formDesign, keystrokesToPaint, median } from './bench-form.mjs';

const FIELDS = Number(process.env.BENCH_DESIGNER_FIELDS ?? 500);

const verdict = (ok) => (ok ? 'met' : 'MISSED');
const PROFILE = process.env.BENCH_DESIGNER_PROFILE;
/** a Chromium performance trace (script, style, layout, paint) of the last run's actions, to this path prefix */
const TRACE = process.env.BENCH_DESIGNER_TRACE;

/**
 * a stand-in for React DevTools' hook: after each commit, counts by name the components whose render ran (newly
 * mounted, or with props or hook state other than at the commit before), in window.__renders
 */
function countRenders() {
  window.__renders = { on: false, commits: 0, byName: {} };
  const seen = new WeakMap();
  const ownName = (type) => type.displayName || type.name || type.render?.name || type.type?.name;
  /** a component's name; a nameless one (a context provider, an anonymous function) by the named one above it */
  const nameOf = (fiber) => {
    const own = ownName(fiber.type);
    if (own) return own;
    let up = fiber.return;
    while (up && !(up.type && typeof up.type !== 'string' && ownName(up.type))) up = up.return;
    return `(in ${up ? ownName(up.type) : 'root'})`;
  };
  let lastRoot = null;
  const walk = (fiber, count) => {
    for (let f = fiber; f; f = f.sibling) {
      if (f.type && typeof f.type !== 'string') {
        const last = seen.get(f) ?? (f.alternate && seen.get(f.alternate));
        if (count && (!last || last.props !== f.memoizedProps || last.state !== f.memoizedState)) {
          const name = nameOf(f);
          window.__renders.byName[name] = (window.__renders.byName[name] ?? 0) + 1;
        }
        const mark = { props: f.memoizedProps, state: f.memoizedState };
        seen.set(f, mark);
        if (f.alternate) seen.set(f.alternate, mark);
      }
      if (f.child) walk(f.child, count);
    }
  };
  /** marks the tree as it is as seen, before counting */
  window.__renders.prime = () => lastRoot && walk(lastRoot.current, false);
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) {
      this.renderers.set(this.renderers.size + 1, renderer);
      return this.renderers.size;
    },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      // the walk is slow: only while an action is profiled
      lastRoot = root;
      if (!window.__renders.on) return;
      window.__renders.commits++;
      walk(root.current, true);
    },
  };
}

/** runs `action` under the CPU profiler and the render count; saves the profile, prints the counts */
async function profiled(context, page, name, action) {
  if (!PROFILE) return action();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await page.evaluate(() => {
    window.__renders.prime();
    window.__renders.on = true;
    window.__renders.commits = 0;
    window.__renders.byName = {};
  });
  await cdp.send('Profiler.start');
  const result = await action();
  const { profile } = await cdp.send('Profiler.stop');
  fs.writeFileSync(`${PROFILE}.${name}`, JSON.stringify(profile));
  const renders = await page.evaluate(() => {
    window.__renders.on = false;
    return { commits: window.__renders.commits, byName: window.__renders.byName };
  });
  const top = Object.entries(renders.byName)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([n, c]) => `${n} ${c}`)
    .join(', ');
  console.log(`profile ${PROFILE}.${name}: ${renders.commits} commits; components drawn: ${top}`);
  await cdp.detach();
  return result;
}

/** runs the designer measurements against a running server, in the given browser */
export async function benchDesigner(browser, base, runs) {
  const token = await signIn(base);
  const { formData, columnData } = formDesign(FIELDS);
  const categories = await api(base, token, 'GET', '/api/system/DictionaryData/webDesign');
  const enCode = `benchdesigner${Date.now()}`;
  await api(base, token, 'POST', '/api/visualdev/Base', {
    fullName: `${FIELDS}字段设计`,
    enCode,
    type: 1,
    webType: 2,
    category: categories.list[0].id,
    description: '',
    sortCode: 0,
    formData: JSON.stringify(formData),
    columnData: JSON.stringify(columnData),
  });

  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  if (PROFILE) await context.addInitScript(countRenders);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByPlaceholder('请输入账号').fill('admin');
  await page.getByPlaceholder('请输入密码').fill('123456');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL('**/home');

  const item = (label) => page.locator(`[role="treeitem"][aria-label="${label}"]`);
  const opens = [];
  const clicks = [];
  const adds = [];
  const undos = [];
  let keys = [];
  for (let run = 0; run <= runs; run++) {
    await page.goto('/onlineDev/webDesign');
    const row = page.locator('.ant-table-row').filter({ hasText: enCode });
    await row.waitFor();
    let started = performance.now();
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    await item(`字段${FIELDS}`).waitFor();
    // the first run loads the designer's chunks: not counted
    if (run > 0) opens.push(performance.now() - started);

    const label = page.getByLabel('控件标题');
    const target = `字段${Math.floor(FIELDS / 2) + run}`;
    // each action is timed in the page, from the click to the frame painted after the designer showed its
    // outcome, so that the driver's own work on a large page (scrolling, hit tests) is not counted
    const profiling = PROFILE && run === runs;
    const measure = async (name, action) => {
      if (!TRACE || run !== runs) return profiling ? profiled(context, page, name, action) : action();
      await browser.startTracing(page, { path: `${TRACE}.${name}.json`, categories: ['devtools.timeline'] });
      const result = await action();
      await browser.stopTracing();
      return result;
    };
    const clicked = await measure('click', () =>
      page.evaluate(async (want) => {
        const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
        const el = document.querySelector(`[role="treeitem"][aria-label="${want}"]`);
        el.scrollIntoView({ block: 'center' });
        // the items scrolled into view draw their content (content-visibility) over the next frames: settled
        // before the click, as when a person scrolls and then clicks
        for (let i = 0; i < 6; i++) await frame();
        const shows = () => {
          const tag = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === '控件标题');
          return tag && document.getElementById(tag.htmlFor)?.value === want;
        };
        const started = performance.now();
        el.click();
        while (!shows()) await frame();
        await frame();
        return performance.now() - started;
      }, target),
    );
    if (run > 0) clicks.push(clicked);

    // a palette click adds a field; undo takes it away again
    const [added, undone] = await measure('add', () =>
      page.evaluate(async () => {
        const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
        const count = () => document.querySelectorAll('[role="treeitem"]').length;
        const timed = async (click, done) => {
          const started = performance.now();
          click();
          while (!done()) await frame();
          await frame();
          return performance.now() - started;
        };
        const before = count();
        const palette = document.querySelector('[aria-label="点击或拖动控件添加到表单"]');
        const input = [...palette.querySelectorAll('button, [role="button"], div, span')].find(
          (e) => e.textContent?.trim() === '单行输入' && e.children.length === 0,
        );
        const add = await timed(
          () => input.click(),
          () => count() > before,
        );
        const undo = await timed(
          () => document.querySelector('button[aria-label="撤销"]').click(),
          () => count() === before,
        );
        return [add, undo];
      }),
    );
    if (run > 0) {
      adds.push(added);
      undos.push(undone);
    }

    if (run === runs) {
      // keystroke in the label box → the next painted frame after React handled it (double rAF)
      await item(target).click({ position: { x: 4, y: 4 } });
      await label.click();
      keys = await measure('keys', () => keystrokesToPaint(page, 20));
    }
  }
  await context.close();

  const line = (name, values, budget) =>
    `${name}: median ${median(values).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms (target ≤ ${budget} ms: ${verdict(median(values) <= budget)})`;
  console.log(`\n── function designer, ${FIELDS} fields, ${runs} runs (+1 warm-up)`);
  console.log(line(`open (编辑 → field ${FIELDS} on the canvas)`, opens, 2000));
  console.log(line('click a field → its properties', clicks, 200));
  console.log(line('palette click → new field on the canvas', adds, 100));
  console.log(line('undo → the field gone', undos, 200));
  console.log(
    `keystroke in 控件标题 → paint: median ${median(keys).toFixed(1)} ms, max ${Math.max(...keys).toFixed(1)} ms over ${keys.length} keys (target ≤ 50 ms: ${verdict(median(keys) <= 50)})`,
  );
}
