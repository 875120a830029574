import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../platform/session';
import { downloadAttachment, formatFileSize, parseAttachments } from './attachments';
import { SafeRichText } from '../../components/richText/SafeRichText';

const html = (source: string) => render(<SafeRichText html={source} />).container.firstElementChild!.innerHTML;

describe('SafeRichText', () => {
  it('keeps formatting, tables, safe links and images', () => {
    expect(html('<h2>标题</h2><p style="color: red; text-align: center">正文<b>粗</b><em>斜</em></p>')).toBe(
      '<h2>标题</h2><p style="color: red; text-align: center;">正文<b>粗</b><em>斜</em></p>',
    );
    expect(html('<table border="1"><tbody><tr><td colspan="2">格</td></tr></tbody></table>')).toBe(
      '<table border="1"><tbody><tr><td colspan="2">格</td></tr></tbody></table>',
    );
    expect(html('<a href="https://example.com/a">链接</a>')).toBe(
      '<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">链接</a>',
    );
    // our own files need the token: the picture is fetched and shown from memory once it has arrived
    expect(html('<img src="/api/file/Image/annexpic/a.png" alt="图">')).toBe('<img alt="图">');
    expect(html('<img src="https://cdn.example/a.png" alt="图">')).toBe(
      '<img alt="图" src="https://cdn.example/a.png">',
    );
  });

  it('drops scripts, handlers, frames, unsafe addresses and styles', () => {
    expect(html('<p onclick="alert(1)" class="x" id="y">a</p><script>alert(1)</script><iframe src="x"></iframe>')).toBe(
      '<p>a</p>',
    );
    expect(html('<a href="javascript:alert(1)">x</a><a href="java\tscript:alert(1)">y</a>')).toBe('<a>x</a><a>y</a>');
    expect(html('<img src="x" onerror="alert(1)"><img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('');
    expect(html('<p style="background-image: url(javascript:alert(1)); color: blue">a</p>')).toBe(
      '<p style="color: blue;">a</p>',
    );
    expect(html('<custom-tag>保留文字<svg><script>alert(1)</script></svg></custom-tag>')).toBe('<span>保留文字</span>');
  });

  it('shows plain text with its line breaks and never as HTML', () => {
    const { container } = render(<SafeRichText html={'第一行\n第二行 & <不是标签'} />);
    const box = container.firstElementChild as HTMLElement;
    expect(box.textContent).toBe('第一行\n第二行 & <不是标签');
    expect(box.style.whiteSpace).toBe('pre-wrap');
  });
});

describe('attachments', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the JSON list of the sender and leaves out what cannot be downloaded', () => {
    expect(
      parseAttachments(
        JSON.stringify([
          { name: 'a.pdf', fileId: 'f1', url: '/api/file/Annex/f1', fileSize: 1536 },
          { name: 'b.txt' },
          'junk',
        ]),
      ),
    ).toEqual([{ name: 'a.pdf', fileId: 'f1', url: '/api/file/Annex/f1', fileSize: 1536 }]);
    expect(parseAttachments('not json')).toEqual([]);
    expect(parseAttachments(null)).toEqual([]);
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.0 MB');
  });

  it('downloads through the server with the token, or follows the address the server answers', async () => {
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(`${this.download}@${this.getAttribute('href')}`);
    });
    URL.createObjectURL = vi.fn(() => 'blob:file');
    URL.revokeObjectURL = vi.fn();
    setToken('bearer t1');
    const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
      String(input).includes('ticket')
        ? new Response(JSON.stringify({ code: 200, data: { name: 'c.pdf', url: '/api/file/Download/t' } }), {
            headers: { 'Content-Type': 'application/json' },
          })
        : new Response(new Blob(['x']), { headers: { 'Content-Type': 'application/pdf' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await downloadAttachment({ name: 'a.pdf', fileId: 'f1', url: '/api/file/Annex/f1', fileSize: null });
    await downloadAttachment({ name: 'c.pdf', fileId: 'f2', url: '/api/file/ticket/f2', fileSize: null });
    expect(clicks).toEqual(['a.pdf@blob:file', 'c.pdf@/api/file/Download/t']);
    expect(fetchMock.mock.calls[0]![1]?.headers).toMatchObject({ Authorization: 'bearer t1', 'jnpf-origin': 'pc' });
  });
});
