// The popup attribute field (popupAttr): shows the `showField` of the row(s) picked in the form's popup select
// named by `relationField` ("," between several); in a sub-table, of the popup column of its own row. With
// isStorage the shown text is also the field's value.
import { Input } from 'antd';
import { useEffect } from 'react';
import type { InputWidgetProps } from '../types';
import { displayText } from '../values';
import { usePickedRows, useFormKey, useSiblingValue } from './pickedRows';
import { idsOf } from './popupData';

/** the text a popup attribute shows for these rows */
export function attrText(rows: readonly Record<string, unknown>[], showField: string): string {
  return rows
    .map((row) => displayText(row[showField]))
    .filter(Boolean)
    .join(',');
}

export function PopupAttr({ field, id, value, onChange }: InputWidgetProps) {
  const popup = typeof field.relationField === 'string' ? field.relationField : '';
  const showField = typeof field.showField === 'string' ? field.showField : '';
  const form = useFormKey();
  const rows = usePickedRows(form, popup);
  // the popup's value now: rows of ids no longer held are not shown
  const held = idsOf(useSiblingValue(popup));
  const shown = held.length ? attrText(rows, showField) : '';
  const stores = field.isStorage === 1 || field.isStorage === true;
  useEffect(() => {
    if (stores && onChange && shown !== (value ?? '')) onChange(shown);
  }, [stores, onChange, shown, value]);
  return <Input id={id} value={shown || (stores ? displayText(value) : '')} readOnly variant="borderless" />;
}
