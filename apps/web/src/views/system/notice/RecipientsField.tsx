// The recipients of a notice as a form control: everyone, or chosen users and departments (a department
// includes the members of the departments below it). Users come from the user picker dialog, departments from
// the organisation selector tree.
import { Radio, Space, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { toTreeData, useDepartmentTree, type SelectorNode } from '../../../components/directory/trees';
import { UserSelect } from '../../../components/directory/UserSelect';
import { type Recipients } from './recipients';
import styles from './NoticePage.module.css';
import { texts } from './texts';

export const EVERYONE: Recipients = { everyone: true, users: [], organizes: [], others: [] };

/** organisation id → its kind (company or department), for the entries the server stores */
export function organizeTypes(nodes: readonly SelectorNode[] | undefined): Map<string, string> {
  const types = new Map<string, string>();
  const walk = (list: readonly SelectorNode[]) =>
    list.forEach((node) => {
      if (node.type) types.set(node.id, node.type);
      walk(node.children ?? []);
    });
  walk(nodes ?? []);
  return types;
}

export function RecipientsField({
  value = EVERYONE,
  onChange,
  id,
}: {
  value?: Recipients;
  onChange?: (value: Recipients) => void;
  id?: string;
}) {
  const t = texts.useText();
  const chosen = !value.everyone;
  const departments = useDepartmentTree('0', chosen);
  const treeData = useMemo(() => toTreeData(departments.data ?? []), [departments.data]);

  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }} id={id}>
      <Radio.Group
        value={chosen ? 'chosen' : 'everyone'}
        onChange={(event) =>
          onChange?.(event.target.value === 'everyone' ? { ...value, everyone: true } : { ...value, everyone: false })
        }
        options={[
          { value: 'everyone', label: t('everyone') },
          { value: 'chosen', label: t('chosen') },
        ]}
      />
      {chosen && (
        <>
          {/* the "select user" dialog (users found through the organisation tree or a keyword, never all of
              them); held users are named by the selected-list call, also those disabled since */}
          <UserSelect
            multiple
            ariaLabel={t('users')}
            placeholder={t('chooseUsers')}
            value={value.users}
            onChange={(ids) => onChange?.({ ...value, users: Array.isArray(ids) ? ids : [] })}
          />
          <TreeSelect
            multiple
            aria-label={t('departments')}
            placeholder={t('chooseDepartments')}
            value={value.organizes}
            onChange={(ids: string[]) => onChange?.({ ...value, organizes: ids })}
            treeData={treeData}
            loading={departments.isLoading}
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            maxTagCount="responsive"
            style={{ width: '100%' }}
          />
          {value.others.length > 0 && (
            <span className={styles.hint}>{t('othersKept', { n: value.others.length })}</span>
          )}
        </>
      )}
    </Space>
  );
}
