// The position dialog: organisation, name, code, type (dictionary PositionType), sort, state, description.
import { FormDialog } from '../../../components/admin';
import type { FormSlot } from '../../../components/crud/CrudList';
import { TreePickerField, useRecordDialog } from '../../../components/crud/recordDialog';
import { toTreeData, useDepartmentTree } from '../../../components/directory/trees';
import { DictionaryField, NameCodeFields, TailFields } from '../../../components/form/CommonFields';
import { positionApi, type PositionInput } from './api';
import { texts } from './texts';

export function PositionForm({ organizeId, ...slot }: FormSlot & { organizeId?: string }) {
  const t = texts.useText();
  const { info, dialogProps } = useRecordDialog<Awaited<ReturnType<typeof positionApi.info>>, PositionInput>({
    slot,
    queryKey: ['permission', 'position', 'info', slot.id],
    load: positionApi.info,
    titles: { add: t('add'), edit: t('edit') },
  });
  const departments = useDepartmentTree('0', slot.open);
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
      <TreePickerField
        name="organizeId"
        label={t('department')}
        requiredMessage={t('organizeRequired')}
        loading={departments.isLoading}
        treeData={toTreeData(departments.data ?? [])}
      />
      <NameCodeFields texts={t} />
      <DictionaryField
        name="type"
        label={t('type')}
        requiredMessage={t('typeRequired')}
        dictionary="PositionType"
        valueOf="enCode"
      />
      <TailFields />
    </FormDialog>
  );
}
