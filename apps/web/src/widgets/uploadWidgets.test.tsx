import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../components/admin/testUtils';
import { uploadFile } from '../platform/chunkUpload';
import { feedback } from '../platform/feedback';
import { i18n } from '../platform/i18n';
import { widgetTexts } from './texts';
import { fieldOf, formOf, RendererHarness, SUBMIT } from './testing';
import { downloadAll, uploadProblem } from './uploadWidgets';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../platform/feedback', () => ({
  feedback: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), notice: vi.fn() },
}));
vi.mock('../platform/chunkUpload', () => ({ uploadFile: vi.fn() }));

const PACK = '/api/file/PackDownload/annex';
const zip = { name: '20260101120000.zip', url: '/api/file/PackDownload/t0k3n/20260101120000.zip' };
let api: ReturnType<typeof mockApi>;
beforeEach(async () => {
  await i18n.changeLanguage('zh');
  api = mockApi().on('POST', PACK, ok({ downloadVo: zip, downloadName: zip.name }));
  vi.mocked(feedback.error).mockClear();
  vi.mocked(feedback.warning).mockClear();
  vi.mocked(uploadFile).mockReset();
});

const contract = (extra = {}) =>
  fieldOf('uploadFile', 'contract', '合同', { limit: 2, fileSize: 1, sizeUnit: 'MB', accept: '.pdf,.docx', ...extra });
const stored = (name: string, fileId: string) => ({
  name,
  fileId,
  fileSize: 10,
  fileExtension: 'pdf',
  url: `/api/file/Image/annex/${fileId}`,
});
const choose = (input: HTMLElement, ...files: File[]) => fireEvent.change(input, { target: { files } });

describe('upload checks (pure)', () => {
  const t = widgetTexts.text;
  it('refuses past the limit, other types and larger files, with the reference’s messages', () => {
    const field = contract();
    expect(uploadProblem(field, { name: 'a.pdf', size: 10 }, 2, t)).toBe('当前限制最多可以上传2个文件');
    expect(uploadProblem(field, { name: 'a.exe', size: 10 }, 0, t)).toBe('请选择pdf、word类型的文件');
    // the refusal names kinds (图片, 视频, 音频, excel, word, pdf, txt), as the reference does
    const media = contract({ accept: 'image/*,video/*,audio/*,.xlsx,.txt,.zip' });
    expect(uploadProblem(media, { name: 'a.exe', size: 10 }, 0, t)).toBe(
      '请选择图片、视频、音频、excel、txt、zip类型的文件',
    );
    expect(uploadProblem(media, { name: 'clip.mkv', size: 10 }, 0, t)).toBeNull();
    expect(uploadProblem(field, { name: 'a.pdf', size: 2 * 1024 * 1024 }, 0, t)).toBe('文件大小超过1MB');
    // the size must stay below the limit; it is checked before the type
    expect(uploadProblem(field, { name: 'a.pdf', size: 1024 * 1024 }, 0, t)).toBe('文件大小超过1MB');
    expect(uploadProblem(field, { name: 'a.pdf', size: 1024 * 1024 - 1 }, 0, t)).toBeNull();
    expect(uploadProblem(field, { name: 'a.exe', size: 2 * 1024 * 1024 }, 0, t)).toBe('文件大小超过1MB');
    expect(uploadProblem(field, { name: 'a.PDF', size: 10 }, 1, t)).toBeNull();
  });

  it('speaks of pictures for a picture field', () => {
    const photos = fieldOf('uploadImg', 'photos', '照片', { limit: 3, fileSize: 2, sizeUnit: 'MB' });
    expect(uploadProblem(photos, { name: 'a.png', size: 10 }, 3, t)).toBe('当前限制最多可以上传3张图片');
    expect(uploadProblem(photos, { name: 'a.pdf', size: 10 }, 0, t)).toBe('请上传图片');
    expect(uploadProblem(photos, { name: 'a.jpg', size: 3 * 1024 * 1024 }, 0, t)).toBe('图片大小超过2MB');
    expect(uploadProblem(photos, { name: 'a.JPG', size: 10 }, 2, t)).toBeNull();
  });
});

