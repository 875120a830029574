import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../components/admin/testUtils';
import { dynamicOptionsRequest, rowsAsTree } from './dynamicOptions';
import { fieldOf, formOf, RendererHarness, SUBMIT } from './testing';

vi.setConfig({ testTimeout: 60_000 });

const LIST = '/api/system/DataInterface/di1/Actions/List';
const BY_IDS = '/api/system/DataInterface/di1/Actions/InfoByIds';
const paramOf = (call: { body: unknown }, name: string) =>
  (call.body as { paramList: { field: string; defaultValue: unknown }[] }).paramList.find((p) => p.field === name)
    ?.defaultValue;
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
  api = mockApi()
    .on('POST', LIST, (call) => {
      const params = (call.body as { paramList: { field: string; defaultValue: unknown }[] }).paramList;
      const value = String(params.find((p) => p.field === 'kind')?.defaultValue ?? '');
      return ok({ list: rows[value] ?? [], pagination: { total: 0 } });
    })
    // a held value outside the rows listed is named by id; unanswered, its error toast outlived the test
    .on('POST', BY_IDS, (call) => {
      const ids = (call.body as { ids: string[] }).ids;
      return ok(Object.values(rows).flatMap((list) => list.filter((r) => ids.includes(String(r.id)))));
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

  it('a sub-table cell reads its parameter from the main form, and again when it changes', async () => {
    const onSubmit = vi.fn();
    const item = fieldOf('select', 'item', '条目', {
      props: { label: 'full_name', value: 'id' },
      config: {
        dataType: 'dynamic',
        propsUrl: 'di1',
        templateJson: [{ field: 'kind', sourceType: 1, relationField: 'kind' }],
      },
    });
    const lines = fieldOf('table', 'lines', '明细', { config: { children: [item] } });
    renderAdmin(
      <RendererHarness
        formData={formOf([kind, lines])}
        record={{ kind: 'fruit', lines: [{ item: 'a1' }] }}
        onSubmit={onSubmit}
      />,
    );
    // the kept value shows its label, read with the main form's kind (never first with a blank one)
    expect(await screen.findByText('苹果')).toBeTruthy();
    expect(api.callsTo('POST', LIST).every((c) => paramOf(c, 'kind') === 'fruit')).toBe(true);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'veg' } });
    await waitFor(() => expect(api.callsTo('POST', LIST).some((c) => paramOf(c, 'kind') === 'veg')).toBe(true));
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('白菜'));
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ kind: 'veg', lines: [{ item: 'v1' }] });
  });
});

describe('a cell bound to its own row', () => {
  it('reads each row’s parameter from the row’s cell, not the form’s field of that name', async () => {
    const onSubmit = vi.fn();
    const rowKind = fieldOf('input', 'rowKind', '行类别');
    const item = fieldOf('select', 'item', '条目', {
      props: { label: 'full_name', value: 'id' },
      config: {
        dataType: 'dynamic',
        propsUrl: 'di1',
        templateJson: [{ field: 'kind', sourceType: 1, relationField: 'rowKind' }],
      },
    });
    const lines = fieldOf('table', 'lines', '明细', { config: { children: [rowKind, item] } });
    renderAdmin(
      <RendererHarness
        formData={formOf([lines])}
        record={{
          lines: [
            { rowKind: 'fruit', item: 'a2' },
            { rowKind: 'veg', item: 'v1' },
          ],
        }}
        onSubmit={onSubmit}
      />,
    );
    // each row's kept value shows its label, read with that row's kind
    expect(await screen.findByText('香蕉')).toBeTruthy();
    expect(await screen.findByText('白菜')).toBeTruthy();
    const kinds = new Set(api.callsTo('POST', LIST).map((c) => paramOf(c, 'kind')));
    expect(kinds).toEqual(new Set(['fruit', 'veg']));
    // the second row turns to fruit: its options are those of fruit (read already for the first row)
    fireEvent.change(screen.getAllByRole('textbox')[1]!, { target: { value: 'fruit' } });
    fireEvent.mouseDown(screen.getAllByRole('combobox')[1]!);
    fireEvent.click((await screen.findAllByText('苹果')).at(-1)!);
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      lines: [
        { rowKind: 'fruit', item: 'a2' },
        { rowKind: 'fruit', item: 'a1' },
      ],
    });
  });
});

describe('more options than one read', () => {
  const many = Array.from({ length: 1200 }, (_, i) => ({ id: `p${i}`, full_name: `选项${i}` }));
  const big = (jnpfKey: 'select' | 'radio' | 'treeSelect' | 'cascader', extra: Record<string, unknown> = {}) =>
    fieldOf(jnpfKey, 'pick', '物品', {
      props: { label: 'full_name', value: 'id', children: 'children' },
      ...extra,
      config: { dataType: 'dynamic', propsUrl: 'di1', templateJson: [] },
    });
  beforeEach(() => {
    api = mockApi()
      .on('POST', LIST, (call) => {
        const body = call.body as { keyword: string; pageSize: number };
        const found = many.filter((r) => r.full_name.includes(body.keyword));
        return ok({ list: found.slice(0, body.pageSize), pagination: { total: found.length } });
      })
      .on('POST', BY_IDS, (call) => {
        const ids = (call.body as { ids: string[] }).ids;
        return ok(many.filter((r) => ids.includes(r.id)));
      });
  });

  it('a select searches the interface as the user types, says how many there are, and shows a held label', async () => {
    const onSubmit = vi.fn();
    renderAdmin(<RendererHarness formData={formOf([big('select')])} record={{ pick: 'p1100' }} onSubmit={onSubmit} />);
    // the held value lies outside the first page: its label is read by id
    expect(await screen.findByText('选项1100')).toBeTruthy();
    expect((api.callsTo('POST', BY_IDS)[0]!.body as { ids: string[] }).ids).toEqual(['p1100']);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    expect(await screen.findByText('列出前 500 项，共 1200 项，输入文字查找其余')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '选项1150' } });
    await waitFor(() =>
      expect(api.callsTo('POST', LIST).some((c) => (c.body as { keyword: string }).keyword === '选项1150')).toBe(true),
    );
    fireEvent.click(await screen.findByTitle('选项1150'));
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ pick: 'p1150' });
  });

  it('a radio group says it lists only part of the options', async () => {
    renderAdmin(<RendererHarness formData={formOf([big('radio')])} onSubmit={vi.fn()} />);
    expect(
      await screen.findByText('共 1200 项选项，此处只列出前 500 项；请在设计中改用下拉选择，以便查找其余'),
    ).toBeTruthy();
  });

  it('a tree is read whole in one call', async () => {
    renderAdmin(<RendererHarness formData={formOf([big('treeSelect')])} onSubmit={vi.fn()} />);
    await waitFor(() => expect(api.callsTo('POST', LIST).length).toBeGreaterThan(0));
    expect((api.callsTo('POST', LIST)[0]!.body as { pageSize: number }).pageSize).toBe(10_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a tree larger than one call refuses with a message', async () => {
    api.on('POST', LIST, ok({ list: many.slice(0, 3), pagination: { total: 10_001 } }));
    renderAdmin(<RendererHarness formData={formOf([big('cascader')])} onSubmit={vi.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      '选项超过 10000 项，无法全部列出；请为数据接口加上参数以缩小范围',
    );
  });
});
