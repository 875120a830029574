// The user select of the directory forms (a manager, say): every user as "real name/account", searchable.
import { Select, type SelectProps } from 'antd';
import { fieldTexts } from '../form/texts';
import { useAllUsers } from './trees';

/** a clearable select of all users; `exclude` leaves one out (the user being edited) */
export function UserSelect({
  enabled,
  exclude,
  ...select
}: SelectProps & {
  /** load the users (the dialog is open) */
  enabled: boolean;
  exclude?: string;
}) {
  const s = fieldTexts.useText();
  const users = useAllUsers(enabled);
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={s('selectPlaceholder')}
      loading={users.isLoading}
      {...select}
      options={(users.data ?? [])
        .filter((u) => u.id !== exclude)
        .map((u) => ({ value: u.id, label: `${u.realName}/${u.account}` }))}
    />
  );
}
