// The popup widgets against a mocked data interface: popup select (dialog and drawer, search, paging, single and
// multiple, labels of stored ids through InfoByIds, clear, disabled, the confirm-needs-a-row rule), popup table
// select, autoComplete's "@keyword" parameter and limit, and the popup attribute showing the picked row.
import type { FieldConfig } from '@jnpf/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form, Input } from 'antd';
import type { ComponentType } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin, type ApiCall } from '../../components/admin/testUtils';
import { i18n } from '../../platform/i18n';
import { fieldOf } from '../testing';
import type { InputWidgetProps } from '../types';
import { AutoCompleteWidget, suggestionLimit } from './AutoComplete';
import { PopupAttr } from './PopupAttr';
import { popupConfig, popupListRequest, popupParamList } from './popupData';
import { PopupSelect } from './PopupSelect';
import { PopupTableSelect } from './PopupTableSelect';

vi.setConfig({ testTimeout: 60_000 });

const LIST = '/api/system/DataInterface/di1/Actions/List';
const IDS = '/api/system/DataInterface/di1/Actions/InfoByIds';
const ROWS = [
  { id: 'a1', full_name: '苹果', price: 3, kind: 'fruit' },
  { id: 'a2', full_name: '香蕉', price: 5, kind: 'fruit' },
  { id: 'v1', full_name: '白菜', price: 2, kind: 'veg' },
];
type ListBody = {
  keyword: string;
  currentPage: number;
  pageSize: number;
  paramList: { field: string; defaultValue: unknown }[];
};

/** a popup field of the test interface (a popupSelect unless given) */
const popupField = (patch: Record<string, unknown> = {}, key = 'popupSelect'): FieldConfig =>
  fieldOf(key as FieldConfig['__config__']['jnpfKey'], 'pick', '物品', {
    interfaceId: 'di1',
    propsValue: 'id',
    relationField: 'full_name',
    columnOptions: [
      { value: 'full_name', label: '名称' },
      { value: 'price', label: '价格' },
    ],
    templateJson: [{ field: 'kind', sourceType: 1, relationField: 'kind' }],
    ...patch,
  });

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi()
    .on('POST', LIST, (call) => {
      const body = call.body as ListBody;
      const kind = String(body.paramList.find((p) => p.field === 'kind')?.defaultValue ?? '');
      const found = ROWS.filter(
        (r) => (!kind || r.kind === kind) && (!body.keyword || r.full_name.includes(body.keyword)),
      );
      const start = (body.currentPage - 1) * body.pageSize;
      return ok({ list: found.slice(start, start + body.pageSize), pagination: { total: found.length } });
    })
    .on('POST', IDS, (call) => {
      const ids = (call.body as { ids: string[] }).ids;
      return ok(ROWS.filter((r) => ids.includes(r.id)));
    });
});

const SUBMIT = '提交测试';

/** a form with a `kind` text box, the widget under test as `pick`, and more fields; onSubmit gets the values */
function renderForm(
  fields: { field: FieldConfig; Widget: ComponentType<InputWidgetProps>; disabled?: boolean }[],
  initial: Record<string, unknown> = {},
) {
  const onSubmit = vi.fn();
  function Harness() {
    const [form] = Form.useForm();
    return (
      <Form form={form} initialValues={initial} onFinish={onSubmit}>
        <Form.Item name="kind" label="类别">
          <Input />
        </Form.Item>
        {fields.map(({ field, Widget, disabled }) => (
          <Form.Item key={field.__vModel__} name={field.__vModel__} label={field.__config__.label}>
            <Widget field={field} {...(disabled ? { disabled } : {})} />
          </Form.Item>
        ))}
        <button type="button" onClick={() => form.submit()}>
          {SUBMIT}
        </button>
      </Form>
    );
  }
  renderAdmin(<Harness />);
  const submitted = async () => {
    fireEvent.click(screen.getByText(SUBMIT));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const values = onSubmit.mock.calls.at(-1)![0] as Record<string, unknown>;
    onSubmit.mockClear();
    return values;
  };
  return { submitted };
}

const lastBody = (path: string) => api.callsTo('POST', path).at(-1)?.body as ListBody;
const openDialog = async (title = '选择数据') => {
  fireEvent.click(screen.getAllByRole('combobox')[0]!);
  return waitFor(() => {
    const dialog = screen
      .getAllByRole('dialog')
      .find((d) => d.textContent?.includes(title) && !d.closest('.ant-zoom-leave'));
    if (!dialog) throw new Error('no dialog');
    return dialog;
  });
};
const button = (within_: HTMLElement, name: string) =>
  within(within_).getByRole('button', { name: new RegExp(`^\\s*${name.split('').join('\\s*')}\\s*$`) });

