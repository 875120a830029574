// The user field of the admin forms (a manager, a handover's receiver, a schedule's participants, a data scheme's
// users): the picker field that opens the "select user" dialog — the organisation → user tree read a level at a
// time, or a keyword's matching users 20 a page — so no screen reads every user. The held users show by name
// (Users/getSelectedList, as the form widget's user picker does); Enter, space or the down arrow opens it too.
// The value is a user id (cleared: undefined), or with `multiple` a list of them.
import { UserPicker } from '../pickers/UserPicker';

/** no custom range, no system variable: every user may be picked */
const ANY_USER = {};

export interface UserSelectProps {
  id?: string;
  value?: string | string[] | null;
  onChange?: (value: string | string[] | undefined) => void;
  multiple?: boolean;
  /** a user that cannot be picked (the user being edited) */
  exclude?: string;
  placeholder?: string;
  disabled?: boolean;
  /** the clear icon (single mode; default shown) */
  allowClear?: boolean;
  /** the field's accessible name, where no form label names it */
  ariaLabel?: string;
}

export function UserSelect({
  id,
  value,
  onChange,
  multiple = false,
  exclude,
  placeholder,
  disabled,
  allowClear = true,
  ariaLabel,
}: UserSelectProps) {
  return (
    <UserPicker
      id={id}
      value={value ?? undefined}
      onChange={(next) => onChange?.(multiple ? next : next || undefined)}
      multiple={multiple}
      field={ANY_USER}
      placeholder={placeholder}
      disabled={disabled}
      clearable={allowClear}
      exclude={exclude}
      ariaLabel={ariaLabel}
    />
  );
}
