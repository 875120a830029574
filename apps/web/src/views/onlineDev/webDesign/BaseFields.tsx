// The basic settings of a function design, shared by the new dialog and the designer: name, code (the
// field rule for codes), category (from the WebDesign dictionary when there is one), type (form, or list
// and form), sort and description.
import { fieldRuleMessages, fieldRules } from '@jnpf/core';
import { Form, Input, InputNumber, Radio, Select, TreeSelect } from 'antd';
import { maxLength, pattern, required, sortCodeRule, SORT_CODE_MAX } from '../../../components/admin';
import { currentLanguage } from '../../../platform/i18n';
import { texts } from './texts';
import { useCategories } from './useCategories';

export function BaseFields() {
  const t = texts.useText();
  const categories = useCategories();
  return (
    <>
      <Form.Item
        name="fullName"
        label={t('fullName')}
        rules={[required(t('nameRequired')), maxLength(t('nameTooLong'))]}
      >
        <Input autoComplete="off" placeholder={t('fullName')} />
      </Form.Item>
      <Form.Item
        name="enCode"
        label={t('enCode')}
        rules={[
          required(t('codeRequired')),
          maxLength(t('codeTooLong')),
          pattern(fieldRules.code, fieldRuleMessages.code[currentLanguage()]),
        ]}
      >
        <Input autoComplete="off" placeholder={t('enCode')} />
      </Form.Item>
      {categories.fromDictionary ? (
        <Form.Item name="category" label={t('category')} rules={[required(t('categoryRequired'))]}>
          {categories.isTree ? (
            <TreeSelect treeData={categories.options} treeDefaultExpandAll showSearch placeholder={t('category')} />
          ) : (
            <Select
              options={categories.options}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('category')}
            />
          )}
        </Form.Item>
      ) : (
        <Form.Item name="category" label={t('category')} rules={[maxLength(t('categoryTooLong'))]}>
          <Input autoComplete="off" placeholder={t('category')} />
        </Form.Item>
      )}
      <Form.Item name="webType" label={t('webType')}>
        <Radio.Group
          options={[
            { value: 1, label: t('webType1') },
            { value: 2, label: t('webType2') },
          ]}
        />
      </Form.Item>
      <Form.Item name="sortCode" label={t('sortCode')} rules={[sortCodeRule(t('sortRange'))]}>
        <InputNumber min={0} max={SORT_CODE_MAX} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="description" label={t('description')} rules={[maxLength(t('descriptionTooLong'), 500)]}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </>
  );
}
