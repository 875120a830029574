// The editor's paste cleaning: what the server keeps stays, what it would strip goes (the same allow-list).
import { describe, expect, it } from 'vitest';
import { cleanRichTextHtml, safeHref, safeImageSrc } from './cleanHtml';

describe('cleanRichTextHtml', () => {
  it('keeps what the editor writes: sizes, colours, alignment, tables, pictures, links', () => {
    const html =
      '<h2 style="text-align: center"><span style="font-size: 24px; color: rgb(245, 34, 45)">标题</span></h2>' +
      '<table><tbody><tr><th colspan="2"><p>项</p></th></tr><tr><td><p>1</p></td><td><p>2</p></td></tr></tbody></table>' +
      '<img src="/api/message/Notice/File/a.png" alt="图">' +
      '<p><a href="https://example.com/a" target="_blank">官网</a> <a href="mailto:a@b.cn">信</a></p>';
    expect(cleanRichTextHtml(html)).toBe(
      '<h2 style="text-align:center"><span style="font-size:24px;color:rgb(245, 34, 45)">标题</span></h2>' +
        '<table><tbody><tr><th colspan="2"><p>项</p></th></tr><tr><td><p>1</p></td><td><p>2</p></td></tr></tbody></table>' +
        '<img alt="图" src="/api/message/Notice/File/a.png">' +
        '<p><a href="https://example.com/a" target="_blank" rel="noopener noreferrer">官网</a> <a href="mailto:a@b.cn">信</a></p>',
    );
  });

  it("cleans Word's paste: classes, mso- styles, its own tags and comments go, the text stays", () => {
    const word =
      '<!--StartFragment--><p class="MsoNormal" style="mso-line-height-alt:12pt;margin-bottom:0pt;color:#1F3864">' +
      '<b><span lang="EN-US" style="font-family:&quot;Calibri&quot;;mso-bidi-font-family:x">粗</span></b><o:p></o:p></p>' +
      '<xml><w:WordDocument></w:WordDocument></xml>';
    expect(cleanRichTextHtml(word)).toBe(
      '<p style="margin-bottom:0pt;color:rgb(31, 56, 100)"><b><span style="font-family:&quot;Calibri&quot;">粗</span></b></p>',
    );
  });

  it.each([
    ['<script>alert(1)</script>ok', 'ok'],
    ['<p onclick="alert(1)" onmouseover="x">t</p>', '<p>t</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="java\tscript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="//evil.example/x">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<img src="javascript:alert(1)">', ''],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', ''],
    ['<img src="x" onerror="alert(1)">', '<img src="x">'],
    ['<iframe src="https://evil"></iframe><object data="x"></object>t', 't'],
    ['<style>body{display:none}</style>t', 't'],
    ['<form><input name="p"><button>go</button></form>', ''],
    ['<p style="background:url(javascript:alert(1));color:red">t</p>', '<p style="color:red">t</p>'],
    ['<p style="position:fixed;top:0;width:100%;z-index:9">t</p>', '<p style="width:100%">t</p>'],
    ['<p style="font-size:expression(alert(1))">t</p>', '<p>t</p>'],
    ['<custom-tag data-x="1">t</custom-tag>', 't'],
  ])('removes %s', (dirty, clean) => {
    expect(cleanRichTextHtml(dirty)).toBe(clean);
  });

  it('gives nothing for nothing', () => {
    expect(cleanRichTextHtml('')).toBe('');
  });
});

describe('addresses', () => {
  it('lets web, mail and our own addresses through, nothing that runs', () => {
    expect(safeHref('https://a.cn/x')).toBe('https://a.cn/x');
    expect(safeHref('/home')).toBe('/home');
    expect(safeHref(' JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeImageSrc('/api/file/Image/annexpic/a.png')).toBe('/api/file/Image/annexpic/a.png');
    expect(safeImageSrc('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(safeImageSrc('vbscript:x')).toBeNull();
  });
});
