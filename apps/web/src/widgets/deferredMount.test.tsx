import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderAdmin } from '../components/admin/testUtils';
import { fieldOf, formOf, RendererHarness, SUBMIT } from './testing';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

// jsdom has no IntersectionObserver (without one every control mounts at once): one that never reports a view,
// in place before the modules load
vi.hoisted(() => {
  window.IntersectionObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof IntersectionObserver;
});

const COUNT = 60;
const fields = () =>
  Array.from({ length: COUNT }, (_, n) =>
    fieldOf('input', `f${n + 1}`, `字段${n + 1}`, { config: { required: n + 1 === COUNT } }),
  );

describe('deferred controls of a long form', () => {
  it('mounts the first controls with the form, the far ones when idle; their rules hold from the start', async () => {
    mockApi();
    const onSubmit = vi.fn();
    renderAdmin(<RendererHarness formData={formOf(fields())} onSubmit={onSubmit} />);
    // every label at once, the first 40 controls only
    expect(screen.getByText(`字段${COUNT}`)).toBeTruthy();
    expect(screen.getByLabelText('字段40')).toBeTruthy();
    expect(screen.queryByLabelText(`字段${COUNT}`)).toBeNull();
    // the last field is checked though its control is not there yet
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await screen.findByText(`字段${COUNT}不能为空`)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    // the rest mount while the browser is idle
    await waitFor(() => expect(screen.getByLabelText(`字段${COUNT - 1}`)).toBeTruthy(), { timeout: 10_000 });
    fireEvent.change(screen.getByLabelText(`字段${COUNT}`), { target: { value: '好' } });
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  });
});
