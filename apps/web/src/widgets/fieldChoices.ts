// The choices of an option field (select, radio, checkbox) as the designer's canvas and default-value editor
// show them: the static options, or the enabled items of the chosen dictionary (values are item ids, as the
// field's props {label: fullName, value: id} say); none for a data interface's, read only when the form runs.
import type { FieldConfig } from '@jnpf/core';
import { useDictionaries, type DictionaryItem } from '../components/admin';

export interface Choice {
  value: string;
  label: string;
}

function flatten(items: readonly DictionaryItem[]): Choice[] {
  return items.flatMap((item) => [{ value: item.id, label: item.fullName }, ...flatten(item.children ?? [])]);
}

export function useFieldChoices(field: FieldConfig): Choice[] {
  const dictionaries = useDictionaries();
  const config = field.__config__;
  // a data interface's rows are read when the form runs, with the record's parameters
  if (config.dataType === 'dynamic') return [];
  if (config.dataType === 'dictionary') {
    const entry = dictionaries.data?.find((d) => d.id === config.dictionaryType);
    return flatten(entry?.dictionaryList ?? []);
  }
  return (field.options ?? []).map((o) => ({ value: String(o.id), label: String(o.fullName) }));
}
