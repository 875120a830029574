import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRINT_PAGE,
  parsePrintPage,
  printDocument,
  printFieldHtml,
  printSheet,
  printStyles,
  renderPrintTemplate,
  type PrintCodes,
} from './printTemplate.js';

const f = (field: string, list = 'headTable') => printFieldHtml(list, field);
const codes: PrintCodes = {
  qrcode: (v, w, h) => `<img alt="qr:${v}" width="${w}" height="${h}">`,
  barcode: (v, w, h) => `<img alt="bar:${v}" width="${w}" height="${h}">`,
};

const record = {
  billNo: 'SO001',
  customer: '<b>甲</b>&乙',
  amount: 1234.5,
  note: '',
  pics: [{ name: 'a.png', url: '/api/file/Image/annexpic/a.png' }],
  T1: [
    { goods: '螺丝', qty: 2 },
    { goods: '螺母', qty: 30 },
  ],
};

describe('renderPrintTemplate', () => {
  it('fills every placeholder kind and matches the expected HTML', () => {
    const template = [
      `<p>单号：${f('billNo')} 客户：{customer}</p>`,
      `<p>金额：大写金额(${f('amount')}) 千位：千位分隔符(<span style="color:#f00">${f('amount')}</span>,2)</p>`,
      `<table><tbody><tr><th>品名</th><th>数量</th></tr><tr><td>${f('goods', 'T1')}</td><td>${f('qty', 'T1')}</td></tr><tr><td>合计</td><td>${f('amount')}</td></tr></tbody></table>`,
      `<p>全部：${f('goods', 'T1')}</p>`,
      `<p>&lt;qrCode width="100" height="100"&gt;${f('billNo')}&lt;/qrCode&gt;&lt;barCode&gt;${f('billNo')}&lt;/barCode&gt;</p>`,
      `<p>&lt;img width="50" height="40"&gt;${f('pics')}&lt;/img&gt;</p>`,
      '<p>{systemPrinter} {systemPrintTime}</p>',
    ].join('');
    const out = renderPrintTemplate(template, record, {
      codes,
      printer: 'admin/admin',
      printTime: '2026-01-02 03:04:05',
    });
    expect(out.missing).toEqual([]);
    expect(out.html).toBe(
      [
        '<p>单号：SO001 客户：&#60;b&#62;甲&#60;/b&#62;&#38;乙</p>',
        '<p>金额：壹仟贰佰叁拾肆元伍角 千位：<span style="color:#f00">1,234.50</span></p>',
        '<table><tbody><tr><th>品名</th><th>数量</th></tr><tr><td>螺丝</td><td>2</td></tr><tr><td>螺母</td><td>30</td></tr><tr><td>合计</td><td>1234.5</td></tr></tbody></table>',
        '<p>全部：螺丝-螺母</p>',
        '<p><img alt="qr:SO001" width="100" height="100"><img alt="bar:SO001" width="4" height="80"></p>',
        '<p><img src="/api/file/Image/annexpic/a.png" width="50" height="40" alt=""></p>',
        '<p>admin/admin 2026-01-02 03:04:05</p>',
      ].join(''),
    );
  });

  it('lists fields the record lacks and prints them empty, never as raw placeholders', () => {
    const out = renderPrintTemplate(`<p>${f('gone')}|{alsoGone}|${f('x', 'T9')}</p>`, record);
    expect(out.html).toBe('<p>||</p>');
    expect(out.missing.sort()).toEqual(['T9.x', 'alsoGone', 'gone']);
  });

  it('capital amounts and thousands apply only to numbers; literal values work too', () => {
    const out = renderPrintTemplate(
      `<p>大写金额(${f('billNo')})|千位分隔符(${f('billNo')})|大写金额(100)|千位分隔符(1234567,1)|千位分隔符(${f('amount')})</p>`,
      record,
    );
    expect(out.html).toBe('<p>SO001|SO001|壹佰元整|1,234,567.0|1,234.5</p>');
  });

  it('a capital amount of more than 15 integer digits prints the overflow text, in the language asked', () => {
    const data = { big: 1234567890123456, edge: 999999999999999 };
    const t = `大写金额(${f('big')})|大写金额(${f('edge')})`;
    expect(renderPrintTemplate(t, data).html).toBe(
      '数字较大溢出|玖佰玖拾玖兆玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元整',
    );
    expect(renderPrintTemplate(`大写金额(${f('big')})`, data, { language: 'en' }).html).toBe('The number is too large');
  });

  it('barcodes draw only letters and digits; empty codes and codes without a drawer print nothing', () => {
    const data = { a: '中文', b: '', c: 'ABC123' };
    const t = `&lt;barCode&gt;${f('a')}&lt;/barCode&gt;|&lt;qrCode&gt;${f('b')}&lt;/qrCode&gt;|&lt;qrCode&gt;${f('c')}&lt;/qrCode&gt;`;
    expect(renderPrintTemplate(t, data, { codes }).html).toBe('||<img alt="qr:ABC123" width="265" height="265">');
    expect(renderPrintTemplate(t, data).html).toBe('||');
    expect(renderPrintTemplate('&lt;qrCode&gt;https://x.cn/a?b=1&amp;c=2&lt;/qrCode&gt;', {}, { codes }).html).toBe(
      '<img alt="qr:https://x.cn/a?b=1&c=2" width="265" height="265">',
    );
  });

  it('images keep only web and site addresses', () => {
    const data = { p: JSON.stringify([{ url: 'javascript:alert(1)' }, { url: 'https://x.cn/a.png' }]) };
    expect(renderPrintTemplate(`&lt;img&gt;${f('p')}&lt;/img&gt;`, data).html).toBe(
      '<img src="https://x.cn/a.png" width="100" height="100" alt="">',
    );
  });

  it('an empty child list drops its repeating rows and keeps the title row', () => {
    const out = renderPrintTemplate(`<table><tr><td>品名</td></tr><tr><td>${f('goods', 'T1')}</td></tr></table>`, {
      T1: [],
    });
    expect(out.html).toBe('<table><tr><td>品名</td></tr></table>');
  });

  it('a sub-table of an online form (its own key) repeats as T1 does', () => {
    const out = renderPrintTemplate(`<table><tr><td>${f('name', 'tableField101')}</td></tr></table>`, {
      tableField101: [{ name: 'a' }, { name: 'b' }],
    });
    expect(out.html).toBe('<table><tr><td>a</td></tr><tr><td>b</td></tr></table>');
  });

  describe('summary (合计) rows', () => {
    const table = (sumCells: string) =>
      `<table><tbody><tr><td>${f('goods', 'T1')}</td><td>${f('qty', 'T1')}</td></tr><tr><td>合计</td>${sumCells}</tr></tbody></table>`;

    it('sums a child list of integers once, without decimals, and the summary row does not repeat', () => {
      const out = renderPrintTemplate(table(`<td>合计(${f('qty', 'T1')})</td>`), record);
      expect(out.html).toBe(
        '<table><tbody><tr><td>螺丝</td><td>2</td></tr><tr><td>螺母</td><td>30</td></tr><tr><td>合计</td><td>32</td></tr></tbody></table>',
      );
      expect(out.missing).toEqual([]);
    });

    it('a sum that is not an integer shows exactly 2 decimals, without floating-point noise', () => {
      const sum = (qty: unknown[]) =>
        renderPrintTemplate(`合计(${f('qty', 'T1')})`, { T1: qty.map((q) => ({ qty: q })) }).html;
      expect(sum([0.1, 0.2])).toBe('0.30');
      expect(sum([1.005, 2])).toBe('3.01');
      expect(sum([1.25, '2.5', '1,000.125'])).toBe('1003.88');
      expect(sum([0.1, 0.2, 0.7])).toBe('1');
      expect(sum([-1.5, 0.5])).toBe('-1');
      expect(sum([-0.25])).toBe('-0.25');
    });

    it('an empty child list sums to 0', () => {
      expect(renderPrintTemplate(table(`<td>合计(${f('qty', 'T1')})</td>`), { T1: [] }).html).toBe(
        '<table><tbody><tr><td>合计</td><td>0</td></tr></tbody></table>',
      );
    });

    it('skips values that are not numbers; nothing numeric prints nothing', () => {
      const data = { T1: [{ qty: '3' }, { qty: 'abc' }, { qty: null }, { qty: true }, { qty: 4.5 }, {}] };
      expect(renderPrintTemplate(`合计(${f('qty', 'T1')})`, data).html).toBe('7.50');
      expect(renderPrintTemplate(`合计(${f('goods', 'T1')})`, record).html).toBe('');
    });

    it('takes 合計 as well, styled placeholders, a capital amount or thousands of the sum, and main fields', () => {
      const data = { amount: '12', T1: [{ qty: 1234.5 }, { qty: 1000 }] };
      expect(renderPrintTemplate(`合計(<strong>${f('qty', 'T1')}</strong>)`, data).html).toBe(
        '<strong>2234.50</strong>',
      );
      expect(renderPrintTemplate(`千位分隔符(合计(${f('qty', 'T1')}),2)`, data).html).toBe('2,234.50');
      expect(renderPrintTemplate(`大写金额(合计(${f('qty', 'T1')}))`, data).html).toBe('贰仟贰佰叁拾肆元伍角');
      expect(renderPrintTemplate(`合计(${f('amount')})|合计(${f('gone')})`, data)).toEqual({
        html: '12|',
        missing: ['gone'],
      });
    });
  });

  it('braces inside attributes are left alone; private marker characters in the template are dropped', () => {
    const out = renderPrintTemplate('<p title="{billNo}">\uE000{billNo}</p>', record);
    expect(out.html).toBe('<p title="{billNo}">SO001</p>');
  });

  it('prints the approval records as a table with escaped values', () => {
    const out = renderPrintTemplate(
      '{systemApprovalContent}',
      {},
      {
        records: [{ nodeName: '开始', userName: '<x>', handleTime: '2026-01-01', handleStatus: 1, handleOpinion: '' }],
      },
    );
    expect(out.html).toContain('<td style="width:20%">&#60;x&#62;</td>');
    expect(out.html).toContain('<td style="width:20%">通过</td>');
    expect(renderPrintTemplate('{systemApprovalContent}', {}).html).toBe('');
  });
});

