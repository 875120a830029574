import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../platform/feedback';
import { renderScreen, serveApi } from '../../test/screen';
import { SheetImportWizard } from './SheetImportWizard';

vi.mock('../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

beforeEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(feedback.error).mockClear();
});

const BASE = '/api/system/DictionaryData/t1';
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

describe('the shared import wizard', () => {
  it('refuses files of another type and over the configured size before uploading', { timeout: 60_000 }, async () => {
    const { calls } = serveApi({});
    renderScreen(
      <SheetImportWizard open base={BASE} maxBytes={8 * 1024} onClose={() => undefined} onImported={() => undefined} />,
    );
    expect(screen.getByText('请先下载模板，按格式填写后上传（.xls、.xlsx，不超过8KB）')).toBeTruthy();
    fireEvent.change(fileInput(), { target: { files: [new File(['x'], 'items.csv')] } });
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('请选择.xls或.xlsx文件', 1.5));
    fireEvent.change(fileInput(), { target: { files: [new File([new Uint8Array(8 * 1024 + 1)], 'items.xlsx')] } });
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('文件大小不能超过8KB', 1.5));
    expect(calls.length).toBe(0);
  });

  it(
    'walks upload → editable preview (back and forth) → result under the module’s path',
    { timeout: 90_000 },
    async () => {
      const onImported = vi.fn();
      const { calls } = serveApi({
        [`GET ${BASE}/TemplateDownload`]: { name: 't.xlsx', url: '/api/file/Download/t' },
        [`POST ${BASE}/Uploader`]: { name: 'up.xlsx' },
        [`GET ${BASE}/ImportPreview`]: {
          headerRow: [
            { id: 'fullName', fullName: '字典名称' },
            { id: 'parentCode', fullName: '上级编码', tipLabel: '上级字典的编码' },
          ],
          dataRow: [
            { fullName: '红', parentCode: '' },
            { fullName: '绿', parentCode: 'x' },
            { fullName: '蓝', parentCode: '' },
          ],
        },
        [`POST ${BASE}/ImportData`]: {
          snum: 1,
          fnum: 1,
          resultType: 1,
          failResult: [{ fullName: '绿', parentCode: 'x', errorsInfo: '找不到该上级字典（x）' }],
        },
        [`POST ${BASE}/ImportExceptionData`]: { name: 'e.xlsx', url: '/api/file/Download/e' },
      });
      renderScreen(<SheetImportWizard open base={BASE} onClose={() => undefined} onImported={onImported} />);
      await userEvent.click(screen.getByRole('button', { name: /下载模板/ }));
      await waitFor(() => expect(calls.some((c) => c.path === `${BASE}/TemplateDownload`)).toBe(true));
      fireEvent.change(fileInput(), { target: { files: [new File(['x'], 'items.xlsx')] } });
      expect(await screen.findByText('items.xlsx')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: /下一步/ }));
      // the column's note is offered beside its header
      expect((await screen.findAllByLabelText('上级字典的编码')).length).toBeGreaterThan(0);
      await userEvent.click(screen.getByRole('button', { name: /上一步/ }));
      expect(await screen.findByText('items.xlsx')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: /下一步/ }));
      const names = await screen.findAllByLabelText('字典名称');
      fireEvent.change(names[0]!, { target: { value: '红色' } });
      await userEvent.click(screen.getAllByRole('button', { name: '删除' })[2]!);
      await userEvent.click(screen.getByRole('button', { name: /开始导入/ }));
      expect(await screen.findByText('成功 1 条，失败 1 条')).toBeTruthy();
      expect(screen.getByText('找不到该上级字典（x）')).toBeTruthy();
      const sent = calls.find((c) => c.path === `${BASE}/ImportData`)!.body as { list: unknown[] };
      expect(sent.list).toEqual([
        { fullName: '红色', parentCode: '' },
        { fullName: '绿', parentCode: 'x' },
      ]);
      await userEvent.click(screen.getByRole('button', { name: /下载失败数据/ }));
      await waitFor(() => expect(calls.some((c) => c.path === `${BASE}/ImportExceptionData`)).toBe(true));
      await userEvent.click(screen.getByRole('button', { name: /关\s*闭/ }));
      expect(onImported).toHaveBeenCalled();
    },
  );

  it(
    'shows a record’s sub-table rows in the preview, editable and removable, and sends them back',
    { timeout: 90_000 },
    async () => {
      const FORM = '/api/visualdev/OnlineDev/m1';
      const { calls } = serveApi({
        [`POST ${FORM}/Uploader`]: { name: 'up.xlsx' },
        [`GET ${FORM}/ImportPreview`]: {
          headerRow: [
            { id: 'title', fullName: '标题' },
            {
              id: 'lines',
              fullName: '明细',
              jnpfKey: 'table',
              children: [
                { id: 'item', fullName: '品名' },
                { id: 'qty', fullName: '数量', tipLabel: '数字' },
              ],
            },
          ],
          dataRow: [
            {
              title: '甲单',
              lines: [
                { item: '螺丝', qty: '3' },
                { item: '螺母', qty: '5' },
                { item: '垫片', qty: '1' },
              ],
              excelRowNum: '3',
            },
            { title: '乙单', lines: [], excelRowNum: '6' },
          ],
        },
        [`POST ${FORM}/ImportData`]: {
          snum: 1,
          fnum: 1,
          resultType: 1,
          failResult: [
            {
              title: '甲单',
              lines: [{ item: '螺钉', qty: '3' }],
              errorsInfo: '表格第3行：明细第1行：品名不能为空',
            },
          ],
        },
      });
      renderScreen(<SheetImportWizard open base={FORM} onClose={() => undefined} onImported={() => undefined} />);
      fireEvent.change(fileInput(), { target: { files: [new File(['x'], 'r.xlsx')] } });
      expect(await screen.findByText('r.xlsx')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: /下一步/ }));
      // the sub-table's title heads its columns; each of the record's rows is a line of inputs
      expect((await screen.findAllByText('明细')).length).toBeGreaterThan(0);
      const items = screen.getAllByLabelText('明细-品名') as HTMLInputElement[];
      expect(items.map((i) => i.value)).toEqual(['螺丝', '螺母', '垫片']);
      expect((screen.getAllByLabelText('明细-数量') as HTMLInputElement[]).map((i) => i.value)).toEqual([
        '3',
        '5',
        '1',
      ]);
      fireEvent.change(items[0]!, { target: { value: '螺钉' } });
      await userEvent.click(screen.getAllByRole('button', { name: '删除明细的这一行' })[1]!);
      expect((screen.getAllByLabelText('明细-品名') as HTMLInputElement[]).map((i) => i.value)).toEqual([
        '螺钉',
        '垫片',
      ]);
      await userEvent.click(screen.getByRole('button', { name: /开始导入/ }));
      expect(await screen.findByText('表格第3行：明细第1行：品名不能为空')).toBeTruthy();
      // the failed record's rows are shown with it
      expect(screen.getByText('螺钉')).toBeTruthy();
      const sent = calls.find((c) => c.path === `${FORM}/ImportData`)!.body as { list: unknown[] };
      expect(sent.list).toEqual([
        {
          title: '甲单',
          lines: [
            { item: '螺钉', qty: '3' },
            { item: '垫片', qty: '1' },
          ],
          excelRowNum: '3',
        },
        { title: '乙单', lines: [], excelRowNum: '6' },
      ]);
    },
  );
});
