import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderAdmin } from '../../../components/admin/testUtils';
import WidgetGalleryPage, { galleryKeys } from './WidgetGalleryPage';

// about fifty widgets, each rendered three ways, in jsdom on a busy two-core machine
vi.setConfig({ testTimeout: 120_000 });

describe('widget gallery', () => {
  it('has a card for every palette widget, and the detail shows the sample value as text', async () => {
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
  });
});
