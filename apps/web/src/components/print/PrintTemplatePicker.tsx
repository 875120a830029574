// Choosing print templates for a page (a list's batch print, a form's print button): the enabled templates
// under their categories, as the Selector gives them; categories only group. Given the form's id (modelId), only
// its own templates and those over SQL (which name no form) are offered, besides any already chosen.
import { useQuery } from '@tanstack/react-query';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useMemo } from 'react';
import { printApi, type PrintSelectorNode } from './printApi';

type TreeData = NonNullable<TreeSelectProps['treeData']>;

/** whether a template may print the form modelId (undefined: any form); chosen ones stay offered */
const offeredFor =
  (modelId: string | undefined, chosen: ReadonlySet<string>) =>
  (template: PrintSelectorNode): boolean =>
    modelId === undefined || !template.formModelId || template.formModelId === modelId || chosen.has(template.id);

const treeOf = (nodes: readonly PrintSelectorNode[], offered: (template: PrintSelectorNode) => boolean): TreeData =>
  nodes.flatMap((category) => {
    const templates = (category.children ?? []).filter(offered);
    return templates.length
      ? [
          {
            value: `category:${category.id}`,
            title: category.fullName,
            selectable: false,
            checkable: false,
            disableCheckbox: true,
            children: templates.map((t) => ({ value: t.id, title: t.fullName, isLeaf: true })),
          },
        ]
      : [];
  });

interface Props {
  id?: string;
  'aria-label'?: string;
  placeholder?: string;
  disabled?: boolean;
  /** the form the templates print ('' for one not saved yet); absent: every template */
  modelId?: string;
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
  const chosenKey = props.multiple ? props.value.join(',') : props.value;
  const treeData = useMemo(
    () => treeOf(tree.data ?? [], offeredFor(props.modelId, new Set(chosenKey.split(',').filter(Boolean)))),
    [tree.data, props.modelId, chosenKey],
  );
  const common = {
    id: props.id,
    'aria-label': props['aria-label'],
    placeholder: props.placeholder,
    disabled: props.disabled,
    loading: tree.isLoading,
    treeData,
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
