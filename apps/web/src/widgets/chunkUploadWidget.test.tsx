// The chunked uploader (uploadFz) in a form, over the real chunk client and a stand-in server behind fetch: the
// states and their texts (文件校验中, 上传中, 暂停中, 上传失败, 上传成功), pause and resume, resume after the form
// was left (as after a page reload) without sending the chunks the server holds, retry, remove, progress below
// 100% until the merge answers, and the limits.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAdmin } from '../components/admin/testUtils';
import type * as ChunkUploadModule from '../platform/chunkUpload';
import { CHUNK_SIZE } from '../platform/chunkUpload';
import { feedback } from '../platform/feedback';
import { i18n } from '../platform/i18n';
import { statusOf } from './chunkUploadWidget';
import { fieldOf, formOf, RendererHarness, SUBMIT } from './testing';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));
// the real client, without the wait between chunk retries
vi.mock('../platform/chunkUpload', async (importOriginal) => {
  const original = await importOriginal<typeof ChunkUploadModule>();
  return {
    ...original,
    uploadFile: (file: File, options: ChunkUploadModule.UploadOptions) =>
      original.uploadFile(file, { ...options, retryDelayMs: 0 }),
  };
});

type Answer = { code: number; msg?: string; data?: unknown };

/** the stand-in chunk server: which chunks it holds per identifier, chunks it holds back, the merge's gate */
const server = {
  held: new Map<string, Set<number>>(),
  /** chunk numbers whose POST waits until aborted (the line is slow) */
  hang: new Set<number>(),
  /** chunk POSTs fail as the network would */
  offline: false,
  /** resolves the waiting merge */
  releaseMerge: null as (() => void) | null,
  holdMerge: false,
  posted: [] as number[],
  /** the last merge's form fields */
  merged: {} as Record<string, string>,
  tests: 0,
  merges: 0,
};

const MERGED = {
  name: '20260101_0123456789abcdef0123456789abcdef.pdf',
  url: '/api/file/Image/annex/20260101_0123456789abcdef0123456789abcdef.pdf',
  fileSize: 2 * CHUNK_SIZE + 100,
  fileExtension: 'pdf',
};

const json = (answer: Answer) =>
  new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
const abortable = (signal: AbortSignal | null | undefined) =>
  new Promise<never>((_, reject) =>
    signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true }),
  );

function fileServer(other: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    if (method === 'GET' && url.pathname === '/api/file/chunk') {
      server.tests++;
      const held = server.held.get(url.searchParams.get('identifier')!) ?? new Set();
      return json({ code: 200, data: { chunkNumbers: [...held].sort(), merge: false } });
    }
    if (method === 'POST' && url.pathname === '/api/file/chunk') {
      const form = init!.body as FormData;
      const n = Number(form.get('chunkNumber'));
      const identifier = String(form.get('identifier'));
      server.posted.push(n);
      if (server.offline) throw new TypeError('Failed to fetch');
      if (server.hang.has(n)) return abortable(init?.signal);
      const held = server.held.get(identifier) ?? new Set<number>();
      held.add(n);
      server.held.set(identifier, held);
      return json({ code: 200, data: { chunkNumbers: [...held], merge: held.size === 3 } });
    }
    if (method === 'POST' && url.pathname === '/api/file/merge') {
      server.merges++;
      server.merged = Object.fromEntries(new URLSearchParams(String(init!.body)));
      if (server.holdMerge) await new Promise<void>((resolve) => (server.releaseMerge = resolve));
      return json({ code: 200, data: MERGED });
    }
    return other(input, init);
  };
}

/** a three-chunk file; the same content every time, so the same hash */
const bigFile = () => new File([new Uint8Array(2 * CHUNK_SIZE + 100).fill(7)], '季度报告.pdf');

const bigDoc = (extra = {}) =>
  fieldOf('uploadFz', 'bigDoc', '大文件', { limit: 2, fileSize: 20, sizeUnit: 'MB', ...extra });
const choose = (container: HTMLElement, ...files: File[]) =>
  fireEvent.change(container.querySelector<HTMLInputElement>('input[type=file]')!, { target: { files } });
