import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
  const names = new Map(Object.values(AREAS).flatMap((list) => list.map((a) => [a.id, a.fullName] as const)));
  api.on('POST', '/api/system/Area/GetAreaByIds', (call) => ({
    code: 200,
    msg: '',
    data: (call.body as { idsList: string[][] }).idsList.map((path) => path.map((id) => names.get(id) ?? '')),
  }));
});

const dialog = () =>
  waitFor(() => {
    const found = screen.getAllByRole('dialog').find((d) => !d.closest('.ant-zoom-leave'));
    if (!found) throw new Error('no dialog');
    return found;
  });
const noDialog = () =>
  waitFor(() => expect(screen.queryAllByRole('dialog').filter((d) => !d.closest('.ant-zoom-leave'))).toHaveLength(0));
const openArea = async () => {
  fireEvent.click(screen.getByRole('combobox'));
  return dialog();
};
/** a click on an area's name in the tree: it opens (an area above the level) or is picked */
const clickArea = async (box: HTMLElement, name: string) =>
  fireEvent.click(await within(box).findByText(name, { selector: '.ant-tree-title' }));
const selectedOf = (box: HTMLElement) =>
  within(within(box).getByRole('list', { name: '已选' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
const confirm = (box: HTMLElement) => fireEvent.click(within(box).getByRole('button', { name: /^\s*确\s*定\s*$/ }));
const submitted = async (onSubmit: ReturnType<typeof vi.fn>) => {
  fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  return onSubmit.mock.calls.at(-1)![0] as Record<string, unknown>;
};

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
  it('shows a stored path by its names, read in one call', async () => {
    renderAdmin(
      <RendererHarness
        formData={formOf([place()])}
        record={{ place: ['440000', '440300', '440305'] }}
        onSubmit={vi.fn()}
      />,
    );
    expect(await screen.findByText('广东省/深圳市/南山区')).toBeTruthy();
    expect(api.callsTo('POST', '/api/system/Area/GetAreaByIds').map((c) => c.body)).toEqual([
      { idsList: [['440000', '440300', '440305']] },
    ]);
    expect(api.callsTo('POST', '/api/system/Area/SelectorNew')).toHaveLength(0);
  });

  it('opens the 800 px 省市区 dialog, reads a level when its parent opens, and sends the picked path', async () => {
    const onSubmit = vi.fn();
    renderAdmin(<RendererHarness formData={formOf([place()])} onSubmit={onSubmit} />);
    const box = await openArea();
    expect(within(box).getByText('省市区')).toBeTruthy();
    expect(within(box).getByText('全部数据')).toBeTruthy();
    expect(box.closest('.ant-modal')?.getAttribute('style')).toContain('width: 800px');
    await clickArea(box, '广东省');
    // a province and a city only open: the field's level is the district
    await clickArea(box, '深圳市');
    expect(selectedOf(box)).toEqual([]);
    await clickArea(box, '南山区');
    expect(selectedOf(box)).toEqual(['广东省/深圳市/南山区']);
    expect(api.callsTo('POST', '/api/system/Area/SelectorNew').map((c) => (c.body as { pid: string }).pid)).toEqual([
      '-1',
      '440000',
      '440300',
    ]);
    confirm(box);
    await noDialog();
    expect(screen.getByText('广东省/深圳市/南山区')).toBeTruthy();
    expect(await submitted(onSubmit)).toEqual({ place: ['440000', '440300', '440305'] });
  });

  it("picks a path ending above the level at an area with nothing below it (a municipality's district)", async () => {
    const onSubmit = vi.fn();
    renderAdmin(<RendererHarness formData={formOf([place()])} onSubmit={onSubmit} />);
    const box = await openArea();
    await clickArea(box, '北京市');
    await clickArea(box, '东城区');
    confirm(box);
    await noDialog();
    expect(await submitted(onSubmit)).toEqual({ place: ['110000', '110101'] });
  });

  it('stops the tree at the level: at level 1 a city is picked and nothing below it is read', async () => {
    const onSubmit = vi.fn();
    renderAdmin(<RendererHarness formData={formOf([place({ level: 1 })])} onSubmit={onSubmit} />);
    const box = await openArea();
    await clickArea(box, '广东省');
    await clickArea(box, '深圳市');
    expect(selectedOf(box)).toEqual(['广东省/深圳市']);
    confirm(box);
    await noDialog();
    expect(await submitted(onSubmit)).toEqual({ place: ['440000', '440300'] });
    expect(api.callsTo('POST', '/api/system/Area/SelectorNew').map((c) => (c.body as { pid: string }).pid)).toEqual([
      '-1',
      '440000',
    ]);
  });

  it('cancel leaves the value as it was; single mode replaces the selection', async () => {
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness formData={formOf([place()])} record={{ place: ['110000', '110101'] }} onSubmit={onSubmit} />,
    );
    await screen.findByText('北京市/东城区');
    let box = await openArea();
    await clickArea(box, '北京市');
    await clickArea(box, '东城区');
    await clickArea(box, '广东省');
    await clickArea(box, '深圳市');
    await clickArea(box, '南山区');
    expect(selectedOf(box)).toEqual(['广东省/深圳市/南山区']);
    fireEvent.click(within(box).getByRole('button', { name: /^\s*取\s*消\s*$/ }));
    await noDialog();
    expect(await submitted(onSubmit)).toEqual({ place: ['110000', '110101'] });
    // the next opening starts with nothing selected
    box = await openArea();
    expect(selectedOf(box)).toEqual([]);
  });

  it('with multiple, appends the picked paths to those held, ignoring duplicates', async () => {
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([place({ multiple: true })])}
        record={{ place: [['110000', '110101']] }}
        onSubmit={onSubmit}
      />,
    );
    await waitFor(() => expect(api.callsTo('POST', '/api/system/Area/GetAreaByIds')).toHaveLength(1));
    const box = await openArea();
    await clickArea(box, '北京市');
    await clickArea(box, '东城区');
    await clickArea(box, '广东省');
    await clickArea(box, '深圳市');
    await clickArea(box, '南山区');
    await clickArea(box, '南山区');
    expect(selectedOf(box)).toEqual(['北京市/东城区', '广东省/深圳市/南山区']);
    confirm(box);
    await noDialog();
    expect(await submitted(onSubmit)).toEqual({
      place: [
        ['110000', '110101'],
        ['440000', '440300', '440305'],
      ],
    });
  });

  it('a keyword shows the areas read so far whose name holds it', async () => {
    renderAdmin(<RendererHarness formData={formOf([place()])} onSubmit={vi.fn()} />);
    const box = await openArea();
    await clickArea(box, '广东省');
    await within(box).findByText('深圳市');
    const input = within(box).getByRole('searchbox', { name: '请输入关键词查询' });
    fireEvent.change(input, { target: { value: '深圳' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(within(box).queryByText('北京市')).toBeNull());
    expect(within(box).getByText('广东省')).toBeTruthy();
    expect(within(box).getByText('深圳市')).toBeTruthy();
  });

  it('clears at once with the clear icon, and does not open when disabled', async () => {
    const onSubmit = vi.fn();
    const { unmount } = renderAdmin(
      <RendererHarness formData={formOf([place()])} record={{ place: ['110000', '110101'] }} onSubmit={onSubmit} />,
    );
    await screen.findByText('北京市/东城区');
    fireEvent.mouseDown(document.querySelector('.ant-select-clear')!);
    fireEvent.click(document.querySelector('.ant-select-clear')!);
    await noDialog();
    expect(await submitted(onSubmit)).toEqual({ place: [] });
    unmount();
    renderAdmin(
      <RendererHarness
        formData={formOf([place({ disabled: true })])}
        record={{ place: ['110000', '110101'] }}
        onSubmit={vi.fn()}
      />,
    );
    await screen.findByText('北京市/东城区');
    fireEvent.click(screen.getByRole('combobox'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryAllByRole('dialog')).toHaveLength(0);
    expect(document.querySelector('.ant-select-clear')).toBeNull();
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
