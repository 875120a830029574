// Visual development's heavy calls (part BENCH_VISUALDEV), on a server whose bench form holds
// BENCH_EXPORT_RECORDS (100,000) records seeded as largeForm.mjs seeds them:
//   1. import of BENCH_IMPORT_ROWS (1,000) rows into a released online form through the calls a generated form's
//      import wizard makes: TemplateDownload (for the columns), Uploader (an .xlsx built with exceljs),
//      ImportPreview, then ImportData with the previewed rows; ImportData timed, the median of
//      BENCH_IMPORT_RUNS (3) runs, each into a fresh form, and the stored rows counted.
//      Target (issue 18): ≤ 2 s on PostgreSQL, ≤ 5 s on PGlite. With BENCH_IMPORT_LINES=n (default 0: none) the
//      form has a sub-table and each record spans n sheet rows (one per sub-table row, the template's two-row
//      header): BENCH_IMPORT_ROWS sheet rows are BENCH_IMPORT_ROWS / n records, each checked and stored with its n
//      rows.
//   2. export of every record of the seeded form (Actions/ExportData, dataType 1): the call's time and the
//      server's RSS polled every BENCH_RSS_POLL_MS (20) ms while it runs; the file is downloaded and its rows
//      counted. Target (issue 18): "100,000-record export with bounded memory (RSS growth ≤ 100 MB)", the
//      growth being the peak during the call less the RSS just before it.
//   3. print BatchData (issue 19) of BENCH_PRINT_RECORDS (100) records of a released form with a sub-table of
//      BENCH_PRINT_ROWS (20) rows each, through a print template over that form: the median of
//      BENCH_PRINT_CALLS (7) calls of POST /api/system/printDev/BatchData after one warm-up, then autocannon
//      with BENCH_PRINT_CONNECTIONS (4) for BENCH_PRINT_SECONDS (10) s. Issue 19 names no figure to meet.
//      Then 下载PDF of two of those records (two pages, each with its lines, filled from BatchData's answer): the
//      median of BENCH_PDF_CALLS (5) calls of POST /api/system/printDev/Pdf after one warm-up that starts the
//      server's Chromium, each answer's PDF downloaded and its pages counted. Without a Chromium on the server
//      (PDF_CHROMIUM_PATH) the step says so and is skipped. BENCH_PDF_FILE=<path> keeps the last PDF there.
//      Then 下载PDF of the whole batch (BENCH_PDF_BATCH, 1: on): every record's page with a letterhead picture
//      (a PNG of about 200 kB, sent once) and a photo of its own (about 30 kB each), as the print preview sends
//      them: the body's size (what PDF_BODY_LIMIT must take) and the median of BENCH_PDF_BATCH_CALLS (3) calls.
//   4. a tree table (issue 18, "tree table of 10,000 nodes: first level p50"): a released form whose list is a tree
//      table (list type 5, parent field `parent`) seeded with BENCH_TREE_ROOTS (100) roots of BENCH_TREE_CHILDREN
//      (99) children each (bench/seedTree.mjs, 10,000 nodes). The first level (POST List) and one root's children
//      (POST List/{id}) under autocannon with BENCH_TREE_CONNECTIONS (10) for BENCH_TREE_SECONDS (10) s after a
//      warm-up, as the large form's cases are measured (its answers kept a second, as a busy list is); then each
//      computed afresh: the median of BENCH_TREE_CALLS (7) calls one after another, each a page size not asked before.
// A size of 0 skips its step.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import {
  api,
  authHeaders,
  cannon,
  envNumber,
  fmt,
  percentile,
  pool,
  printTable,
  rssMb,
  signIn,
  sleep,
  startServer,
  verdict,
} from './common.mjs';
import { seedRecords } from './largeForm.mjs';
import { createBenchForm } from './run.mjs';

const IMPORT_ROWS = envNumber('BENCH_IMPORT_ROWS', 1_000);
const IMPORT_RUNS = Math.max(1, envNumber('BENCH_IMPORT_RUNS', 3));
const IMPORT_LINES = Math.max(0, envNumber('BENCH_IMPORT_LINES', 0));
/** the records the import's sheet rows make */
const IMPORT_RECORDS = IMPORT_LINES > 0 ? Math.floor(IMPORT_ROWS / IMPORT_LINES) : IMPORT_ROWS;
const EXPORT_RECORDS = envNumber('BENCH_EXPORT_RECORDS', 100_000);
const RSS_POLL_MS = Math.max(1, envNumber('BENCH_RSS_POLL_MS', 20));
const PRINT_RECORDS = envNumber('BENCH_PRINT_RECORDS', 100);
const PRINT_ROWS = envNumber('BENCH_PRINT_ROWS', 20);
const PRINT_CALLS = Math.max(1, envNumber('BENCH_PRINT_CALLS', 7));
const PRINT_CONNECTIONS = envNumber('BENCH_PRINT_CONNECTIONS', 4);
const PRINT_SECONDS = envNumber('BENCH_PRINT_SECONDS', 10);
const PDF_CALLS = envNumber('BENCH_PDF_CALLS', 5);
const PDF_FILE = process.env.BENCH_PDF_FILE || '';
const PDF_BATCH = envNumber('BENCH_PDF_BATCH', 1) > 0;
const PDF_BATCH_CALLS = Math.max(1, envNumber('BENCH_PDF_BATCH_CALLS', 3));

