import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../components/admin/testUtils';
import { dynamicOptionsRequest, rowsAsTree } from './dynamicOptions';
import { fieldOf, formOf, RendererHarness, SUBMIT } from './testing';

vi.setConfig({ testTimeout: 60_000 });

const LIST = '/api/system/DataInterface/di1/Actions/List';
const rows: Record<string, Record<string, unknown>[]> = {
  fruit: [
    { id: 'a1', full_name: '苹果' },
    { id: 'a2', full_name: '香蕉' },
  ],
  veg: [{ id: 'v1', full_name: '白菜' }],
};

const kind = fieldOf('input', 'kind', '类别');
const pick = fieldOf('select', 'pick', '物品', {
  props: { label: 'full_name', value: 'id' },
  config: {
    dataType: 'dynamic',
    propsUrl: 'di1',
    templateJson: [
      { field: 'kind', sourceType: 1, relationField: 'kind' },
      { field: 'who', sourceType: 4, relationField: '@userId' },
      { field: 'fixed', sourceType: 2, defaultValue: 'x' },
    ],
  },
});

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi().on('POST', LIST, (call) => {
    const params = (call.body as { paramList: { field: string; defaultValue: unknown }[] }).paramList;
    const value = String(params.find((p) => p.field === 'kind')?.defaultValue ?? '');
    return ok({ list: rows[value] ?? [], pagination: { total: 0 } });
  });
});

describe('dynamic options', () => {
  it('builds the request with each parameter from its source', () => {
    expect(dynamicOptionsRequest(pick, { kind: 'veg' }).body).toMatchObject({
      propsValue: 'id',
      relationField: 'full_name',
      paramList: [
        { field: 'kind', defaultValue: 'veg' },
        { field: 'who', defaultValue: '', sourceType: 4, relationField: '@userId' },
        { field: 'fixed', defaultValue: 'x' },
      ],
    });
  });

  it('nests interface rows under the children field', () => {
    const tree = fieldOf('treeSelect', 'node', '节点', { props: { label: 'n', value: 'k', children: 'sub' } });
    expect(rowsAsTree([{ k: 1, n: 'A', sub: [{ k: 2, n: 'B' }] }], tree)).toEqual([
      { label: 'A', value: '1', children: [{ label: 'B', value: '2' }] },
    ]);
  });

  it('reads the options for the bound field and again when it changes, and submits the value', async () => {
    const onSubmit = vi.fn();
    renderAdmin(<RendererHarness formData={formOf([kind, pick])} record={{ kind: 'fruit' }} onSubmit={onSubmit} />);
    await waitFor(() => expect(api.callsTo('POST', LIST).length).toBeGreaterThan(0));
    fireEvent.mouseDown(screen.getByRole('combobox'));
    expect(await screen.findByText('香蕉')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'veg' } });
    await waitFor(() =>
      expect(
        api
          .callsTo('POST', LIST)
          .some((c) => JSON.stringify((c.body as { paramList: unknown }).paramList).includes('"veg"')),
      ).toBe(true),
    );
    // the open list now holds the other kind's rows
    fireEvent.click(await screen.findByText('白菜'));
    expect(screen.queryByText('香蕉')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ kind: 'veg', pick: 'v1' });
  });
});
