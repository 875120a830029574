import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAdmin } from '../components/admin/testUtils';
import { EDITOR_LOAD_TIMEOUT, writeRichText } from '../components/richText/testing';
import { fieldOf, formOf, RendererHarness, SUBMIT } from './testing';

vi.setConfig({ testTimeout: 60_000 });

beforeEach(() => {
  mockApi();
});

const remark = (required = false) => fieldOf('editor', 'remark', '备注', { config: { required } });

describe('rich-text field', () => {
  it('sends what is written as HTML, and an empty editor counts as not filled in', async () => {
    const onSubmit = vi.fn();
    renderAdmin(<RendererHarness formData={formOf([remark(true)])} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await screen.findByText('备注不能为空')).toBeTruthy();

    const editor = await screen.findByRole('textbox', { name: '备注' }, EDITOR_LOAD_TIMEOUT);
    writeRichText(editor, '<p>合同<b>已签</b></p>');
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ remark: '<p>合同<strong>已签</strong></p>' });
  });

  it('shows the stored text formatted in details, without anything that runs', () => {
    const { container } = renderAdmin(
      <RendererHarness
        mode="detail"
        formData={formOf([remark()])}
        record={{}}
        display={{ remark: '<p>合同<b>已签</b><img src="x" onerror="alert(1)"><script>alert(2)</script></p>' }}
        onSubmit={vi.fn()}
      />,
    );
    expect(screen.getByText('已签').tagName).toBe('B');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
  });
});
