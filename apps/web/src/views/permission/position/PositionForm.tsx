// The position dialog: organisation, name, code, type (dictionary PositionType), sort, state, description.
import { Form, Select } from 'antd';
import { FormDialog, useDictionary } from '../../../components/admin';
import type { FormSlot } from '../../../components/crud/CrudList';
import { TreePicker, useRecordDialog } from '../../../components/crud/recordDialog';
import { toTreeData, useDepartmentTree } from '../../../components/directory/trees';
import { NameCodeFields, TailFields } from '../../../components/form/CommonFields';
import { fieldTexts } from '../../../components/form/texts';
import { positionApi, type PositionInput } from './api';
import { texts } from './texts';

export function PositionForm({ organizeId, ...slot }: FormSlot & { organizeId?: string }) {
  const t = texts.useText();
  const s = fieldTexts.useText();
  const { info, dialogProps } = useRecordDialog<Awaited<ReturnType<typeof positionApi.info>>, PositionInput>({
    slot,
    queryKey: ['permission', 'position', 'info', slot.id],
    load: positionApi.info,
    titles: { add: t('add'), edit: t('edit') },
  });
  const departments = useDepartmentTree('0', slot.open);
  const types = useDictionary('PositionType');
  return (
    <FormDialog<PositionInput>
      {...dialogProps}
      initialValues={{ enabledMark: 1, sortCode: 0, organizeId: organizeId || undefined }}
      onSubmit={(values) => {
        const input = { ...values, description: values.description ?? '', sortCode: values.sortCode ?? 0 };
        return slot.id
          ? positionApi.update(slot.id, { ...input, version: info.data?.version })
          : positionApi.create(input);
      }}
    >
      <Form.Item name="organizeId" label={t('department')} rules={[{ required: true, message: t('organizeRequired') }]}>
        <TreePicker loading={departments.isLoading} treeData={toTreeData(departments.data ?? [])} />
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
