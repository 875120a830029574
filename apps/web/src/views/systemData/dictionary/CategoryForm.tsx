// The category create/edit dialog: the tree switch cannot change when
// editing; a save clears the dictionary cache, shows the server's message for 1.5 s, closes and refreshes.
import { Form, Switch } from 'antd';
import { FormDialog, fieldRule, maxLength, required } from '../../../components/admin';
import { useRecordInfo } from '../../../components/crud/recordDialog';
import { DescriptionField, SortCodeField, switchItemProps, TextField } from '../../../components/form/CommonFields';
import { ParentField } from './ParentField';
import { dictionaryApi, type CategoryInput } from './api';
import { texts } from './texts';

interface Props {
  open: boolean;
  /** the category to edit; empty to create one */
  id?: string;
  onClose: () => void;
  onSaved: () => void;
}

type Values = Omit<CategoryInput, 'version'>;

export function CategoryForm({ open, id, onClose, onSaved }: Props) {
  const t = texts.useText();
  const [form] = Form.useForm<Values>();
  const { editing, info, dialogProps } = useRecordInfo(
    { open, id, onClose, onSaved },
    ['systemData', 'dictionary', 'categoryInfo', id],
    dictionaryApi.categoryInfo,
    {
      add: t('addCategory'),
      edit: t('editCategory'),
    },
  );

  const submit = (values: Values) => {
    const input: CategoryInput = {
      ...values,
      fullName: values.fullName.trim(),
      enCode: values.enCode.trim(),
      description: values.description ?? '',
      sortCode: values.sortCode ?? 0,
      isTree: values.isTree ?? 0,
    };
    return editing
      ? dictionaryApi.updateCategory(id!, { ...input, version: info.data?.version })
      : dictionaryApi.createCategory(input);
  };

  return (
    <FormDialog<Values>
      {...dialogProps}
      form={form}
      initialValues={
        editing && info.data
          ? info.data
          : { isTree: 0, sortCode: 0, description: '', parentId: undefined as unknown as string }
      }
      onSubmit={submit}
    >
      <ParentField
        label={t('parentCategory')}
        requiredMessage={t('parentRequired')}
        open={open}
        queryKey={['systemData', 'dictionary', 'categorySelector', id ?? '0']}
        load={() => dictionaryApi.categorySelector(id ?? '0')}
        placeholder={t('itemParentRequired')}
      />
      <TextField
        name="fullName"
        label={t('name')}
        rules={[required(t('nameRequired')), fieldRule('name', t('nameSymbols')), maxLength(t('nameTooLong'))]}
      />
      <TextField
        name="enCode"
        label={t('code')}
        rules={[required(t('codeRequired')), fieldRule('code', t('codeRule')), maxLength(t('codeTooLong'))]}
      />
      <Form.Item name="isTree" label={t('isTree')} {...switchItemProps}>
        <Switch disabled={editing} />
      </Form.Item>
      <SortCodeField label={t('sort')} />
      <DescriptionField label={t('description')} checked={false} />
    </FormDialog>
  );
}
