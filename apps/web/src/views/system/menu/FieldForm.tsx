// The data-permission field dialog: the field's name and column, its data type, the operators conditions on
// it may use and where a condition's value comes from (typed, a system variable, or a picker), sort, state and
// description.
import { Form, Input, Select } from 'antd';
import { FormDialog, maxLength, pattern, required } from '../../../components/admin';
import { MENU_CODE_PATTERN, TailFields } from '../../../components/form/CommonFields';
import { fieldTexts } from '../../../components/form/texts';
import { menuApi, type DataFieldInput, type DataFieldRow, type MenuItemDialogProps } from './api';
import {
  CONDITION_OPS,
  FIELD_TYPES,
  INPUT_SOURCES,
  isOp,
  opName,
  PICKER_SOURCES,
  sourceName,
  VARIABLE_SOURCES,
} from './conditions';
import { texts } from './texts';

interface FieldValues {
  fullName: string;
  enCode: string;
  type: string;
  conditionSymbol: string[];
  conditionText: string;
  sortCode?: number;
  enabledMark: number;
  description?: string;
}

export function FieldForm({ menu, open, row, onClose, onSaved }: MenuItemDialogProps<DataFieldRow>) {
  const t = texts.useText();
  const s = fieldTexts.useText();
  const [form] = Form.useForm<FieldValues>();

  const source = (value: string) => ({ value, label: sourceName(t, value) });
  const submit = (values: FieldValues) => {
    const input: DataFieldInput = {
      moduleId: menu.id,
      fullName: values.fullName,
      enCode: values.enCode,
      type: values.type,
      // in the standard order, whatever order they were picked in
      conditionSymbol: CONDITION_OPS.filter((op) => values.conditionSymbol.includes(op)),
      conditionText: values.conditionText,
      sortCode: values.sortCode ?? 0,
      enabledMark: values.enabledMark ?? 1,
      description: values.description ?? '',
      ...(row ? { version: row.version } : {}),
    };
    return menuApi.saveItem('field', row?.id, input);
  };

  return (
    <FormDialog<FieldValues>
      open={open}
      title={row ? t('fieldEdit') : t('fieldAdd')}
      form={form}
      initialValues={
        row
          ? {
              fullName: row.fullName,
              enCode: row.enCode,
              type: row.type,
              conditionSymbol: row.conditionSymbol.split(',').filter(isOp),
              // the reference's spelling of "user and subordinates" shows as the option the server also reads
              conditionText: row.conditionText.split(',')[0]!.replace('@userAraSubordinates', '@userAndSubordinates'),
              sortCode: row.sortCode,
              enabledMark: row.enabledMark,
              description: row.description,
            }
          : { enabledMark: 1, sortCode: 0, type: 'varchar', conditionSymbol: [] }
      }
      onCancel={onClose}
      onSaved={onSaved}
      onSubmit={submit}
    >
      <Form.Item
        name="fullName"
        label={t('fieldName')}
        rules={[required(t('nameRequired')), maxLength(s('nameTooLong'))]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="enCode"
        label={t('fieldCode')}
        rules={[
          required(t('codeRequired')),
          maxLength(s('codeTooLong')),
          pattern(MENU_CODE_PATTERN, s('menuCodeFormat')),
        ]}
      >
        <Input autoComplete="off" placeholder={t('fieldCodePlaceholder')} />
      </Form.Item>
      <Form.Item name="type" label={t('fieldType')} rules={[{ required: true, message: t('fieldTypeRequired') }]}>
        <Select options={FIELD_TYPES.map((f) => ({ value: f.value, label: t(f.text) }))} />
      </Form.Item>
      <Form.Item
        name="conditionSymbol"
        label={t('conditionSymbol')}
        rules={[{ required: true, type: 'array', min: 1, message: t('conditionSymbolRequired') }]}
      >
        <Select
          mode="multiple"
          allowClear
          placeholder={s('selectPlaceholder')}
          options={CONDITION_OPS.map((op) => ({ value: op, label: opName(t, op) }))}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <Form.Item
        name="conditionText"
        label={t('conditionSource')}
        rules={[{ required: true, message: t('conditionSourceRequired') }]}
      >
        <Select
          placeholder={s('selectPlaceholder')}
          showSearch={{ optionFilterProp: 'label' }}
          options={[
            { label: t('srcGroupValue'), title: t('srcGroupValue'), options: INPUT_SOURCES.map(source) },
            { label: t('srcGroupVariable'), title: t('srcGroupVariable'), options: VARIABLE_SOURCES.map(source) },
            { label: t('srcGroupPicker'), title: t('srcGroupPicker'), options: PICKER_SOURCES.map(source) },
          ]}
        />
      </Form.Item>
      <TailFields />
    </FormDialog>
  );
}
