// The value widgets of a scheme condition, by the field's value source: text, number, date (epoch ms) and the
// organisation, department, position, role, group and user pickers (the permission screens' selector lists).
import { DatePicker, Input, InputNumber, Select, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { sharedTexts } from '../../permission/shared/texts';
import {
  toTreeData,
  useAllPositionTree,
  useAllUsers,
  useDepartmentTree,
  useGroupTree,
  useRoleTree,
  type SelectorNode,
} from '../../permission/shared/trees';
import type { LabelOf, PickerSource, Scalar } from './conditions';

const WIDE = { width: '100%' } as const;

/** which nodes of a source's tree can be picked */
const SELECTABLE: Record<Exclude<PickerSource, 'userSelect'>, (n: SelectorNode) => boolean> = {
  organizeSelect: () => true,
  depSelect: (n) => n.type === 'department',
  posSelect: (n) => n.type === 'position',
  roleSelect: (n) => n.type === 'role',
  groupSelect: (n) => n.type === 'group',
};

/** the selector lists of the given sources (only those are fetched) */
function usePickerLists(sources: ReadonlySet<string>) {
  const orgs = useDepartmentTree('0', sources.has('organizeSelect') || sources.has('depSelect'));
  const positions = useAllPositionTree(sources.has('posSelect'));
  const roles = useRoleTree(sources.has('roleSelect'));
  const groups = useGroupTree(sources.has('groupSelect'));
  const users = useAllUsers(sources.has('userSelect'));
  return { orgs, positions, roles, groups, users };
}

const userLabel = (u: { realName: string; account: string }) => `${u.realName}/${u.account}`;

/** names of picked ids for the summary text, for the sources the scheme's fields use */
export function usePickerLabels(sources: ReadonlySet<string>): LabelOf {
  const { orgs, positions, roles, groups, users } = usePickerLists(sources);
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
    (users.data ?? []).forEach((u) => names.set(`user:${u.id}`, userLabel(u)));
    const prefix: Record<PickerSource, string> = {
      organizeSelect: 'org',
      depSelect: 'org',
      posSelect: 'position',
      roleSelect: 'role',
      groupSelect: 'group',
      userSelect: 'user',
    };
    return (source, id) => names.get(`${prefix[source]}:${id}`) ?? String(id);
  }, [orgs.data, positions.data, roles.data, groups.data, users.data]);
}

interface ValueProps<V> {
  value?: V;
  onChange?: (value: V | undefined) => void;
  disabled?: boolean;
  id?: string;
  placeholder?: string;
  status?: '' | 'error' | 'warning';
}

/** one of the pickers; `multiple` for in/notIn */
export function PickerInput({
  source,
  multiple,
  ...props
}: ValueProps<Scalar | Scalar[]> & { source: PickerSource; multiple: boolean }) {
  const s = sharedTexts.useText();
  const sources = useMemo(() => new Set([source]), [source]);
  const { orgs, positions, roles, groups, users } = usePickerLists(sources);
  const placeholder = props.placeholder ?? s('selectPlaceholder');
  if (source === 'userSelect')
    return (
      <Select
        {...props}
        placeholder={placeholder}
        mode={multiple ? 'multiple' : undefined}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={users.isLoading}
        options={(users.data ?? []).map((u) => ({ value: u.id, label: userLabel(u) }))}
        maxTagCount="responsive"
        style={WIDE}
      />
    );
  const tree = { organizeSelect: orgs, depSelect: orgs, posSelect: positions, roleSelect: roles, groupSelect: groups }[
    source
  ];
  return (
    <TreeSelect
      {...props}
      placeholder={placeholder}
      multiple={multiple}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      loading={tree.isLoading}
      treeData={toTreeData(tree.data ?? [], SELECTABLE[source])}
      maxTagCount="responsive"
      popupMatchSelectWidth={false}
      style={WIDE}
    />
  );
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
