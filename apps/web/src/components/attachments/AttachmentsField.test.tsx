import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../platform/feedback';
import { mockApi, ok, renderAdmin } from '../admin/testUtils';
import { AttachmentsField } from './AttachmentsField';
import { downloadAttachment, fetchAttachment, fileSizeText, type AttachmentFile } from './files';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const UPLOAD = '/api/x/Record/Uploader';
const stored = (name: string, size: number) =>
  ok({ name, url: `/api/x/Record/File/${name}`, fileSize: size, fileExtension: name.split('.').pop() });

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  vi.mocked(feedback.error).mockClear();
  api = mockApi().on('POST', UPLOAD, stored('20250101_ab.pdf', 2048));
});
afterEach(() => vi.restoreAllMocks());

/** the field in a form-like holder that shows what it was given */
function Holder({ initial = [], maxMb }: { initial?: AttachmentFile[]; maxMb?: number }) {
  const [files, setFiles] = useState(initial);
  return (
    <>
      <AttachmentsField value={files} onChange={setFiles} uploadUrl={UPLOAD} maxMb={maxMb} />
      <output data-testid="value">{JSON.stringify(files)}</output>
    </>
  );
}

const value = () => JSON.parse(screen.getByTestId('value').textContent!) as AttachmentFile[];
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

describe('AttachmentsField', () => {
  it('uploads a chosen file to the given address and holds what the server answered', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<Holder />);
    expect(screen.getByText('单个文件不超过20MB')).toBeTruthy();
    await user.upload(fileInput(), new File(['%PDF'], '议程.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('button', { name: '议程.pdf' })).toBeTruthy();
    expect(screen.getByText('2.0 KB')).toBeTruthy();
    expect(value()).toEqual([
      {
        name: '议程.pdf',
        fileId: '20250101_ab.pdf',
        fileSize: 2048,
        fileExtension: 'pdf',
        url: '/api/x/Record/File/20250101_ab.pdf',
      },
    ]);
    expect(api.callsTo('POST', UPLOAD)[0]!.body).toBeInstanceOf(FormData);

    await user.click(screen.getByRole('button', { name: '移除 议程.pdf' }));
    expect(value()).toEqual([]);
  });

  it('refuses a file of another type or over the limit before sending it', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    renderAdmin(<Holder maxMb={1} />);
    expect(screen.getByText('单个文件不超过1MB')).toBeTruthy();
    await user.upload(fileInput(), new File(['x'], 'run.exe'));
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('不支持上传run.exe这种类型的文件', 1.5));
    await user.upload(fileInput(), new File([new Uint8Array(1024 * 1024 + 1)], 'big.pdf'));
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('文件big.pdf超过1MB', 1.5));
    expect(api.callsTo('POST', UPLOAD)).toHaveLength(0);
    expect(value()).toEqual([]);
  });

  it('keeps the list as it was when the server refuses the upload', async () => {
    const user = userEvent.setup({ delay: null });
    api.on('POST', UPLOAD, { code: 400, msg: '上传失败，文件格式不允许上传' });
    const kept = { name: 'a.txt', fileId: '20250101_aa.txt', fileSize: 3, fileExtension: 'txt', url: '/f/a' };
    renderAdmin(<Holder initial={[kept]} />);
    await user.upload(fileInput(), new File(['x'], 'b.pdf'));
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('上传失败，文件格式不允许上传', 1.5));
    await waitFor(() => expect(screen.queryByText('上传中…')).toBeNull());
    expect(value()).toEqual([kept]);
  });
});

describe('attachment files', () => {
  it('fetches a file with the token and saves it under its name', async () => {
    renderAdmin(<span />);
    const fetchMock = vi.fn(async () => new Response('%PDF', { headers: { 'Content-Type': 'application/pdf' } }));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await downloadAttachment('/api/x/Record/File/20250101_ab.pdf', '议程.pdf');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/x/Record/File/20250101_ab.pdf');
    expect((init.headers as Record<string, string>).Authorization).toBe('bearer test');
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect([link.download, link.getAttribute('href')]).toEqual(['议程.pdf', 'blob:x']);
    expect(document.querySelector('a[download]')).toBeNull();

    // an address on another host gets no token: it is opened as it is
    await downloadAttachment('https://cdn.example.com/a.pdf', 'a.pdf');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[1] as HTMLAnchorElement).href).toBe('https://cdn.example.com/a.pdf');
  });

  it('shows the server message when it answers a refusal instead of the file', async () => {
    renderAdmin(<span />);
    mockApi().on('GET', '/api/x/Record/File/gone.pdf', { code: 400, msg: '数据不存在' });
    await expect(fetchAttachment('/api/x/Record/File/gone.pdf')).rejects.toThrow('数据不存在');
    expect(feedback.error).toHaveBeenCalledWith('数据不存在', 1.5);
  });

  it('writes sizes as people read them', () => {
    expect([fileSizeText(0), fileSizeText(500), fileSizeText(2048), fileSizeText(5 * 1024 * 1024)]).toEqual([
      '',
      '500 B',
      '2.0 KB',
      '5.0 MB',
    ]);
  });
});
