// The user-group dialog: name, code, type (dictionary groupType), sort, state and description.
import { FormDialog } from '../../../components/admin';
import type { FormSlot } from '../../../components/crud/CrudList';
import { useRecordDialog } from '../../../components/crud/recordDialog';
import { DictionaryField, NameCodeFields, TailFields } from '../../../components/form/CommonFields';
import { groupApi, type GroupInput } from './api';
import { texts } from './texts';

export function GroupForm(slot: FormSlot) {
  const t = texts.useText();
  const { info, dialogProps } = useRecordDialog<Awaited<ReturnType<typeof groupApi.info>>, GroupInput>({
    slot,
    queryKey: ['permission', 'group', 'info', slot.id],
    load: groupApi.info,
    titles: { add: t('add'), edit: t('edit') },
    fill: (group) => ({ ...group, sortCode: Number(group.sortCode) || 0 }),
  });
  return (
    <FormDialog<GroupInput>
      {...dialogProps}
      initialValues={{ enabledMark: 1, sortCode: 0 }}
      onSubmit={(values) => {
        const input = { ...values, description: values.description ?? '', sortCode: values.sortCode ?? 0 };
        return slot.id ? groupApi.update(slot.id, { ...input, version: info.data?.version }) : groupApi.create(input);
      }}
    >
      <NameCodeFields texts={t} />
      <DictionaryField
        name="type"
        label={t('type')}
        requiredMessage={t('typeRequired')}
        dictionary="groupType"
        valueOf="id"
      />
      <TailFields />
    </FormDialog>
  );
}
