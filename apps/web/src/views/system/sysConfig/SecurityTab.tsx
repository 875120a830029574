// The security tab: sign-in (single sign-in, token lifetime, captcha, IP whitelist), locking after wrong
// passwords, and the password policy with the new users' default password.
import { Form, Input, InputNumber, Radio, Switch } from 'antd';
import { defaultPasswordPasses, hasStrengthRule, whitelistEntries } from './checks';
import type { SysConfig } from './api';
import { Cell, NumberField, Section, ShownWhen, switchProps, ToggleField, useRules } from './fields';
import { texts } from './texts';

/** the switches of the strength rules: changing one rechecks the fields checked against the policy */
const STRENGTH_RULES = [
  'passwordLengthMin',
  'containsNumbers',
  'includeLowercaseLetters',
  'includeUppercaseLetters',
  'containsCharacters',
];

export default function SecurityTab() {
  const t = texts.useText();
  const r = useRules();
  return (
    <>
      <Section title={t('sectionLogin')}>
        <Cell wide>
          <Form.Item name="singleLogin" label={t('singleLogin')}>
            <Radio.Group
              options={[
                { value: 1, label: t('singleLogin1') },
                { value: 2, label: t('singleLogin2') },
              ]}
            />
          </Form.Item>
        </Cell>
        <NumberField name="tokenTimeout" min={1} max={43200} />
        <ToggleField name="lastLoginTimeSwitch" />
        <ToggleField name="enableVerificationCode" />
        <ShownWhen flag="enableVerificationCode">
          <NumberField name="verificationCodeNumber" min={3} max={8} />
        </ShownWhen>
        <ToggleField name="whitelistSwitch" />
        <ShownWhen flag="whitelistSwitch">
          <Cell wide>
            <Form.Item
              name="whiteListIp"
              label={t('whiteListIp')}
              extra={t('whiteListHint')}
              dependencies={['whitelistSwitch']}
              rules={[
                r.text('whiteListIp', 2000),
                r.whitelist('whiteListIp'),
                ({ getFieldValue }) => ({
                  validator: (_rule, value: unknown) =>
                    Number(getFieldValue('whitelistSwitch')) === 1 && whitelistEntries(String(value ?? '')).length === 0
                      ? Promise.reject(new Error(t('whitelistEmpty')))
                      : Promise.resolve(),
                }),
              ]}
            >
              <Input.TextArea rows={2} />
            </Form.Item>
          </Cell>
        </ShownWhen>
      </Section>
      <Section title={t('sectionLock')}>
        <Cell>
          <Form.Item
            name="passwordErrorsNumber"
            label={t('passwordErrorsNumber')}
            extra={t('passwordErrorsHint')}
            rules={[r.range('passwordErrorsNumber', 0, 100)]}
          >
            <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Cell>
        <Cell>
          <Form.Item name="lockType" label={t('lockType')}>
            <Radio.Group
              options={[
                { value: 1, label: t('lockType1') },
                { value: 2, label: t('lockType2') },
              ]}
            />
          </Form.Item>
        </Cell>
        <Form.Item noStyle dependencies={['lockType']}>
          {({ getFieldValue }) =>
            Number(getFieldValue('lockType')) === 2 ? <NumberField name="lockTime" min={1} max={1440} /> : null
          }
        </Form.Item>
      </Section>
      <Section title={t('sectionPassword')}>
        <Cell wide>
          <Form.Item
            label={t('passwordStrengthLimit')}
            name="passwordStrengthLimit"
            {...switchProps}
            dependencies={STRENGTH_RULES}
            rules={[
              ({ getFieldsValue }) => ({
                validator: (_rule, value: unknown) =>
                  Number(value) === 1 && !hasStrengthRule(getFieldsValue(true) as never)
                    ? Promise.reject(new Error(t('noStrengthRule')))
                    : Promise.resolve(),
              }),
            ]}
          >
            <Switch aria-label={t('passwordStrengthLimit')} />
          </Form.Item>
        </Cell>
        <ShownWhen flag="passwordStrengthLimit">
          <ToggleField name="passwordLengthMin" />
          <ShownWhen flag="passwordLengthMin">
            <NumberField name="passwordLengthMinNumber" min={1} max={32} />
          </ShownWhen>
          <ToggleField name="containsNumbers" />
          <ToggleField name="includeLowercaseLetters" />
          <ToggleField name="includeUppercaseLetters" />
          <ToggleField name="containsCharacters" />
        </ShownWhen>
        <ToggleField name="passwordIsUpdatedRegularly" />
        <ShownWhen flag="passwordIsUpdatedRegularly">
          <NumberField name="updateCycle" min={1} max={3650} />
          <NumberField
            name="updateInAdvance"
            min={0}
            max={365}
            dependencies={['updateCycle']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_rule, value: unknown) =>
                  Number(value) >= Number(getFieldValue('updateCycle'))
                    ? Promise.reject(new Error(t('advanceNotBeforeCycle')))
                    : Promise.resolve(),
              }),
            ]}
          />
        </ShownWhen>
        <ToggleField name="disableOldPassword" />
        <ShownWhen flag="disableOldPassword">
          <NumberField name="disableTheNumberOfOldPasswords" min={1} max={24} />
        </ShownWhen>
        <ToggleField name="mandatoryModificationOfInitialPassword" />
        <Cell>
          <Form.Item
            name="newUserDefaultPassword"
            label={t('newUserDefaultPassword')}
            dependencies={['passwordStrengthLimit', 'passwordLengthMinNumber', ...STRENGTH_RULES]}
            rules={[
              r.password('newUserDefaultPassword'),
              ({ getFieldsValue }) => ({
                validator: (_rule, value: unknown) => {
                  const policy = getFieldsValue(true) as never;
                  return Number((policy as SysConfig).passwordStrengthLimit) === 1 &&
                    hasStrengthRule(policy) &&
                    !defaultPasswordPasses(String(value ?? ''), policy)
                    ? Promise.reject(new Error(t('defaultPasswordWeak')))
                    : Promise.resolve();
                },
              }),
            ]}
          >
            <Input />
          </Form.Item>
        </Cell>
      </Section>
    </>
  );
}
