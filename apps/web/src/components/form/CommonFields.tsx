// The fields most record forms share: name and code with their field rules (a name without special
// characters, a code of letters, digits and dots), sort, state and description.
import { fieldRuleMessages, fieldRules } from '@jnpf/core';
import { Form, Input, InputNumber, Switch } from 'antd';
import { maxLength, pattern, required, sortCodeRule } from '../admin';
import { currentLanguage } from '../../platform/i18n';
import { fieldTexts } from './texts';

/** the server's code pattern of menus, their items, applications and permission groups */
export const MENU_CODE_PATTERN = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/;

export function NameCodeFields({
  nameLabel,
  codeLabel,
  nameRequired,
  codeRequired,
  variant = 'organize',
}: {
  nameLabel?: string;
  codeLabel?: string;
  nameRequired: string;
  codeRequired: string;
  /** menu-family codes (menus, their items, applications, permission groups) also allow "_" and "-" */
  variant?: 'organize' | 'menu';
}) {
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

export function TailFields({ state = true }: { state?: boolean }) {
  const t = fieldTexts.useText();
  return (
    <>
      <Form.Item name="sortCode" label={t('sortCode')} rules={[sortCodeRule(t('sortRange'))]}>
        <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      {state && (
        <Form.Item
          name="enabledMark"
          label={t('state')}
          valuePropName="checked"
          getValueProps={(value: number) => ({ checked: value === 1 })}
          normalize={(checked: boolean) => (checked ? 1 : 0)}
        >
          <Switch />
        </Form.Item>
      )}
      <Form.Item name="description" label={t('description')} rules={[maxLength(t('descriptionTooLong'), 500)]}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </>
  );
}
