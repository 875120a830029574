// The department dialog: parent company or department, name, code, manager, sort, state and description.
import { useQuery } from '@tanstack/react-query';
import { Form, Select, TreeSelect } from 'antd';
import { useEffect } from 'react';
import { FormDialog } from '../../../components/admin';
import { NameCodeFields, TailFields } from '../../../components/form/CommonFields';
import type { FormSlot } from '../../../components/crud/CrudList';
import { fieldTexts } from '../../../components/form/texts';
import { toTreeData, useAllUsers, useDepartmentTree } from '../../../components/directory/trees';
import { departmentApi, departmentKeys, type DepartmentInput } from './api';
import { texts } from './texts';

type Values = Omit<DepartmentInput, 'managerId' | 'version'> & { managerId?: string };

export function DepartmentForm({ open, id, onClose, onSaved, companyId }: FormSlot & { companyId: string }) {
  const t = texts.useText();
  const s = fieldTexts.useText();
  const [form] = Form.useForm<Values>();
  const info = useQuery({
    queryKey: departmentKeys.info(id),
    queryFn: () => departmentApi.info(id!),
    enabled: open && !!id,
    gcTime: 0,
  });
  // a department cannot move below itself: the server leaves it and its subtree out
  const parents = useDepartmentTree(id ?? '0', open);
  const users = useAllUsers(open);
  useEffect(() => {
    if (open && info.data)
      form.setFieldsValue({
        ...info.data,
        managerId: info.data.managerId || undefined,
        sortCode: Number(info.data.sortCode) || 0,
      });
  }, [open, info.data, form]);

  return (
    <FormDialog<Values>
      open={open}
      title={id ? t('edit') : t('add')}
      form={form}
      loading={!!id && info.isLoading}
      loadError={!!id && info.isError}
      onRetry={() => void info.refetch()}
      initialValues={{ enabledMark: 1, sortCode: 0, parentId: companyId || undefined }}
      onCancel={onClose}
      onSaved={onSaved}
      onSubmit={(values) => {
        const input: DepartmentInput = {
          ...values,
          managerId: values.managerId ?? '',
          description: values.description ?? '',
          sortCode: values.sortCode ?? 0,
        };
        return id ? departmentApi.update(id, { ...input, version: info.data?.version }) : departmentApi.create(input);
      }}
    >
      <Form.Item name="parentId" label={t('parent')} rules={[{ required: true, message: t('parentRequired') }]}>
        <TreeSelect
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          placeholder={s('selectPlaceholder')}
          loading={parents.isLoading}
          treeData={toTreeData(parents.data ?? [])}
        />
      </Form.Item>
      <NameCodeFields
        nameLabel={t('fullName')}
        codeLabel={t('enCode')}
        nameRequired={t('nameRequired')}
        codeRequired={t('codeRequired')}
      />
      <Form.Item name="managerId" label={t('manager')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={s('selectPlaceholder')}
          loading={users.isLoading}
          options={(users.data ?? []).map((u) => ({ value: u.id, label: `${u.realName}/${u.account}` }))}
        />
      </Form.Item>
      <TailFields />
    </FormDialog>
  );
}
