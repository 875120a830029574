// Choosing print templates for a page (a list's batch print, a form's print button): the enabled templates
// under their categories, as the Selector gives them; categories only group.
import { useQuery } from '@tanstack/react-query';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { printApi, type PrintSelectorNode } from './printApi';

type TreeData = NonNullable<TreeSelectProps['treeData']>;

const treeOf = (nodes: readonly PrintSelectorNode[]): TreeData =>
  nodes.map((category) => ({
    value: `category:${category.id}`,
    title: category.fullName,
    selectable: false,
    checkable: false,
    disableCheckbox: true,
    children: (category.children ?? []).map((t) => ({ value: t.id, title: t.fullName, isLeaf: true })),
  }));

interface Props {
  id?: string;
  'aria-label'?: string;
  placeholder?: string;
  disabled?: boolean;
}

export function PrintTemplatePicker(
  props: Props &
    (
      | { multiple: true; value: string[]; onChange: (ids: string[]) => void }
      | {
          multiple?: false;
          value: string;
          onChange: (id: string) => void;
        }
    ),
) {
  const tree = useQuery({ queryKey: ['print', 'selector'], queryFn: () => printApi.selector(), staleTime: 30_000 });
  const common = {
    id: props.id,
    'aria-label': props['aria-label'],
    placeholder: props.placeholder,
    disabled: props.disabled,
    loading: tree.isLoading,
    treeData: treeOf(tree.data ?? []),
    treeDefaultExpandAll: true,
    allowClear: true,
    showSearch: true,
    treeNodeFilterProp: 'title',
    style: { width: '100%' },
  } as const;
  return props.multiple ? (
    <TreeSelect<string[]>
      {...common}
      multiple
      value={props.value}
      onChange={(ids) => props.onChange((ids ?? []).filter((id) => !id.startsWith('category:')))}
    />
  ) : (
    <TreeSelect<string> {...common} value={props.value || undefined} onChange={(id) => props.onChange(id ?? '')} />
  );
}
