// The value widgets of a scheme condition, by the field's value source: text, number, date (epoch ms) and the
// organisation, department, position, role, group and user pickers: the picker dialogs of the online forms'
// fields (TreePicker, UserPicker), opened by click or from the keyboard (Enter, space, down arrow) as there.
import { DatePicker, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { usePickerLists } from '../../../components/pickers/DirectoryPicker';
import { TreePicker } from '../../../components/pickers/TreePicker';
import { UserPicker } from '../../../components/pickers/UserPicker';
import type { SelectorNode } from '../../../components/directory/trees';
import type { LabelOf, PickerSource, Scalar } from './conditions';

const WIDE = { width: '100%' } as const;

/**
 * names of picked ids for the summary text, for the sources the scheme's fields use; users are named by `users`
 * (id → name, read for the ids held when saving: the list of every user is never read)
 */
export function usePickerLabels(sources: ReadonlySet<string>): (users?: ReadonlyMap<string, string>) => LabelOf {
  const { orgs, positions, roles, groups } = usePickerLists(sources);
  return useMemo(() => {
    const names = new Map<string, string>();
    const walk = (prefix: string, nodes: readonly SelectorNode[] | undefined) =>
      (nodes ?? []).forEach((n) => {
        names.set(`${prefix}:${n.id}`, n.fullName);
        walk(prefix, n.children ?? []);
      });
    walk('org', orgs.data);
    walk('position', positions.data);
    walk('role', roles.data);
    walk('group', groups.data);
    const prefix: Record<PickerSource, string> = {
      organizeSelect: 'org',
      depSelect: 'org',
      posSelect: 'position',
      roleSelect: 'role',
      groupSelect: 'group',
      userSelect: 'user',
    };
    return (users) => (source, id) =>
      (source === 'userSelect' ? users?.get(String(id)) : names.get(`${prefix[source]}:${id}`)) ?? String(id);
  }, [orgs.data, positions.data, roles.data, groups.data]);
}

interface ValueProps<V> {
  value?: V;
  onChange?: (value: V | undefined) => void;
  disabled?: boolean;
  id?: string;
  placeholder?: string;
  status?: '' | 'error' | 'warning';
}

/**
 * the user picker of the whole directory (all mode): a scheme's variables (current user…) are value sources of
 * their own, so its system-variable tab (hasSys) is not offered
 */
const WHOLE_DIRECTORY = {};

/**
 * one of the pickers; `multiple` for in/notIn. The value keeps its stored shape: one id, or a list of them (an
 * organisation is its own id, not its path); cleared, one id is undefined and a list empty.
 */
export function PickerInput({
  source,
  multiple,
  value,
  onChange,
  id,
  placeholder,
  disabled,
}: ValueProps<Scalar | Scalar[]> & { source: PickerSource; multiple: boolean }) {
  const ids = (Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value]).map(String);
  const held = multiple ? ids : ids[0];
  const change = (next: string | string[]) => onChange?.(Array.isArray(next) ? next : next || undefined);
  const common = { id, placeholder, disabled, multiple, value: held, onChange: change };
  if (source === 'userSelect') return <UserPicker {...common} field={WHOLE_DIRECTORY} />;
  return <TreePicker {...common} source={source} />;
}

/** a date kept as epoch milliseconds (the start of the chosen day); several for in/notIn */
export function MsDatePicker({
  multiple,
  value,
  onChange,
  ...props
}: ValueProps<number | number[]> & { multiple: boolean }) {
  const toDay = (ms: unknown) => (typeof ms === 'number' ? dayjs(ms) : undefined);
  if (multiple)
    return (
      <DatePicker
        {...props}
        multiple
        value={(Array.isArray(value) ? value : []).map(toDay).filter((d): d is Dayjs => !!d)}
        onChange={(days: Dayjs[] | null) => onChange?.((days ?? []).map((d) => d.startOf('day').valueOf()))}
        style={WIDE}
      />
    );
  return (
    <DatePicker
      {...props}
      value={toDay(value)}
      onChange={(day: Dayjs | null) => onChange?.(day ? day.startOf('day').valueOf() : undefined)}
      style={WIDE}
    />
  );
}

/** several typed values (in/notIn on text or numbers): Enter or a comma adds one */
export function TagsInput({ numeric, value, onChange, ...props }: ValueProps<Scalar[]> & { numeric: boolean }) {
  return (
    <Select<string[]>
      {...props}
      mode="tags"
      open={false}
      tokenSeparators={[',', '，']}
      suffixIcon={null}
      value={(value ?? []).map(String)}
      onChange={(typed) =>
        onChange?.(
          numeric
            ? typed.map((v) => Number(v.trim())).filter((n) => Number.isFinite(n))
            : typed.map((v) => v.trim()).filter(Boolean),
        )
      }
      style={WIDE}
    />
  );
}

/** one typed text or number */
export function ScalarInput({ numeric, value, onChange, ...props }: ValueProps<Scalar> & { numeric: boolean }) {
  if (numeric)
    return (
      <InputNumber
        {...props}
        value={typeof value === 'number' ? value : value === undefined || value === '' ? null : Number(value)}
        onChange={(n) => onChange?.(n ?? undefined)}
        style={WIDE}
      />
    );
  return (
    <Input
      {...props}
      autoComplete="off"
      value={value === undefined ? '' : String(value)}
      onChange={(e) => onChange?.(e.target.value)}
    />
  );
}
