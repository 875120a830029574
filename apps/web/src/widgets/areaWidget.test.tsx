import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAdmin } from '../components/admin/testUtils';
import { attachChildren, areaPaths } from './areaWidget';
import { fieldOf, formOf, RendererHarness, SUBMIT } from './testing';

vi.setConfig({ testTimeout: 60_000 });

const AREAS: Record<string, { id: string; fullName: string; isLeaf: boolean }[]> = {
  '-1': [
    { id: '440000', fullName: '广东省', isLeaf: false },
    { id: '110000', fullName: '北京市', isLeaf: false },
  ],
  '440000': [{ id: '440300', fullName: '深圳市', isLeaf: false }],
  '440300': [{ id: '440305', fullName: '南山区', isLeaf: true }],
  // a municipality's districts sit right under it, with nothing below them
  '110000': [{ id: '110101', fullName: '东城区', isLeaf: true }],
};

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
  api.on('POST', '/api/system/Area/SelectorNew', (call) => ({
    code: 200,
    msg: '',
    data: { list: AREAS[(call.body as { pid: string }).pid] ?? [] },
  }));
});

const place = (extra = {}) => fieldOf('areaSelect', 'place', '所在地区', { level: 2, ...extra });

describe('area paths (pure)', () => {
  it('reads one path or several, and hangs children under the option a path leads to', () => {
    expect(areaPaths(['44', '4403'], false)).toEqual([['44', '4403']]);
    expect(areaPaths([['44'], 'x', ['11']], true)).toEqual([['44'], ['11']]);
    expect(areaPaths('44', false)).toEqual([]);
    const tree = [{ value: '44', label: '广东省', isLeaf: false }];
    const child = { value: '4403', label: '深圳市', isLeaf: true };
    expect(attachChildren(tree, ['44'], [child])).toEqual([{ ...tree[0], children: [child] }]);
  });
});

describe('AreaSelectWidget in a form', () => {
  it('shows a stored path by its names, loading the levels it passes through', async () => {
    renderAdmin(
      <RendererHarness
        formData={formOf([place()])}
        record={{ place: ['440000', '440300', '440305'] }}
        onSubmit={vi.fn()}
      />,
    );
    expect(await screen.findByText('广东省 / 深圳市 / 南山区')).toBeTruthy();
    expect(api.callsTo('POST', '/api/system/Area/SelectorNew').map((c) => (c.body as { pid: string }).pid)).toEqual([
      '-1',
      '440000',
      '440300',
    ]);
  });

  it('picks a province, a city and a district, level by level, and sends the path', async () => {
    const onSubmit = vi.fn();
    renderAdmin(<RendererHarness formData={formOf([place()])} onSubmit={onSubmit} />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('广东省'));
    fireEvent.click(await screen.findByText('深圳市'));
    fireEvent.click(await screen.findByText('南山区'));
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ place: ['440000', '440300', '440305'] });
  });

  it("sends a path ending above the level at an area with nothing below it (a municipality's district)", async () => {
    const onSubmit = vi.fn();
    renderAdmin(<RendererHarness formData={formOf([place()])} onSubmit={onSubmit} />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('北京市'));
    fireEvent.click(await screen.findByText('东城区'));
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ place: ['110000', '110101'] });
  });

  it('a required area field without a path is refused', async () => {
    renderAdmin(
      <RendererHarness
        formData={formOf([fieldOf('areaSelect', 'place', '所在地区', { config: { required: true } })])}
        onSubmit={vi.fn()}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await screen.findByText('所在地区不能为空')).toBeTruthy();
  });
});
