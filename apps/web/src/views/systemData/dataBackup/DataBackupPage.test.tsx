import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen, serveApi } from '../../../test/screen';
import type { BackupJob, BackupRow } from './api';
import DataBackupPage, { readableSize } from './DataBackupPage';

vi.setConfig({ testTimeout: 90_000 });
vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const NAME = 'backup-20261127-093000-0a1b2c3d.tar.gz';
const row: BackupRow = {
  name: NAME,
  size: 3 * 1024 * 1024,
  createdAt: new Date(2026, 10, 27, 9, 30).getTime(),
  platformVersion: '0.1.0',
  engine: 'pglite',
  tables: 50,
  rows: 4321,
  files: 2,
  fileBytes: 1000,
};

const job = (fields: Partial<BackupJob>): BackupJob => ({
  id: 'j'.repeat(24),
  kind: 'backup',
  state: 'running',
  phase: 'tables',
  done: 3,
  total: 50,
  item: 'base_user',
  name: NAME,
  result: null,
  error: null,
  ...fields,
});

describe('backup screen', () => {
  it('lists the backups and creates one, showing its progress and then its counts', async () => {
    let polls = 0;
    const { calls } = serveApi({
      'GET /api/systemData/DataBackup': { list: [row] },
      'POST /api/systemData/DataBackup': { jobId: 'j'.repeat(24), name: NAME },
      [`GET /api/systemData/DataBackup/Jobs/${'j'.repeat(24)}`]: () =>
        ++polls < 2 ? job({}) : job({ state: 'done', result: { tables: 50, rows: 4321, files: 2 } }),
    });
    renderScreen(<DataBackupPage />, []);
    expect(await screen.findByText(NAME)).toBeTruthy();
    expect(screen.getByText('3.0 MB')).toBeTruthy();
    expect(screen.getByText('内嵌数据库')).toBeTruthy();
    expect(screen.getByText('4321')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /创建备份/ }));
    expect(await screen.findByText('读取数据表 3/50 · base_user')).toBeTruthy();
    expect(await screen.findByText('数据表 50 张，记录 4321 条，文件 2 个，数量和校验和均已核对。')).toBeTruthy();
    expect(screen.getByText('备份已创建')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('restores only once the replacement is understood, and says why it did not finish', async () => {
    const { calls } = serveApi({
      'GET /api/systemData/DataBackup': { list: [row] },
      [`POST /api/systemData/DataBackup/${NAME}/Actions/Restore`]: { jobId: 'k'.repeat(24) },
      [`GET /api/systemData/DataBackup/Jobs/${'k'.repeat(24)}`]: job({
        kind: 'restore',
        state: 'failed',
        error: '平台已有数据，恢复将替换全部数据和文件；确认替换后再恢复',
      }),
    });
    renderScreen(<DataBackupPage />, []);
    await screen.findByText(NAME);
    await userEvent.click(screen.getByRole('button', { name: '恢复' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/将用备份“backup-20261127-093000-0a1b2c3d.tar.gz”替换平台的全部数据和文件/),
    ).toBeTruthy();
    expect(within(dialog).getByText(/备份包含 50 张数据表、4321 条记录、2 个文件/)).toBeTruthy();
    const ok = within(dialog).getByRole('button', { name: /替换并恢复/ });
    expect((ok as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(dialog).getByText('我已了解，恢复将替换全部数据和文件'));
    await userEvent.click(within(dialog).getByText('平台已有数据时也替换'));
    await userEvent.click(ok);
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/Actions/Restore'))?.body).toEqual({ confirm: true, force: true }),
    );
    expect(await screen.findByText('平台已有数据，恢复将替换全部数据和文件；确认替换后再恢复')).toBeTruthy();
    expect(screen.getByText('未完成')).toBeTruthy();
  });

  it('downloads by the link the server gives and deletes after a confirmation', async () => {
    const { calls } = serveApi({
      'GET /api/systemData/DataBackup': { list: [row] },
      [`POST /api/systemData/DataBackup/${NAME}/Actions/Download`]: {
        name: NAME,
        url: `/api/systemData/DataBackup/Download/${'t'.repeat(43)}`,
      },
      [`DELETE /api/systemData/DataBackup/${NAME}`]: { code: 200, msg: '删除成功' },
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderScreen(<DataBackupPage />, []);
    await screen.findByText(NAME);
    await userEvent.click(screen.getByRole('button', { name: /^下\s*载$/ }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    await userEvent.click(screen.getByRole('button', { name: /^删\s*除$/ }));
    expect(await screen.findByText(`删除备份“${NAME}”后不能找回，确定删除吗？`)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    click.mockRestore();
  });

  it('sizes read as people read them', () => {
    expect(readableSize(900)).toBe('900 B');
    expect(readableSize(1536)).toBe('1.5 KB');
    expect(readableSize(200 * 1024 * 1024)).toBe('200 MB');
  });
});