const TREE_ROOTS = envNumber('BENCH_TREE_ROOTS', 100);
const TREE_CHILDREN = envNumber('BENCH_TREE_CHILDREN', 99);
const TREE_CONNECTIONS = envNumber('BENCH_TREE_CONNECTIONS', 10);
const TREE_SECONDS = envNumber('BENCH_TREE_SECONDS', 10);
const TREE_CALLS = Math.max(1, envNumber('BENCH_TREE_CALLS', 7));
const TREE_NODES = TREE_ROOTS * (1 + TREE_CHILDREN);

const IMPORT_TARGET_MS = { PostgreSQL: 2_000, 'PGlite (embedded)': 5_000 };
const EXPORT_RSS_GROWTH_MB = 100;
const RUN = '/api/visualdev/OnlineDev';

const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const ms = (t0) => Math.round(performance.now() - t0);

/** GET of a download address ({url} of the API) as bytes */
async function download(base, url) {
  const res = await fetch(`${base}${url}`);
  if (!res.ok) throw new Error(`download ${url}: HTTP ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** the header texts of the first sheet of an .xlsx (row 1, or row 2: a sub-table's columns under its title) */
async function headersOf(bytes, row = 1) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes);
  const sheet = wb.worksheets[0];
  const values = sheet.getRow(row).values;
  // a merged cell reads as its master's text: only the master counts
  return Array.from(values)
    .slice(1)
    .map((v, i) => (sheet.getRow(row).getCell(i + 1).type === ExcelJS.ValueType.Merge ? '' : String(v ?? '')));
}

/** the rows of every sheet of an .xlsx, counted with the streaming reader (the header row included) */
async function countRows(bytes) {
  const { Readable } = await import('node:stream');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'ignore',
    styles: 'ignore',
    hyperlinks: 'ignore',
    worksheets: 'emit',
  });
  let rows = 0;
  for await (const sheet of reader) {
    for await (const row of sheet) if (row) rows++;
    break; // the records' sheet only
  }
  return rows;
}

/**
 * an .xlsx with the template's headers and `count` rows the bench form accepts (texts as a person types them);
 * with `lines`, the template's second header row and a record every `lines` rows, one sub-table row per row
 */
async function importSheet(headers, count, sexLabels, lines = 0, second = []) {
  const cell = {
    标题: (i) => `导入${i}`,
    金额: (i) => (i * 7) % 10_000,
    等级: (i) => (i % 2 ? '高' : '低'),
    性别: (i) => sexLabels[i % sexLabels.length],
    明细: () => '',
    '': () => '',
  };
  const line = { 品名: (_i, j) => `件${j}`, 数量: (_i, j) => j + 1, '': () => '' };
  const unknown = [...headers.filter((h) => !cell[h]), ...second.filter((h) => !line[h])];
  if (unknown.length) throw new Error(`the import template has columns the bench does not fill: ${unknown.join(', ')}`);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('records');
  ws.addRow(headers);
  if (lines > 0) ws.addRow(second);
  for (let n = 0; n < count; n++) {
    const i = lines > 0 ? Math.floor(n / lines) : n;
    const j = lines > 0 ? n % lines : 0;
    const width = Math.max(headers.length, second.length);
    ws.addRow(
      Array.from({ length: width }, (_, c) =>
        second[c] ? line[second[c]](i, j) : j === 0 ? cell[headers[c] ?? ''](i) : '',
      ),
    );
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function uploadSheet(base, token, modelId, bytes) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'bench.xlsx');
  const res = await fetch(`${base}${RUN}/${modelId}/Uploader`, {
    method: 'POST',
    headers: authHeaders(token),
    body: form,
  }).then((r) => r.json());
  if (res.code !== 200) throw new Error(`Uploader: ${res.code} ${res.msg}`);
  return res.data.name;
}

const listTotal = async (base, token, modelId) =>
  (await api(base, token, 'POST', `${RUN}/${modelId}/List`, { currentPage: 1, pageSize: 1 })).pagination.total;

/** 1. import: each run into a fresh bench form, the wizard's calls in turn, ImportData timed */
async function benchImport(base, admin) {
  const sexLabels = (await api(base, admin, 'GET', '/api/system/DictionaryData/sex')).list.map((i) => i.fullName);
  const runs = [];
  let sheet;
  let headers;
  for (let run = 0; run < IMPORT_RUNS; run++) {
    const modelId = await createBenchForm(base, admin, `${Date.now().toString(36)}i${run}`, {
      subTable: IMPORT_LINES > 0,
    });
    if (!sheet) {
      const template = await download(base, (await api(base, admin, 'GET', `${RUN}/${modelId}/TemplateDownload`)).url);
      headers = await headersOf(template);
      const second = IMPORT_LINES > 0 ? await headersOf(template, 2) : [];
      sheet = await importSheet(headers, IMPORT_ROWS, sexLabels, IMPORT_LINES, second);
      if (second.length) headers = [...headers.filter(Boolean), ...second.filter(Boolean)];
    }
    let t0 = performance.now();
    const fileName = await uploadSheet(base, admin, modelId, sheet);
    const uploadMs = ms(t0);
    t0 = performance.now();
    const preview = await api(
      base,
      admin,
      'GET',
      `${RUN}/${modelId}/ImportPreview?fileName=${encodeURIComponent(fileName)}`,
    );
    const previewMs = ms(t0);
    if (preview.dataRow.length !== IMPORT_RECORDS)
      throw new Error(`ImportPreview shows ${preview.dataRow.length} records of ${IMPORT_RECORDS}`);
    t0 = performance.now();
    const result = await api(base, admin, 'POST', `${RUN}/${modelId}/ImportData`, { list: preview.dataRow });
    const importMs = ms(t0);
    const stored = await listTotal(base, admin, modelId);
    if (result.snum !== IMPORT_RECORDS || result.fnum !== 0 || stored !== IMPORT_RECORDS)
      throw new Error(
        `import run ${run + 1}: snum ${result.snum}, fnum ${result.fnum} (${result.failResult?.[0]?.errorsInfo ?? ''}), ${stored} stored`,
      );
    runs.push({ uploadMs, previewMs, importMs, stored });
  }
  return { runs, headers, bytes: sheet.length };
}

/** 2. export of every record of the seeded form, RSS polled while the call runs */
async function benchExport(base, admin, pid, modelId, records) {
  const total = await listTotal(base, admin, modelId);
  if (total !== records) throw new Error(`the export form lists ${total} records, seeded ${records}`);
  await sleep(500);
  const before = rssMb(pid);
  let peak = before;
  const timer = setInterval(() => {
    const now = rssMb(pid);
    if (now > peak) peak = now;
  }, RSS_POLL_MS);
  const t0 = performance.now();
  let file;
  try {
    file = await api(base, admin, 'POST', `${RUN}/${modelId}/Actions/ExportData`, {
      currentPage: 1,
      pageSize: 20,
      dataType: 1,
      selectKey: [],
    });
  } finally {
    clearInterval(timer);
  }
  const callMs = ms(t0);
  peak = Math.max(peak, rssMb(pid));
  const after = rssMb(pid);
  const t1 = performance.now();
  const bytes = await download(base, file.url);
  const downloadMs = ms(t1);
  const rows = (await countRows(bytes)) - 1;
  return { total, callMs, before, peak, after, growth: peak - before, downloadMs, bytes: bytes.length, rows };
}

/** the menu 在线开发 of the main system, where bench forms are released */
async function releaseTarget(base, admin) {
  const selector = await api(base, admin, 'GET', '/api/system/Menu/SystemSelector');
  const stack = [...selector.list];
  while (stack.length) {
    const node = stack.pop();
    if (node.enCode === 'onlineDev') return { systemId: selector.list[0].id, menuId: node.id };
    stack.push(...(node.children ?? []));
  }
  throw new Error('the menu onlineDev is not in the main system');
}

const field = (jnpfKey, vModel, label, config = {}, props = {}) => ({
  __config__: { jnpfKey, label, formId: Math.floor(Math.random() * 1e9), ...config },
  __vModel__: vModel,
  ...props,
});

/** a released form of delivery notes: number, customer, date, a static select, and a sub-table of lines */
async function createPrintForm(base, admin, tag) {
  const { systemId, menuId } = await releaseTarget(base, admin);
  const category = (await api(base, admin, 'GET', '/api/system/DictionaryData/webDesign')).list[0].id;
  const fields = [
    field('input', 'title', '单号', { required: true }, { maxlength: 50 }),
    field('input', 'customer', '客户', {}, { maxlength: 100 }),
    field('inputNumber', 'total', '总金额', {}, { min: 0, max: 1e9 }),
    field(
      'select',
      'kind',
      '类型',
      { dataType: 'static' },
      {
        options: [
          { id: 'a', fullName: '普通' },
          { id: 'b', fullName: '加急' },
        ],
      },
    ),
    field('table', 'items', '明细', {
      children: [
        field('input', 'name', '品名', {}, { maxlength: 100 }),
        field('input', 'spec', '规格', {}, { maxlength: 100 }),
        field('inputNumber', 'qty', '数量', {}, { min: 0, max: 1e6 }),
        field('inputNumber', 'price', '单价', {}, { min: 0, max: 1e6 }),
      ],
    }),
  ];
  const columnData = {
    type: 1,
    columnList: [{ prop: 'title', label: '单号', jnpfKey: 'input', sortable: false, align: 'left', fixed: 'none' }],
    searchList: [],
    btnsList: [
      { value: 'add', icon: 'el-icon-plus', label: '新增' },
      { value: 'batchPrint', icon: 'el-icon-printer', label: '批量打印' },
    ],
    columnBtnsList: [],
    hasPage: true,
    pageSize: 20,
    useBtnPermission: false,
    useColumnPermission: false,
  };
  const modelId = await api(base, admin, 'POST', '/api/visualdev/Base', {
    fullName: `打印压测${tag}`,
    enCode: `benchprint${tag}`,
    type: 1,
    webType: 2,
    category,
    description: '',
    sortCode: 0,
    formData: JSON.stringify({
      formRef: 'elForm',
      formModel: 'dataForm',
      labelPosition: 'right',
      labelWidth: 100,
      gutter: 15,
      fields,
    }),
    columnData: JSON.stringify(columnData),
  });
  await api(base, admin, 'POST', `/api/visualdev/Base/${modelId}/Actions/Release`, {
    pc: 1,
    pcSystemId: systemId,
    pcModuleParentId: menuId,
    app: 0,
  });
  return modelId;
}

/** a delivery note's template: the main fields, and a table whose rows repeat over the lines */
const PRINT_HTML =
  '<h2 style="text-align:center">送货单 {title}</h2>' +
  '<p>客户：{customer}　类型：{kind}　总金额：{total}　制单：{creatorUserName}　{creatorTime}</p>' +
  '<table><thead><tr><th>品名</th><th>规格</th><th>数量</th><th>单价</th></tr></thead>' +
  '<tbody><tr><td>{items.name}</td><td>{items.spec}</td><td>{items.qty}</td><td>{items.price}</td></tr></tbody></table>';

/** 3. BatchData of PRINT_RECORDS records with PRINT_ROWS lines each */
async function benchPrint(base, admin) {
  const tag = Date.now().toString(36);
  const modelId = await createPrintForm(base, admin, tag);
  const t0 = performance.now();
  const ids = await pool(
    Array.from({ length: PRINT_RECORDS }, (_, i) => i),
    8,
    (i) =>
      api(base, admin, 'POST', `${RUN}/${modelId}`, {
        data: JSON.stringify({
          title: `SD${String(i).padStart(6, '0')}`,
          customer: `客户${i % 37}有限公司`,
          total: i * 100,
          kind: i % 3 ? 'a' : 'b',
          items: Array.from({ length: PRINT_ROWS }, (_, j) => ({
            name: `物料${j}`,
            spec: `${j}×${i % 10} mm`,
            qty: j + 1,
            price: (i + j) % 500,
          })),
        }),
      }),
  );
  const seedMs = ms(t0);
  const templateId = await api(base, admin, 'POST', '/api/system/printDev', {
    fullName: `压测送货单${tag}`,
    enCode: `benchprint${tag}`,
    category: 'form',
    type: 2,
    sortCode: 0,
    enabledMark: 1,
    dbLinkId: '0',
    sourceType: 2,
    formModelId: modelId,
    sqlTemplate: '',
    printTemplate: PRINT_HTML,
    pageParam: JSON.stringify({ type: '2', width: '210', height: '297', mt: '10', mb: '10', ml: '10', mr: '10' }),
    description: '',
  });
  const body = { id: templateId, formId: ids };
  const check = await api(base, admin, 'POST', '/api/system/printDev/BatchData', body);
  if (check.length !== PRINT_RECORDS || check.some((d) => d.printData.items?.length !== PRINT_ROWS))
    throw new Error(`BatchData answered ${check.length} records, not each with ${PRINT_ROWS} lines`);
  const times = [];
  let bytes = 0;
  for (let i = 0; i < PRINT_CALLS; i++) {
    const t1 = performance.now();
    const res = await fetch(`${base}/api/system/printDev/BatchData`, {
      method: 'POST',
      headers: { ...authHeaders(admin), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    times.push(ms(t1));
    bytes = text.length;
    if (!text.startsWith('{"code":200')) throw new Error(`BatchData: ${text.slice(0, 200)}`);
  }
  let load;
  if (PRINT_SECONDS > 0 && PRINT_CONNECTIONS > 0) {
    const r = await cannon(
      `${base}/api/system/printDev/BatchData`,
      authHeaders(admin),
      { connections: PRINT_CONNECTIONS, duration: PRINT_SECONDS },
      { method: 'POST', body: JSON.stringify(body) },
    );
    if (r.non2xx || r.errors) throw new Error(`BatchData under load: ${r.non2xx} non-2xx, ${r.errors} errors`);
    load = { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
  }
  const pdf = PDF_CALLS > 0 ? await benchPdf(base, admin, check.slice(0, 2), templateId) : null;
  const pdfBatch = PDF_BATCH && !pdf?.refused ? await benchPdfBatch(base, admin, check) : null;
  return { seedMs, times, median: median(times), bytes, load, pdf, pdfBatch };
}

/** a page of PRINT_HTML filled with one record of BatchData's answer, its line repeated per item */
function filledPage(record) {
  const data = record.printData;
  const value = (v) => String(v ?? '').replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return record.printTemplate
    .replace(
      /<tbody><tr>(.*?)<\/tr><\/tbody>/,
      (_, row) =>
        `<tbody>${(data.items ?? []).map((item) => `<tr>${row.replace(/\{items\.(\w+)\}/g, (__, k) => value(item[k]))}</tr>`).join('')}</tbody>`,
    )
    .replace(/\{(\w+)\}/g, (_, k) => value(data[k]));
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** an RGB PNG of width × height noisy pixels (a photo compresses about as little), as a data: address */
function pngDataUrl(width, height, seed) {
  const chunk = (type, data) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let x = Math.imul(seed, 2654435761) >>> 0;
  for (let i = 0; i < raw.length; i++) {
    if (i % (width * 3 + 1) === 0) continue; // filter byte: none
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    raw[i] = x >>> 24;
  }
  const png = Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** 下载PDF of every record of the batch, each page with the letterhead and a photo of its own */
async function benchPdfBatch(base, admin, records) {
  const letterhead = '/api/file/Image/letterhead.png';
  const pages = records.map(
    (record, i) =>
      `<p><img src="${letterhead}" style="width:160mm;height:20mm"></p>` +
      filledPage(record) +
      `<p><img src="/api/file/Image/photo-${i}.png" style="width:30mm;height:30mm"></p>`,
  );
  const pictures = [
    { src: letterhead, data: pngDataUrl(260, 260, 1) },
    ...records.map((_, i) => ({ src: `/api/file/Image/photo-${i}.png`, data: pngDataUrl(100, 100, i + 2) })),
  ];
  const body = JSON.stringify({
    pages,
    pictures,
    pageParam: records[0].pageParam ?? '',
    title: '压测送货单',
    fileName: '压测送货单.pdf',
  });
  const times = [];
  let last;
  for (let i = 0; i < PDF_BATCH_CALLS; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/system/printDev/Pdf`, {
      method: 'POST',
      headers: { ...authHeaders(admin), 'content-type': 'application/json' },
      body,
    });
    const answer = await res.json();
    times.push(ms(t0));
    if (answer.code !== 200) return { refused: answer.msg ?? `code ${answer.code}`, bodyBytes: body.length };
    last = answer.data;
  }
  const file = Buffer.from(await (await fetch(`${base}${last.url}`)).arrayBuffer()).toString('latin1');
  const pageCount = file.match(/\/Type\s*\/Page\b/g)?.length ?? 0;
  if (pageCount < records.length) throw new Error(`Pdf of the batch: ${pageCount} pages, not ${records.length}`);
  return {
    bodyBytes: Buffer.byteLength(body),
    pagesBytes: Buffer.byteLength(JSON.stringify(pages)),
    pictures: pictures.length,
    times,
    median: median(times),
    bytes: file.length,
    pages: pageCount,
  };
}

