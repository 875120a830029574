// The role dialog: name, code, type (global, or tied to organisations chosen in the tree), sort, state and
// description. The organisations are sent as paths (organizeIdsTree).
import { useQuery } from '@tanstack/react-query';
import { Form, Radio, TreeSelect } from 'antd';
import { useEffect } from 'react';
import { FormDialog } from '../../../components/admin';
import { NameCodeFields, TailFields } from '../../../components/form/CommonFields';
import type { FormSlot } from '../../../components/crud/CrudList';
import { fieldTexts } from '../../../components/form/texts';
import { pathOf, toTreeData, useDepartmentTree } from '../../../components/directory/trees';
import { roleApi } from './api';
import { texts } from './texts';

interface RoleValues {
  fullName: string;
  enCode: string;
  globalMark: number;
  organizeIds: string[];
  enabledMark: number;
  sortCode: number;
  description?: string;
}

export function RoleForm({ open, id, onClose, onSaved }: FormSlot) {
  const t = texts.useText();
  const s = fieldTexts.useText();
  const [form] = Form.useForm<RoleValues>();
  const info = useQuery({
    queryKey: ['permission', 'role', 'info', id],
    queryFn: () => roleApi.info(id!),
    enabled: open && !!id,
    gcTime: 0,
  });
  const departments = useDepartmentTree('0', open);
  const globalMark = Form.useWatch('globalMark', form);
  useEffect(() => {
    if (open && info.data) {
      const { organizeIdsTree, ...rest } = info.data;
      form.setFieldsValue({ ...rest, organizeIds: organizeIdsTree.map((path) => path[path.length - 1]!) });
    }
  }, [open, info.data, form]);
  return (
    <FormDialog<RoleValues>
      open={open}
      title={id ? t('edit') : t('add')}
      form={form}
      loading={!!id && info.isLoading}
      loadError={!!id && info.isError}
      onRetry={() => void info.refetch()}
      initialValues={{ enabledMark: 1, sortCode: 0, globalMark: 0, organizeIds: [] }}
      onCancel={onClose}
      onSaved={onSaved}
      onSubmit={({ organizeIds, ...values }) => {
        const input = {
          ...values,
          description: values.description ?? '',
          sortCode: values.sortCode ?? 0,
          organizeIdsTree:
            values.globalMark === 1 ? [] : (organizeIds ?? []).map((org) => pathOf(departments.data ?? [], org)),
        };
        return id ? roleApi.update(id, { ...input, version: info.data?.version }) : roleApi.create(input);
      }}
    >
      <NameCodeFields
        nameLabel={t('fullName')}
        codeLabel={t('enCode')}
        nameRequired={t('nameRequired')}
        codeRequired={t('codeRequired')}
      />
      <Form.Item name="globalMark" label={t('type')}>
        <Radio.Group
          options={[
            { value: 0, label: t('organize') },
            { value: 1, label: t('global') },
          ]}
        />
      </Form.Item>
      {globalMark !== 1 && (
        <Form.Item
          name="organizeIds"
          label={t('organizeInfo')}
          rules={[{ required: true, type: 'array', min: 1, message: t('organizeRequired') }]}
        >
          <TreeSelect
            multiple
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            placeholder={s('selectPlaceholder')}
            loading={departments.isLoading}
            treeData={toTreeData(departments.data ?? [])}
          />
        </Form.Item>
      )}
      <TailFields />
    </FormDialog>
  );
}