describe('popup request', () => {
  it('asks List with the columns, the keys and the parameters; "@keyword" takes the typed text', () => {
    const config = popupConfig(popupField({ hasPage: true, pageSize: 2 }));
    expect(config).toMatchObject({ popupType: 'dialog', popupWidth: '800px', hasPage: true, pageSize: 2 });
    expect(popupListRequest(config, { kind: 'veg' }, { keyword: '白', currentPage: 2, pageSize: 2 }).body).toEqual({
      keyword: '白',
      currentPage: 2,
      pageSize: 2,
      propsValue: 'id',
      relationField: 'full_name',
      columnOptions: 'full_name,price',
      paramList: [{ field: 'kind', defaultValue: 'veg' }],
    });
    expect(
      popupParamList(
        [
          { field: 'kw', sourceType: 4, relationField: '@keyword' },
          { field: 'k2', sourceType: 2, defaultValue: '@keyword' },
          { field: 'me', sourceType: 4, relationField: '@userId' },
        ],
        {},
        'ap',
      ),
    ).toEqual([
      { field: 'kw', defaultValue: 'ap' },
      { field: 'k2', defaultValue: 'ap' },
      { field: 'me', defaultValue: '', sourceType: 4, relationField: '@userId' },
    ]);
    expect(suggestionLimit(undefined)).toBe(50);
    expect(suggestionLimit(8)).toBe(8);
  });
});

describe('popup select', () => {
  it('lists, searches, pages, needs a checked row, picks, shows the label, clears', async () => {
    const { submitted } = renderForm([{ field: popupField({ hasPage: true, pageSize: 2 }), Widget: PopupSelect }]);
    const dialog = await openDialog();
    expect(await within(dialog).findByText('香蕉')).toBeTruthy();
    expect(lastBody(LIST)).toMatchObject({ currentPage: 1, pageSize: 2, keyword: '' });
    // index column and configured columns
    expect(within(dialog).getByText('序号', { selector: 'th' })).toBeTruthy();
    expect(within(dialog).getByText('价格', { selector: 'th' })).toBeTruthy();

    // page 2
    fireEvent.click(within(dialog).getByTitle('2'));
    expect(await within(dialog).findByText('白菜')).toBeTruthy();
    expect(lastBody(LIST).currentPage).toBe(2);

    // confirm with nothing checked: refused with the rule's message, the dialog stays
    fireEvent.click(button(dialog, '确定'));
    expect(await within(dialog).findByText('请选择一条数据')).toBeTruthy();

    // search (Enter) goes back to page 1
    const box = within(dialog).getByLabelText('请输入关键词查询');
    fireEvent.change(box, { target: { value: '香' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastBody(LIST)).toMatchObject({ keyword: '香', currentPage: 1 }));
    await waitFor(() => expect(within(dialog).queryByText('苹果')).toBeNull());
    fireEvent.click(within(dialog).getByText('香蕉'));
    fireEvent.click(button(dialog, '确定'));
    await waitFor(() =>
      expect(document.querySelector('.ant-select-content, .ant-select-selection-item')?.textContent).toBe('香蕉'),
    );
    expect(await submitted()).toMatchObject({ pick: 'a2' });
    // the picked row's label shows without asking InfoByIds
    expect(api.callsTo('POST', IDS)).toHaveLength(0);

    // clear
    const clear = document.querySelector('.ant-select-clear')!;
    fireEvent.mouseDown(clear);
    fireEvent.click(clear);
    expect(await submitted()).toMatchObject({ pick: '' });
    // clearing does not open the chooser
    await new Promise((r) => setTimeout(r, 100));
    expect(document.querySelector('.ant-modal:not(.ant-zoom-leave)')).toBeNull();
  });

  it('shows a stored value by its label (InfoByIds with the parameters) and cancel keeps it', async () => {
    const { submitted } = renderForm([{ field: popupField(), Widget: PopupSelect }], { kind: 'fruit', pick: 'a1' });
    expect(await screen.findByText('苹果')).toBeTruthy();
    expect(lastBody(IDS)).toMatchObject({
      ids: ['a1'],
      propsValue: 'id',
      paramList: [{ field: 'kind', defaultValue: 'fruit' }],
    });
    const dialog = await openDialog();
    // the form's kind is a parameter: only fruit is offered
    expect(await within(dialog).findByText('香蕉')).toBeTruthy();
    expect(within(dialog).queryByText('白菜')).toBeNull();
    expect(lastBody(LIST)).toMatchObject({ pageSize: 10000, paramList: [{ field: 'kind', defaultValue: 'fruit' }] });
    fireEvent.click(within(dialog).getByText('香蕉'));
    fireEvent.click(button(dialog, '取消'));
    expect(await submitted()).toMatchObject({ pick: 'a1' });
  });

  it('multiple: appends without duplicates, removes a tag at once', async () => {
    const { submitted } = renderForm(
      [{ field: popupField({ multiple: true, templateJson: [] }), Widget: PopupSelect }],
      {
        pick: ['a1'],
      },
    );
    expect(await screen.findByText('苹果')).toBeTruthy();
    const dialog = await openDialog();
    fireEvent.click(await within(dialog).findByText('白菜'));
    // 苹果 is held already: checking it again adds no duplicate
    fireEvent.click(within(dialog).getByText('苹果', { selector: 'td' }));
    fireEvent.click(button(dialog, '确定'));
    await waitFor(() =>
      expect(
        screen.getByText('白菜', { selector: '.ant-select-selection-item-content, .ant-select-selection-item *' }),
      ).toBeTruthy(),
    );
    expect(await submitted()).toMatchObject({ pick: ['a1', 'v1'] });
    const tag = screen
      .getByText('苹果', { selector: '.ant-select-selection-item-content' })
      .closest('.ant-select-selection-item')!;
    fireEvent.click(tag.querySelector('.ant-select-selection-item-remove')!);
    expect(await submitted()).toMatchObject({ pick: ['v1'] });
  });

  it('a drawer of the configured width and title', async () => {
    renderForm([
      {
        field: popupField({ popupType: 'drawer', popupTitle: '挑一个', popupWidth: '600px', templateJson: [] }),
        Widget: PopupSelect,
      },
    ]);
    fireEvent.click(screen.getAllByRole('combobox')[0]!);
    const drawer = await waitFor(() => document.querySelector('.ant-drawer-content-wrapper') as HTMLElement);
    expect(drawer.style.width).toBe('600px');
    expect(within(drawer).getByText('挑一个')).toBeTruthy();
    // a click on the backdrop does not close it (the ticked rows would be lost)
    fireEvent.click(document.querySelector('.ant-drawer-mask')!);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('.ant-drawer-open')).not.toBeNull();
  });

  it('disabled: clicking opens nothing and asks nothing', async () => {
    renderForm([{ field: popupField(), Widget: PopupSelect, disabled: true }]);
    fireEvent.click(screen.getAllByRole('combobox')[0]!);
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST', LIST)).toHaveLength(0);
  });
});

