// The parent field of the dictionary dialogs: the server's {id, fullName, children} tree (read afresh at every
// opening), searchable by name, every branch open; a parent must be chosen.
import { useQuery } from '@tanstack/react-query';
import { Form, TreeSelect, type TreeSelectProps } from 'antd';

export function ParentField({
  label,
  requiredMessage,
  open,
  queryKey,
  load,
  placeholder,
}: {
  label: string;
  requiredMessage: string;
  /** the dialog is open: read the tree */
  open: boolean;
  queryKey: readonly unknown[];
  load: () => Promise<TreeSelectProps['treeData']>;
  placeholder?: string;
}) {
  const parents = useQuery({ queryKey, queryFn: load, enabled: open, staleTime: 0 });
  return (
    <Form.Item name="parentId" label={label} rules={[{ required: true, message: requiredMessage }]}>
      <TreeSelect
        treeData={parents.data ?? []}
        fieldNames={{ label: 'fullName', value: 'id', children: 'children' }}
        treeDefaultExpandAll
        showSearch
        treeNodeFilterProp="fullName"
        loading={parents.isLoading}
        placeholder={placeholder}
      />
    </Form.Item>
  );
}
