// The category create/edit dialog: the tree switch cannot change when
// editing; a save clears the dictionary cache, shows the server's message for 1.5 s, closes and refreshes.
import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Switch, TreeSelect } from 'antd';
import { FormDialog, fieldRule, maxLength, required, sortCodeRule, SORT_CODE_MAX } from '../../../components/admin';
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

const switchProps = {
  valuePropName: 'checked',
  getValueProps: (value: unknown) => ({ checked: value === 1 }),
  normalize: (checked: boolean) => (checked ? 1 : 0),
};

export function CategoryForm({ open, id, onClose, onSaved }: Props) {
  const t = texts.useText();
  const [form] = Form.useForm<Values>();
  const editing = Boolean(id);
  const info = useQuery({
    queryKey: ['systemData', 'dictionary', 'categoryInfo', id],
    queryFn: () => dictionaryApi.categoryInfo(id!),
    enabled: open && editing,
    staleTime: 0,
    gcTime: 0,
  });
  const parents = useQuery({
    queryKey: ['systemData', 'dictionary', 'categorySelector', id ?? '0'],
    queryFn: () => dictionaryApi.categorySelector(id ?? '0'),
    enabled: open,
    staleTime: 0,
  });

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
      open={open}
      title={editing ? t('editCategory') : t('addCategory')}
      form={form}
      loading={editing && info.isLoading}
      loadError={editing && info.isError}
      onRetry={() => void info.refetch()}
      initialValues={
        editing && info.data
          ? info.data
          : { isTree: 0, sortCode: 0, description: '', parentId: undefined as unknown as string }
      }
      onSubmit={submit}
      onSaved={onSaved}
      onCancel={onClose}
    >
      <Form.Item name="parentId" label={t('parentCategory')} rules={[{ required: true, message: t('parentRequired') }]}>
        <TreeSelect
          treeData={parents.data ?? []}
          fieldNames={{ label: 'fullName', value: 'id', children: 'children' }}
          loading={parents.isLoading}
          treeDefaultExpandAll
          showSearch
          treeNodeFilterProp="fullName"
          placeholder={t('itemParentRequired')}
        />
      </Form.Item>
      <Form.Item
        name="fullName"
        label={t('name')}
        rules={[required(t('nameRequired')), fieldRule('name', t('nameSymbols')), maxLength(t('nameTooLong'))]}
      >
        <Input placeholder={t('name')} />
      </Form.Item>
      <Form.Item
        name="enCode"
        label={t('code')}
        rules={[required(t('codeRequired')), fieldRule('code', t('codeRule')), maxLength(t('codeTooLong'))]}
      >
        <Input placeholder={t('code')} />
      </Form.Item>
      <Form.Item name="isTree" label={t('isTree')} {...switchProps}>
        <Switch disabled={editing} />
      </Form.Item>
      <Form.Item name="sortCode" label={t('sort')} rules={[sortCodeRule(t('sortRange'))]}>
        <InputNumber min={0} max={SORT_CODE_MAX} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="description" label={t('description')}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </FormDialog>
  );
}