describe('page settings', () => {
  it('reads pageParam with defaults, and refuses nonsense quietly', () => {
    expect(parsePrintPage('')).toEqual(DEFAULT_PRINT_PAGE);
    expect(parsePrintPage('not json')).toEqual(DEFAULT_PRINT_PAGE);
    expect(parsePrintPage('{"type":"1","direction":"横向","mt":"5"}')).toMatchObject({
      type: '1',
      width: '297',
      height: '420',
      mt: '5',
      direction: '横向',
    });
    expect(parsePrintPage('{"type":"0","width":"100","height":"-1","ml":"x"}')).toMatchObject({
      type: '0',
      width: '100',
      height: '297',
      ml: '10',
    });
  });

  it('landscape swaps the sheet; the style sheet sets the paper and margins', () => {
    const page = parsePrintPage('{"type":"2","direction":"横向","mt":"5","mr":"6","mb":"7","ml":"8"}');
    expect(printSheet(page)).toEqual({ width: 297, height: 210 });
    expect(printStyles(page)).toContain('@page{size:297mm 210mm;margin:5mm 6mm 7mm 8mm}');
    const doc = printDocument(['<p>a</p>', '<p>b</p>'], page, '<t>');
    expect(doc).toContain('<title>&#60;t&#62;</title>');
    expect(doc.match(/class="print-page"/g)).toHaveLength(2);
  });
});
