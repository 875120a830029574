import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../../platform/feedback';
import { renderScreen, serveApi } from '../../../test/screen';
import { ImportWizard } from './ImportWizard';

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

beforeEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(feedback.error).mockClear();
});

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

describe('user import wizard', () => {
  it('refuses a file over 500 KB without uploading it', { timeout: 60_000 }, async () => {
    const { calls } = serveApi({});
    renderScreen(<ImportWizard open onClose={() => undefined} onImported={() => undefined} />);
    const big = new File([new Uint8Array(500 * 1024 + 1)], 'users.xlsx');
    fireEvent.change(fileInput(), { target: { files: [big] } });
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('文件大小不能超过500KB', 1.5));
    expect(calls.length).toBe(0);
    expect((screen.getByRole('button', { name: /下一步/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('uploads, previews editable rows, imports the edited rows and shows the counts', { timeout: 90_000 }, async () => {
    const onImported = vi.fn();
    const { calls } = serveApi({
      'POST /api/permission/Users/Uploader': { name: 'up.xlsx' },
      'GET /api/permission/Users/ImportPreview': {
        headerRow: [
          { id: 'account', fullName: '账号' },
          { id: 'realName', fullName: '姓名' },
        ],
        dataRow: [
          { account: 'a1', realName: '甲' },
          { account: 'a2', realName: '乙' },
        ],
      },
      'POST /api/permission/Users/ImportData': {
        snum: 1,
        fnum: 1,
        resultType: 1,
        failResult: [{ account: 'a2', realName: '乙', errorsInfo: '账号已存在' }],
      },
      'POST /api/permission/Users/ExportExceptionData': { name: 'e.xlsx', url: '/api/file/x' },
    });
    const onClose = vi.fn();
    renderScreen(<ImportWizard open onClose={onClose} onImported={onImported} />);
    fireEvent.change(fileInput(), { target: { files: [new File(['x'], 'users.xlsx')] } });
    expect(await screen.findByText('users.xlsx')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /下一步/ }));
    const cells = await screen.findAllByLabelText('账号');
    fireEvent.change(cells[0]!, { target: { value: 'a1x' } });
    await userEvent.click(screen.getByRole('button', { name: /开始导入/ }));
    expect(await screen.findByText('成功 1 条，失败 1 条')).toBeTruthy();
    expect(screen.getByText('账号已存在')).toBeTruthy();
    const sent = calls.find((c) => c.path === '/api/permission/Users/ImportData')!.body as { list: unknown[] };
    expect(sent.list).toEqual([
      { account: 'a1x', realName: '甲' },
      { account: 'a2', realName: '乙' },
    ]);
    await userEvent.click(screen.getByRole('button', { name: /下载失败数据/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/permission/Users/ExportExceptionData')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: /关\s*闭/ }));
    expect(onImported).toHaveBeenCalled();
  });
});
