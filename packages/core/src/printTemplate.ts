// Print templates: the placeholders a template's HTML holds and how a record fills them, the page settings
// (pageParam) and the printable document. Pure string work (no DOM), so the web's preview, its print window, the
// Word download and any server rendering produce the same HTML.
//
// The placeholder syntax (as the reference writes it, so that imported templates print):
// - a field: <span class="wk-print-tag-wukong" data-tag="headTable.F_Name">{F_Name}</span>, or plain {F_Name} in text
//   for a main-table field. data-tag names the list ("headTable" the main record; a child list: "T1", a
//   sub-table's key) before the dot; the field is the text between the braces.
// - a child-list field inside a table: the table's rows holding it repeat once per child record. Outside a table
//   the child records' values are joined with "-".
// - 大写金额(<field>) the Chinese capital amount, 千位分隔符(<field>,2) thousands with 2 decimals (the places are
//   optional): both only for numeric values, other values print as they are; an amount of more than 15 integer
//   digits prints the overflow text (数字较大溢出), as the amount widget says it.
// - 合计(<child-list field>) (合計 the same) the sum of that field over the child list's records, for a summary
//   (total) row below a repeating row: the designer writes a row whose first cell holds the word (合计 / 合計 /
//   Total, in the designer's language) and whose other cells hold 合计(<span … data-tag="T1.qty">{qty}</span>).
//   The wrapper is plain text around an ordinary placeholder span, so it passes the server's template allow-list
//   and the editor's schema as every other placeholder does, and a summary row never repeats (its placeholder
//   is consumed before rows are repeated). Only numeric values count (numbers and number text, thousands
//   separators allowed); other values are skipped, as the read-only sub-table summary sums only what is a number.
//   An integer sum prints without decimals, any other sum with exactly 2; no records print 0, records none of
//   which is a number print nothing. Around a main-record field it prints that one value the same way. It nests
//   in 大写金额(…) and 千位分隔符(…,2), which then format the sum.
// - <qrCode width="265" height="265"><field></qrCode>, <barCode width="4" height="80"><field></barCode> and
//   <img width="100" height="100"><field></img>, typed as text (so escaped in the HTML), draw a QR code, a barcode
//   (letters and digits only, else nothing) or the pictures of an upload field. Literal text works as the value.
// - {systemPrinter}, {systemPrintTime}, {systemApprovalContent}: who prints, when, and the approval records.
// Values are escaped; the template itself must already be sanitised (the server stores it through the rich-text
// allow-list). An element that cannot be filled prints empty, never as raw placeholder text.
import { BARCODE_PRINT_DEFAULTS, codeTextOf, isBarcodeText, QRCODE_PRINT_SIZE } from './widgetLogic/barcode.js';
import type { Language } from './lang.js';
import { chineseAmount } from './widgetLogic/amount.js';
import { widgetMessage } from './widgetLogic/messages.js';
import { decimalPlaces, formatNumberText, parseThousands, roundTo } from './widgetLogic/numbers.js';

export const PRINT_MAIN_LIST = 'headTable';
/** the class of a placeholder element, as the reference's editor writes it */
export const PRINT_FIELD_CLASS = 'wk-print-tag-wukong';
export const PRINT_SYSTEM_FIELDS = ['systemPrinter', 'systemPrintTime', 'systemApprovalContent'] as const;
export type PrintSystemField = (typeof PRINT_SYSTEM_FIELDS)[number];
/** what a data-tag may hold: a list, a dot, a field */
export const PRINT_DATA_TAG = /^[A-Za-z_][\w-]{0,63}\.[^"<>{}\s]{1,128}$/;

export interface PrintApprovalRecord {
  nodeName?: string;
  userName?: string;
  handleTime?: number | string | null;
  handleStatus?: number | string | null;
  handleOpinion?: string | null;
  signImg?: string | null;
}

export interface PrintCodes {
  /** an <img> of the QR code of value, of the given size in px; '' when it cannot be drawn */
  qrcode(value: string, width: number, height: number): string;
  /** an <img> of the barcode of value: width is the bar width, height the bars' height */
  barcode(value: string, width: number, height: number): string;
}

export interface PrintRenderOptions {
  /** draws codes; without it QR codes and barcodes print nothing (a server without a canvas) */
  codes?: PrintCodes;
  /** {systemPrinter}: "name/account" */
  printer?: string;
  /** {systemPrintTime} */
  printTime?: string;
  /** the approval records for {systemApprovalContent} */
  records?: readonly PrintApprovalRecord[];
  /** the approval table's column titles and the names of the actions (handleStatus 0…9) */
  approvalTexts?: { headers: readonly string[]; actions: readonly string[]; formatTime?: (t: number) => string };
  /** the language of texts the renderer writes itself (a capital amount's overflow); zh by default */
  language?: Language;
}

export interface PrintRenderResult {
  html: string;
  /** fields the template names that the record does not have (the field was removed, or a typo) */
  missing: string[];
}

/** the default approval texts (Chinese, as the reference prints them) */
export const PRINT_APPROVAL_TEXTS = {
  headers: ['节点名称', '操作人员', '操作时间', '执行动作', '备注', '签名'],
  actions: ['退回', '通过', '发起', '撤回', '终止', '指派', '加签', '转审', '变更', '复活'],
} as const;

const OPEN = '\uE000';
const MID = '\uE001';
const CLOSE = '\uE002';
const SYSTEM = '#sys';
const TOKEN = /\uE000([^\uE001\uE002]*)\uE001([^\uE000\uE002]*)\uE002/g;
const TOKEN_SRC = '\\uE000[^\\uE001\\uE002]*\\uE001[^\\uE000\\uE002]*\\uE002';
const token = (list: string, field: string) => `${OPEN}${list}${MID}${field}${CLOSE}`;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** a value as the text it prints: lists joined by commas, objects (files) by their names */
export function printValueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (Array.isArray(value)) return value.map(printValueText).filter(Boolean).join(',');
  if (typeof value === 'object') {
    const named = value as { fullName?: unknown; name?: unknown };
    return printValueText(named.fullName ?? named.name ?? '');
  }
  return '';
}

