// The autoComplete field: free text, with up to `total` (default 50) suggestions from the interface's List as the
// text is typed (after a short pause); a parameter whose value is "@keyword" takes the typed text. A suggestion is
// the row's relationField; picking one puts it in the box. The value is the text.
import { AutoComplete as AntAutoComplete, Input } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { InputWidgetProps } from '../types';
import {
  AUTO_COMPLETE_DEBOUNCE_MS,
  AUTO_COMPLETE_TOTAL_DEFAULT,
  popupConfig,
  rowLabel,
  usePopupPage,
  usePopupParams,
} from './popupData';
import { popupTexts } from './texts';

/** how many suggestions a field asks for */
export function suggestionLimit(total: unknown): number {
  const n = Number(total);
  return Number.isInteger(n) && n > 0 ? Math.min(n, 500) : AUTO_COMPLETE_TOTAL_DEFAULT;
}

export function AutoCompleteWidget({ field, id, value, onChange, disabled }: InputWidgetProps) {
  const t = popupTexts.useText();
  const text = value === undefined || value === null ? '' : String(value);
  const readOnly = field.readonly === true;
  // undefined when not disabled: the form's own disabled state then applies
  const off = disabled || field.disabled ? true : undefined;
  const [typed, setTyped] = useState(text);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTyped(text), AUTO_COMPLETE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const config = useMemo(() => popupConfig(field), [field]);
  const params = usePopupParams(config);
  // the typed text goes in as the "@keyword" parameters, not as List's own keyword filter
  const { page } = usePopupPage(
    config,
    params,
    { keyword: '', currentPage: 1, pageSize: suggestionLimit(field.total), typed },
    focused,
  );
  const options = useMemo(() => {
    const seen = new Set<string>();
    return page.list
      .map((row) => rowLabel(row, config))
      .filter((label) => label && !seen.has(label) && seen.add(label))
      .map((label) => ({ value: label, label }));
  }, [page.list, config]);

  const placeholder = field.placeholder ?? t('inputPlaceholder');
  // a read-only box shows its text: no suggestions asked for, no typing, no clear icon
  if (readOnly)
    return <Input id={id} value={text} placeholder={placeholder} readOnly disabled={off} style={{ width: '100%' }} />;
  return (
    <AntAutoComplete
      id={id}
      value={text}
      options={options}
      onChange={(next: string) => onChange?.(next)}
      onFocus={() => setFocused(true)}
      placeholder={placeholder}
      allowClear={Boolean(field.clearable)}
      disabled={off}
      style={{ width: '100%' }}
    />
  );
}
