// The dictionary item dialog, 600 px: parent (tree select rooted at the
// category), name, code, sort, status and description. A parent equal to the category id is saved as '0'.
import { Form } from 'antd';
import { FormDialog, maxLength, required } from '../../../components/admin';
import { useRecordInfo } from '../../../components/crud/recordDialog';
import { DescriptionField, EnabledField, SortCodeField, TextField } from '../../../components/form/CommonFields';
import { ParentField } from './ParentField';
import { dictionaryApi, type ItemInput } from './api';
import { texts } from './texts';

interface Props {
  open: boolean;
  typeId: string;
  isTree: boolean;
  /** the item to edit; empty to create one */
  id?: string;
  /** the parent a new item starts under */
  parentId?: string;
  onClose: () => void;
  onSaved: () => void;
}

type Values = Omit<ItemInput, 'dictionaryTypeId' | 'version'>;

/** the parent to save: the category itself (or nothing) means the top, '0' */
export function parentToSave(parentId: string | undefined, typeId: string): string {
  return !parentId || parentId === typeId ? '0' : parentId;
}

export function ItemForm({ open, typeId, isTree, id, parentId, onClose, onSaved }: Props) {
  const t = texts.useText();
  const [form] = Form.useForm<Values>();
  const { editing, info, dialogProps } = useRecordInfo(
    { open, id, onClose, onSaved },
    ['systemData', 'dictionary', 'itemInfo', id],
    dictionaryApi.itemInfo,
    {
      add: t('addItem'),
      edit: t('editItem'),
    },
  );

  const submit = (values: Values) => {
    const input = {
      parentId: parentToSave(values.parentId, typeId),
      fullName: values.fullName.trim(),
      enCode: values.enCode.trim(),
      enabledMark: values.enabledMark ?? 1,
      sortCode: values.sortCode ?? 0,
      description: values.description ?? '',
    };
    return editing
      ? dictionaryApi.updateItem(id!, { ...input, version: info.data?.version })
      : dictionaryApi.createItem({ ...input, dictionaryTypeId: typeId });
  };

  return (
    <FormDialog<Values>
      {...dialogProps}
      form={form}
      width={600}
      initialValues={
        editing && info.data ? info.data : { parentId: parentId ?? '0', enabledMark: 1, sortCode: 0, description: '' }
      }
      onSubmit={submit}
    >
      <ParentField
        label={t('itemParent')}
        requiredMessage={t('itemParentRequired')}
        open={open}
        queryKey={['systemData', 'dictionary', 'itemParents', typeId, id ?? '0', isTree]}
        load={() => dictionaryApi.parentSelector(typeId, id ?? '0', isTree)}
      />
      <TextField
        name="fullName"
        label={t('itemName')}
        rules={[required(t('nameRequired')), maxLength(t('itemNameTooLong'))]}
      />
      <TextField
        name="enCode"
        label={t('itemCode')}
        rules={[required(t('codeRequired')), maxLength(t('itemCodeTooLong'))]}
      />
      <SortCodeField label={t('sort')} />
      <EnabledField label={t('status')} />
      <DescriptionField label={t('description')} checked={false} />
    </FormDialog>
  );
}
