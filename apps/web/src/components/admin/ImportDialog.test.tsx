import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../platform/feedback';
import { acceptsFile, ImportDialog } from './ImportDialog';
import { mockApi, ok, renderAdmin } from './testUtils';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const URL_ = '/api/system/DictionaryData/Actions/Import';
let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
  vi.mocked(feedback.success).mockClear();
  vi.mocked(feedback.error).mockClear();
});

const fileInput = () => document.querySelector('input[type=file]') as HTMLInputElement;
const okButton = () => screen.getByRole('button', { name: /确\s*定/ });

describe('ImportDialog', () => {
  it('accepts only the listed extensions', () => {
    expect(acceptsFile('a.BDD', '.bdd')).toBe(true);
    expect(acceptsFile('a.json', '.bdd')).toBe(false);
    expect(acceptsFile('a.bb', '.json, bb')).toBe(true);
  });

  it('requires a file of the accepted type, posts it with the duplicate mode and reports success', async () => {
    api.on('POST', URL_, ok({ snum: 1, fnum: 0, skipped: [] }, '导入成功'));
    const onImported = vi.fn();
    const onClose = vi.fn();
    const user = userEvent.setup({ delay: null, applyAccept: false });
    renderAdmin(<ImportDialog open url={URL_} accept=".bdd" onClose={onClose} onImported={onImported} />);
    await user.click(okButton());
    expect(await screen.findByText('请选择文件')).toBeTruthy();

    await user.upload(fileInput(), new File(['{}'], 'x.json', { type: 'application/json' }));
    expect(await screen.findByText('请选择.bdd类型的文件')).toBeTruthy();

    await user.upload(fileInput(), new File(['{"a":1}'], '字典.bdd'));
    await user.click(screen.getByLabelText('追加'));
    await user.click(okButton());
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('导入成功', 1.5));
    const body = api.calls[0]!.body as FormData;
    expect(body.get('type')).toBe('1');
    expect((body.get('file') as File).name).toBe('字典.bdd');
    expect(api.calls[0]!.query.get('n')).toBeTruthy();
    await waitFor(() => expect(onImported).toHaveBeenCalledWith({ snum: 1, fnum: 0, skipped: [] }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the refusal and removes the file', async () => {
    api.on('POST', URL_, { code: 400, msg: '导入失败，该文件不是数据字典导出文件' });
    const onImported = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderAdmin(<ImportDialog open url={URL_} accept=".bdd" onClose={vi.fn()} onImported={onImported} />);
    await user.upload(fileInput(), new File(['x'], 'bad.bdd'));
    expect(screen.getByText('bad.bdd')).toBeTruthy();
    await user.click(okButton());
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('导入失败，该文件不是数据字典导出文件', 1.5));
    await waitFor(() => expect(screen.queryByText('bad.bdd')).toBeNull());
    expect(onImported).not.toHaveBeenCalled();
  });
});
