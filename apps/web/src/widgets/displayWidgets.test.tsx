import { fireEvent, screen, waitFor } from '@testing-library/react';
import { dynamicQrcodeText } from '@jnpf/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAdmin } from '../components/admin/testUtils';
import { DynamicCodeContext } from './displayWidgets';
import { fieldOf, formOf, RendererHarness, SUBMIT } from './testing';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

beforeEach(() => {
  mockApi();
  // jsdom has no canvas; JsBarcode measures the text under the bars with one
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    font: '',
    measureText: (text: string) => ({ width: text.length * 6 }),
  } as unknown as CanvasRenderingContext2D);
});

const barcodeOf = (extra: Record<string, unknown>) =>
  fieldOf('barcode', '', '条码', { dataType: 'static', format: 'code128', ...extra, config: { showLabel: true } });
const qrcodeOf = (extra: Record<string, unknown>) =>
  fieldOf('qrcode', '', '二维码', { ...extra, config: { showLabel: true } });

describe('barcode', () => {
  it('draws fixed letters and digits under its label', async () => {
    renderAdmin(<RendererHarness formData={formOf([barcodeOf({ staticText: 'AB12' })])} onSubmit={vi.fn()} />);
    expect(screen.getByText('条码')).toBeTruthy();
    const svg = screen.getByRole('img', { name: '条码' });
    await waitFor(() => expect(svg.getAttribute('data-drawn')).toBe('true'));
    expect(svg.querySelectorAll('rect').length).toBeGreaterThan(1);
  });

  it('draws nothing for text that is not letters and digits', async () => {
    const { container } = renderAdmin(
      <RendererHarness formData={formOf([barcodeOf({ staticText: 'AB-12 ' })])} onSubmit={vi.fn()} />,
    );
    expect(screen.getByText('条码')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('svg[role="img"]')).toBeNull();
  });

  it('follows another field as it is typed, and sends no value of its own', async () => {
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([
          fieldOf('input', 'code', '编码'),
          barcodeOf({ dataType: 'relation', relationField: 'code' }),
        ])}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.queryByRole('img', { name: '条码' })).toBeNull();
    fireEvent.change(screen.getByLabelText('编码'), { target: { value: 'X9' } });
    await waitFor(() => expect(screen.getByRole('img', { name: '条码' }).getAttribute('data-drawn')).toBe('true'));
    fireEvent.change(screen.getByLabelText('编码'), { target: { value: 'X 9' } });
    await waitFor(() => expect(screen.queryByRole('img', { name: '条码' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(Object.keys(onSubmit.mock.calls[0]![0] as object)).toEqual(['code']);
  });
});

describe('QR code', () => {
  it('draws the value of another field, also in a detail that has only the display texts', async () => {
    renderAdmin(
      <RendererHarness
        mode="detail"
        display={{ site: 'https://example.com/a' }}
        formData={formOf([fieldOf('input', 'site', '网址'), qrcodeOf({ dataType: 'relation', relationField: 'site' })])}
        onSubmit={vi.fn()}
      />,
    );
    const img = await screen.findByRole('img', { name: '二维码' });
    expect(img.getAttribute('data-text')).toBe('https://example.com/a');
    expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(img.getAttribute('width')).toBe('100');
  });

  it('draws the dynamic data of the record it sits on', async () => {
    renderAdmin(
      <DynamicCodeContext.Provider value={{ formId: 'f1', modelId: 'm1' }}>
        <RendererHarness formData={formOf([qrcodeOf({ dataType: 'dynamic', size: 150 })])} onSubmit={vi.fn()} />
      </DynamicCodeContext.Provider>,
    );
    const img = await screen.findByRole('img', { name: '二维码' });
    expect(img.getAttribute('data-text')).toBe(dynamicQrcodeText({ formId: 'f1', modelId: 'm1' }));
    expect(img.getAttribute('width')).toBe('150');
  });

  it('takes its size from width, as the reference names it', async () => {
    renderAdmin(<RendererHarness formData={formOf([qrcodeOf({ staticText: 'a', width: 180 })])} onSubmit={vi.fn()} />);
    expect((await screen.findByRole('img', { name: '二维码' })).getAttribute('width')).toBe('180');
  });
});

describe('iframe, button and link', () => {
  it('shows a web page sandboxed, with the default border and height', () => {
    renderAdmin(
      <RendererHarness
        formData={formOf([
          fieldOf('iframe', '', '页面', { href: 'https://example.com/', config: { showLabel: true } }),
        ])}
        onSubmit={vi.fn()}
      />,
    );
    const frame = screen.getByTitle('页面');
    expect(frame.getAttribute('src')).toBe('https://example.com/');
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
    expect(frame.style.height).toBe('300px');
    expect(frame.style.border).toContain('1px solid');
  });

  it('refuses a javascript: address', () => {
    const { container } = renderAdmin(
      <RendererHarness
        formData={formOf([
          fieldOf('iframe', '', '页面', { href: 'javascript:alert(1)', config: { showLabel: true } }),
          fieldOf('link', '', '链接', { content: '去看看', href: 'javascript:alert(1)' }),
        ])}
        onSubmit={vi.fn()}
      />,
    );
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('http://');
    expect(screen.getByText('去看看').closest('a')).toBeNull();
  });

  it('shows a plain button that submits nothing, and a link to a web page', () => {
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([
          fieldOf('button', '', '按钮', { buttonText: 'Press', align: 'right' }),
          fieldOf('link', '', '链接', { content: '去看看', href: 'https://example.com/', target: '_blank' }),
        ])}
        onSubmit={onSubmit}
      />,
    );
    const button = screen.getByRole('button', { name: 'Press' });
    expect(button.getAttribute('type')).toBe('button');
    fireEvent.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
    const link = screen.getByRole('link', { name: '去看看' });
    expect(link.getAttribute('href')).toBe('https://example.com/');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('lines a link without a label up with the inputs: the label room is kept, no label shown', () => {
    const { container } = renderAdmin(
      <RendererHarness
        formData={formOf(
          [
            fieldOf('input', 'name', '名称'),
            fieldOf('link', '', '链接', {
              content: '去看看',
              href: 'https://example.com/',
              config: { showLabel: false },
            }),
          ],
          { labelWidth: 120 },
        )}
        onSubmit={vi.fn()}
      />,
    );
    const item = screen.getByRole('link', { name: '去看看' }).closest<HTMLElement>('[style*="--label-width"]')!;
    expect(item.style.getPropertyValue('--label-width')).toBe('120px');
    expect(item.querySelector('label')).toBeNull();
    expect(container.querySelectorAll('label')).toHaveLength(1);
  });
});
