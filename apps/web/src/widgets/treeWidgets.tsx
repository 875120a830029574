// The fields whose options are a tree (cascader 级联选择, treeSelect 下拉树形): static options nested under their
// `children`, a dictionary's items in their tree, or a data interface's rows (dynamicOptions.ts). A cascader's
// value is the path of option values to a leaf (with props.checkStrictly, to any option), or with `multiple` a
// list of paths; a tree select's the value, or the values.
import { treeSelectLastLevel, type FieldConfig } from '@jnpf/core';
import { Cascader, TreeSelect } from 'antd';
import { useMemo, type ComponentType } from 'react';
import { useDictionary, type DictionaryItem } from '../components/admin/useDictionary';
import choiceStyles from './Choices.module.css';
import { DYNAMIC_TREE_MAX, isDynamicOptionField, rowsAsTree, useInterfaceRows } from './dynamicOptions';
import { isDictionaryField } from './options';
import { widgetTexts } from './texts';
import type { InputWidgetProps } from './types';
import { choiceValue, displayText } from './values';

export interface TreeOption {
  label: string;
  value: string;
  children?: TreeOption[];
  /** false: shown, but cannot be picked (a tree select's node above the last level) */
  selectable?: boolean;
}

function keysOf(field: Pick<FieldConfig, 'props'>) {
  return {
    labelKey: field.props?.label || 'fullName',
    valueKey: field.props?.value || 'id',
    childrenKey: field.props?.children || 'children',
  };
}

/** the field's static options as a tree */
export function staticTreeOf(field: FieldConfig): TreeOption[] {
  const { labelKey, valueKey, childrenKey } = keysOf(field);
  const visit = (list: unknown): TreeOption[] =>
    (Array.isArray(list) ? list : []).map((option) => {
      const record = option as Record<string, unknown>;
      const children = visit(record[childrenKey]);
      const node = { label: displayText(record[labelKey]), value: displayText(record[valueKey]) };
      return children.length ? { ...node, children } : node;
    });
  return visit(field.options);
}

/** a dictionary's items in their tree: the item's id as the value, or its code when props say value "enCode" */
export function dictionaryTreeOf(items: readonly DictionaryItem[], field: FieldConfig): TreeOption[] {
  const byCode = keysOf(field).valueKey === 'enCode';
  const visit = (list: readonly DictionaryItem[]): TreeOption[] =>
    list.map((item) => {
      const node = { label: item.fullName, value: byCode ? item.enCode : item.id };
      return item.children?.length ? { ...node, children: visit(item.children) } : node;
    });
  return visit(items);
}

interface TreeProps {
  tree: TreeOption[];
  loading: boolean;
}

/** gives a control its tree: static and dictionary fields are two components, so static ones load nothing */
function withTree(Control: ComponentType<InputWidgetProps & TreeProps>) {
  function StaticTree(props: InputWidgetProps) {
    const tree = useMemo(() => staticTreeOf(props.field), [props.field]);
    return <Control {...props} tree={tree} loading={false} />;
  }
  function DictionaryTree(props: InputWidgetProps) {
    const dictionary = useDictionary(props.field.__config__.dictionaryType ?? '');
    const tree = useMemo(() => dictionaryTreeOf(dictionary.items, props.field), [dictionary.items, props.field]);
    return <Control {...props} tree={tree} loading={dictionary.isLoading} />;
  }
  function InterfaceTree(props: InputWidgetProps) {
    // a tree is read whole: one that does not fit in a call says so rather than show a part as if whole
    const { rows, total, isLoading } = useInterfaceRows(props.field, '', DYNAMIC_TREE_MAX);
    const tree = useMemo(() => rowsAsTree(rows, props.field), [rows, props.field]);
    return (
      <>
        <Control {...props} tree={tree} loading={isLoading} />
        {total > rows.length && (
          <div role="alert" className={choiceStyles.partial}>
            {widgetTexts.text('treeTooMany', { max: DYNAMIC_TREE_MAX })}
          </div>
        )}
      </>
    );
  }
  return function WithTree(props: InputWidgetProps) {
    if (isDynamicOptionField(props.field)) return <InterfaceTree {...props} />;
    return isDictionaryField(props.field) ? <DictionaryTree {...props} /> : <StaticTree {...props} />;
  };
}

const asPath = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.length ? value.map(String) : undefined;

export const CascaderWidget = withTree(function CascaderControl({
  field,
  id,
  value,
  onChange,
  disabled,
  tree,
  loading,
}: InputWidgetProps & TreeProps) {
  const common = {
    id,
    options: tree,
    loading,
    placeholder: field.placeholder ?? widgetTexts.text('selectPlaceholder'),
    allowClear: field.clearable !== false,
    disabled: disabled || field.disabled ? true : undefined,
    changeOnSelect: field.props?.checkStrictly === true,
    showSearch: field.filterable === true,
    style: { width: '100%' },
    displayRender: (labels: string[]) =>
      field.showAllLevels === false ? labels[labels.length - 1] : labels.join(' / '),
  };
  if (field.multiple === true)
    return (
      <Cascader<TreeOption, 'value'>
        {...common}
        multiple
        value={Array.isArray(value) ? value.map(asPath).filter((p): p is string[] => !!p) : []}
        onChange={(next) => onChange?.((next ?? []).map((path) => path.map(String)))}
      />
    );
  return (
    <Cascader<TreeOption>
      {...common}
      value={asPath(value)}
      onChange={(next) => onChange?.(next ? next.map(String) : [])}
    />
  );
});

/** the tree with the nodes whose having children differs from `hasChildren` shown but not pickable */
function lastLevelTree(tree: readonly TreeOption[], hasChildren: boolean): TreeOption[] {
  return tree.map((node) => {
    const children = node.children?.length ? lastLevelTree(node.children, hasChildren) : undefined;
    const pickable = !!children === hasChildren;
    return { ...node, ...(children ? { children } : {}), ...(pickable ? {} : { selectable: false }) };
  });
}

export const TreeSelectWidget = withTree(function TreeSelectControl({
  field,
  id,
  value,
  onChange,
  disabled,
  tree,
  loading,
}: InputWidgetProps & TreeProps) {
  const multiple = field.multiple === true;
  const shown = choiceValue(value, multiple);
  // with lastLevel on, a node can be picked only when whether it has children is the configured value
  const lastLevel = treeSelectLastLevel(field);
  const shownTree = useMemo(() => (lastLevel === null ? tree : lastLevelTree(tree, lastLevel)), [tree, lastLevel]);
  return (
    <TreeSelect<string | string[]>
      id={id}
      treeData={shownTree}
      fieldNames={{ label: 'label', value: 'value', children: 'children' }}
      loading={loading}
      value={shown}
      onChange={(next) => onChange?.(next ?? (multiple ? [] : ''))}
      multiple={multiple}
      treeCheckable={false}
      showSearch={field.filterable === true}
      treeNodeFilterProp="label"
      placeholder={field.placeholder ?? widgetTexts.text('selectPlaceholder')}
      allowClear={field.clearable !== false}
      disabled={disabled || field.disabled ? true : undefined}
      style={{ width: '100%' }}
      treeDefaultExpandAll
    />
  );
});