const lineOf = (name: string) => screen.findByRole('listitem', { name });
const statusText = (line: HTMLElement) => within(line).getByRole('status').textContent;
const percentOf = (line: HTMLElement) => Number(within(line).getByRole('progressbar').getAttribute('aria-valuenow'));

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  const api = mockApi();
  vi.stubGlobal('fetch', fileServer(api.fetchMock));
  vi.mocked(feedback.error).mockClear();
  Object.assign(server, {
    held: new Map(),
    hang: new Set(),
    offline: false,
    releaseMerge: null,
    holdMerge: false,
    posted: [],
    merged: {},
    tests: 0,
    merges: 0,
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('statusOf', () => {
  it('is success when complete, else error, else uploading, else paused, else waiting', () => {
    const flags = { complete: false, error: false, uploading: false, paused: false };
    expect(statusOf({ ...flags, complete: true, error: true })).toBe('success');
    expect(statusOf({ ...flags, error: true, uploading: true })).toBe('error');
    expect(statusOf({ ...flags, uploading: true, paused: true })).toBe('uploading');
    expect(statusOf({ ...flags, paused: true })).toBe('paused');
    expect(statusOf(flags)).toBe('waiting');
  });
});

describe('uploadFz in a form', () => {
  it('checks the file, uploads it below 100% until the merge answers, then keeps it as the value', async () => {
    server.holdMerge = true;
    const onSubmit = vi.fn();
    const { container } = renderAdmin(
      <RendererHarness formData={formOf([bigDoc({ pathType: 'selfPath', folder: 'docs' })])} onSubmit={onSubmit} />,
    );
    choose(container, bigFile());
    const line = await lineOf('季度报告.pdf');
    expect(statusText(line)).toBe('文件校验中');
    await waitFor(() => expect(server.merges).toBe(1));
    expect(server.posted.sort()).toEqual([1, 2, 3]);
    expect(statusText(line)).toBe('上传中');
    expect(percentOf(line)).toBe(99);
    server.releaseMerge!();
    await waitFor(() => expect(statusText(line)).toBe('上传成功'));
    expect(percentOf(line)).toBe(100);
    expect(server.merged).toMatchObject({
      fileName: '季度报告.pdf',
      type: 'annex',
      pathType: 'selfPath',
      folder: 'docs',
    });
    // shown once: in the queue while it says 上传成功, then as a line of the value
    await waitFor(() => expect(screen.getByRole('button', { name: '季度报告.pdf' })).toBeTruthy(), { timeout: 4000 });
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      bigDoc: [
        { name: '季度报告.pdf', fileId: MERGED.name, fileSize: MERGED.fileSize, fileExtension: 'pdf', url: MERGED.url },
      ],
    });
  });

  it('pauses and resumes, and after the form was left sends only the chunks the server does not hold', async () => {
    server.hang = new Set([2, 3]);
    const first = renderAdmin(<RendererHarness formData={formOf([bigDoc()])} onSubmit={vi.fn()} />);
    choose(first.container, bigFile());
    let line = await lineOf('季度报告.pdf');
    await waitFor(() => expect(server.posted.sort()).toEqual([1, 2, 3]));
    expect(statusText(line)).toBe('上传中');
    fireEvent.click(within(line).getByRole('button', { name: '暂停 季度报告.pdf' }));
    expect(statusText(line)).toBe('暂停中');
    expect(within(line).queryByRole('button', { name: /暂停/ })).toBeNull();

    // resumed: the test call answers chunk 1 held, so only 2 and 3 go again (still slow)
    server.posted = [];
    fireEvent.click(within(line).getByRole('button', { name: '继续 季度报告.pdf' }));
    expect(statusText(line)).toBe('上传中');
    await waitFor(() => expect(server.posted.sort()).toEqual([2, 3]));
    expect(percentOf(line)).toBeLessThan(100);

    // the page is left (as by a reload) and the same file chosen again: chunk 1 is not sent again
    first.unmount();
    server.hang = new Set();
    server.posted = [];
    const again = renderAdmin(<RendererHarness formData={formOf([bigDoc()])} onSubmit={vi.fn()} />);
    choose(again.container, bigFile());
    line = await lineOf('季度报告.pdf');
    await waitFor(() => expect(statusText(line)).toBe('上传成功'));
    expect(server.posted.sort()).toEqual([2, 3]);
    expect(server.merges).toBe(1);
  });

  it('shows 上传失败 when the network fails for good, and retries; a removed file is never merged', async () => {
    server.offline = true;
    const onSubmit = vi.fn();
    const { container } = renderAdmin(<RendererHarness formData={formOf([bigDoc()])} onSubmit={onSubmit} />);
    choose(container, bigFile());
    const line = await lineOf('季度报告.pdf');
    await waitFor(() => expect(statusText(line)).toBe('上传失败'));
    server.offline = false;
    fireEvent.click(within(line).getByRole('button', { name: '重试 季度报告.pdf' }));
    await waitFor(() => expect(statusText(line)).toBe('上传成功'));

    server.hang = new Set([1, 2, 3]);
    choose(container, new File([new Uint8Array(100).fill(1)], '小文件.pdf'));
    const second = await lineOf('小文件.pdf');
    await waitFor(() => expect(statusText(second)).toBe('上传中'));
    fireEvent.click(within(second).getByRole('button', { name: '移除 小文件.pdf' }));
    expect(screen.queryByRole('listitem', { name: '小文件.pdf' })).toBeNull();
    expect(server.merges).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].bigDoc).toHaveLength(1);
  });

  it('lets a second file wait while the first is sent; a paused one is not started', async () => {
    server.hang = new Set([1, 2, 3]);
    const { container } = renderAdmin(<RendererHarness formData={formOf([bigDoc()])} onSubmit={vi.fn()} />);
    choose(container, bigFile(), new File([new Uint8Array(100).fill(2)], '第二个.pdf'));
    const first = await lineOf('季度报告.pdf');
    const second = await lineOf('第二个.pdf');
    // the small file is checked first, so it is sent first
    await waitFor(() => expect([statusText(second), statusText(first)]).toEqual(['上传中', '等待中']));
    fireEvent.click(within(first).getByRole('button', { name: '暂停 季度报告.pdf' }));
    expect(statusText(first)).toBe('暂停中');
    fireEvent.click(within(second).getByRole('button', { name: '移除 第二个.pdf' }));
    expect(statusText(first)).toBe('暂停中');
  });

  it('refuses files over the limit, too large or of other types, with the file field’s messages', async () => {
    const { container } = renderAdmin(
      <RendererHarness
        formData={formOf([bigDoc({ limit: 1, fileSize: 1, sizeUnit: 'KB', accept: '.pdf' })])}
        onSubmit={vi.fn()}
      />,
    );
    choose(container, new File(['x'], 'a.exe'));
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('请选择pdf类型的文件', expect.any(Number)));
    choose(container, new File([new Uint8Array(2048)], 'a.pdf'));
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('文件大小超过1KB', expect.any(Number)));
    expect(server.tests).toBe(0);
  });

  it('shows the files read-only in details', () => {
    renderAdmin(
      <RendererHarness
        mode="detail"
        formData={formOf([bigDoc()])}
        record={{}}
        display={{ bigDoc: [{ name: '季度报告.pdf', fileId: MERGED.name, fileSize: 10, url: MERGED.url }] }}
        onSubmit={vi.fn()}
      />,
    );
    const list = screen.getByRole('list', { name: '大文件' });
    expect(within(list).getByRole('button', { name: '季度报告.pdf' })).toBeTruthy();
    expect(within(list).queryByRole('button', { name: /移除/ })).toBeNull();
  });
});

describe('uploadFz 打包下载', () => {
  it('is offered in a form once the field holds files, and zips them through the server', async () => {
    const held = { name: '季度报告.pdf', fileId: MERGED.name, fileSize: 10, url: MERGED.url };
    const api = mockApi().on('POST', '/api/file/PackDownload/annex', () => ({
      code: 200,
      msg: 'Success',
      data: { downloadVo: { name: 'a.zip', url: '/api/file/PackDownload/t0k3n/a.zip' } },
    }));
    const clicked: string[] = [];
    const spy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    try {
      renderAdmin(<RendererHarness formData={formOf([bigDoc()])} record={{ bigDoc: [held] }} onSubmit={vi.fn()} />);
      fireEvent.click(await screen.findByRole('button', { name: /打包下载/ }));
      await waitFor(() =>
        expect(clicked).toEqual([expect.stringMatching(/\/api\/file\/PackDownload\/t0k3n\/a\.zip$/)]),
      );
      expect(api.callsTo('POST', '/api/file/PackDownload/annex')[0]!.body).toEqual([
        { fileId: MERGED.name, fileName: '季度报告.pdf' },
      ]);
    } finally {
      spy.mockRestore();
    }
  });
});
