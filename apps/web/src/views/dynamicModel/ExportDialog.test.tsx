import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen, serveApi } from '../../test/screen';
import { ExportDialog } from './ExportDialog';

vi.setConfig({ testTimeout: 60_000 });

const PATH = '/api/visualdev/OnlineDev/m1/Actions/ExportData';

describe('the export dialog', () => {
  it('offers the sub-tables’ columns, unchosen at first, and sends the chosen ones as <table>-<column>', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = serveApi({ [`POST ${PATH}`]: { name: 'x.xlsx', url: '/api/file/Download/x' } });
    renderScreen(
      <ExportDialog
        modelId="m1"
        columns={[{ prop: 'title', label: '标题' } as never]}
        subColumns={[
          { value: 'lines-item', label: '明细-品名' },
          { value: 'lines-qty', label: '明细-数量' },
        ]}
        body={{ currentPage: 1, pageSize: 20 } as never}
        onClose={() => undefined}
      />,
    );
    const dialog = (await screen.findByText('导出数据')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText('子表字段')).toBeTruthy();
    expect((within(dialog).getByRole('checkbox', { name: '明细-品名' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '明细-品名' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.path === PATH)).toBe(true));
    expect(calls.find((c) => c.path === PATH)!.body).toMatchObject({ selectKey: ['title', 'lines-item'] });
    click.mockRestore();
  });
});
