// The Word download stands alone: its page holds the text and the table, the QR codes drawn inline stay inline,
// an uploaded picture named by this site's address is fetched once and put inside the file, and each record
// after the first starts a new page by itself.
import { printDocument, DEFAULT_PRINT_PAGE } from '@jnpf/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadWord, wordDocument } from './printWord';

/** a 1×1 PNG */
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const QR = `data:image/png;base64,${PIXEL}`;
const LOGO = '/api/file/Image/annexpic/logo.png';

const pages = [
  `<p>送货单 SO1</p><table><tr><td>螺丝</td><td>2</td></tr></table><p><img src="${QR}" width="100" height="100" alt="SO1"><img src="${LOGO}" width="50" height="40" alt=""></p>`,
  `<p>送货单 SO2</p><p><img src="${QR}" width="100" height="100" alt="SO2"><img src="/gone.png"></p>`,
];
const doc = printDocument(pages, DEFAULT_PRINT_PAGE, '送货单');

const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

afterEach(() => vi.unstubAllGlobals());

describe('the Word download', () => {
  it('puts the pictures of this site inside the page; each record starts a new page', () => {
    const jpeg = QR.replace('png', 'jpeg');
    const html = wordDocument(doc, [{ src: LOGO, data: jpeg }]);
    expect(html).toContain('<p>送货单 SO1</p><table><tr><td>螺丝</td><td>2</td></tr></table>');
    expect(html).toContain('xmlns:w="urn:schemas-microsoft-com:office:word"');
    expect(html.match(new RegExp(`src="${QR.replace(/[+/]/g, '\\$&')}"`, 'g'))).toHaveLength(2);
    expect(html).toContain(`src="${jpeg}" width="50"`);
    expect(html).not.toContain(`src="${LOGO}"`);
    // a picture that could not be fetched keeps its address
    expect(html).toContain('src="/gone.png"');
    expect(html).toContain('<div class="print-page" style="page-break-before:always"><p>送货单 SO2</p>');
    expect(html.match(/page-break-before:always"/g)).toHaveLength(1);
  });

  it('fetches the pictures of this site once and saves them inside the .doc', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      fetched.push(String(input));
      return String(input).endsWith('logo.png')
        ? new Response(
            Uint8Array.from(atob(PIXEL), (c) => c.charCodeAt(0)),
            { headers: { 'content-type': 'image/jpeg' } },
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
    expect(fetched.sort()).toEqual([LOGO, '/gone.png']);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('送货单.doc');
    expect(saved!.type).toBe('application/msword');
    const text = await readBlob(saved!);
    expect(text).toContain(`src="data:image/jpeg;base64,${PIXEL}" width="50"`);
    expect(text).not.toContain(`src="${LOGO}"`);
    click.mockRestore();
  });
});
