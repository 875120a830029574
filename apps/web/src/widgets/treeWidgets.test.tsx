import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAdmin } from '../components/admin/testUtils';
import { i18n } from '../platform/i18n';
import { fieldOf, formOf, RendererHarness, SUBMIT } from './testing';
import { dictionaryTreeOf, staticTreeOf } from './treeWidgets';

vi.setConfig({ testTimeout: 60_000 });

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  mockApi();
});

const options = [
  { id: 'east', fullName: '华东', children: [{ id: 'sh', fullName: '上海' }] },
  { id: 'west', fullName: '西部' },
];
const props = { label: 'fullName', value: 'id', children: 'children' };

describe('tree options (pure)', () => {
  it('reads static options and dictionary items as trees', () => {
    const field = fieldOf('cascader', 'region', '区域', { options, props });
    expect(staticTreeOf(field)).toEqual([
      { label: '华东', value: 'east', children: [{ label: '上海', value: 'sh' }] },
      { label: '西部', value: 'west' },
    ]);
    const items = [{ id: '1', enCode: 'a', fullName: '甲', children: [{ id: '2', enCode: 'b', fullName: '乙' }] }];
    const byCode = fieldOf('treeSelect', 'n', '节点', { props: { ...props, value: 'enCode' } });
    expect(dictionaryTreeOf(items as never, byCode)).toEqual([
      { label: '甲', value: 'a', children: [{ label: '乙', value: 'b' }] },
    ]);
  });
});

describe('tree fields in a form', () => {
  it('a cascader picks a path to a leaf and sends it', async () => {
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([fieldOf('cascader', 'region', '区域', { options, props })])}
        onSubmit={onSubmit}
      />,
    );
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('华东'));
    fireEvent.click(await screen.findByText('上海'));
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ region: ['east', 'sh'] });
  });

  it('a tree select shows a stored option by its label', async () => {
    renderAdmin(
      <RendererHarness
        formData={formOf([fieldOf('treeSelect', 'node', '节点', { options, props })])}
        record={{ node: 'sh' }}
        onSubmit={vi.fn()}
      />,
    );
    expect(await screen.findByText('上海')).toBeTruthy();
  });
});

describe('tree select with lastLevel', () => {
  it('picks only nodes without children; without lastLevel any node', async () => {
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([
          fieldOf('treeSelect', 'leaf', '末级', { options, props, lastLevel: true }),
          fieldOf('treeSelect', 'node', '节点', { options, props }),
        ])}
        onSubmit={onSubmit}
      />,
    );
    const [leaf, node] = screen.getAllByRole('combobox');
    fireEvent.mouseDown(node!);
    fireEvent.click(await screen.findByTitle('华东'));
    // the parent is shown but a click does not pick it
    fireEvent.mouseDown(leaf!);
    const parents = await screen.findAllByTitle('华东');
    fireEvent.click(parents.at(-1)!);
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ node: 'east' });
    expect(onSubmit.mock.calls[0]![0].leaf ?? '').toBe('');
    const children = await screen.findAllByTitle('上海');
    fireEvent.click(children.at(-1)!);
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]![0]).toEqual({ leaf: 'sh', node: 'east' });
  });
});
