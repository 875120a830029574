// The fields most record forms share: name and code with their field rules (a name without special
// characters, a code of letters, digits and dots), sort, state and description.
import { fieldRuleMessages, fieldRules } from '@jnpf/core';
import { Form, Input, InputNumber, Select, Switch, type FormItemProps, type InputProps } from 'antd';
import { maxLength, pattern, required, sortCodeRule, SORT_CODE_MAX, useDictionary } from '../admin';
import { currentLanguage } from '../../platform/i18n';
import { fieldTexts } from './texts';

/** what NameCodeFields and TailFields edit, sent back with the version an edit read */
export interface CommonInput {
  fullName: string;
  enCode: string;
  enabledMark: number;
  sortCode: number;
  description: string;
  version?: number;
}

/** the columns most record lists share */
export interface CommonRow {
  id: string;
  fullName: string;
  enCode: string;
  description: string;
  enabledMark: number;
  sortCode: number;
  creatorTime: number | null;
}

/** the server's code pattern of menus, their items, applications and permission groups */
export const MENU_CODE_PATTERN = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/;

/** menu-family codes (menus, their items, applications, permission groups) also allow "_" and "-" */
type NameCodeVariant = 'organize' | 'menu';

type NameCodeText = (key: 'fullName' | 'enCode' | 'nameRequired' | 'codeRequired') => string;

/** name and code; `texts` is the view's text lookup with the four keys, when its labels and messages use them */
export function NameCodeFields(
  props:
    | { texts: NameCodeText; variant?: NameCodeVariant }
    | {
        nameLabel?: string;
        codeLabel?: string;
        nameRequired: string;
        codeRequired: string;
        variant?: NameCodeVariant;
      },
) {
  const { nameLabel, codeLabel, nameRequired, codeRequired } =
    'texts' in props
      ? {
          nameLabel: props.texts('fullName'),
          codeLabel: props.texts('enCode'),
          nameRequired: props.texts('nameRequired'),
          codeRequired: props.texts('codeRequired'),
        }
      : props;
  const variant = props.variant ?? 'organize';
  const t = fieldTexts.useText();
  const lang = currentLanguage();
  return (
    <>
      <Form.Item
        name="fullName"
        label={nameLabel ?? t('fullName')}
        rules={[
          required(nameRequired),
          maxLength(t('nameTooLong')),
          ...(variant === 'organize' ? [pattern(fieldRules.name, fieldRuleMessages.name[lang])] : []),
        ]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="enCode"
        label={codeLabel ?? t('enCode')}
        rules={[
          required(codeRequired),
          maxLength(t('codeTooLong')),
          variant === 'organize'
            ? pattern(fieldRules.code, fieldRuleMessages.code[lang])
            : pattern(MENU_CODE_PATTERN, t('menuCodeFormat')),
        ]}
      >
        <Input autoComplete="off" />
      </Form.Item>
    </>
  );
}

/** a Form.Item's props that bind a 1/0 value to a Switch */
export const switchItemProps = {
  valuePropName: 'checked',
  getValueProps: (value: unknown) => ({ checked: value === 1 }),
  normalize: (checked: boolean) => (checked ? 1 : 0),
};

/** a text field whose placeholder is its label */
export function TextField({
  name,
  label,
  rules,
  inputMode,
}: {
  name: string;
  label: string;
  rules?: FormItemProps['rules'];
  inputMode?: InputProps['inputMode'];
}) {
  return (
    <Form.Item name={name} label={label} rules={rules}>
      <Input placeholder={label} inputMode={inputMode} />
    </Form.Item>
  );
}

/** sort: a whole number from 0 to 999999 */
export function SortCodeField({ label, rangeMessage }: { label?: string; rangeMessage?: string }) {
  const t = fieldTexts.useText();
  return (
    <Form.Item name="sortCode" label={label ?? t('sortCode')} rules={[sortCodeRule(rangeMessage ?? t('sortRange'))]}>
      <InputNumber min={0} max={SORT_CODE_MAX} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** the state switch (enabledMark 1/0) */
export function EnabledField({ label }: { label?: string }) {
  const t = fieldTexts.useText();
  return (
    <Form.Item name="enabledMark" label={label ?? t('state')} {...switchItemProps}>
      <Switch />
    </Form.Item>
  );
}

/** the description, at most 500 characters (`checked`: with its rule, for values the input did not type) */
export function DescriptionField({ label, checked = true }: { label?: string; checked?: boolean }) {
  const t = fieldTexts.useText();
  return (
    <Form.Item
      name="description"
      label={label ?? t('description')}
      rules={checked ? [maxLength(t('descriptionTooLong'), 500)] : undefined}
    >
      <Input.TextArea rows={3} maxLength={500} />
    </Form.Item>
  );
}

/** a required select of a dictionary's items; the value is the item's id or its code */
export function DictionaryField({
  name,
  label,
  requiredMessage,
  dictionary,
  valueOf,
}: {
  name: string;
  label: string;
  requiredMessage: string;
  /** the dictionary's code */
  dictionary: string;
  valueOf: 'id' | 'enCode';
}) {
  const t = fieldTexts.useText();
  const items = useDictionary(dictionary);
  return (
    <Form.Item name={name} label={label} rules={[{ required: true, message: requiredMessage }]}>
      <Select
        placeholder={t('selectPlaceholder')}
        loading={items.isLoading}
        options={items.items.map((i) => ({ value: i[valueOf], label: i.fullName }))}
      />
    </Form.Item>
  );
}

export function TailFields({ state = true }: { state?: boolean }) {
  return (
    <>
      <SortCodeField />
      {state && <EnabledField />}
      <DescriptionField />
    </>
  );
}
