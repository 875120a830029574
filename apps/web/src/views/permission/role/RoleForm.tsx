// The role dialog: name, code, type (global, or tied to organisations chosen in the tree), sort, state and
// description. The organisations are sent as paths (organizeIdsTree).
import { Form, Radio } from 'antd';
import { FormDialog } from '../../../components/admin';
import type { FormSlot } from '../../../components/crud/CrudList';
import { TreePicker, useRecordDialog } from '../../../components/crud/recordDialog';
import { NameCodeFields, TailFields } from '../../../components/form/CommonFields';
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

export function RoleForm(slot: FormSlot) {
  const t = texts.useText();
  const { form, info, dialogProps } = useRecordDialog<Awaited<ReturnType<typeof roleApi.info>>, RoleValues>({
    slot,
    queryKey: ['permission', 'role', 'info', slot.id],
    load: roleApi.info,
    titles: { add: t('add'), edit: t('edit') },
    fill: ({ organizeIdsTree, ...rest }) => ({
      ...rest,
      organizeIds: organizeIdsTree.map((path) => path[path.length - 1]!),
    }),
  });
  const departments = useDepartmentTree('0', slot.open);
  const globalMark = Form.useWatch('globalMark', form);
  return (
    <FormDialog<RoleValues>
      {...dialogProps}
      initialValues={{ enabledMark: 1, sortCode: 0, globalMark: 0, organizeIds: [] }}
      onSubmit={({ organizeIds, ...values }) => {
        const input = {
          ...values,
          description: values.description ?? '',
          sortCode: values.sortCode ?? 0,
          organizeIdsTree:
            values.globalMark === 1 ? [] : (organizeIds ?? []).map((org) => pathOf(departments.data ?? [], org)),
        };
        return slot.id ? roleApi.update(slot.id, { ...input, version: info.data?.version }) : roleApi.create(input);
      }}
    >
      <NameCodeFields texts={t} />
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
          <TreePicker multiple loading={departments.isLoading} treeData={toTreeData(departments.data ?? [])} />
        </Form.Item>
      )}
      <TailFields />
    </FormDialog>
  );
}
