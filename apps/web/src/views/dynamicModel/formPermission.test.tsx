import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FieldConfig, FormDataJson, PermissionItem } from '@jnpf/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../../components/admin/testUtils';
import { useSession } from '../../platform/session';
import DynamicModelView from './DynamicModelView';
import { permittedForm } from './formPermission';
import { BASE, columnData, config, formData, MODEL } from './testing';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const items: FieldConfig = {
  __config__: {
    jnpfKey: 'table',
    label: '明细',
    formId: 110,
    children: [
      { __config__: { jnpfKey: 'input', label: '品名', formId: 111 }, __vModel__: 'goods' },
      { __config__: { jnpfKey: 'inputNumber', label: '单价', formId: 112 }, __vModel__: 'price' },
    ],
  },
  __vModel__: 'items',
};
const form = (): FormDataJson => {
  const base = formData();
  return { ...base, fields: [...base.fields, items] };
};

describe('permittedForm', () => {
  it('keeps system fields, asks for the others and cuts sub-tables (also inside containers) to their columns', () => {
    const row: FieldConfig = {
      __config__: { jnpfKey: 'row', label: '', formId: 120, children: [items] },
      __vModel__: '',
    };
    const granted = new Set(['name', 'items', 'items-goods']);
    const permitted = permittedForm({ ...formData(), fields: [...formData().fields, row] }, (code) =>
      granted.has(code),
    );
    expect(['name', 'kind', 'amount', 'creator', 'items'].map((v) => permitted.allowField!(v))).toEqual([
      true,
      false,
      false,
      true,
      true,
    ]);
    const table = permitted.formData.fields.at(-1)!.__config__.children![0]!;
    expect(table.__config__.children!.map((c) => c.__vModel__)).toEqual(['goods']);
    // without form permission the form is the design's
    const whole = permittedForm(formData(), null);
    expect(whole.allowField).toBeUndefined();
    expect(whole.formData).toEqual(formData());
  });
});

describe('form permission in the runtime', () => {
  let api: ReturnType<typeof mockApi>;
  beforeEach(() => {
    api = mockApi()
      .on('GET', `${BASE}/Config`, ok(config(2, form(), columnData({ useFormPermission: true }))))
      .on('POST', `${BASE}/List`, ok({ list: [{ id: 'r1', name: '苹果' }], pagination: { total: 1 } }))
      .on('GET', `${BASE}/r1`, ok({ id: 'r1', data: JSON.stringify({ name: '苹果', items: [{ goods: '箱' }] }) }))
      .on('GET', `${BASE}/r1/DataChange`, ok({ id: 'r1', data: JSON.stringify({ name: '苹果', creator: '管理员' }) }))
      .on('PUT', `${BASE}/r1`, ok(undefined, '修改成功'));
  });

  function render(formCodes: string[], view = <DynamicModelView menuId="m" moduleId={MODEL} isTree={false} />) {
    renderAdmin(view);
    const item = (enCode: string): PermissionItem => ({ id: enCode, fullName: enCode, enCode });
    act(() =>
      useSession.setState((state) => ({
        permissionList: state.permissionList.map((entry) => ({ ...entry, form: formCodes.map(item) })),
      })),
    );
  }

  it('the record popup shows only the fields and sub-table columns held on the menu', async () => {
    render(['name', 'items', 'items-goods']);
    fireEvent.click(await screen.findByRole('button', { name: /编\s*辑/ }, { timeout: 20_000 }));
    const dialog = (await screen.findByText('编辑', { selector: '.ant-modal-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect(((await within(dialog).findByLabelText('名称')) as HTMLInputElement).value).toBe('苹果');
    expect(within(dialog).queryByLabelText('类型')).toBeNull();
    expect(within(dialog).queryByLabelText('数量')).toBeNull();
    // system fields have no form item: they show
    expect(within(dialog).getByLabelText('创建人')).toBeTruthy();
    expect(within(dialog).getAllByText('品名').length).toBeGreaterThan(0);
    expect(within(dialog).queryAllByText('单价')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.callsTo('PUT', `${BASE}/r1`)).toHaveLength(1));
    expect(JSON.parse((api.callsTo('PUT', `${BASE}/r1`)[0]!.body as { data: string }).data)).toEqual({
      name: '苹果',
      items: [{ goods: '箱' }],
    });
  });

  it('a form-only function whose design checks forms shows only the held fields', async () => {
    api.on(
      'GET',
      `${BASE}/Config`,
      ok({ ...config(1, form()), columnData: JSON.stringify({ useFormPermission: true }) }),
    );
    render(['kind']);
    expect(await screen.findByLabelText('类型', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByLabelText('名称')).toBeNull();
    expect(screen.queryByText('明细')).toBeNull();
  });
});
