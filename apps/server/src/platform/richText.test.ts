// The notice sanitiser: what the editor produces survives, anything that could run script does not.
import { describe, expect, it } from 'vitest';
import { renderPrintTemplate } from '@jnpf/core';
import { plainText, sanitizePrintTemplate, sanitizeRichText } from './richText.js';

describe('sanitizeRichText', () => {
  it('keeps formatting, lists, tables, links and images', () => {
    const html =
      '<h2 style="text-align:center">标题</h2><p><strong>粗</strong><em>斜</em><u>下</u><span style="color:#ff0000;font-size:16px">红</span></p>' +
      '<ul><li>一</li></ul><ol start="2"><li>二</li></ol>' +
      '<table border="1"><tbody><tr><td colspan="2">格</td></tr></tbody></table>' +
      '<a href="https://example.com/x?a=1" target="_blank">链接</a><img src="/api/file/Image/annex/a.png" alt="图" width="100" />';
    expect(sanitizeRichText(html)).toBe(
      '<h2 style="text-align:center">标题</h2><p><strong>粗</strong><em>斜</em><u>下</u><span style="color:#ff0000;font-size:16px">红</span></p>' +
        '<ul><li>一</li></ul><ol start="2"><li>二</li></ol>' +
        '<table border="1"><tbody><tr><td colspan="2">格</td></tr></tbody></table>' +
        '<a href="https://example.com/x?a=1" target="_blank" rel="noopener noreferrer">链接</a><img src="/api/file/Image/annex/a.png" alt="图" width="100" />',
    );
  });

  it.each([
    ['<script>alert(1)</script>ok', 'ok'],
    ['<p onclick="alert(1)" onmouseover="x">t</p>', '<p>t</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt&colon;alert(1)">x</a>', '<a>x</a>'],
    ['<a href="//evil.example/x">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<img src="javascript:alert(1)">', ''],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', ''],
    ['<img src=x onerror=alert(1)>', '<img src="x" />'],
    ['<iframe src="https://evil"></iframe><object data="x"></object><embed src="x">', ''],
    ['<style>body{display:none}</style><link rel="stylesheet" href="x">t', 't'],
    ['<form action="https://evil"><input name="p"><button>go</button></form>', 'go'],
    ['<svg><script>alert(1)</script></svg><math><mi>x</mi></math>', 'x'],
    ['<p style="background:url(javascript:alert(1));color:expression(alert(1))">t</p>', '<p>t</p>'],
    ['<p style="position:fixed;top:0;width:100%">t</p>', '<p style="width:100%">t</p>'],
    ['<a href="https://x" target="_top" rel="opener">x</a>', '<a href="https://x">x</a>'],
    ['<p>a<!-- comment --></p>', '<p>a</p>'],
    ['<meta http-equiv="refresh" content="0;url=https://evil">t', 't'],
  ])('removes %s', (dirty, clean) => {
    expect(sanitizeRichText(dirty)).toBe(clean);
  });

  it('keeps raster data images and escapes stray text', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(sanitizeRichText(`<img src="${png}">`)).toBe(`<img src="${png}" />`);
    expect(sanitizeRichText('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
  });
});

describe('sanitizeRichText on what the Tiptap editor produces', () => {
  const heading = '<h2 style="text-align: center"><span style="font-size: 24px; color: #e03e2d">红色标题</span></h2>';
  const table =
    '<table style="min-width: 50px"><colgroup><col style="min-width: 25px"><col style="min-width: 25px"></colgroup>' +
    '<tbody><tr><th colspan="1" rowspan="1"><p>项目</p></th><th colspan="1" rowspan="1"><p>说明</p></th></tr>' +
    '<tr><td colspan="1" rowspan="1"><p style="text-align: right">1</p></td><td colspan="2" rowspan="1"><p>2</p></td></tr></tbody></table>';
  const image = '<img src="/api/message/Notice/File/20260101_abc.png" alt="图">';
  const link = '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/a">官网</a></p>';

  it('keeps sizes 12–72 px, colours, alignment, tables, our images and links', () => {
    expect(sanitizeRichText(heading)).toBe(
      '<h2 style="text-align:center"><span style="font-size:24px;color:#e03e2d">红色标题</span></h2>',
    );
    expect(sanitizeRichText('<p><span style="font-size: 72px; color: rgb(22, 119, 255)">大</span></p>')).toBe(
      '<p><span style="font-size:72px;color:rgb(22, 119, 255)">大</span></p>',
    );
    // the column widths the editor computes while editing are not stored
    expect(sanitizeRichText(table)).toBe(
      '<table><colgroup><col /><col /></colgroup><tbody><tr><th colspan="1" rowspan="1"><p>项目</p></th><th colspan="1" rowspan="1"><p>说明</p></th></tr>' +
        '<tr><td colspan="1" rowspan="1"><p style="text-align:right">1</p></td><td colspan="2" rowspan="1"><p>2</p></td></tr></tbody></table>',
    );
    expect(sanitizeRichText(image)).toBe('<img src="/api/message/Notice/File/20260101_abc.png" alt="图" />');
    expect(sanitizeRichText(link)).toBe(
      '<p><a target="_blank" rel="noopener noreferrer" href="https://example.com/a">官网</a></p>',
    );
  });

  it('still strips a script, an event handler, a javascript: address and a foreign style inside such a body', () => {
    const dirty =
      '<h2 style="text-align: center; position: fixed" onmouseover="alert(1)"><span style="font-size: 24px; background-image: url(x)">题</span></h2>' +
      '<script>alert(1)</script><table onclick="alert(1)"><tbody><tr><td style="color: red; z-index: 9"><p><a href="javascript:alert(1)">x</a></p></td></tr></tbody></table>' +
      '<img src="javascript:alert(1)"><img src="/api/file/Image/annexpic/a.png" onerror="alert(1)">';
    expect(sanitizeRichText(dirty)).toBe(
      '<h2 style="text-align:center"><span style="font-size:24px">题</span></h2>' +
        '<table><tbody><tr><td style="color:red"><p><a>x</a></p></td></tr></tbody></table>' +
        '<img src="/api/file/Image/annexpic/a.png" />',
    );
  });
});

describe('sanitizePrintTemplate', () => {
  it('keeps a total row (合计 around a child-list placeholder) as the editor writes it, and it still prints', () => {
    const qty = '<span class="wk-print-tag-wukong" data-tag="T1.qty" title="数量">{qty}</span>';
    const html = `<table style="min-width: 50px"><colgroup><col><col></colgroup><tbody><tr><td colspan="1" rowspan="1"><p><span class="wk-print-tag-wukong" data-tag="T1.name" title="名">{name}</span></p></td><td colspan="1" rowspan="1"><p>${qty}</p></td></tr><tr><td colspan="1" rowspan="1"><p>合计</p></td><td colspan="1" rowspan="1"><p>合计(${qty})</p></td></tr></tbody></table>`;
    const stored = sanitizePrintTemplate(html);
    expect(stored).toContain(`<p>合计(${qty})</p>`);
    const printed = renderPrintTemplate(stored, {
      T1: [
        { name: 'a', qty: 1.5 },
        { name: 'b', qty: 2 },
      ],
    }).html;
    expect(printed).toContain(
      '<tr><td colspan="1" rowspan="1"><p>合计</p></td><td colspan="1" rowspan="1"><p>3.50</p></td></tr>',
    );
    expect(printed.match(/<tr>/g)).toHaveLength(3);
  });
});

describe('plainText', () => {
  it('gives the words of some HTML, blocks separated', () => {
    expect(plainText('<p>第一段</p><p>second&nbsp;<b>bold</b> &amp; more</p><br>end')).toBe(
      '第一段 second bold & more end',
    );
  });
});
