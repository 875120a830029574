// The user-group dialog: name, code, type (dictionary groupType), sort, state and description.
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useEffect } from 'react';
import { FormDialog, useDictionary } from '../../../components/admin';
import { NameCodeFields, TailFields } from '../../../components/form/CommonFields';
import type { FormSlot } from '../../../components/crud/CrudList';
import { fieldTexts } from '../../../components/form/texts';
import { groupApi, type GroupInput } from './api';
import { texts } from './texts';

export function GroupForm({ open, id, onClose, onSaved }: FormSlot) {
  const t = texts.useText();
  const s = fieldTexts.useText();
  const [form] = Form.useForm<GroupInput>();
  const info = useQuery({
    queryKey: ['permission', 'group', 'info', id],
    queryFn: () => groupApi.info(id!),
    enabled: open && !!id,
    gcTime: 0,
  });
  const types = useDictionary('groupType');
  useEffect(() => {
    if (open && info.data) form.setFieldsValue({ ...info.data, sortCode: Number(info.data.sortCode) || 0 });
  }, [open, info.data, form]);
  return (
    <FormDialog<GroupInput>
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
        return id ? groupApi.update(id, { ...input, version: info.data?.version }) : groupApi.create(input);
      }}
    >
      <NameCodeFields
        nameLabel={t('fullName')}
        codeLabel={t('enCode')}
        nameRequired={t('nameRequired')}
        codeRequired={t('codeRequired')}
      />
      <Form.Item name="type" label={t('type')} rules={[{ required: true, message: t('typeRequired') }]}>
        <Select
          placeholder={s('selectPlaceholder')}
          loading={types.isLoading}
          options={types.items.map((i) => ({ value: i.id, label: i.fullName }))}
        />
      </Form.Item>
      <TailFields />
    </FormDialog>
  );
}
