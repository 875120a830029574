import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile, downloadHref, exportAndDownload } from './download';
import { mockApi, ok } from './testUtils';

vi.mock('../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

afterEach(() => vi.restoreAllMocks());

describe('download helpers', () => {
  it('opens server paths under the API base and absolute addresses as they are', () => {
    expect(downloadHref('/api/x/Actions/Download/t?name=a')).toBe('/api/x/Actions/Download/t?name=a');
    expect(downloadHref('https://cdn.example.com/a.bdd')).toBe('https://cdn.example.com/a.bdd');
  });

  it('clicks a temporary link named after the file', () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    downloadFile({ name: '性别_sex.bdd', url: '/api/system/DictionaryData/Actions/Download/abc' });
    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('性别_sex.bdd');
    expect(link.getAttribute('href')).toBe('/api/system/DictionaryData/Actions/Download/abc');
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('calls the export and downloads its answer', async () => {
    mockApi().on('GET', '/api/system/BillRule/1/Actions/Export', ok({ name: 'r.bb', url: '/api/dl/1' }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await expect(exportAndDownload('/api/system/BillRule/1/Actions/Export')).resolves.toEqual({
      name: 'r.bb',
      url: '/api/dl/1',
    });
    expect(click).toHaveBeenCalledTimes(1);
  });
});