describe('UploadWidget in a form', () => {
  it('uploads chosen files in chunks, lists them, removes one, and sends the stored files', async () => {
    vi.mocked(uploadFile)
      .mockResolvedValueOnce(stored('合同.pdf', '20260101_a.pdf'))
      .mockResolvedValueOnce(stored('附件.pdf', '20260101_b.pdf'));
    const onSubmit = vi.fn();
    const { container } = renderAdmin(<RendererHarness formData={formOf([contract()])} onSubmit={onSubmit} />);
    const input = container.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input.accept).toBe('.pdf,.docx');
    choose(input, new File(['%PDF'], '合同.pdf'), new File(['%PDF'], '附件.pdf'));
    const list = await screen.findByRole('list', { name: '合同' });
    await within(list).findByText('附件.pdf');
    expect(vi.mocked(uploadFile).mock.calls[0]![1]).toMatchObject({ type: 'annex' });
    fireEvent.click(within(list).getByRole('button', { name: '移除 合同.pdf' }));
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ contract: [stored('附件.pdf', '20260101_b.pdf')] });
  });

  it('sends the storage options of the field with each file: the default path unless it says otherwise', async () => {
    vi.mocked(uploadFile).mockResolvedValue(stored('合同.pdf', '20260101_a.pdf'));
    const own = contract({ pathType: 'selfPath', isAccount: 1, folder: 'contracts' });
    const { container } = renderAdmin(<RendererHarness formData={formOf([own])} onSubmit={vi.fn()} />);
    choose(container.querySelector<HTMLInputElement>('input[type=file]')!, new File(['%PDF'], '合同.pdf'));
    await waitFor(() => expect(uploadFile).toHaveBeenCalled());
    expect(vi.mocked(uploadFile).mock.calls[0]![1]).toMatchObject({
      type: 'annex',
      storage: { pathType: 'selfPath', isAccount: '1', folder: 'contracts' },
    });
  });

  it('sends the default storage options when the field has none', async () => {
    vi.mocked(uploadFile).mockResolvedValue(stored('a.png', '20260101_a.png'));
    const photos = fieldOf('uploadImg', 'photos', '照片', { limit: 3 });
    const { container } = renderAdmin(<RendererHarness formData={formOf([photos])} onSubmit={vi.fn()} />);
    choose(container.querySelector<HTMLInputElement>('input[type=file]')!, new File(['png'], 'a.png'));
    await waitFor(() => expect(uploadFile).toHaveBeenCalled());
    expect(vi.mocked(uploadFile).mock.calls[0]![1]).toMatchObject({
      storage: { pathType: 'defaultPath', isAccount: '0', folder: '' },
    });
  });

  it('warns (not errs) that a picture field is full', async () => {
    vi.mocked(uploadFile).mockResolvedValue(stored('a.png', '20260101_a.png'));
    const photos = fieldOf('uploadImg', 'photos', '照片', { limit: 1 });
    const { container } = renderAdmin(<RendererHarness formData={formOf([photos])} onSubmit={vi.fn()} />);
    choose(
      container.querySelector<HTMLInputElement>('input[type=file]')!,
      new File(['png'], 'a.png'),
      new File(['png'], 'b.png'),
    );
    await waitFor(() =>
      expect(feedback.warning).toHaveBeenCalledWith('当前限制最多可以上传1张图片', expect.any(Number)),
    );
    expect(feedback.error).not.toHaveBeenCalled();
  });

  it('tells what is wrong with a file and does not send it; shows the server’s refusal', async () => {
    const { container } = renderAdmin(<RendererHarness formData={formOf([contract()])} onSubmit={vi.fn()} />);
    const input = container.querySelector<HTMLInputElement>('input[type=file]')!;
    choose(input, new File(['x'], 'virus.exe'));
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('请选择pdf、word类型的文件', expect.any(Number)));
    expect(uploadFile).not.toHaveBeenCalled();
    vi.mocked(uploadFile).mockRejectedValueOnce(new Error('上传失败，文件格式不允许上传'));
    // the upload renews its file input after each choice
    choose(container.querySelector<HTMLInputElement>('input[type=file]')!, new File(['x'], 'ok.pdf'));
    await waitFor(() =>
      expect(feedback.error).toHaveBeenCalledWith('上传失败，文件格式不允许上传', expect.any(Number)),
    );
  });

  it('shows the files read-only in details', () => {
    renderAdmin(
      <RendererHarness
        mode="detail"
        formData={formOf([contract()])}
        record={{}}
        display={{ contract: [stored('合同.pdf', '20260101_a.pdf')] }}
        onSubmit={vi.fn()}
      />,
    );
    const list = screen.getByRole('list', { name: '合同' });
    expect(within(list).getByRole('button', { name: '合同.pdf' })).toBeTruthy();
    expect(within(list).queryByRole('button', { name: /移除/ })).toBeNull();
  });
});

describe('打包下载', () => {
  const clicked: string[] = [];
  let restore = () => {};
  afterEach(() => restore());
  beforeEach(() => {
    clicked.length = 0;
    const spy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    restore = () => spy.mockRestore();
  });

  it('zips all files of a detail through the server and downloads the zip', async () => {
    renderAdmin(
      <RendererHarness
        mode="detail"
        formData={formOf([contract()])}
        record={{}}
        display={{ contract: [stored('合同.pdf', '20260101_a.pdf'), stored('附件.pdf', '20260101_b.pdf')] }}
        onSubmit={vi.fn()}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /打包下载/ }));
    await waitFor(() =>
      expect(clicked).toEqual([expect.stringMatching(/\/api\/file\/PackDownload\/t0k3n\/20260101120000\.zip$/)]),
    );
    expect(api.callsTo('POST', PACK)[0]!.body).toEqual([
      { fileId: '20260101_a.pdf', fileName: '合同.pdf' },
      { fileId: '20260101_b.pdf', fileName: '附件.pdf' },
    ]);
  });

  it('is offered in a form once the field holds files', async () => {
    vi.mocked(uploadFile).mockResolvedValueOnce(stored('合同.pdf', '20260101_a.pdf'));
    const { container } = renderAdmin(<RendererHarness formData={formOf([contract()])} onSubmit={vi.fn()} />);
    expect(screen.queryByRole('button', { name: /打包下载/ })).toBeNull();
    choose(container.querySelector<HTMLInputElement>('input[type=file]')!, new File(['%PDF'], '合同.pdf'));
    fireEvent.click(await screen.findByRole('button', { name: /打包下载/ }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(api.callsTo('POST', PACK)[0]!.body).toEqual([{ fileId: '20260101_a.pdf', fileName: '合同.pdf' }]);
  });

  it('says so when there is no file, without calling the server', async () => {
    await downloadAll([], widgetTexts.text);
    expect(feedback.error).toHaveBeenCalledWith('未发现文件', expect.any(Number));
    expect(api.callsTo('POST', PACK)).toHaveLength(0);
  });
});