/** replaces in the text between tags only, never inside a tag's attributes */
function inText(html: string, replace: (text: string) => string): string {
  return html
    .split(/(<[^>]*>)/)
    .map((part, i) => (i % 2 ? part : replace(part)))
    .join('');
}

const PLACEHOLDER_SPAN =
  /<span\b[^>]*?\bdata-tag\s*=\s*"([A-Za-z_][\w-]*)\.([^"]*)"[^>]*>\s*(?:\{([^{}<>]*)\})?\s*<\/span>/gi;
const PLAIN_FIELD = /\{([A-Za-z_\u4e00-\u9fff][\w\u4e00-\u9fff.-]{0,127})\}/g;

/** the placeholders of a template as tokens: span placeholders, then plain {field} text */
function tokenize(template: string): string {
  const clean = template.replace(/[\uE000-\uE002]/g, '');
  const spans = clean.replace(PLACEHOLDER_SPAN, (_w, list: string, tagField: string, braced?: string) =>
    token(list, (braced ?? '').trim() || tagField),
  );
  return inText(spans, (text) =>
    text.replace(PLAIN_FIELD, (_w, name: string) =>
      (PRINT_SYSTEM_FIELDS as readonly string[]).includes(name) ? token(SYSTEM, name) : token(PRINT_MAIN_LIST, name),
    ),
  );
}

const INNER_TABLE = /<table\b[^>]*>(?:(?!<table\b)[\s\S])*?<\/table>/gi;
const ROW = /<tr\b[^>]*>[\s\S]*?<\/tr>/gi;

/** a table holding a child list's field repeats its rows holding that list's fields once per child record */
function expandTables(html: string, data: Record<string, unknown>): string {
  return html.replace(INNER_TABLE, (table) => {
    let list: string | undefined;
    for (const [, l] of table.matchAll(TOKEN)) {
      if (l !== PRINT_MAIN_LIST && l !== SYSTEM && Array.isArray(data[l!])) {
        list = l;
        break;
      }
    }
    if (!list) return table;
    const items = data[list] as unknown[];
    const mark = new RegExp(`\\uE000${list}\\uE001`, 'g');
    return table.replace(ROW, (row) => {
      if (!row.match(mark)) return row;
      return items.map((_, i) => row.replace(mark, `${OPEN}${list}#${i}${MID}`)).join('');
    });
  });
}

interface Resolved {
  found: boolean;
  value: unknown;
}

function resolver(data: Record<string, unknown>, missing: Set<string>) {
  return (list: string, field: string): Resolved => {
    const hash = list.indexOf('#');
    if (hash > 0) {
      const rows = data[list.slice(0, hash)] as unknown[];
      const row = rows[Number(list.slice(hash + 1))];
      const value = row && typeof row === 'object' ? (row as Record<string, unknown>)[field] : undefined;
      return { found: true, value };
    }
    if (list === PRINT_MAIN_LIST) {
      if (!(field in data)) {
        missing.add(field);
        return { found: false, value: undefined };
      }
      return { found: true, value: data[field] };
    }
    const rows = data[list];
    if (!Array.isArray(rows)) {
      missing.add(`${list}.${field}`);
      return { found: false, value: undefined };
    }
    // a child list's field outside a repeating table: every row's value, joined
    const values = rows.map((r) =>
      r && typeof r === 'object' ? printValueText((r as Record<string, unknown>)[field]) : '',
    );
    return { found: true, value: values.join('-') };
  };
}

