// The rows of an editable list (type 4): a row's edit button turns its cells into the form's controls, with the
// form's rules; saving sends the row's values (the list's columns the user may fill) through the same call as the
// form's save, so the server checks them as it checks a form, and its refusals go on the row's cells. Add opens a
// new row at the top, filled with the form's defaults. One row is edited at a time; `current` gives the edited
// row with what its cells hold, so that the summary row follows the edit.
import { dataFields, type ColumnItem, type FieldConfig, type FormDataJson } from '@jnpf/core';
import { Form, Tooltip } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { showFailure, showServerSuccess } from '../../components/admin/notify';
import { applyServerErrors } from '../../components/admin/serverErrors';
import { defaultValuesOf } from '../../widgets/defaults';
import { widgetOf } from '../../widgets/registry';
import { rulesOf } from '../../widgets/rules';
import { widgetTexts } from '../../widgets/texts';
import type { InputWidgetProps } from '../../widgets/types';
import type { RecordValues } from '../../widgets/values';
import { modelApi, type ModelRow } from './api';

/** the key of the new row being added */
export const NEW_ROW = '__new';

/** a cell's control with the message of its rule beneath it in a tooltip (a table cell has no room for it) */
function CellControl({
  Widget,
  field,
  ...props
}: InputWidgetProps & { Widget: React.ComponentType<InputWidgetProps> }) {
  const { errors } = Form.Item.useStatus();
  return (
    <Tooltip open={errors.length > 0} title={errors.join(' ')} color="red" placement="bottom">
      <div>
        <Widget field={field} {...props} />
      </div>
    </Tooltip>
  );
}

export interface RowEditingOptions {
  modelId: string;
  formData: FormDataJson;
  columns: readonly ColumnItem[];
  /** form permission: the fields the user may fill */
  allowField?: (vModel: string) => boolean;
  onSaved: () => void;
}

export function useRowEditing({ modelId, formData, columns, allowField, onSaved }: RowEditingOptions) {
  const [form] = Form.useForm<RecordValues>();
  const [editing, setEditing] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  /** the row whose stored values are being read before it is edited */
  const [loading, setLoading] = useState<string | null>(null);
  const t = widgetTexts.useText();

  /** the columns' fields a user fills in (not system fields, sub-tables or fields outside their form) */
  const editable = useMemo(() => {
    const byProp = new Map(dataFields(formData.fields).map((f) => [f.__vModel__, f]));
    const out = new Map<string, FieldConfig>();
    for (const column of columns) {
      const field = byProp.get(column.prop);
      const entry = field && widgetOf(field.__config__.jnpfKey);
      if (field && entry?.kind === 'input' && (!allowField || allowField(field.__vModel__)))
        out.set(column.prop, field);
    }
    return out;
  }, [formData, columns, allowField]);

  const start = async (row: ModelRow) => {
    const seed = Object.fromEntries([...editable.keys()].map((prop) => [prop, row[`${prop}_id`] ?? undefined]));
    // a masked cell's list value is its masked text: the cell starts from the stored value (which an editor reads
    // in clear), else saving the row would store the masked text over it
    const masked = [...editable].filter(([, field]) => field.useMask === true).map(([prop]) => prop);
    if (masked.length) {
      setLoading(row.id);
      try {
        const stored = await modelApi.record(modelId, row.id);
        for (const prop of masked) seed[prop] = stored[prop] ?? undefined;
      } catch (error) {
        showFailure(error);
        return;
      } finally {
        setLoading(null);
      }
    }
    form.resetFields();
    form.setFieldsValue(seed);
    setEditing(row.id);
  };
  const startNew = () => {
    form.resetFields();
    form.setFieldsValue(defaultValuesOf([...editable.values()]));
    setEditing(NEW_ROW);
  };
  const cancel = () => setEditing(null);
  // what the edited row's cells hold as they are typed: the summary row follows them
  const typed = Form.useWatch((values: RecordValues) => values, { form, preserve: true });
  /** a row as it stands: the edited row with what its cells hold (raw and shown alike), any other as it was */
  const current = (row: ModelRow): ModelRow => {
    if (editing !== row.id || !typed) return row;
    const out: ModelRow = { ...row };
    for (const prop of editable.keys())
      if (Object.hasOwn(typed, prop)) {
        out[prop] = typed[prop];
        out[`${prop}_id`] = typed[prop];
      }
    return out;
  };

  const save = async () => {
    if (!editing || saving) return;
    let values: RecordValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the cells show what is wrong
    }
    setSaving(true);
    try {
      const result =
        editing === NEW_ROW ? await modelApi.create(modelId, values) : await modelApi.update(modelId, editing, values);
      showServerSuccess(result);
      setEditing(null);
      onSaved();
    } catch (error) {
      applyServerErrors(form, error);
      showFailure(error);
    } finally {
      setSaving(false);
    }
  };

  /** the cell of a column in a row: its control while the row is edited, else what it shows */
  const cell = (prop: string, row: ModelRow, shown: ReactNode): ReactNode => {
    const field = editable.get(prop);
    const entry = field ? widgetOf(field.__config__.jnpfKey) : null;
    if (editing !== row.id || !field || entry?.kind !== 'input') return shown;
    return (
      <Form.Item
        noStyle
        name={prop}
        rules={rulesOf(field, t)}
        messageVariables={{ label: field.__config__.label ?? '' }}
      >
        <CellControl Widget={entry.Component} field={field} id={`row_${prop}`} />
      </Form.Item>
    );
  };

  return { form, editing, saving, loading, start, startNew, cancel, save, cell, current };
}
