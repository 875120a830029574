// The organisation, department, position, user, role and group fields of online forms (DIRECTORY_PICKER_KEYS):
// the value is the picked id, or with `multiple` the list of ids; names are shown by the pickers' own lists here
// and by the server's display texts in lists and details. The user field opens the user picker's dialog
// (UserPicker: tabs, a lazy tree, paged keyword search, custom mode); the others in custom mode (selectType
// "custom") open a dialog listing only the ids of their ableIds (ListedPicker).
import { isDirectoryPickerKey, isListedPickerKey, isUserPickerKey, listedAbleIds } from '@jnpf/core';
import { DirectoryPicker } from '../components/pickers/DirectoryPicker';
import { ListedPicker } from '../components/pickers/ListedPicker';
import { UserPicker } from '../components/pickers/UserPicker';
import type { InputWidgetProps } from './types';

const idsOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : typeof value === 'string' && value
      ? [value]
      : [];

export function DirectoryPickerWidget({ field, id, value, onChange, disabled }: InputWidgetProps) {
  const key = field.__config__.jnpfKey;
  if (!isDirectoryPickerKey(key)) return null;
  const multiple = field.multiple === true;
  const ids = idsOf(value);
  if (isUserPickerKey(key))
    return (
      <UserPicker
        id={id}
        field={field}
        multiple={multiple}
        value={multiple ? ids : ids[0]}
        onChange={onChange}
        placeholder={field.placeholder}
        disabled={Boolean(disabled || field.disabled)}
        clearable={field.clearable !== false}
      />
    );
  const able = listedAbleIds(field);
  if (able && isListedPickerKey(key))
    return (
      <ListedPicker
        id={id}
        source={key}
        able={able}
        multiple={multiple}
        value={multiple ? ids : ids[0]}
        onChange={onChange}
        placeholder={field.placeholder}
        disabled={Boolean(disabled || field.disabled)}
        clearable={field.clearable !== false}
      />
    );
  return (
    <DirectoryPicker
      id={id}
      source={key}
      multiple={multiple}
      value={multiple ? ids : ids[0]}
      onChange={(next) => onChange?.(next === undefined ? (multiple ? [] : '') : next)}
      placeholder={field.placeholder}
      disabled={disabled || field.disabled ? true : undefined}
    />
  );
}