/** the value of a token, or of literal text (tags dropped, entities read) when there is no token */
function valueIn(content: string, resolve: (list: string, field: string) => Resolved): unknown {
  const hit = new RegExp(TOKEN_SRC).exec(content);
  if (hit) {
    const [, list, field] = /\uE000([^\uE001]*)\uE001([^\uE002]*)\uE002/.exec(hit[0])!;
    return list === SYSTEM ? '' : resolve(list!, field!).value;
  }
  return decodeEntities(content.replace(/<[^>]*>/g, '')).trim();
}

const numericOf = (value: unknown): number | null =>
  typeof value === 'number' ? (Number.isFinite(value) ? value : null) : parseThousands(printValueText(value));

const TAGS = '((?:\\s*<[^>]+>)*\\s*)';
const CORE = `(${TOKEN_SRC}|-?[\\d,]+(?:\\.\\d+)?)`;
const PLAIN_CORE = `(${TOKEN_SRC}|-?\\d+(?:\\.\\d+)?)`;
const CAPITAL = /* @__PURE__ */ new RegExp(`大写金额\\(${TAGS}${CORE}${TAGS}\\)`, 'g');
const THOUSANDS = /* @__PURE__ */ new RegExp(
  `千位分隔符\\(${TAGS}${PLAIN_CORE}${TAGS}(?:[,，]\\s*(\\d{1,2})\\s*)?\\)`,
  'g',
);
const SUM = /* @__PURE__ */ new RegExp(`(?:合计|合計)\\(${TAGS}(${TOKEN_SRC})${TAGS}\\)`, 'g');
const CODE = /&lt;(qrCode|barCode|img)\b((?:(?!&gt;)[^<])*)&gt;([\s\S]*?)&lt;\/\1&gt;/g;

function sizeIn(attributes: string, name: 'width' | 'height'): number | undefined {
  const hit = new RegExp(`${name}\\s*=\\s*(?:"|&quot;|&#34;|'|&#39;)?(\\d{1,4})`, 'i').exec(attributes);
  return hit ? Number(hit[1]) : undefined;
}

