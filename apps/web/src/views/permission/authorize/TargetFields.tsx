// The pickers of whom a permission group's members or a batch grant are: users from a list, and roles, positions,
// organisations or groups from their trees, where only the nodes of the wanted kind can be chosen.
import { Form, Select, TreeSelect } from 'antd';
import { fieldTexts } from '../../../components/form/texts';
import { toTreeData, type PickerUser, type SelectorNode } from '../../../components/directory/trees';

interface Loaded<T> {
  data?: T[];
  isLoading: boolean;
}

export function UsersField({
  name,
  label,
  users,
  onChange,
}: {
  name: string;
  label: string;
  users: Loaded<PickerUser>;
  onChange?: () => void;
}) {
  const s = fieldTexts.useText();
  return (
    <Form.Item name={name} label={label}>
      <Select
        mode="multiple"
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={s('selectPlaceholder')}
        loading={users.isLoading}
        options={(users.data ?? []).map((u) => ({ value: u.id, label: `${u.realName}/${u.account}` }))}
        maxTagCount="responsive"
        onChange={onChange}
      />
    </Form.Item>
  );
}

export function TreeField({
  name,
  label,
  tree,
  selectable,
  onChange,
}: {
  name: string;
  label: string;
  tree: Loaded<SelectorNode>;
  /** whether a node of this type can be chosen */
  selectable: (type?: string) => boolean;
  onChange?: () => void;
}) {
  const s = fieldTexts.useText();
  return (
    <Form.Item name={name} label={label}>
      <TreeSelect
        multiple
        treeDefaultExpandAll
        showSearch
        treeNodeFilterProp="title"
        placeholder={s('selectPlaceholder')}
        loading={tree.isLoading}
        treeData={toTreeData(tree.data ?? [], (n) => selectable(n.type))}
        maxTagCount="responsive"
        onChange={onChange}
      />
    </Form.Item>
  );
}
