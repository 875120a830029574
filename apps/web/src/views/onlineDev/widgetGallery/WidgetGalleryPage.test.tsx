import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderAdmin } from '../../../components/admin/testUtils';
import WidgetGalleryPage, { galleryKeys } from './WidgetGalleryPage';

// about fifty widgets, each rendered three ways, in jsdom on a busy two-core machine
vi.setConfig({ testTimeout: 120_000 });

describe('widget gallery', () => {
  it('has a card for every palette widget, and the detail and list show the sample value as text', async () => {
    mockApi();
    const { container } = renderAdmin(<WidgetGalleryPage />);
    await screen.findByRole('heading', { name: '组件示例' });
    const cards = [...container.querySelectorAll<HTMLElement>('article[data-jnpf-key]')];
    expect(cards.map((card) => card.dataset.jnpfKey)).toEqual(galleryKeys);
    expect(galleryKeys.length).toBeGreaterThan(40);
    for (const card of cards) expect(within(card).getByText(card.dataset.jnpfKey!)).toBeTruthy();

    const input = cards.find((card) => card.dataset.jnpfKey === 'input')!;
    expect(within(within(input).getByRole('region', { name: '详情' })).getByText('示例文本')).toBeTruthy();
    expect(within(within(input).getByRole('region', { name: '列表' })).getByText('示例文本')).toBeTruthy();

    // the detail and the list read the value as a record's would: the option's label, the switch's text, the date
    // in the field's format, not the stored value
    const views = (key: string) => {
      const card = cards.find((c) => c.dataset.jnpfKey === key)!;
      return [within(card).getByRole('region', { name: '详情' }), within(card).getByRole('region', { name: '列表' })];
    };
    for (const view of views('select')) expect(within(view).getByText('选项1')).toBeTruthy();
    for (const view of views('switch')) expect(within(view).getByText('开')).toBeTruthy();
    for (const view of views('datePicker')) expect(view.textContent).toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('gives every text box, select and table the whole line (the form line is a flex row)', async () => {
    mockApi();
    const { container } = renderAdmin(<WidgetGalleryPage />);
    await screen.findByRole('heading', { name: '组件示例' });
    // the form's line (FormRenderer's controlLine) is a flex row: a child shrinks to its content unless it is as
    // wide as the line (jsdom lays nothing out, so the test reads the width the child asks for)
    const boxes = '.ant-select, .ant-input, .ant-input-affix-wrapper, .ant-input-number, .ant-picker, .ant-table';
    const fullWidth = (element: HTMLElement) =>
      element.style.width === '100%' ||
      // antd's own text boxes are width: 100% in its style sheet
      element.matches('.ant-input, .ant-input-affix-wrapper, textarea.ant-input');
    const narrow: string[] = [];
    for (const card of container.querySelectorAll<HTMLElement>('article[data-jnpf-key]')) {
      const formView = within(card).getByRole('region', { name: '表单' });
      for (const line of formView.querySelectorAll<HTMLElement>('[class*="controlLine"]')) {
        const child = line.firstElementChild as HTMLElement | null;
        if (!child || !(child.matches(boxes) || child.querySelector(boxes))) continue;
        if (!fullWidth(child)) narrow.push(card.dataset.jnpfKey!);
      }
    }
    expect(narrow).toEqual([]);
  });
});

describe('widget gallery states', () => {
  it('switches every card to the empty, disabled, read-only and invalid states', async () => {
    mockApi();
    const { container } = renderAdmin(<WidgetGalleryPage />);
    await screen.findByRole('heading', { name: '组件示例' });
    const card = (key: string) => container.querySelector<HTMLElement>(`article[data-jnpf-key="${key}"]`)!;
    const formOf = (key: string) => within(card(key)).getByRole('region', { name: '表单' });
    const detailOf = (key: string) => within(card(key)).getByRole('region', { name: '详情' });
    const choose = async (label: string, state: string) => {
      fireEvent.click(screen.getByText(label));
      await waitFor(() => expect(card('input').dataset.state).toBe(state));
    };
    expect(card('input').dataset.state).toBe('filled');
    expect(screen.getAllByText(/填入示例值/).length).toBeGreaterThan(0);

    await choose('空', 'empty');
    expect(within(formOf('input')).getByRole('textbox')).toHaveProperty('value', '');
    expect(within(detailOf('input')).queryByText('示例文本')).toBeNull();

    await choose('禁用', 'disabled');
    expect(within(formOf('input')).getByRole('textbox')).toHaveProperty('disabled', true);
    expect(within(formOf('textarea')).getByRole('textbox')).toHaveProperty('disabled', true);
    expect(within(formOf('switch')).getByRole('switch')).toHaveProperty('disabled', true);

    await choose('只读', 'readonly');
    const readonly = within(formOf('input')).getByRole('textbox');
    expect(readonly).toHaveProperty('readOnly', true);
    expect(readonly).toHaveProperty('value', '示例文本');
    expect(within(detailOf('input')).getByText('示例文本')).toBeTruthy();

    await choose('校验失败', 'invalid');
    // a text field holds the sample text and a pattern it breaks: the pattern's own message shows
    await waitFor(() => expect(within(formOf('input')).getByRole('alert').textContent).toMatch(/只能输入数字/));
    // other fields are required and left empty: the required rule's message
    await waitFor(() => expect(within(formOf('select')).getByRole('alert').textContent).toMatch(/不能为空/));
    await waitFor(() => expect(within(formOf('inputNumber')).getByRole('alert').textContent).toMatch(/不能为空/));
  });
});
