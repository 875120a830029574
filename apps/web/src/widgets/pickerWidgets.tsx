// The organisation, department, position, user, role and group fields of online forms (DIRECTORY_PICKER_KEYS):
// the value is the picked id, or with `multiple` the list of ids; names are shown by the selected-list call here
// and by the server's display texts in lists and details. Each opens its picker's dialog: the user field the user
// picker (UserPicker: tabs, a lazy tree, paged keyword search, custom mode); the others in "all" mode their
// directory's tree (TreePicker) and in custom mode (selectType "custom") the list of only the ids of their ableIds
// (ListedPicker); an organisation field's auth and isOnlyOrg narrow its tree. The list pages' search items of these fields use the same pickers (FieldPicker).
import {
  isDirectoryPickerKey,
  isListedPickerKey,
  isUserPickerKey,
  listedAbleIds,
  organizePickerFlags,
  type FieldConfig,
} from '@jnpf/core';
import { ListedPicker } from '../components/pickers/ListedPicker';
import { TreePicker } from '../components/pickers/TreePicker';
import { UserPicker } from '../components/pickers/UserPicker';
import type { InputWidgetProps } from './types';

const idsOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : typeof value === 'string' && value
      ? [value]
      : [];

export interface FieldPickerProps {
  /** the field: its key says the directory, selectType and ableIds its custom mode */
  field: FieldConfig;
  multiple: boolean;
  id?: string;
  value?: unknown;
  onChange?: (value: string | string[]) => void;
  placeholder?: string;
  disabled?: boolean;
  clearable?: boolean;
}

/** the picker of a directory field, in the field's mode */
export function FieldPicker({ field, multiple, value, ...props }: FieldPickerProps) {
  const key = field.__config__.jnpfKey;
  const ids = idsOf(value);
  const held = multiple ? ids : ids[0];
  if (isUserPickerKey(key)) return <UserPicker {...props} field={field} multiple={multiple} value={held} />;
  if (!isListedPickerKey(key)) return null;
  const able = listedAbleIds(field);
  return able ? (
    <ListedPicker {...props} source={key} able={able} multiple={multiple} value={held} />
  ) : (
    <TreePicker
      {...props}
      source={key}
      multiple={multiple}
      value={held}
      auth={organizePickerFlags(field).auth}
      onlyOrg={organizePickerFlags(field).onlyOrg}
    />
  );
}

export function DirectoryPickerWidget({ field, id, value, onChange, disabled }: InputWidgetProps) {
  if (!isDirectoryPickerKey(field.__config__.jnpfKey)) return null;
  return (
    <FieldPicker
      field={field}
      id={id}
      multiple={field.multiple === true}
      value={value}
      onChange={onChange}
      placeholder={field.placeholder}
      disabled={Boolean(disabled || field.disabled)}
      clearable={field.clearable !== false}
    />
  );
}
