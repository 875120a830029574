// The relation widgets' property panels in the designer: a relation form chooses a released form (Base/Selector,
// released states only), the field shown as its text and the chooser's columns (that form's FormDataFields, plain
// values); a relation-form attribute follows a relation form of the form and shows one of its form's fields.
import type { FieldConfig, OnlineFieldKey } from '@jnpf/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../../../../components/admin/testUtils';
import { FieldProperties } from './FieldProperties';
import { createField } from './model';
import { defaultFormData } from './designState';
import { defaultColumnData } from './listModel';
import { BUTTON_TEXTS, zhFieldTexts } from './testing';
import { validateDesign } from './validate';

vi.setConfig({ testTimeout: 60_000 });

const BASE = '/api/visualdev/Base';
const make = (key: OnlineFieldKey, id: number, label: string, vModel: string): FieldConfig => ({
  ...createField(key, id, zhFieldTexts(label, { auto: '', on: '', off: '' })),
  __vModel__: vModel,
});

let latest: FieldConfig;
function Harness({ initial, others = [] }: { initial: FieldConfig; others?: FieldConfig[] }) {
  const [field, setField] = useState(initial);
  return (
    <FieldProperties
      field={field}
      fields={[...others, field]}
      onChange={(next) => {
        latest = next;
        setField(next);
      }}
    />
  );
}

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi()
    .on(
      'GET',
      `${BASE}/Selector`,
      ok({ list: [{ id: 'cat', fullName: '业务', children: [{ id: 'm1', fullName: '客户管理', state: 1 }] }] }),
    )
    .on(
      'GET',
      `${BASE}/m1/FormDataFields`,
      ok({
        list: [
          { label: '名称', vmodel: 'name' },
          { label: '电话', vmodel: 'phone' },
        ],
      }),
    );
});

describe('relation widget panels', () => {
  it('a relation form chooses a released form, its shown field and the chooser columns', async () => {
    const user = userEvent.setup({ delay: null });
    const initial = make('relationForm', 201, '客户', 'customer');
    expect(initial).toMatchObject({ modelId: '', relationField: '', columnOptions: [], popupType: 'dialog' });
    renderAdmin(<Harness initial={initial} />);
    await user.click(screen.getByLabelText('关联功能'));
    await user.click(await screen.findByTitle('客户管理'));
    await waitFor(() => expect(latest.modelId).toBe('m1'));
    expect(api.callsTo('GET', `${BASE}/Selector`)[0]!.query.get('isRelease')).toBe('1,2');
    await waitFor(() => expect(api.callsTo('GET', `${BASE}/m1/FormDataFields`)).toHaveLength(1));
    expect(api.callsTo('GET', `${BASE}/m1/FormDataFields`)[0]!.query.get('filterType')).toBe('1');

    await user.click(screen.getByLabelText('显示字段'));
    await user.click(await screen.findByTitle('名称'));
    expect(latest.relationField).toBe('name');
    // the shown field heads the chooser's first column, by its label, while no column is chosen
    expect(latest.columnOptions).toEqual([{ value: 'name', label: '名称' }]);
    await user.click(screen.getByLabelText('列表字段'));
    await user.click((await screen.findAllByTitle('电话')).at(-1)!);
    expect(latest.columnOptions).toEqual([
      { value: 'name', label: '名称' },
      { value: 'phone', label: '电话' },
    ]);
    // the chooser's paging and dialog, as a popup select's
    await user.click(screen.getByRole('switch', { name: '列表分页' }));
    expect(latest.hasPage).toBe(true);
  });

  it('a relation-form attribute follows a relation form and shows a field of its form', async () => {
    const user = userEvent.setup({ delay: null });
    const relation = { ...make('relationForm', 202, '客户', 'customer'), modelId: 'm1', relationField: 'name' };
    renderAdmin(<Harness initial={make('relationFormAttr', 203, '客户电话', 'customerPhone')} others={[relation]} />);
    await user.click(screen.getByLabelText('关联表单字段'));
    await user.click(await screen.findByTitle('客户'));
    expect(latest.relationField).toBe('customer');
    await user.click(screen.getByLabelText('显示字段'));
    await user.click(await screen.findByTitle('电话'));
    expect(latest.showField).toBe('phone');
  });

  it("a sub-table's relation-form attribute follows only a relation-form column of its own table", async () => {
    const user = userEvent.setup({ delay: null });
    const main = { ...make('relationForm', 202, '客户', 'customer'), modelId: 'm1', relationField: 'name' };
    const attr = make('relationFormAttr', 208, '行电话', 'rowPhone');
    const table = make('table', 206, '明细', 'lines');
    table.__config__.children = [
      { ...make('relationForm', 207, '行客户', 'rowCustomer'), modelId: 'm1', relationField: 'name' },
      attr,
    ];
    renderAdmin(<Harness initial={attr} others={[main, table]} />);
    await user.click(screen.getByLabelText('关联表单字段'));
    await user.click(await screen.findByTitle('行客户'));
    expect(screen.queryByTitle('客户')).toBeNull();
    expect(latest.relationField).toBe('rowCustomer');
  });

  it('a relation form without a related function is a problem of the design', () => {
    const fields = [make('relationForm', 204, '客户', 'customer'), make('relationFormAttr', 205, '电话', 'phone')];
    const problems = validateDesign(
      { ...defaultFormData({ confirm: '', cancel: '', confirmAndAdd: '' }), fields },
      defaultColumnData(fields, BUTTON_TEXTS),
      1,
    );
    expect(problems.map((p) => [p.code, p.formId])).toEqual([['relationFormRequired', 204]]);
  });
});
