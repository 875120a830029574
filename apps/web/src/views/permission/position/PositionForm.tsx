// The position dialog: organisation, name, code, type (dictionary PositionType), sort, state, description.
import { useQuery } from '@tanstack/react-query';
import { Form, Select, TreeSelect } from 'antd';
import { useEffect } from 'react';
import { FormDialog, useDictionary } from '../../../components/admin';
import { NameCodeFields, TailFields } from '../../../components/form/CommonFields';
import type { FormSlot } from '../../../components/crud/CrudList';
import { fieldTexts } from '../../../components/form/texts';
import { toTreeData, useDepartmentTree } from '../../../components/directory/trees';
import { positionApi, type PositionInput } from './api';
import { texts } from './texts';

export function PositionForm({ open, id, onClose, onSaved, organizeId }: FormSlot & { organizeId?: string }) {
  const t = texts.useText();
  const s = fieldTexts.useText();
  const [form] = Form.useForm<PositionInput>();
  const info = useQuery({
    queryKey: ['permission', 'position', 'info', id],
    queryFn: () => positionApi.info(id!),
    enabled: open && !!id,
    gcTime: 0,
  });
  const departments = useDepartmentTree('0', open);
  const types = useDictionary('PositionType');
  useEffect(() => {
    if (open && info.data) form.setFieldsValue(info.data);
  }, [open, info.data, form]);
  return (
    <FormDialog<PositionInput>
      open={open}
      title={id ? t('edit') : t('add')}
      form={form}
      loading={!!id && info.isLoading}
      loadError={!!id && info.isError}
      onRetry={() => void info.refetch()}
      initialValues={{ enabledMark: 1, sortCode: 0, organizeId: organizeId || undefined }}
      onCancel={onClose}
      onSaved={onSaved}
      onSubmit={(values) => {
        const input = { ...values, description: values.description ?? '', sortCode: values.sortCode ?? 0 };
        return id ? positionApi.update(id, { ...input, version: info.data?.version }) : positionApi.create(input);
      }}
    >
      <Form.Item name="organizeId" label={t('department')} rules={[{ required: true, message: t('organizeRequired') }]}>
        <TreeSelect
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          placeholder={s('selectPlaceholder')}
          loading={departments.isLoading}
          treeData={toTreeData(departments.data ?? [])}
        />
      </Form.Item>
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
          options={types.items.map((i) => ({ value: i.enCode, label: i.fullName }))}
        />
      </Form.Item>
      <TailFields />
    </FormDialog>
  );
}
