// The relation-form widgets against a mocked server: the relation form's chooser over FieldDataSelect (columns,
// paging, keyword, a row needed), the id stored and the record's text shown, the attribute following the pick,
// a stored value named from the record's display texts, and, disabled or in a detail, a link opening the related
// record's read-only detail (its form's Config and DataChange).
import type { FieldConfig } from '@jnpf/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dialogTitled, mockApi, ok, renderAdmin } from '../../components/admin/testUtils';
import { formRowsRequest, PopupSourceContext, type PopupSource } from '../popup/popupData';
import { ShownValuesContext } from '../shownValues';
import { fieldOf } from '../testing';
import { relationConfig } from './relationData';
import { RelationForm, RelationFormDetail } from './RelationForm';
import { RelationFormAttr } from './RelationFormAttr';

vi.setConfig({ testTimeout: 60_000 });

const ROWS_URL = '/api/visualdev/Base/m1/FieldDataSelect';
const RECORDS = [
  { id: 'r1', name: 'ACME', phone: '123' },
  { id: 'r2', name: 'Beta', phone: '456' },
  { id: 'r3', name: 'Gamma', phone: '789' },
];

const relationField = (patch: Partial<FieldConfig> = {}): FieldConfig =>
  fieldOf('relationForm', 'cust', '客户', {
    modelId: 'm1',
    relationField: 'name',
    columnOptions: [{ value: 'name', label: '名称' }],
    hasPage: true,
    pageSize: 2,
    ...patch,
  });
const attrField = fieldOf('relationFormAttr', 'custPhone', '客户电话', { relationField: 'cust', showField: 'phone' });

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi().on('GET', ROWS_URL, (call) => {
    const keyword = call.query.get('keyword') ?? '';
    const page = Number(call.query.get('currentPage'));
    const size = Number(call.query.get('pageSize'));
    const found = RECORDS.filter((r) => r.name.includes(keyword));
    return ok({ list: found.slice((page - 1) * size, page * size), pagination: { total: found.length } });
  });
});

