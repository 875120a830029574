// The number-rule dialog, 600 px. The type decides the fields: 1 (time
// format) date format, digits and start value; 2 (random number) random digits and random type; 3 (UUID)
// nothing more. The example updates as the fields change, computed as the server computes it.
import { Form, Input, Radio, Select, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { FormDialog, maxLength, pattern, required, useDictionary } from '../admin';
import { useRecordInfo } from '../crud/recordDialog';
import { TailFields, TextField } from '../form/CommonFields';
import { billRuleApi, type RuleInput } from './api';
import { DATE_FORMATS, exampleOf } from './numbering';
import { texts } from './texts';

interface Props {
  open: boolean;
  id?: string;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  fullName: string;
  enCode: string;
  category?: string;
  prefix?: string;
  suffix?: string;
  type: 1 | 2 | 3;
  dateFormat?: string;
  digit?: string;
  startNumber?: string;
  randomDigit?: 16 | 32;
  randomType?: 1 | 2;
  enabledMark: number;
  sortCode?: number;
  description?: string;
}

const NEW_RULE: Partial<Values> = {
  type: 1,
  dateFormat: 'YYYYMMDD',
  digit: '4',
  startNumber: '0001',
  randomDigit: 16,
  randomType: 1,
  enabledMark: 1,
  sortCode: 0,
  prefix: '',
  suffix: '',
  description: '',
};

/** the live example shown in the read-only field */
function Example() {
  const form = Form.useFormInstance<Values>();
  const values = Form.useWatch([], form) as Partial<Values> | undefined;
  const shape = {
    type: values?.type,
    prefix: values?.prefix,
    suffix: values?.suffix,
    dateFormat: values?.dateFormat,
    digit: values?.digit,
    startNumber: values?.startNumber,
    randomType: values?.randomType,
    randomDigit: values?.randomDigit,
  };
  // the example (its random part too) changes only when the rule does, not on every render
  const key = JSON.stringify(shape);
  const example = useMemo(() => exampleOf(JSON.parse(key) as typeof shape), [key]);
  return <Input value={example} readOnly aria-readonly data-testid="bill-rule-example" />;
}

export function RuleForm({ open, id, onClose, onSaved }: Props) {
  const t = texts.useText();
  const [form] = Form.useForm<Values>();
  const categories = useDictionary('businessType');
  const { editing, info, dialogProps } = useRecordInfo(
    { open, id, onClose, onSaved },
    ['system', 'billRule', 'info', id],
    billRuleApi.info,
    { add: t('add'), edit: t('edit') },
  );
  const initial: Partial<Values> | undefined =
    editing && info.data
      ? {
          ...info.data,
          category: info.data.category,
          digit: info.data.digit == null ? NEW_RULE.digit : String(info.data.digit),
          dateFormat: info.data.dateFormat ?? NEW_RULE.dateFormat,
          startNumber: info.data.startNumber ?? NEW_RULE.startNumber,
          randomDigit: info.data.randomDigit ?? 16,
          randomType: info.data.randomType ?? 1,
        }
      : NEW_RULE;

  const submit = (values: Values) => {
    const type = values.type;
    const input: RuleInput = {
      fullName: values.fullName.trim(),
      enCode: values.enCode.trim(),
      category: values.category ?? '',
      prefix: values.prefix ?? '',
      suffix: values.suffix ?? '',
      type,
      dateFormat: type === 1 ? (values.dateFormat ?? null) : null,
      digit: type === 1 && values.digit ? Number(values.digit) : null,
      startNumber: type === 1 ? (values.startNumber ?? null) : null,
      randomDigit: type === 2 ? (values.randomDigit ?? 16) : null,
      randomType: type === 2 ? (values.randomType ?? 1) : null,
      enabledMark: values.enabledMark ?? 1,
      sortCode: values.sortCode ?? 0,
      description: values.description ?? '',
    };
    return editing ? billRuleApi.update(id!, { ...input, version: info.data?.version }) : billRuleApi.create(input);
  };

  const startRules = [
    required(t('startRequired')),
    pattern(/^\d+$/, t('startDigits')),
    {
      validator: (_rule: unknown, value?: string) =>
        value && /^0+$/.test(value) ? Promise.reject(new Error(t('startZero', { value }))) : Promise.resolve(),
    },
    ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
      validator: (_rule: unknown, value?: string) => {
        const digit = Number(getFieldValue('digit'));
        const significant = (value ?? '').replace(/^0+/, '');
        return digit > 0 && significant.length > digit
          ? Promise.reject(new Error(t('startTooLong')))
          : Promise.resolve();
      },
    }),
  ];

  return (
    <FormDialog<Values> {...dialogProps} form={form} width={600} initialValues={initial} onSubmit={submit}>
      <TextField
        name="fullName"
        label={t('fullName')}
        rules={[required(t('nameRequired')), maxLength(t('nameTooLong'))]}
      />
      <TextField
        name="enCode"
        label={t('enCode')}
        rules={[required(t('codeRequired')), maxLength(t('codeTooLong')), pattern(/^[A-Za-z0-9._-]+$/, t('codeRule'))]}
      />
      <Form.Item name="category" label={t('category')} rules={[{ required: true, message: t('categoryRequired') }]}>
        {categories.isTree ? (
          <TreeSelect treeData={categories.options} loading={categories.isLoading} treeDefaultExpandAll showSearch />
        ) : (
          <Select
            options={categories.options}
            loading={categories.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('category')}
          />
        )}
      </Form.Item>
      <TextField name="prefix" label={t('prefix')} rules={[maxLength(t('affixTooLong'))]} />
      <Form.Item name="type" label={t('type')}>
        <Radio.Group
          options={[
            { value: 1, label: t('type1') },
            { value: 2, label: t('type2') },
            { value: 3, label: t('type3') },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['type']}>
        {({ getFieldValue }) => {
          const type = getFieldValue('type') as number;
          if (type === 1)
            return (
              <>
                <Form.Item
                  name="dateFormat"
                  label={t('dateFormat')}
                  rules={[{ required: true, message: t('dateFormatRequired') }]}
                >
                  <Select options={DATE_FORMATS.map((f) => ({ value: f, label: f === 'no' ? t('dateNone') : f }))} />
                </Form.Item>
                <Form.Item
                  name="digit"
                  label={t('digit')}
                  rules={[required(t('digitRequired')), pattern(/^[1-9]\d*$/, t('digitInvalid'))]}
                >
                  <Input maxLength={1} inputMode="numeric" />
                </Form.Item>
                <Form.Item name="startNumber" label={t('startNumber')} dependencies={['digit']} rules={startRules}>
                  <Input maxLength={50} inputMode="numeric" />
                </Form.Item>
              </>
            );
          if (type === 2)
            return (
              <>
                <Form.Item name="randomDigit" label={t('randomDigit')}>
                  <Radio.Group
                    options={[
                      { value: 16, label: '16' },
                      { value: 32, label: '32' },
                    ]}
                  />
                </Form.Item>
                <Form.Item name="randomType" label={t('randomType')}>
                  <Radio.Group
                    options={[
                      { value: 1, label: t('random1') },
                      { value: 2, label: t('random2') },
                    ]}
                  />
                </Form.Item>
              </>
            );
          return null;
        }}
      </Form.Item>
      <TextField name="suffix" label={t('suffix')} rules={[maxLength(t('affixTooLong'))]} />
      <Form.Item label={t('example')}>
        <Example />
      </Form.Item>
      <TailFields />
    </FormDialog>
  );
}
