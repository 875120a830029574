// The relation-form attribute (relationFormAttr, 关联表单属性): shows the showField of the record held by the
// form's relation form named by relationField (in a sub-table, the relation-form column of its own row) — from the
// record just picked, else from the display texts of the record (row) the form shows. It stores nothing of its own.
import { Input } from 'antd';
import type { InputWidgetProps } from '../types';
import { usePickedRows, useFormKey, useSiblingValue } from '../popup/pickedRows';
import { idsOf } from '../popup/popupData';
import { useShownValues } from '../shownValues';
import { displayText } from '../values';
import { useFollow } from './followedFields';

const text = (v: unknown) => (typeof v === 'string' ? v : '');

export function RelationFormAttr({ field, id }: InputWidgetProps) {
  const relation = text(field.relationField);
  const showField = text(field.showField);
  const form = useFormKey();
  useFollow(form, relation, field.__vModel__, showField);
  const rows = usePickedRows(form, relation);
  const held = idsOf(useSiblingValue(relation))[0] ?? '';
  const shown = useShownValues();
  let value = '';
  if (held && rows.length) value = displayText(rows[0]![showField]);
  else if (held && displayText(shown[`${relation}_id`]) === held) value = displayText(shown[field.__vModel__]);
  return <Input id={id} value={value} readOnly variant="borderless" />;
}
