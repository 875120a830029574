// The Word download is Word's single-file web page (MHTML): read back here as a MIME reader does, its page holds
// the text and the table, and each picture (a QR code drawn inline, an uploaded one named by its site address)
// is a part of the message that the page names, never a data: or site address Word cannot show.
import { printDocument, DEFAULT_PRINT_PAGE } from '@jnpf/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadWord, quotedPrintable, wordDocument } from './printWord';

/** a 1×1 PNG */
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const QR = `data:image/png;base64,${PIXEL}`;

interface Part {
  headers: Record<string, string>;
  body: string;
}

const decodeQuotedPrintable = (text: string) => {
  const soft = text.replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=') {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(soft.charCodeAt(i));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
};

/** the parts of a multipart message, bodies decoded (text) or kept (base64) */
function partsOf(message: string): Part[] {
  const boundary = /boundary="([^"]+)"/.exec(message)![1]!;
  return message
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((raw) => {
      const [head, ...rest] = raw.replace(/^\r\n/, '').split('\r\n\r\n');
      const headers = Object.fromEntries(
        head!.split('\r\n').map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      const body = rest.join('\r\n\r\n').replace(/\r\n$/, '');
      return {
        headers,
        body:
          headers['content-transfer-encoding'] === 'quoted-printable'
            ? decodeQuotedPrintable(body)
            : body.replace(/\r\n/g, ''),
      };
    });
}

const pages = [
  `<p>送货单 SO1 = 一号</p><table><tr><td>螺丝</td><td>2</td></tr></table><p><img src="${QR}" width="100" height="100" alt="SO1"><img src="/api/file/Image/annexpic/logo.png" width="50" height="40" alt=""></p>`,
  `<p>送货单 SO2</p><p><img src="${QR}" width="100" height="100" alt="SO2"><img src="/gone.png"></p>`,
];
const doc = printDocument(pages, DEFAULT_PRINT_PAGE, '送货单');

afterEach(() => vi.unstubAllGlobals());

describe('the Word download', () => {
  it('is a MIME message whose page names each picture as a part of its own', () => {
    const word = wordDocument(doc, [{ src: '/api/file/Image/annexpic/logo.png', data: QR.replace('png', 'jpeg') }]);
    expect(word.startsWith('MIME-Version: 1.0\r\nContent-Type: multipart/related;')).toBe(true);
    // every line fits a mail line
    expect(word.split('\r\n').filter((l) => l.length > 76)).toEqual([]);
    const [page, ...pictures] = partsOf(word);
    expect(page!.headers['content-type']).toBe('text/html; charset="utf-8"');
    const html = page!.body;
    expect(html).toContain('<p>送货单 SO1 = 一号</p><table><tr><td>螺丝</td><td>2</td></tr></table>');
    expect(html).toContain('xmlns:w="urn:schemas-microsoft-com:office:word"');
    // the QR code drawn twice is one part; the uploaded picture another; the one never fetched keeps its address
    expect(pictures.map((p) => [p.headers['content-type'], p.headers['content-location'], p.body])).toEqual([
      ['image/png', 'file:///C:/jnpf-print/image1.png', PIXEL],
      ['image/jpeg', 'file:///C:/jnpf-print/image2.jpg', PIXEL],
    ]);
    expect(html.match(/src="file:\/\/\/C:\/jnpf-print\/image1\.png"/g)).toHaveLength(2);
    expect(html).toContain('src="file:///C:/jnpf-print/image2.jpg" width="50"');
    expect(html).toContain('src="/gone.png"');
    expect(html).not.toContain('data:image');
    // the second record starts its own page in Word too
    expect(html).toContain('<div class="print-page" style="page-break-before:always"><p>送货单 SO2</p>');
    expect(html.match(/page-break-before:always"/g)).toHaveLength(1);
  });

  it('encodes text as quoted-printable that reads back the same', () => {
    const text = `a=b ${'长'.repeat(40)} \nend\t\n${'x'.repeat(200)}`;
    const encoded = quotedPrintable(text);
    expect(encoded.split('\r\n').every((l) => l.length <= 76)).toBe(true);
    expect(decodeQuotedPrintable(encoded)).toBe(text.replace(/\n/g, '\r\n'));
  });

  it('fetches the pictures of this site once and saves them inside the .doc', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      fetched.push(String(input));
      return String(input).endsWith('logo.png')
        ? new Response(
            Uint8Array.from(atob(PIXEL), (c) => c.charCodeAt(0)),
            {
              headers: { 'content-type': 'image/jpeg' },
            },
          )
        : new Response('no', { status: 404 });
    });
    let saved: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob;
      return 'blob:x';
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await downloadWord(doc, '送货单');
    expect(fetched.sort()).toEqual(['/api/file/Image/annexpic/logo.png', '/gone.png']);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('送货单.doc');
    expect(saved!.type).toBe('application/msword');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(saved!);
    });
    const [page, ...pictures] = partsOf(text);
    expect(pictures.map((p) => p.headers['content-location'])).toEqual([
      'file:///C:/jnpf-print/image1.png',
      'file:///C:/jnpf-print/image2.jpg',
    ]);
    expect(page!.body).toContain('src="file:///C:/jnpf-print/image2.jpg" width="50"');
    click.mockRestore();
  });
});
