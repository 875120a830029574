import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../platform/feedback';
import { useSession } from '../../platform/session';
import { renderScreen, serveApi } from '../../test/screen';
import { PrintLauncher } from './PrintLauncher';
import { PrintPreviewDialog } from './PrintPreviewDialog';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const BASE = '/api/system/printDev';
const template =
  '<p>单号：<span class="wk-print-tag-wukong" data-tag="headTable.billNo">{billNo}</span> {systemPrinter}</p>' +
  '<table><tbody><tr><td><span class="wk-print-tag-wukong" data-tag="T1.goods">{goods}</span></td></tr></tbody></table>' +
  '<p><img src="x" onerror="alert(1)"><span class="wk-print-tag-wukong" data-tag="headTable.gone">{gone}</span></p>';
const record = (billNo: string) => ({
  printData: { billNo, T1: [{ goods: '<b>螺丝</b>' }, { goods: '螺母' }] },
  printTemplate: template,
  pageParam: JSON.stringify({ type: '2', direction: '横向' }),
  operatorRecordList: [],
});

const sheetOf = async () => {
  await waitFor(() => expect(document.querySelector('iframe[title="打印预览"]')).toBeTruthy(), { timeout: 20_000 });
  return document.querySelector<HTMLIFrameElement>('iframe[title="打印预览"]')!;
};

afterEach(() => vi.mocked(feedback.error).mockClear());

describe('PrintPreviewDialog', () => {
  it('fills one page per record, escapes values, lays out the page, prints and logs the print', async () => {
    useSession.setState({ userInfo: { userName: '管理员', userAccount: 'admin' } as never });
    const api = serveApi({
      [`POST ${BASE}/BatchData`]: [record('SO1'), record('SO2')],
      'POST /api/system/printLog/save': { code: 200, msg: '保存成功', data: null },
    });
    renderScreen(
      <PrintPreviewDialog open id="tp" batchIds="r1,r2" fullName="送货单" menuId="m1" onClose={() => undefined} />,
    );
    const sheet = await sheetOf();
    const doc = sheet.getAttribute('srcdoc')!;
    expect(api.calls.find((c) => c.path === `${BASE}/BatchData`)!.body).toEqual({
      id: 'tp',
      formId: ['r1', 'r2'],
      menuId: 'm1',
    });
    expect(doc.match(/class="print-page"/g)).toHaveLength(2);
    expect(doc).toContain('<p>单号：SO1 管理员/admin</p>');
    expect(doc).toContain('<tr><td>&lt;b&gt;螺丝&lt;/b&gt;</td></tr><tr><td>螺母</td></tr>');
    expect(doc).not.toContain('onerror');
    expect(doc).toContain('size:297mm 210mm');
    expect(sheet.getAttribute('sandbox')).toBe('allow-same-origin allow-modals');
    // a field the record lacks is named, and prints empty
    expect(screen.getByText('模板中的字段在数据中不存在：gone')).toBeTruthy();

    const print = vi.fn();
    Object.defineProperty(sheet, 'contentWindow', { value: { focus: vi.fn(), print } });
    fireEvent.click(screen.getByRole('button', { name: /打\s*印/ }));
    expect(print).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/system/printLog/save')?.body).toEqual({
        printId: 'tp',
        printTitle: '送货单',
        printNum: 2,
        formId: 'r1,r2',
      }),
    );
  });

  it('asks the server for the pages as PDF, pictures inline, and downloads what it offers; a refusal shows', async () => {
    const withPicture = { ...record('SO7'), printTemplate: `${template}<p><img src="/pics/a.png"></p>` };
    let refusing = false;
    const api = serveApi({
      [`GET ${BASE}/Data`]: withPicture,
      [`POST ${BASE}/Pdf`]: () =>
        refusing
          ? { code: 400, msg: 'PDF下载未配置' }
          : { name: '送货单.pdf', url: '/api/file/Download/ticket/%E9%80%81%E8%B4%A7%E5%8D%95.pdf' },
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
      new URL(String(input), 'http://x').pathname.endsWith('/pics/a.png')
        ? new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } })
        : api.fetchMock(input, init),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderScreen(<PrintPreviewDialog open id="tp" formId="r7" fullName="送货单" onClose={() => undefined} />);
    await sheetOf();

    fireEvent.click(screen.getByRole('button', { name: '下载PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const sent = api.calls.find((c) => c.path === `${BASE}/Pdf`)!.body as {
      pages: string[];
      pictures: { src: string; data: string }[];
      pageParam: string;
      title: string;
      fileName: string;
    };
    expect(sent.fileName).toBe('送货单.pdf');
    expect(sent.title).toBe('送货单');
    expect(sent.pageParam).toBe(withPicture.pageParam);
    expect(sent.pages).toHaveLength(1);
    expect(sent.pages[0]).toContain('单号：SO7');
    // the picture goes along once, inline; the page keeps naming it by its address
    expect(sent.pages[0]).toContain('src="/pics/a.png"');
    expect(sent.pictures).toEqual([{ src: '/pics/a.png', data: 'data:image/png;base64,iVBORw==' }]);
    // the download the server offered, fetched by its address as the exports are
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('送货单.pdf');
    expect(link.getAttribute('href')).toMatch(/\/api\/file\/Download\/ticket\/%E9%80%81/);

    refusing = true;
    // the button is named again once it stops loading
    fireEvent.click(await screen.findByRole('button', { name: '下载PDF' }));
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('PDF下载未配置', expect.any(Number)));
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('one record reads Data; in preview mode printing is refused with its message', async () => {
    const api = serveApi({ [`GET ${BASE}/Data`]: record('SO9') });
    renderScreen(<PrintPreviewDialog open id="tp" formId="r9" previewMode onClose={() => undefined} />);
    const sheet = await sheetOf();
    expect(sheet.getAttribute('srcdoc')).toContain('单号：SO9');
    fireEvent.click(screen.getByRole('button', { name: /打\s*印/ }));
    expect(feedback.error).toHaveBeenCalledWith('功能预览不支持打印');
    expect(api.calls.some((c) => c.path === '/api/system/printLog/save')).toBe(false);
  });
});

describe('PrintLauncher', () => {
  it('with one template previews at once; with several lists the enabled ones to pick from', async () => {
    const api = serveApi({
      [`POST ${BASE}/getListOptions`]: [
        { id: 'a', fullName: '甲模板' },
        { id: 'b', fullName: '乙模板' },
      ],
      [`GET ${BASE}/Data`]: record('SO3'),
    });
    const view = renderScreen(<PrintLauncher open templateIds={['a']} recordIds={['r3']} onClose={() => undefined} />);
    expect((await sheetOf()).getAttribute('srcdoc')).toContain('单号：SO3');
    expect(api.calls.some((c) => c.path === `${BASE}/getListOptions`)).toBe(false);
    view.unmount();

    renderScreen(<PrintLauncher open templateIds={['a', 'b']} recordIds={['r3']} onClose={() => undefined} />);
    expect(await screen.findByText('选择打印模板')).toBeTruthy();
    expect(api.calls.find((c) => c.path === `${BASE}/getListOptions`)!.body).toEqual({ ids: ['a', 'b'] });
    fireEvent.click(await screen.findByRole('button', { name: '乙模板' }));
    await sheetOf();
    expect(api.calls.filter((c) => c.path === `${BASE}/Data`).at(-1)!.url).toContain('id=b');
  });
});