/** 下载PDF of two records: PDF_CALLS timed calls after a warm-up; null fields when the server has no Chromium */
async function benchPdf(base, admin, records, templateId) {
  const body = JSON.stringify({
    pages: records.map(filledPage),
    pageParam: records[0].pageParam ?? '',
    title: '压测送货单',
    fileName: '压测送货单.pdf',
  });
  const once = async () => {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/system/printDev/Pdf`, {
      method: 'POST',
      headers: { ...authHeaders(admin), 'content-type': 'application/json' },
      body,
    });
    const answer = await res.json();
    const callMs = ms(t0);
    if (answer.code !== 200) return { refused: answer.msg ?? `code ${answer.code}`, callMs };
    const t1 = performance.now();
    const file = Buffer.from(await (await fetch(`${base}${answer.data.url}`)).arrayBuffer()).toString('latin1');
    const pages = file.match(/\/Type\s*\/Page\b/g)?.length ?? 0;
    if (!file.startsWith('%PDF-') || pages !== records.length)
      throw new Error(`Pdf of template ${templateId}: ${pages} pages, not ${records.length}`);
    if (PDF_FILE) fs.writeFileSync(PDF_FILE, file, 'latin1');
    return { callMs, downloadMs: ms(t1), bytes: file.length, pages };
  };
  const warm = await once();
  if (warm.refused) return { refused: warm.refused };
  const runs = [];
  for (let i = 0; i < PDF_CALLS; i++) {
    const run = await once();
    if (run.refused) throw new Error(`Pdf refused after the warm-up: ${run.refused}`);
    runs.push(run);
  }
  const times = runs.map((r) => r.callMs);
  return {
    warmMs: warm.callMs,
    times,
    median: median(times),
    downloadMs: median(runs.map((r) => r.downloadMs)),
    bytes: runs[0].bytes,
    pages: runs[0].pages,
  };
}

/** a released tree table: a title and the parent record's id, listed a level at a time (list type 5) */
async function createTreeForm(base, admin, tag = Date.now().toString(36)) {
  const { systemId, menuId } = await releaseTarget(base, admin);
  const category = (await api(base, admin, 'GET', '/api/system/DictionaryData/webDesign')).list[0].id;
  const fields = [
    field('input', 'title', '名称', { required: true }, { maxlength: 50 }),
    field('input', 'parent', '上级', {}, { maxlength: 50 }),
    field('createUser', 'creator', '创建人'),
    field('createTime', 'created', '创建时间'),
  ];
  const column = (prop, label, jnpfKey) => ({ prop, label, jnpfKey, sortable: false, align: 'left', fixed: 'none' });
  const columnData = {
    type: 5,
    parentField: 'parent',
    columnList: [
      column('title', '名称', 'input'),
      column('creator', '创建人', 'createUser'),
      column('created', '创建时间', 'createTime'),
    ],
    searchList: [{ prop: 'title', label: '名称', jnpfKey: 'input', searchType: 2, isKeyword: true }],
    btnsList: [{ value: 'add', icon: 'el-icon-plus', label: '新增' }],
    columnBtnsList: [{ value: 'edit', icon: 'el-icon-edit', label: '编辑' }],
    hasPage: true,
    pageSize: 20,
    useBtnPermission: false,
    useColumnPermission: false,
  };
  const modelId = await api(base, admin, 'POST', '/api/visualdev/Base', {
    fullName: `树形压测${tag}`,
    enCode: `benchtree${tag}`,
    type: 1,
    webType: 2,
    category,
    description: '',
    sortCode: 0,
    formData: JSON.stringify({
      formRef: 'elForm',
      formModel: 'dataForm',
      labelPosition: 'right',
      labelWidth: 100,
      gutter: 15,
      fields,
    }),
    columnData: JSON.stringify(columnData),
  });
  await api(base, admin, 'POST', `/api/visualdev/Base/${modelId}/Actions/Release`, {
    pc: 1,
    pcSystemId: systemId,
    pcModuleParentId: menuId,
    app: 0,
  });
  return modelId;
}

const seedTreeJs = path.resolve(path.dirname(new URL(import.meta.url).pathname), 'seedTree.mjs');

/** seeds the tree table's nodes with bench/seedTree.mjs (run while the server is stopped) */
function seedTree(env, modelId, creator) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [seedTreeJs], {
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        ...env,
        SEED_MODEL_ID: modelId,
        SEED_CREATOR: creator,
        SEED_ROOTS: String(TREE_ROOTS),
        SEED_CHILDREN: String(TREE_CHILDREN),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`seedTree exited with ${code}: ${out.slice(-500)}`));
      resolve(JSON.parse(out.trim().split('\n').at(-1)));
    });
  });
}

/** 4. the tree table's first level and one root's children: under load, then each computed afresh */
async function benchTree(base, admin, modelId, rootId) {
  const list = (url, body) => api(base, admin, 'POST', url, body);
  const first = `${RUN}/${modelId}/List`;
  const child = `${RUN}/${modelId}/List/${rootId}`;
  const page = { currentPage: 1, pageSize: 20 };
  const top = await list(first, page);
  if (top.pagination.total !== TREE_ROOTS || !top.list.every((r) => r.hasChildren === TREE_CHILDREN > 0))
    throw new Error(`the tree's first level lists ${top.pagination.total} nodes, seeded ${TREE_ROOTS} roots`);
  const kids = await list(child, page);
  if (kids.list.length !== TREE_CHILDREN) throw new Error(`the root lists ${kids.list.length} children`);
  const cases = [
    { name: `first level (page 1 of ${TREE_ROOTS} roots)`, url: first },
    { name: `one root's ${TREE_CHILDREN} children (List/{id})`, url: child },
  ];
  const rows = [];
  for (const c of cases) {
    const url = `${base}${c.url}`;
    const request = { method: 'POST', body: JSON.stringify(page) };
    const connections = { connections: TREE_CONNECTIONS, duration: Math.min(3, TREE_SECONDS) };
    await cannon(url, authHeaders(admin), connections, request);
    const r = await cannon(url, authHeaders(admin), { ...connections, duration: TREE_SECONDS }, request);
    if (r.non2xx || r.errors) throw new Error(`${c.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    // afresh: a page size not asked before is an answer not kept
    const times = [];
    for (let i = 0; i < TREE_CALLS; i++) {
      const t0 = performance.now();
      await list(c.url, { currentPage: 1, pageSize: 21 + i });
      times.push(ms(t0));
    }
    rows.push({ ...c, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, fresh: median(times), times });
  }
  return rows;
}

export async function benchVisualdev({ label, env }) {
  console.log(
    `\nVisual development — ${label}: import ${IMPORT_ROWS} rows ×${IMPORT_RUNS}, export of ${EXPORT_RECORDS} records, ` +
      `print ${PRINT_RECORDS} records × ${PRINT_ROWS} lines, tree table of ${TREE_NODES} nodes …`,
  );
  let exportModel;
  let seeded;
  let treeModel;
  let treeSeeded;
  if (EXPORT_RECORDS > 0 || TREE_ROOTS > 0) {
    const first = await startServer(env);
    let creator;
    try {
      const admin = await signIn(first.base);
      creator = (await api(first.base, admin, 'GET', '/api/oauth/CurrentUser')).userInfo.userId;
      if (EXPORT_RECORDS > 0) exportModel = await createBenchForm(first.base, admin);
      if (TREE_ROOTS > 0) treeModel = await createTreeForm(first.base, admin);
    } finally {
      await first.stop();
    }
    if (exportModel) seeded = await seedRecords(env, exportModel, creator, EXPORT_RECORDS);
    if (treeModel) treeSeeded = await seedTree(env, treeModel, creator);
  }
  const server = await startServer(env);
  const { base, child } = server;
  try {
    const admin = await signIn(base);
    const rssStart = rssMb(child.pid);
    // the export first, on a server that has done little since it started: the growth is not hidden by a heap
    // the other steps grew
    const exported = exportModel ? await benchExport(base, admin, child.pid, exportModel, EXPORT_RECORDS) : null;
    const imported = IMPORT_ROWS > 0 ? await benchImport(base, admin) : null;
    const printed = PRINT_RECORDS > 0 ? await benchPrint(base, admin) : null;
    const tree = treeModel ? await benchTree(base, admin, treeModel, treeSeeded.rootId) : null;

    console.log(
      `\nVisual development — ${label}: server started in ${server.startMs} ms with RSS ${rssStart} MB` +
        (seeded ? `; ${seeded.records} export records seeded in ${fmt(seeded.ms / 1000, 1)} s` : '') +
        (treeSeeded ? `; ${treeSeeded.records} tree nodes seeded in ${fmt(treeSeeded.ms / 1000, 1)} s` : ''),
    );
    const rows = [];
    if (imported) {
      const times = imported.runs.map((r) => r.importMs);
      const target = IMPORT_TARGET_MS[label];
      rows.push([
        `1) ImportData, ${IMPORT_ROWS} rows` +
          (IMPORT_LINES > 0 ? ` (${IMPORT_RECORDS} records × ${IMPORT_LINES} sub-table rows)` : '') +
          ` (median of ${times.length})`,
        `${median(times)} ms`,
        target === undefined ? '' : `≤ ${target} ms: ${verdict(median(times) <= target)}`,
      ]);
      rows.push([`   runs: ImportData`, times.map((t) => `${t}`).join(' / ') + ' ms', '']);
      rows.push([
        `   runs: Uploader / ImportPreview`,
        imported.runs.map((r) => `${r.uploadMs}/${r.previewMs}`).join(' · ') + ' ms',
        '',
      ]);
      rows.push([
        `   stored, sheet`,
        `${imported.runs.map((r) => r.stored).join(' / ')} ${IMPORT_LINES > 0 ? 'records' : 'rows'}; ${fmt(imported.bytes / 1024)} KB, columns ${imported.headers.join(',')}`,
        '',
      ]);
    }
    if (exported) {
      rows.push([
        `2) ExportData, all of ${exported.total} records`,
        `${exported.callMs} ms, ${exported.rows} rows in the file`,
        `${exported.rows === exported.total ? 'all' : 'NOT all'} records exported`,
      ]);
      rows.push([
        `   RSS before / peak / after (MB)`,
        `${exported.before} / ${exported.peak} / ${exported.after} (+${exported.growth})`,
        `growth ≤ ${EXPORT_RSS_GROWTH_MB} MB: ${verdict(exported.growth <= EXPORT_RSS_GROWTH_MB)}`,
      ]);
      rows.push([`   file`, `${fmt(exported.bytes / 1024)} KB, downloaded in ${exported.downloadMs} ms`, '']);
    }
    if (printed) {
      rows.push([
        `3) BatchData, ${PRINT_RECORDS} × ${PRINT_ROWS} lines (median of ${printed.times.length})`,
        `${printed.median} ms`,
        'no figure in issue 19',
      ]);
      rows.push([`   calls`, `${printed.times.join(' / ')} ms; ${fmt(printed.bytes / 1024)} KB answer`, '']);
      if (printed.load)
        rows.push([
          `   autocannon, ${PRINT_CONNECTIONS} connections, ${PRINT_SECONDS} s`,
          `${fmt(printed.load.rps, 1)} req/s, p50 ${printed.load.p50} ms, p99 ${printed.load.p99} ms`,
          '',
        ]);
      rows.push([`   records created (8 at once)`, `${printed.seedMs} ms`, '']);
      const pdf = printed.pdf;
      if (pdf?.refused) rows.push([`3b) Pdf, 2 pages`, 'skipped: no Chromium on the server', pdf.refused]);
      else if (pdf) {
        rows.push([
          `3b) Pdf, ${pdf.pages} pages (median of ${pdf.times.length})`,
          `${pdf.median} ms`,
          'no figure in issue 19',
        ]);
        rows.push([
          `   calls; first (starts Chromium)`,
          `${pdf.times.join(' / ')} ms; ${pdf.warmMs} ms`,
          `${fmt(pdf.bytes / 1024)} KB, downloaded in ${pdf.downloadMs} ms`,
        ]);
      }
      const batch = printed.pdfBatch;
      if (batch?.refused)
        rows.push([`3c) Pdf of the batch`, `refused (${fmt(batch.bodyBytes / 1024)} KB body)`, batch.refused]);
      else if (batch) {
        rows.push([
          `3c) Pdf, ${batch.pages} pages + ${batch.pictures} pictures (median of ${batch.times.length})`,
          `${batch.median} ms`,
          'no figure in issue 19',
        ]);
        rows.push([
          `   calls; body (pages alone); PDF`,
          `${batch.times.join(' / ')} ms; ${fmt(batch.bodyBytes / 1024)} KB (${fmt(batch.pagesBytes / 1024)} KB)`,
          `${fmt(batch.bytes / 1024)} KB`,
        ]);
      }
    }
    for (const [i, c] of (tree ?? []).entries()) {
      rows.push([
        `${i ? '   ' : '4) '}tree of ${TREE_NODES}: ${c.name}`,
        `p50 ${c.p50} ms, p99 ${c.p99} ms, ${fmt(c.rps, 1)} req/s`,
        i ? '' : `autocannon, ${TREE_CONNECTIONS} connections, ${TREE_SECONDS} s`,
      ]);
      rows.push([`   computed afresh (median of ${c.times.length})`, `${c.fresh} ms`, c.times.join(' / ') + ' ms']);
    }
    printTable(
      [
        ['case', 52, 'l'],
        ['figure', 44, 'l'],
        ['target', 0, 'l'],
      ],
      rows,
    );
    console.log(`RSS after run ${rssMb(child.pid)} MB`);
    return { imported, exported, printed, tree };
  } finally {
    await server.stop();
  }
}
