// The shared switches of the property panel — 能否清空, 是否只读, 是否禁用 — offered for exactly the widgets whose
// registry entry says they honour them, starting as the reference's palette starts a new field, and writing the
// field's clearable, readonly and disabled.
import { ONLINE_FIELD_KEYS, type FieldConfig, type OnlineFieldKey } from '@jnpf/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderAdmin } from '../../../../components/admin/testUtils';
import { widgetRegistry } from '../../../../widgets';
import { FieldProperties } from './FieldProperties';
import { createField } from './model';
import { zhFieldTexts } from './testing';

vi.setConfig({ testTimeout: 60_000 });

const SWITCHES = { clearable: '能否清空', readonly: '是否只读', disabled: '是否禁用' } as const;
type Shared = keyof typeof SWITCHES;

const make = (key: OnlineFieldKey): FieldConfig => ({
  ...createField(key, 1, zhFieldTexts('字段', { auto: '', on: '', off: '' })),
  __vModel__: 'f1',
});

let latest: FieldConfig;
function Harness({ initial }: { initial: FieldConfig }) {
  const [field, setField] = useState(initial);
  return (
    <FieldProperties
      field={field}
      fields={[field]}
      onChange={(next) => {
        latest = next;
        setField(next);
      }}
    />
  );
}

function open(field: FieldConfig) {
  mockApi();
  latest = field;
  return renderAdmin(<Harness initial={field} />);
}

const switchOf = (name: string) => screen.queryByRole('switch', { name });
const checked = (name: string) => switchOf(name)?.getAttribute('aria-checked') === 'true';
const declares = (key: OnlineFieldKey, prop: Shared) => !!widgetRegistry[key].design.shared?.[prop];

describe('shared switches of the property panel', () => {
  it.each(ONLINE_FIELD_KEYS.filter((key) => key !== 'tab' && key !== 'collapse' && key !== 'tableGrid'))(
    '%s: offers the switches its widget honours, as a new field starts',
    (key) => {
      const view = open(make(key));
      for (const prop of Object.keys(SWITCHES) as Shared[]) {
        expect(!!switchOf(SWITCHES[prop]), `${key} ${prop}`).toBe(declares(key, prop));
      }
      // a new field: not read-only, not disabled, the clear icon on
      if (declares(key, 'clearable')) expect(checked(SWITCHES.clearable)).toBe(true);
      if (declares(key, 'readonly')) expect(checked(SWITCHES.readonly)).toBe(false);
      if (declares(key, 'disabled')) expect(checked(SWITCHES.disabled)).toBe(false);
      view.unmount();
    },
  );

  it('writes clearable, readonly and disabled into the design', async () => {
    open(make('datePicker'));
    const user = userEvent.setup();
    await user.click(switchOf('能否清空')!);
    expect(latest.clearable).toBe(false);
    await user.click(switchOf('是否只读')!);
    expect(latest.readonly).toBe(true);
    await user.click(switchOf('是否禁用')!);
    expect(latest.disabled).toBe(true);
    expect(checked('能否清空')).toBe(false);
    expect(checked('是否只读')).toBe(true);
    expect(checked('是否禁用')).toBe(true);
    await user.click(switchOf('是否禁用')!);
    expect(latest.disabled).toBe(false);
  });

  it('reads an imported design without the keys as its widget does', () => {
    // a popup select without clearable has the clear icon; a select without it has none
    const bare = (key: OnlineFieldKey) => {
      const { clearable: _clearable, disabled: _disabled, ...field } = make(key);
      return field as FieldConfig;
    };
    const first = open(bare('popupSelect'));
    expect(checked('能否清空')).toBe(true);
    expect(checked('是否禁用')).toBe(false);
    first.unmount();
    open(bare('select'));
    expect(checked('能否清空')).toBe(false);
  });

  it('a column of a sub-table offers them too', () => {
    const column = {
      ...createField('input', 2, zhFieldTexts('名称', { auto: '', on: '', off: '' })),
      __vModel__: 'name',
    };
    const table: FieldConfig = { ...make('table'), __config__: { ...make('table').__config__, children: [column] } };
    const view = renderAdmin(<FieldProperties field={column} fields={[table]} onChange={() => undefined} />);
    expect(switchOf('是否禁用')).not.toBeNull();
    expect(switchOf('是否只读')).not.toBeNull();
    expect(switchOf('能否清空')).not.toBeNull();
    view.unmount();
  });
});
