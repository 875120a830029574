// The shared switches each widget's registry entry says it honours, checked over the whole registry: a disabled
// field has no live control and still gives its value; a read-only one shows its value, cannot be edited or
// cleared, and opens no dialog or drop-down; the clear icon shows as `clearable` says.
import { INPUT_KEYS, type FieldConfig, type OnlineFieldKey } from '@jnpf/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAdmin } from '../components/admin/testUtils';
import { widgetRegistry } from './registry';
import { fieldOf, formOf, RendererHarness, SUBMIT } from './testing';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

beforeEach(() => {
  mockApi();
});

const KEYS: readonly OnlineFieldKey[] = [...INPUT_KEYS, 'table'];
const declaring = (prop: 'disabled' | 'readonly' | 'clearable') =>
  KEYS.filter((key) => widgetRegistry[key].design.shared?.[prop]);

/** a stored value of each key, as a record holds it (ids the server would name are shown as they are) */
const SAMPLES: Partial<Record<OnlineFieldKey, unknown>> = {
  input: '苹果',
  textarea: '苹果',
  inputNumber: 5,
  amount: 5,
  numRange: [1, 9],
  select: '1',
  cascader: ['1', '2'],
  treeSelect: '1',
  datePicker: Date.UTC(2024, 4, 6, 4),
  timePicker: '10:20:30',
  organizeSelect: 'o1',
  depSelect: 'd1',
  posSelect: 'p1',
  userSelect: 'u1',
  roleSelect: 'r1',
  groupSelect: 'g1',
  usersSelect: 'u1--user',
  areaSelect: ['11'],
  popupSelect: 'a1',
  popupTableSelect: 'a1',
  autoComplete: '苹果',
  relationForm: 'rec1',
  sign: '/api/file/Image/annexpic/sign.png',
  location: JSON.stringify({
    pName: '',
    cName: '',
    adName: '',
    address: '人民路 1 号',
    name: '人民路 1 号',
    lng: 120,
    lat: 30,
    fullAddress: '人民路 1 号',
  }),
};

/** the text a read-only field of the key shows for its sample */
const SHOWN: Partial<Record<OnlineFieldKey, string>> = {
  input: '苹果',
  textarea: '苹果',
  inputNumber: '5',
  amount: '5',
  numRange: '9',
  datePicker: '2024-05-06',
  timePicker: '10:20:30',
  autoComplete: '苹果',
};

const options = [
  { fullName: '选项1', id: '1', children: [{ fullName: '选项1-1', id: '2' }] },
  { fullName: '选项2', id: '3' },
];

/** a field of the key carrying `patch`, with what its widget needs to show a value */
function fieldFor(key: OnlineFieldKey, patch: Partial<FieldConfig>): FieldConfig {
  const extra: Partial<FieldConfig> = {
    ...(['radio', 'checkbox', 'select', 'cascader', 'treeSelect'].includes(key) && {
      options,
      props: { label: 'fullName', value: 'id', children: 'children' },
      config: { dataType: 'static' },
    }),
    ...(['popupSelect', 'popupTableSelect', 'autoComplete'].includes(key) && {
      interfaceId: 'di1',
      propsValue: 'id',
      relationField: 'full_name',
      columnOptions: [{ value: 'full_name', label: '名称' }],
    }),
    ...(key === 'relationForm' && { modelId: 'm1', relationField: 'name' }),
    ...(key === 'table' && {
      config: { tableName: 't', children: [fieldOf('input', 'name', '名称')] },
    }),
  };
  return fieldOf(key, 'f', '字段', { ...extra, ...patch });
}

/** renders the field in a form, editing a record holding `value`; the form */
function renderField(field: FieldConfig, value?: unknown, onSubmit = vi.fn(), form: { disabled?: boolean } = {}) {
  const record = value === undefined ? undefined : { f: value };
  const view = renderAdmin(<RendererHarness formData={formOf([field], form)} record={record} onSubmit={onSubmit} />);
  const item = view.container.querySelector<HTMLElement>('form');
  if (!item) throw new Error('no form');
  return item;
}

/** controls a user could still reach (antd marks a disabled control's wrapper "…-disabled") */
function liveControls(root: HTMLElement): HTMLElement[] {
  return [
    ...root.querySelectorAll<HTMLElement>('input, textarea, button, [tabindex], [contenteditable="true"]'),
  ].filter(
    (el) =>
      !(el as HTMLInputElement).disabled &&
      !el.closest('[class*="-disabled"]') &&
      el.getAttribute('tabindex') !== '-1' &&
      el.getAttribute('aria-disabled') !== 'true' &&
      el.getAttribute('contenteditable') !== 'false' &&
      el.getAttribute('type') !== 'file' &&
      !el.closest('[aria-hidden="true"]'),
  );
}

/** clear icons shown (an antd clear icon, or a widget's own remove button) */
const clearIcons = (root: HTMLElement) =>
  [
    ...root.querySelectorAll<HTMLElement>(
      '.ant-select-clear, .ant-input-clear-icon:not(.ant-input-clear-icon-hidden), .ant-picker-clear',
    ),
  ].length + screen.queryAllByRole('button', { name: /^(清除签名|清除位置)$/ }).length;

const POPUPS =
  '.ant-modal-wrap, .ant-drawer-open, .ant-popover:not(.ant-popover-hidden), .ant-picker-dropdown:not(.ant-picker-dropdown-hidden), .ant-select-dropdown:not(.ant-select-dropdown-hidden)';
const opened = () => document.querySelector(POPUPS);
/** the popups showing (a dialog kept mounted while closed is display: none) */
const shownPopups = () =>
  [...document.querySelectorAll<HTMLElement>(POPUPS)].filter((el) => !el.closest('[style*="display: none"]'));

