// The choices of radio, checkbox and select fields: static `options` read through the field's `props`
// keys (label / value, default fullName / id), or the enabled items of a dictionary type (dataType
// 'dictionary', dictionaryType = the type's id or code) from the shared dictionary cache, or the rows of a data
// interface (dataType 'dynamic', dynamicOptions.ts).
import type { FieldConfig } from '@jnpf/core';
import { useMemo, useState, type ComponentType } from 'react';
import { useDictionary, type DictionaryItem } from '../components/admin/useDictionary';
import {
  isDynamicOptionField,
  rowsAsChoices,
  useHeldChoices,
  useInterfaceRows,
  useTypedKeyword,
} from './dynamicOptions';
import { displayText } from './values';

export interface ChoiceOption {
  label: string;
  value: string;
}

/** the choices are one page of a data interface's rows: the control searches the interface for the others */
export interface RemoteChoices {
  /** the text typed into the search box */
  onSearch: (text: string) => void;
  /** the rows listed, and how many the interface holds (for the typed text) */
  shown: number;
  total: number;
}

/** What a control with choices receives besides its own props. */
export interface ChoiceProps {
  options: ChoiceOption[];
  /** the dictionary is still loading */
  optionsLoading: boolean;
  /** set when the options are a part of more: searched on the server as the user types */
  remote?: RemoteChoices;
}

function keysOf(field: Pick<FieldConfig, 'props'>) {
  return { labelKey: field.props?.label || 'fullName', valueKey: field.props?.value || 'id' };
}

export function isDictionaryField(field: FieldConfig): boolean {
  return field.__config__?.dataType === 'dictionary';
}

/** the static options, a tree's (a tree select searched by one option) flattened in order */
export function staticOptionsOf(field: FieldConfig): ChoiceOption[] {
  const { labelKey, valueKey } = keysOf(field);
  const childrenKey = field.props?.children || 'children';
  const out: ChoiceOption[] = [];
  const visit = (list: unknown) => {
    for (const option of Array.isArray(list) ? list : []) {
      const record = option as Record<string, unknown>;
      out.push({ label: displayText(record[labelKey]), value: displayText(record[valueKey]) });
      visit(record[childrenKey]);
    }
  };
  visit(field.options);
  return out;
}

/**
 * A dictionary's items (nested ones flattened) as choices: the item's name, and its id as the value, or its
 * code when the field's props say value "enCode" (as the server reads them).
 */
export function dictionaryOptionsOf(items: readonly DictionaryItem[], field: FieldConfig): ChoiceOption[] {
  const byCode = keysOf(field).valueKey === 'enCode';
  const out: ChoiceOption[] = [];
  const visit = (list: readonly DictionaryItem[]) => {
    for (const item of list) {
      out.push({ label: item.fullName, value: byCode ? item.enCode : item.id });
      if (item.children?.length) visit(item.children);
    }
  };
  visit(items);
  return out;
}

/**
 * Gives a control its field's choices. Static and dictionary fields are two components, so that a form of
 * static choices never loads the dictionaries.
 */
export function withOptions<P extends { field: FieldConfig }>(Control: ComponentType<P & ChoiceProps>) {
  function StaticChoices(props: P) {
    const options = useMemo(() => staticOptionsOf(props.field), [props.field]);
    return <Control {...props} options={options} optionsLoading={false} />;
  }
  function DictionaryChoices(props: P) {
    const dictionary = useDictionary(props.field.__config__.dictionaryType ?? '');
    const options = useMemo(() => dictionaryOptionsOf(dictionary.items, props.field), [dictionary.items, props.field]);
    return <Control {...props} options={options} optionsLoading={dictionary.isLoading} />;
  }
  function InterfaceChoices(props: P & { value?: unknown }) {
    const { keyword, setTyped } = useTypedKeyword();
    const { rows, total, isLoading, params } = useInterfaceRows(props.field, keyword);
    const listed = useMemo(() => rowsAsChoices(rows, props.field), [rows, props.field]);
    const held = useHeldChoices(props.field, props.value, listed, params);
    const options = useMemo(() => [...held, ...listed], [held, listed]);
    // once the interface has held more than a page, the control keeps searching it (a search's few matches
    // must not turn the search off)
    const [partial, setPartial] = useState(false);
    if (!partial && total > rows.length) setPartial(true);
    const remote = partial ? { onSearch: setTyped, shown: rows.length, total } : undefined;
    return <Control {...props} options={options} optionsLoading={isLoading} remote={remote} />;
  }
  return function WithOptions(props: P) {
    if (isDynamicOptionField(props.field)) return <InterfaceChoices {...props} />;
    return isDictionaryField(props.field) ? <DictionaryChoices {...props} /> : <StaticChoices {...props} />;
  };
}
