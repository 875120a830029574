// A slider with range (范围选择): the form gives a pair [low, high] moved by either handle, on the steps; required
// means both ends; a sub-table checks a cell's pair as the server does and its total row never sums pairs; a
// value is shown as "low - high".
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAdmin } from '../components/admin/testUtils';
import { designShownValue } from './designShown';
import { cellProblem, totals } from './subTable';
import { fieldOf, formOf, RendererHarness, SUBMIT } from './testing';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

beforeEach(() => {
  mockApi();
});

const WORDS = { on: '开', off: '关' };
const span = (extra: Parameters<typeof fieldOf>[3] = {}) =>
  fieldOf('slider', 'span', '区间', { min: 0, max: 100, step: 10, range: true, ...extra });

describe('a range slider in the form', () => {
  it('starts at its default pair and gives a pair, each handle moving its own end on the steps', async () => {
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([
          span({ config: { defaultValue: [20, 60] } }),
          // beside it, a slider without range: one number
          fieldOf('slider', 'level', '等级', { step: 10, config: { defaultValue: 20 } }),
        ])}
        onSubmit={onSubmit}
      />,
    );
    const handles = screen.getAllByRole('slider');
    expect(handles).toHaveLength(3);
    expect(handles.map((h) => h.getAttribute('aria-valuenow'))).toEqual(['20', '60', '20']);
    fireEvent.keyDown(handles[0]!, { key: 'ArrowRight', keyCode: 39 });
    fireEvent.keyDown(handles[1]!, { key: 'ArrowLeft', keyCode: 37 });
    fireEvent.keyDown(handles[2]!, { key: 'ArrowRight', keyCode: 39 });
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls.at(-1)![0]).toEqual({ span: [30, 50], level: 30 });
  });

  it('required: refused until both ends are set; a default that is no pair of the slider starts empty', async () => {
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([span({ config: { required: true, defaultValue: [20, 65] } })])}
        onSubmit={onSubmit}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await screen.findByText('区间不能为空')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getAllByRole('slider')[1]!, { key: 'ArrowLeft', keyCode: 37 });
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls.at(-1)![0]).toEqual({ span: [0, 90] });
  });
});

describe('a range slider in a sub-table', () => {
  const table = fieldOf('table', 'items', '明细', {
    config: {
      showSummary: true,
      summaryField: ['band', 'qty'],
      children: [fieldOf('slider', 'band', '带宽', { max: 50, range: true }), fieldOf('inputNumber', 'qty', '数量')],
    },
  });
  const band = table.__config__.children![0]!;

  it('checks a cell as the server does, naming the column', () => {
    expect(cellProblem(band, [5, 20])).toBeNull();
    expect(cellProblem(band, 7)).toBe('带宽必须是由起始值和结束值两个数字组成的范围');
    expect(cellProblem(band, [20, 5])).toBe('带宽的最小值不能大于最大值');
    expect(cellProblem(band, [5, 60])).toBe('带宽不能大于50');
  });

  it('its total row sums the numbers, never the pairs', () => {
    const rows = [
      { band: [5, 20], qty: 2 },
      { band: [10, 30], qty: 3 },
    ];
    expect(totals(table, rows)).toEqual({ qty: '5.00' });
  });
});

describe('a range slider shown', () => {
  it('as "low - high" in a detail or a list cell', () => {
    expect(designShownValue(span(), [10, 40], WORDS)).toBe('10 - 40');
    expect(designShownValue(fieldOf('slider', 'level', '等级'), 30, WORDS)).toBe(30);
  });
});
