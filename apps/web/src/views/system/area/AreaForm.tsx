// The area create/edit dialog: the parent is picked from a lazily loaded tree (enabled areas, never the
// area itself or what is below it); name, numeric code, sort, status and description.
import { Form, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { FormDialog, fieldRule, maxLength, required } from '../../../components/admin';
import { useRecordInfo } from '../../../components/crud/recordDialog';
import { DescriptionField, EnabledField, SortCodeField, TextField } from '../../../components/form/CommonFields';
import { areaApi, ROOT, type AreaInput } from './api';
import { texts } from './texts';

interface Props {
  open: boolean;
  id?: string;
  /** where a new area goes */
  parent?: { id: string; fullName: string };
  onClose: () => void;
  /** after a save; parentId is where the area now is */
  onSaved: (parentId: string) => void;
}

type Values = Omit<AreaInput, 'version'>;

interface PickerNode {
  id: string;
  pId: string;
  value: string;
  title: string;
  isLeaf: boolean;
}

export function AreaForm({ open, id, parent, onClose, onSaved }: Props) {
  const t = texts.useText();
  const [form] = Form.useForm<Values>();
  const { editing, info, dialogProps } = useRecordInfo(
    { open, id, onClose, onSaved: () => onSaved(form.getFieldValue('parentId') as string) },
    ['system', 'area', 'info', id],
    areaApi.info,
    { add: t('add'), edit: t('edit') },
  );

  const rootNode: PickerNode = { id: ROOT, pId: '', value: ROOT, title: t('topLevel'), isLeaf: false };
  const [nodes, setNodes] = useState<PickerNode[]>([]);
  const [loaded, setLoaded] = useState<Set<string>>(new Set());
  // the current parent is shown by name before its branch is loaded
  const known = editing
    ? info.data && info.data.parentId !== ROOT
      ? { id: info.data.parentId, fullName: info.data.parentName }
      : undefined
    : parent && parent.id !== ROOT
      ? parent
      : undefined;

  // every opening starts from the top (areas may have changed meanwhile)
  useEffect(() => {
    if (!open) return;
    setNodes([]);
    setLoaded(new Set());
  }, [open]);

  const loadBranch = async (parentId: string) => {
    if (loaded.has(parentId)) return;
    const children = await areaApi.selector(parentId, id ?? '0');
    setLoaded((s) => new Set(s).add(parentId));
    setNodes((list) => [
      ...list.filter((n) => !children.some((c) => c.id === n.id)),
      ...children.map((c) => ({ id: c.id, pId: parentId, value: c.id, title: c.fullName, isLeaf: c.isLeaf })),
    ]);
  };

  const treeData = [
    rootNode,
    ...nodes,
    ...(known && !nodes.some((n) => n.id === known.id)
      ? [{ id: known.id, pId: '', value: known.id, title: known.fullName, isLeaf: true }]
      : []),
  ];

  const submit = (values: Values) => {
    const input: AreaInput = {
      parentId: values.parentId,
      fullName: values.fullName.trim(),
      enCode: values.enCode.trim(),
      enabledMark: values.enabledMark ?? 1,
      sortCode: values.sortCode ?? 0,
      description: values.description ?? '',
    };
    return editing ? areaApi.update(id!, { ...input, version: info.data?.version }) : areaApi.create(input);
  };

  return (
    <FormDialog<Values>
      {...dialogProps}
      form={form}
      initialValues={
        editing && info.data
          ? info.data
          : { parentId: parent?.id ?? ROOT, enabledMark: 1, sortCode: 0, description: '' }
      }
      onSubmit={submit}
    >
      <Form.Item name="parentId" label={t('parent')} rules={[{ required: true, message: t('parentRequired') }]}>
        <TreeSelect treeDataSimpleMode treeData={treeData} loadData={(node) => loadBranch(String(node.value))} />
      </Form.Item>
      <TextField
        name="fullName"
        label={t('fullName')}
        rules={[required(t('nameRequired')), maxLength(t('nameTooLong')), fieldRule('name', t('nameSymbols'))]}
      />
      <TextField
        name="enCode"
        label={t('enCode')}
        rules={[required(t('codeRequired')), maxLength(t('codeTooLong')), fieldRule('numericCode', t('codeDigits'))]}
        inputMode="numeric"
      />
      <SortCodeField label={t('sortCode')} rangeMessage={t('sortRange')} />
      <EnabledField label={t('enabledMark')} />
      <DescriptionField label={t('description')} checked={false} />
    </FormDialog>
  );
}
