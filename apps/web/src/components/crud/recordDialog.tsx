// What the add/edit dialogs of the lists share: the record read for an edit and filled into the form (with
// the props FormDialog takes from it), and the searchable, expanded tree select their pickers use.
import { useQuery } from '@tanstack/react-query';
import { Form, TreeSelect, type FormInstance, type TreeSelectProps } from 'antd';
import { useEffect, useRef } from 'react';
import { fieldTexts } from '../form/texts';
import type { FormSlot } from './CrudList';

export interface RecordDialogOptions<Info, Values> {
  slot: Pick<FormSlot, 'open' | 'id' | 'onClose' | 'onSaved'>;
  /** the query key of the record read for an edit */
  queryKey: readonly unknown[];
  load: (id: string) => Promise<Info>;
  titles: { add: string; edit: string };
  /** the form's values of the record read (the record itself by default) */
  fill?: (info: Info) => Partial<Values>;
  /** the form, when the dialog needs it before (its effects on the form then run before the record's filling) */
  form?: FormInstance<Values>;
}

/** the form of a list's dialog, the record it edits (none for an add) and FormDialog's props for both */
export function useRecordDialog<Info, Values>({
  slot,
  queryKey,
  load,
  titles,
  fill,
}: RecordDialogOptions<Info, Values>) {
  const { open } = slot;
  const [form] = Form.useForm<Values>();
  const { info, dialogProps } = useRecordInfo(slot, queryKey, load, titles);
  // the caller's mapping as of the last render (a new function every render is no new record)
  const fillRef = useRef(fill);
  fillRef.current = fill;
  useEffect(() => {
    const mapped = fillRef.current;
    if (open && info.data) (form as FormInstance).setFieldsValue(mapped ? mapped(info.data) : info.data);
  }, [open, info.data, form]);
  return {
    form,
    info,
    dialogProps: { ...dialogProps, form },
  };
}

/** the record an edit dialog reads (none for an add) and FormDialog's props for both (but the form) */
export function useRecordInfo<Info>(
  slot: Pick<FormSlot, 'open' | 'id' | 'onClose' | 'onSaved'>,
  queryKey: readonly unknown[],
  load: (id: string) => Promise<Info>,
  titles: { add: string; edit: string },
) {
  const { open, id } = slot;
  const editing = Boolean(id);
  const info = useQuery({ queryKey, queryFn: () => load(id!), enabled: open && editing, gcTime: 0, staleTime: 0 });
  return {
    editing,
    info,
    dialogProps: {
      open,
      title: editing ? titles.edit : titles.add,
      loading: editing && info.isLoading,
      loadError: editing && info.isError,
      onRetry: () => void info.refetch(),
      onCancel: slot.onClose,
      onSaved: slot.onSaved,
    },
  };
}

/** a required form field that picks from a directory tree */
export function TreePickerField({
  name,
  label,
  requiredMessage,
  ...picker
}: TreeSelectProps & { name: string; label: string; requiredMessage: string }) {
  return (
    <Form.Item name={name} label={label} rules={[{ required: true, message: requiredMessage }]}>
      <TreePicker {...picker} />
    </Form.Item>
  );
}

/** a tree select to choose from a directory: searchable by title, every branch open */
export function TreePicker(props: TreeSelectProps) {
  const s = fieldTexts.useText();
  return (
    <TreeSelect
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      placeholder={s('selectPlaceholder')}
      {...props}
    />
  );
}
