// The permission-group dialog: name, code, sort, state and description.
import { useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { useEffect } from 'react';
import { FormDialog } from '../../../components/admin';
import { NameCodeFields, TailFields } from '../../../components/form/CommonFields';
import type { FormSlot } from '../../../components/crud/CrudList';
import { permissionGroupApi, type PermissionGroupInput } from './api';
import { texts } from './texts';

export function PermissionGroupForm({ open, id, onClose, onSaved }: FormSlot) {
  const t = texts.useText();
  const [form] = Form.useForm<PermissionGroupInput>();
  const info = useQuery({
    queryKey: ['permission', 'permissionGroup', 'info', id],
    queryFn: () => permissionGroupApi.info(id!),
    enabled: open && !!id,
    gcTime: 0,
  });
  useEffect(() => {
    if (open && info.data) form.setFieldsValue(info.data);
  }, [open, info.data, form]);
  return (
    <FormDialog<PermissionGroupInput>
      open={open}
      title={id ? t('edit') : t('add')}
      form={form}
      loading={!!id && info.isLoading}
      loadError={!!id && info.isError}
      onRetry={() => void info.refetch()}
      initialValues={{ enabledMark: 1, sortCode: 0 }}
      onCancel={onClose}
      onSaved={onSaved}
      onSubmit={(values) => {
        const input = { ...values, description: values.description ?? '', sortCode: values.sortCode ?? 0 };
        return id
          ? permissionGroupApi.update(id, { ...input, version: info.data?.version })
          : permissionGroupApi.create(input);
      }}
    >
      <NameCodeFields
        variant="menu"
        nameLabel={t('fullName')}
        codeLabel={t('enCode')}
        nameRequired={t('nameRequired')}
        codeRequired={t('codeRequired')}
      />
      <TailFields />
    </FormDialog>
  );
}