const SAFE_SRC = /^(https?:\/\/|\/(?!\/))[^\s"'<>]*$/i;

function imagesOf(value: unknown, width: number, height: number): string {
  let list: unknown = value;
  if (typeof value === 'string') {
    const text = value.trim();
    try {
      list = text.startsWith('[') || text.startsWith('{') ? JSON.parse(text) : [{ url: text }];
    } catch {
      list = [];
    }
  }
  const items = Array.isArray(list) ? list : [list];
  return items
    .map((item) => (typeof item === 'string' ? item : ((item as { url?: unknown } | null)?.url ?? '')))
    .filter((url): url is string => typeof url === 'string' && SAFE_SRC.test(url))
    .map((url) => `<img src="${escapeHtml(url)}" width="${width}" height="${height}" alt="">`)
    .join('');
}

function approvalTable(options: PrintRenderOptions): string {
  const records = options.records ?? [];
  if (!records.length) return '';
  const texts: NonNullable<PrintRenderOptions['approvalTexts']> = options.approvalTexts ?? PRINT_APPROVAL_TEXTS;
  const signed = records.some((r) => r.signImg);
  const time = (t: PrintApprovalRecord['handleTime']) =>
    typeof t === 'number' && texts.formatTime ? texts.formatTime(t) : printValueText(t);
  const cell = (text: string, width = '20%') => `<td style="width:${width}">${escapeHtml(text)}</td>`;
  const head = texts.headers
    .slice(0, signed ? 6 : 5)
    .map((h, i) => cell(h, i === 5 ? '100px' : '20%'))
    .join('');
  const rows = records.map((r) => {
    const action = texts.actions[Number(r.handleStatus)] ?? '';
    const sign =
      signed && r.signImg && (SAFE_SRC.test(r.signImg) || /^data:image\/(png|jpe?g);base64,/i.test(r.signImg))
        ? `<td style="width:100px"><img src="${escapeHtml(r.signImg)}" width="100" alt=""></td>`
        : signed
          ? '<td style="width:100px"></td>'
          : '';
    return `<tr>${cell(r.nodeName ?? '')}${cell(r.userName ?? '')}${cell(time(r.handleTime))}${cell(action)}${cell(r.handleOpinion ?? '')}${sign}</tr>`;
  });
  return `<table border="1" style="border-collapse:collapse;width:100%"><tbody><tr>${head}</tr>${rows.join('')}</tbody></table>`;
}

/** a summary's text: an integer as it is, any other number with exactly 2 decimals */
export function printSumText(sum: number): string {
  // 0.1 + 0.2 is 0.30000000000000004: the sum is first rounded far below a cent, then judged
  const n = roundTo(sum, 9);
  if (Number.isInteger(n)) return String(n === 0 ? 0 : n);
  return formatNumberText(n, { precision: 2 });
}

/** 合计(…) of a token: the sum of a child list's field over its records, or one main-record value */
function summaryOf(core: string, data: Record<string, unknown>, resolve: ReturnType<typeof resolver>): string {
  const [, list, field] = /\uE000([^\uE001]*)\uE001([^\uE002]*)\uE002/.exec(core)!;
  if (list === SYSTEM) return '';
  const rows = data[list!];
  const values = Array.isArray(rows)
    ? rows.map((r) => (r && typeof r === 'object' ? (r as Record<string, unknown>)[field!] : undefined))
    : [resolve(list!, field!).value];
  if (Array.isArray(rows) && !rows.length) return '0';
  // numbers and number text only: a switch's true is not 1 in a total
  const numbers = values
    .map((v) => (typeof v === 'number' || typeof v === 'string' ? numericOf(v) : null))
    .filter((n): n is number => n !== null);
  return numbers.length ? printSumText(numbers.reduce((a, b) => a + b, 0)) : '';
}

/** one record printed with a template */
export function renderPrintTemplate(
  template: string,
  data: Record<string, unknown>,
  options: PrintRenderOptions = {},
): PrintRenderResult {
  const missing = new Set<string>();
  const resolve = resolver(data, missing);
  // summaries first: their placeholders must not make a summary row repeat
  let html = tokenize(template ?? '').replace(SUM, (_w, before: string, core: string, after: string) => {
    return `${before}${escapeHtml(summaryOf(core, data, resolve))}${after}`;
  });
  html = expandTables(html, data);

  html = html.replace(CAPITAL, (_w, before: string, core: string, after: string) => {
    const value = valueIn(core, resolve);
    const n = numericOf(value);
    const text =
      n === null
        ? printValueText(value)
        : (() => {
            const amount = chineseAmount(n);
            return amount.ok ? amount.text : widgetMessage(amount.error, options.language ?? 'zh');
          })();
    return `${before}${escapeHtml(text)}${after}`;
  });
  html = html.replace(THOUSANDS, (_w, before: string, core: string, after: string, places?: string) => {
    const value = valueIn(core, resolve);
    const n = numericOf(value);
    const text =
      n === null
        ? printValueText(value)
        : formatNumberText(n, { thousands: true, precision: places ? Number(places) : decimalPlaces(n) });
    return `${before}${escapeHtml(text)}${after}`;
  });
  html = html.replace(CODE, (_w, kind: string, attributes: string, content: string) => {
    const value = valueIn(content, resolve);
    const width = sizeIn(attributes, 'width');
    const height = sizeIn(attributes, 'height');
    if (kind === 'img') return imagesOf(value, width ?? 100, height ?? 100);
    const text = codeTextOf(typeof value === 'string' ? value.trim() : value);
    if (!text || !options.codes) return '';
    if (kind === 'qrCode') return options.codes.qrcode(text, width ?? QRCODE_PRINT_SIZE, height ?? QRCODE_PRINT_SIZE);
    return isBarcodeText(text)
      ? options.codes.barcode(text, width ?? BARCODE_PRINT_DEFAULTS.width, height ?? BARCODE_PRINT_DEFAULTS.height)
      : '';
  });
  html = html.replace(TOKEN, (_w, list: string, field: string) => {
    if (list === SYSTEM) {
      if (field === 'systemPrinter') return escapeHtml(options.printer ?? '');
      if (field === 'systemPrintTime') return escapeHtml(options.printTime ?? '');
      return approvalTable(options);
    }
    return escapeHtml(printValueText(resolve(list, field).value));
  });
  return { html, missing: [...missing] };
}

/** the placeholder element the designer inserts for a field */
export function printFieldHtml(list: string, field: string, title?: string): string {
  const t = title ? ` title="${escapeHtml(title)}"` : '';
  return `<span class="${PRINT_FIELD_CLASS}" data-tag="${escapeHtml(`${list}.${field}`)}"${t}>{${escapeHtml(field)}}</span>`;
}

// ------------------------------------------------------------------------------------------------ page settings

export interface PrintPage {
  /** the paper: a PRINT_PAPERS key, or "0" for a custom size */
  type: string;
  /** mm, portrait */
  width: string;
  height: string;
  mt: string;
  mb: string;
  ml: string;
  mr: string;
  /** 纵向 portrait or 横向 landscape */
  direction: '纵向' | '横向';
}

export const PRINT_PAPERS: Readonly<Record<string, { name: string; width: number; height: number }>> = {
  '1': { name: 'A3', width: 297, height: 420 },
  '2': { name: 'A4', width: 210, height: 297 },
  '3': { name: 'A5', width: 148, height: 210 },
  '4': { name: 'B5', width: 176, height: 250 },
};
export const PRINT_CUSTOM_PAPER = '0';

export const DEFAULT_PRINT_PAGE: Readonly<PrintPage> = /* @__PURE__ */ Object.freeze({
  type: '2',
  width: '210',
  height: '297',
  mt: '10',
  mb: '10',
  ml: '10',
  mr: '10',
  direction: '纵向',
});

const mm = (value: unknown, fallback: string, max: number) => {
  const n = Number(value);
  return typeof value !== 'boolean' && value !== '' && Number.isFinite(n) && n >= 0 && n <= max
    ? String(Math.round(n * 10) / 10)
    : fallback;
};

/** pageParam (JSON text) read with its defaults; anything unreadable is the default A4 portrait page */
export function parsePrintPage(pageParam: string | null | undefined): PrintPage {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(pageParam || '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) raw = parsed as Record<string, unknown>;
  } catch {
    raw = {};
  }
  const d = DEFAULT_PRINT_PAGE;
  const type = typeof raw.type === 'string' || typeof raw.type === 'number' ? String(raw.type) : d.type;
  const paper = PRINT_PAPERS[type];
  return {
    type: paper || type === PRINT_CUSTOM_PAPER ? type : d.type,
    width: paper ? String(paper.width) : mm(raw.width, d.width, 2000),
    height: paper ? String(paper.height) : mm(raw.height, d.height, 2000),
    mt: mm(raw.mt, d.mt, 200),
    mb: mm(raw.mb, d.mb, 200),
    ml: mm(raw.ml, d.ml, 200),
    mr: mm(raw.mr, d.mr, 200),
    direction: raw.direction === '横向' ? '横向' : '纵向',
  };
}

/** the sheet as printed: width and height in mm after the orientation */
export function printSheet(page: PrintPage): { width: number; height: number } {
  const w = Number(page.width);
  const h = Number(page.height);
  return page.direction === '横向'
    ? { width: Math.max(w, h), height: Math.min(w, h) }
    : { width: Math.min(w, h), height: Math.max(w, h) };
}

/** the style sheet of printed pages: the paper and margins for the printer, the same sheet on screen */
export function printStyles(page: PrintPage): string {
  const { width, height } = printSheet(page);
  const inner = `${width - Number(page.ml) - Number(page.mr)}mm`;
  return [
    `@page{size:${width}mm ${height}mm;margin:${page.mt}mm ${page.mr}mm ${page.mb}mm ${page.ml}mm}`,
    'html,body{margin:0;padding:0}',
    "body{font-family:'SimSun','Songti SC','Noto Serif CJK SC',serif;font-size:14px;color:#000;word-break:break-all}",
    `.print-page{box-sizing:border-box;width:${inner};margin:0 auto;overflow:hidden}`,
    '.print-page+.print-page{break-before:page;page-break-before:always}',
    'table{border-collapse:collapse;width:100%}',
    'td,th{border:1px solid #000;padding:2px 4px;height:17px}',
    'img{max-width:100%}',
    'p{margin:0 0 4px}',
    `@media screen{body{background:#f0f2f5;padding:16px 0}.print-page{background:#fff;width:${width}mm;min-height:${height}mm;padding:${page.mt}mm ${page.mr}mm ${page.mb}mm ${page.ml}mm;margin:0 auto 16px;box-shadow:0 1px 4px rgba(0,0,0,.15)}}`,
  ].join('\n');
}

/** the printable document of rendered pages (one per record): what the print window and the Word file hold */
export function printDocument(pages: readonly string[], page: PrintPage, title = ''): string {
  const body = pages.map((p) => `<div class="print-page">${p}</div>`).join('\n');
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${printStyles(page)}</style></head><body>${body}</body></html>`;
}
