// The parent select of the dictionary dialogs: the server's {id, fullName, children} tree, searchable by name,
// every branch open.
import { TreeSelect, type TreeSelectProps } from 'antd';

export function ParentSelect({
  nodes,
  ...select
}: Omit<TreeSelectProps, 'treeData'> & { nodes: TreeSelectProps['treeData'] | undefined }) {
  return (
    <TreeSelect
      treeData={nodes ?? []}
      fieldNames={{ label: 'fullName', value: 'id', children: 'children' }}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="fullName"
      {...select}
    />
  );
}
