import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../platform/i18n';
import type { ChooserConfig, ChooserLoader } from './chooserModel';
import RecordChooser from './RecordChooser';

// jsdom reports an English browser; these tests read the Chinese texts.
beforeAll(() => i18n.changeLanguage('zh'));

const rows = [
  { id: '1', code: 'A01', name: '甲' },
  { id: '2', code: 'B02', name: '乙' },
];

const config: ChooserConfig = {
  popupTitle: '选择物料',
  columnOptions: [
    { value: 'code', label: '编码' },
    { value: 'name', label: '名称' },
    { value: 'id', label: '主键', ifShow: false },
  ],
  hasPage: true,
  pageSize: 20,
  relationOptions: [
    { field: 'materialCode', type: 'column', value: 'code' },
    { field: 'source', type: 'fixed', value: 'chooser' },
  ],
};

function setup(overrides: Partial<ChooserConfig> = {}) {
  const load = vi.fn<ChooserLoader>(async (query) => ({
    list: rows.filter((row) => !query.keyword || row.name.includes(query.keyword)),
    total: 2,
  }));
  const onResult = vi.fn();
  render(<RecordChooser open config={{ ...config, ...overrides }} load={load} onResult={onResult} />);
  return { load, onResult };
}

/**
 * a cell of the table once the table has stopped loading: the table's spinner makes its rows take no clicks, and
 * it goes a render after the rows arrive (antd's Spin turns itself off in an effect)
 */
async function settledCell(text: string) {
  await screen.findByText(text);
  await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
  return screen.getByText(text);
}

describe('RecordChooser', () => {
  it('loads the first page, shows the visible columns and ignores confirm without a choice', async () => {
    const { load, onResult } = setup();
    await settledCell('A01');
    // one request for the opening
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith({ keyword: '', currentPage: 1, pageSize: 20 }, expect.anything());
    expect(screen.getByText('选择物料')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '编码' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: '主键' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(onResult).not.toHaveBeenCalled();
  });

  it('reports the mapped values of the chosen rows', async () => {
    const { onResult } = setup();
    await userEvent.click(await settledCell('B02'));
    expect(screen.getByText('已选择 1 项')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(onResult).toHaveBeenCalledWith([{ materialCode: 'B02', source: 'chooser' }]);
  });

  it('reports false when closed without confirming', async () => {
    const { onResult } = setup({ popupType: 'drawer' });
    await screen.findByText('A01');
    await userEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(onResult).toHaveBeenCalledWith(false);
  });

  it('searches by keyword from page 1 and resets', async () => {
    const { load } = setup();
    await screen.findByText('A01');
    await userEvent.type(screen.getByPlaceholderText('请输入关键词查询'), '乙');
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(screen.queryByText('A01')).toBeNull());
    expect(load).toHaveBeenLastCalledWith({ keyword: '乙', currentPage: 1, pageSize: 20 }, expect.anything());
    await userEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await screen.findByText('A01');
    expect(load).toHaveBeenLastCalledWith({ keyword: '', currentPage: 1, pageSize: 20 }, expect.anything());
    expect((screen.getByPlaceholderText('请输入关键词查询') as HTMLInputElement).value).toBe('');
  });

  it('asks for everything at once without paging', async () => {
    const { load } = setup({ hasPage: false });
    await screen.findByText('A01');
    expect(load).toHaveBeenCalledWith({ keyword: '', currentPage: 1, pageSize: 10000 }, expect.anything());
    expect(within(document.body).queryByText('共 2 条')).toBeNull();
  });
});