describe('popup attribute', () => {
  it("shows the picked row's field, and nothing once the popup is cleared", async () => {
    const attr = fieldOf('input', 'price', '价格', { relationField: 'pick', showField: 'price' });
    const { submitted } = renderForm(
      [
        { field: popupField({ templateJson: [] }), Widget: PopupSelect },
        { field: attr, Widget: PopupAttr },
      ],
      { pick: 'v1' },
    );
    const shown = () => (document.getElementById('price') as HTMLInputElement | null)?.value;
    await waitFor(() => expect(shown()).toBe('2'));
    const dialog = await openDialog();
    fireEvent.click(await within(dialog).findByText('香蕉'));
    fireEvent.click(button(dialog, '确定'));
    await waitFor(() => expect(shown()).toBe('5'));
    // not stored unless isStorage
    expect((await submitted()).price).toBeUndefined();
    const clear = document.querySelector('.ant-select-clear')!;
    fireEvent.mouseDown(clear);
    fireEvent.click(clear);
    await waitFor(() => expect(shown()).toBe(''));
  });
});

describe('popup attribute, stored', () => {
  it('with isStorage the shown field is the value', async () => {
    const attr = fieldOf('input', 'price', '价格', { relationField: 'pick', showField: 'price', isStorage: 1 });
    const { submitted } = renderForm([
      { field: popupField({ templateJson: [] }), Widget: PopupSelect },
      { field: attr, Widget: PopupAttr },
    ]);
    const dialog = await openDialog();
    fireEvent.click(await within(dialog).findByText('白菜'));
    fireEvent.click(button(dialog, '确定'));
    await waitFor(() => expect((document.getElementById('price') as HTMLInputElement).value).toBe('2'));
    expect(await submitted()).toMatchObject({ pick: 'v1', price: '2' });
  });
});

describe('popup select, read-only and in English', () => {
  it('read-only shows the label, offers no clear and opens nothing', async () => {
    renderForm([{ field: popupField({ readonly: true, templateJson: [] }), Widget: PopupSelect }], { pick: 'a2' });
    expect(await screen.findByText('香蕉')).toBeTruthy();
    expect(document.querySelector('.ant-select-clear')).toBeNull();
    fireEvent.click(screen.getAllByRole('combobox')[0]!);
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST', LIST)).toHaveLength(0);
  });

  it('the chooser speaks the interface language', async () => {
    renderForm([{ field: popupField({ templateJson: [] }), Widget: PopupSelect }]);
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    try {
      const dialog = await openDialog('Select data');
      expect(within(dialog).getByText('No.', { selector: 'th' })).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
      expect(await within(dialog).findByText('Select a row')).toBeTruthy();
    } finally {
      await act(async () => {
        await i18n.changeLanguage('zh');
      });
    }
  });
});