function renderForm(
  field: FieldConfig,
  { initial = {}, shown = {}, disabled = false }: { initial?: object; shown?: object; disabled?: boolean } = {},
) {
  const onSubmit = vi.fn();
  function Harness() {
    const [form] = Form.useForm();
    return (
      <ShownValuesContext.Provider value={shown as Record<string, unknown>}>
        <Form form={form} initialValues={initial} onFinish={onSubmit}>
          <Form.Item name="cust" label="客户">
            <RelationForm field={field} disabled={disabled} />
          </Form.Item>
          <Form.Item name="custPhone" label="客户电话">
            <RelationFormAttr field={attrField} />
          </Form.Item>
          <button type="button" onClick={() => form.submit()}>
            提交测试
          </button>
        </Form>
      </ShownValuesContext.Provider>
    );
  }
  renderAdmin(<Harness />);
  return async () => {
    fireEvent.click(screen.getByText('提交测试'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const values = onSubmit.mock.calls.at(-1)![0] as Record<string, unknown>;
    onSubmit.mockClear();
    return values;
  };
}

const button = (scope: HTMLElement, name: string) =>
  within(scope).getByRole('button', { name: new RegExp(`^\\s*${name.split('').join('\\s*')}\\s*$`) });

describe('relation form', () => {
  it('asks FieldDataSelect of its form for the shown field and the columns', () => {
    const config = relationConfig(relationField());
    expect(config).toMatchObject({ formId: 'm1', propsValue: 'id', relationField: 'name', multiple: false });
    expect(formRowsRequest(config, { keyword: 'A', currentPage: 2, pageSize: 2 })).toEqual({
      url: ROWS_URL,
      query: { keyword: 'A', currentPage: 2, pageSize: 2, relationField: 'name', columnOptions: 'name' },
    });
  });

  it('picks a record in the dialog: stores its id, shows its text, the attribute shows its field', async () => {
    const submitted = renderForm(relationField());
    fireEvent.click(screen.getByRole('combobox'));
    const dialog = await dialogTitled('选择数据');
    expect(await within(dialog).findByText('Beta')).toBeTruthy();
    expect(within(dialog).getByText('名称', { selector: 'th' })).toBeTruthy();
    // the field the attribute shows is read too, though not a column
    expect(api.callsTo('GET', ROWS_URL).at(-1)!.query.get('columnOptions')).toBe('name,phone');
    expect(within(dialog).queryByText('456')).toBeNull();
    // paging and keyword
    fireEvent.click(within(dialog).getByTitle('2'));
    expect(await within(dialog).findByText('Gamma')).toBeTruthy();
    const box = within(dialog).getByLabelText('请输入关键词查询');
    fireEvent.change(box, { target: { value: 'Be' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(api.callsTo('GET', ROWS_URL).at(-1)!.query.get('keyword')).toBe('Be'));
    await waitFor(() => expect(within(dialog).queryByText('ACME')).toBeNull());
    // a row is needed
    fireEvent.click(button(dialog, '确定'));
    expect(await within(dialog).findByText('请选择一条数据')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('Beta'));
    fireEvent.click(button(dialog, '确定'));
    await waitFor(() =>
      expect(document.querySelector('.ant-select-content, .ant-select-selection-item')?.textContent).toBe('Beta'),
    );
    await waitFor(() => expect((screen.getByLabelText('客户电话') as HTMLInputElement).value).toBe('456'));
    expect(await submitted()).toMatchObject({ cust: 'r2' });
  });

  it('without kept columns, heads the shown field with its label in the related form', async () => {
    api.on('GET', ROWS_URL, () =>
      ok({ list: RECORDS, pagination: { total: RECORDS.length }, columns: [{ prop: 'name', label: '客户名称' }] }),
    );
    renderForm(relationField({ columnOptions: undefined }));
    fireEvent.click(screen.getByRole('combobox'));
    const dialog = await dialogTitled('选择数据');
    expect(await within(dialog).findByText('客户名称', { selector: 'th' })).toBeTruthy();
    expect(within(dialog).queryByText('name', { selector: 'th' })).toBeNull();
  });

  it('names a stored id from the record display texts; clearing empties it and its attribute', async () => {
    const submitted = renderForm(relationField(), {
      initial: { cust: 'r1' },
      shown: { cust: 'ACME', cust_id: 'r1', custPhone: '123' },
    });
    expect(await screen.findByText('ACME')).toBeTruthy();
    expect((screen.getByLabelText('客户电话') as HTMLInputElement).value).toBe('123');
    const clear = document.querySelector('.ant-select-clear')!;
    fireEvent.mouseDown(clear);
    fireEvent.click(clear);
    expect(await submitted()).toMatchObject({ cust: '' });
    expect((screen.getByLabelText('客户电话') as HTMLInputElement).value).toBe('');
  });

  it('disabled with a value: a link that opens the related record read-only', async () => {
    api
      .on(
        'GET',
        '/api/visualdev/OnlineDev/m1/Config',
        ok({
          id: 'm1',
          fullName: '客户',
          enCode: 'kh',
          webType: 1,
          enableFlow: 0,
          columnData: '',
          formData: JSON.stringify({
            fields: [fieldOf('input', 'name', '名称'), fieldOf('input', 'phone', '电话号码')],
          }),
        }),
      )
      .on(
        'GET',
        '/api/visualdev/OnlineDev/m1/r1/DataChange',
        ok({ id: 'r1', data: JSON.stringify({ name: 'ACME', phone: '123' }) }),
      );
    renderForm(relationField(), { initial: { cust: 'r1' }, shown: { cust: 'ACME', cust_id: 'r1' }, disabled: true });
    // the link is the field's control, named by its label
    const link = await screen.findByRole('button', { name: '客户' });
    expect(link.textContent).toBe('ACME');
    expect(screen.queryByRole('combobox')).toBeNull();
    fireEvent.click(link);
    // the related form's own layout, its record's display texts
    const phone = await screen.findByText('电话号码', {}, { timeout: 10_000 });
    const detail = phone.closest('.ant-modal') as HTMLElement;
    expect(detail.querySelector('.ant-modal-title')?.textContent).toBe('详情');
    expect(within(detail).getByText('123')).toBeTruthy();
    expect(api.callsTo('GET', ROWS_URL)).toHaveLength(0);
  });

  it('in a detail: the text, a link when the server gave the id', async () => {
    renderAdmin(
      <ShownValuesContext.Provider value={{ cust: 'ACME', cust_id: 'r1' }}>
        <RelationFormDetail field={relationField()} display="ACME" />
      </ShownValuesContext.Provider>,
    );
    expect(await screen.findByRole('button', { name: 'ACME' })).toBeTruthy();
  });

  it('in a form link (a visitor, not signed in): plain text, no link that needs a session', async () => {
    const source: PopupSource = { list: vi.fn(), byIds: vi.fn(), relationList: vi.fn() };
    renderAdmin(
      <PopupSourceContext.Provider value={source}>
        <ShownValuesContext.Provider value={{ cust: 'ACME', cust_id: 'r1' }}>
          <RelationFormDetail field={relationField()} display="ACME" />
          <RelationForm field={relationField()} value="r1" disabled />
        </ShownValuesContext.Provider>
      </PopupSourceContext.Provider>,
    );
    expect((await screen.findAllByTestId('related-record-text')).map((e) => e.textContent)).toEqual(['ACME', 'ACME']);
    expect(screen.queryByRole('button')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });
});
