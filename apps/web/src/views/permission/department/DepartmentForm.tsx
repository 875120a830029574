// The department dialog: parent company or department, name, code, manager, sort, state and description.
import { Form } from 'antd';
import { FormDialog } from '../../../components/admin';
import type { FormSlot } from '../../../components/crud/CrudList';
import { TreePickerField, useRecordDialog } from '../../../components/crud/recordDialog';
import { NameCodeFields, TailFields } from '../../../components/form/CommonFields';
import { toTreeData, useDepartmentTree } from '../../../components/directory/trees';
import { UserSelect } from '../../../components/directory/UserSelect';
import { departmentApi, departmentKeys, type DepartmentInput } from './api';
import { texts } from './texts';

type Values = Omit<DepartmentInput, 'managerId' | 'version'> & { managerId?: string };

export function DepartmentForm({ companyId, ...slot }: FormSlot & { companyId: string }) {
  const t = texts.useText();
  const { info, dialogProps } = useRecordDialog<Awaited<ReturnType<typeof departmentApi.info>>, Values>({
    slot,
    queryKey: departmentKeys.info(slot.id),
    load: departmentApi.info,
    titles: { add: t('add'), edit: t('edit') },
    fill: (department) => ({
      ...department,
      managerId: department.managerId || undefined,
      sortCode: Number(department.sortCode) || 0,
    }),
  });
  // a department cannot move below itself: the server leaves it and its subtree out
  const parents = useDepartmentTree(slot.id ?? '0', slot.open);

  return (
    <FormDialog<Values>
      {...dialogProps}
      initialValues={{ enabledMark: 1, sortCode: 0, parentId: companyId || undefined }}
      onSubmit={(values) => {
        const input: DepartmentInput = {
          ...values,
          managerId: values.managerId ?? '',
          description: values.description ?? '',
          sortCode: values.sortCode ?? 0,
        };
        return slot.id
          ? departmentApi.update(slot.id, { ...input, version: info.data?.version })
          : departmentApi.create(input);
      }}
    >
      <TreePickerField
        name="parentId"
        label={t('parent')}
        requiredMessage={t('parentRequired')}
        loading={parents.isLoading}
        treeData={toTreeData(parents.data ?? [])}
      />
      <NameCodeFields texts={t} />
      <Form.Item name="managerId" label={t('manager')}>
        <UserSelect />
      </Form.Item>
      <TailFields />
    </FormDialog>
  );
}