describe('popup table select', () => {
  it('a 700 px popover: single picks on a row and closes; multiple toggles', async () => {
    const { submitted } = renderForm([
      { field: popupField({ templateJson: [], filterable: true }, 'popupTableSelect'), Widget: PopupTableSelect },
    ]);
    fireEvent.click(screen.getAllByRole('combobox')[0]!);
    const table = await screen.findByTestId('popup-table');
    expect(table.style.width).toBe('700px');
    expect(await within(table).findByText('白菜')).toBeTruthy();
    // the keyword filter
    const box = within(table).getByLabelText('请输入关键词查询');
    fireEvent.change(box, { target: { value: '苹' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastBody(LIST).keyword).toBe('苹'));
    fireEvent.click(await within(table).findByText('苹果'));
    expect(await submitted()).toMatchObject({ pick: 'a1' });
    expect(document.querySelector('.ant-select-content, .ant-select-selection-item')?.textContent).toBe('苹果');
    // the popover closed
    await waitFor(() => expect(document.querySelector('.ant-popover:not(.ant-popover-hidden)')).toBeNull());
  });

  it('multiple: each row toggles the value at once', async () => {
    const { submitted } = renderForm([
      { field: popupField({ templateJson: [], multiple: true }, 'popupTableSelect'), Widget: PopupTableSelect },
    ]);
    fireEvent.click(screen.getAllByRole('combobox')[0]!);
    const table = await screen.findByTestId('popup-table');
    fireEvent.click(await within(table).findByText('白菜'));
    fireEvent.click(within(table).getByText('苹果'));
    expect(await submitted()).toMatchObject({ pick: ['v1', 'a1'] });
    fireEvent.click(within(table).getByText('白菜'));
    expect(await submitted()).toMatchObject({ pick: ['a1'] });
  });
});

describe('autoComplete', () => {
  it('asks List with the typed text in the "@keyword" parameter, 50 by default, and offers the rows', async () => {
    const auto = fieldOf('input', 'pick', '名称', {
      interfaceId: 'di1',
      relationField: 'full_name',
      templateJson: [{ field: 'kind', sourceType: 4, relationField: '@keyword' }],
    });
    api.on('POST', LIST, (call: ApiCall) => {
      const body = call.body as ListBody;
      const typed = String(body.paramList.find((p) => p.field === 'kind')?.defaultValue ?? '');
      return ok({ list: ROWS.filter((r) => r.full_name.includes(typed)), pagination: { total: 0 } });
    });
    const { submitted } = renderForm([{ field: auto, Widget: AutoCompleteWidget }]);
    const box = screen.getAllByRole('combobox')[0]!;
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: '白' } });
    await waitFor(() =>
      expect(api.callsTo('POST', LIST).some((c) => (c.body as ListBody).paramList[0]?.defaultValue === '白')).toBe(
        true,
      ),
    );
    const asked = api.callsTo('POST', LIST).at(-1)!.body as ListBody;
    expect(asked).toMatchObject({ pageSize: 50, keyword: '', paramList: [{ field: 'kind', defaultValue: '白' }] });
    fireEvent.click(await screen.findByText('白菜', { selector: '.ant-select-item-option-content' }));
    expect(await submitted()).toMatchObject({ pick: '白菜' });
  });

  it("asks for the field's total and waits for a pause in typing", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const auto = fieldOf('input', 'pick', '名称', {
        interfaceId: 'di1',
        relationField: 'full_name',
        total: 7,
        templateJson: [{ field: 'kind', sourceType: 2, defaultValue: '@keyword' }],
      });
      renderForm([{ field: auto, Widget: AutoCompleteWidget }]);
      const box = screen.getAllByRole('combobox')[0]!;
      fireEvent.focus(box);
      for (const text of ['a', 'ab', 'abc']) fireEvent.change(box, { target: { value: text } });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(400);
      });
      await waitFor(() => expect(lastBody(LIST)?.paramList[0]?.defaultValue).toBe('abc'));
      const typedValues = api.callsTo('POST', LIST).map((c) => (c.body as ListBody).paramList[0]?.defaultValue);
      expect(typedValues).not.toContain('a');
      expect(typedValues).not.toContain('ab');
      expect(lastBody(LIST).pageSize).toBe(7);
    } finally {
      vi.useRealTimers();
    }
  });
});