describe('disabled', () => {
  it('is declared by every value widget but the computed and server-issued ones', () => {
    expect(KEYS.filter((key) => !declaring('disabled').includes(key)).sort()).toEqual(
      ['billRule', 'calculate', 'popupAttr', 'relationFormAttr'].sort(),
    );
  });

  it.each(declaring('disabled'))('%s: no control can be used (one can when not disabled)', async (key) => {
    const enabled = renderField(fieldFor(key, {}));
    await screen.findByText('字段');
    await waitFor(() => expect(liveControls(enabled).length).toBeGreaterThan(0));
    document.body.innerHTML = '';

    const form = renderField(fieldFor(key, { disabled: true }));
    await screen.findByText('字段');
    // the rich-text editor loads on its own
    if (key === 'editor') await waitFor(() => expect(form.querySelector('[contenteditable]')).not.toBeNull());
    expect(liveControls(form).map((el) => el.outerHTML.slice(0, 120))).toEqual([]);
  });

  it('in a disabled form (formData.disabled) no control of any of them can be used', async () => {
    // one form holding a field of each key (one render, not one a key: this runs on every CI pass)
    const fields = declaring('disabled').map((key) => ({ ...fieldFor(key, {}), __vModel__: `f_${key}` }));
    const view = renderAdmin(<RendererHarness formData={formOf(fields, { disabled: true })} onSubmit={vi.fn()} />);
    const form = view.container.querySelector<HTMLElement>('form')!;
    // the rich-text editor loads on its own
    await waitFor(() => expect(form.querySelector('[contenteditable]')).not.toBeNull());
    expect(form.querySelectorAll('[data-pending-control]')).toHaveLength(0);
    expect(form.querySelectorAll('[data-jnpf-key], .ant-form-item, label').length).toBeGreaterThan(0);
    expect(liveControls(form).map((el) => el.outerHTML.slice(0, 120))).toEqual([]);
    // a picker's frame opens its dialog on a click of its own, which antd's disabled form does not reach
    for (const frame of form.querySelectorAll<HTMLElement>('.ant-select, [role="combobox"], button'))
      fireEvent.click(frame);
    expect(shownPopups()).toEqual([]);
  });

  it.each(['input', 'inputNumber', 'select', 'datePicker', 'timePicker', 'autoComplete'] as const)(
    '%s: a disabled field still gives its value',
    async (key) => {
      const onSubmit = vi.fn();
      renderField(fieldFor(key, { disabled: true }), SAMPLES[key], onSubmit);
      fireEvent.click(await screen.findByRole('button', { name: SUBMIT }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalled());
      expect((onSubmit.mock.calls[0]![0] as Record<string, unknown>).f).toEqual(SAMPLES[key]);
    },
  );
});

describe('readonly', () => {
  it('is declared by the text, number, date and time, and popup widgets', () => {
    expect(declaring('readonly').sort()).toEqual(
      [
        'input',
        'textarea',
        'inputNumber',
        'amount',
        'numRange',
        'datePicker',
        'timePicker',
        'popupSelect',
        'popupTableSelect',
        'autoComplete',
        'relationForm',
      ].sort(),
    );
  });

  it.each(declaring('readonly'))('%s: shows its value, cannot be edited, cleared or opened', async (key) => {
    const form = renderField(fieldFor(key, { readonly: true, clearable: true }), SAMPLES[key]);
    await screen.findByText('字段');
    const shown = SHOWN[key];
    if (shown)
      await waitFor(() =>
        expect(
          [...form.querySelectorAll<HTMLInputElement>('input, textarea')].some((el) => el.value.includes(shown)) ||
            form.textContent?.includes(shown),
        ).toBe(true),
      );
    for (const el of form.querySelectorAll<HTMLInputElement>('input:not([type="file"]), textarea'))
      if (!el.closest('.ant-select')) expect(el.readOnly || el.disabled).toBe(true);
    expect(clearIcons(form)).toBe(0);
    for (const target of form.querySelectorAll<HTMLElement>(
      'input, textarea, .ant-select-selector, .ant-picker, .ant-input-affix-wrapper',
    )) {
      fireEvent.mouseDown(target);
      fireEvent.click(target);
      fireEvent.focus(target);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(opened()).toBeNull();
  });
});

describe('clearable', () => {
  it('is declared by the choosing widgets and the one-line text', () => {
    expect(declaring('clearable').sort()).toEqual(
      [
        'input',
        'select',
        'cascader',
        'treeSelect',
        'datePicker',
        'timePicker',
        'organizeSelect',
        'depSelect',
        'posSelect',
        'userSelect',
        'roleSelect',
        'groupSelect',
        'usersSelect',
        'areaSelect',
        'popupSelect',
        'popupTableSelect',
        'autoComplete',
        'relationForm',
        'sign',
        'location',
      ].sort(),
    );
  });

  it.each(declaring('clearable'))('%s: the clear icon shows as clearable says', async (key) => {
    const on = renderField(fieldFor(key, { clearable: true }), SAMPLES[key]);
    await screen.findByText('字段');
    await waitFor(() => expect(clearIcons(on)).toBeGreaterThan(0));
    document.body.innerHTML = '';

    const off = renderField(fieldFor(key, { clearable: false }), SAMPLES[key]);
    await screen.findByText('字段');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(clearIcons(off)).toBe(0);

    // an absent clearable: the icon as the entry's default says
    document.body.innerHTML = '';
    const absent = renderField(fieldFor(key, {}), SAMPLES[key]);
    await screen.findByText('字段');
    if (widgetRegistry[key].design.shared?.clearable === 'byDefault')
      await waitFor(() => expect(clearIcons(absent)).toBeGreaterThan(0));
    else {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(clearIcons(absent)).toBe(0);
    }
  });
});
