// The reset-password dialog (600 px): old password, new password, repeat password and a
// captcha whose image refreshes when clicked. The new password follows the configured policy. Used by the
// profile page and, undismissable, as the forced change of an initial password after sign-in.
// Both passwords go as md5 hex; the new one also AES-encrypted with the sign-in cipher, so that the server can
// check the policy (POST /api/permission/Users/Current/Actions/ModifyPassword).
import { aesEcbEncryptHex, DEFAULT_CIPHER_KEY, md5Hex, type PasswordPolicy } from '@jnpf/core';
import { Alert, Form, Input, Modal } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { modifyPassword } from '../../platform/api/currentUser';
import { captchaImageUrl, fetchLoginConfig, newCaptchaKey } from '../../platform/api/oauth';
import { feedback } from '../../platform/feedback';
import { currentLanguage } from '../../platform/i18n';
import { RequestError } from '../../platform/request';
import { useSession } from '../../platform/session';
import {
  activeRules,
  NO_POLICY,
  newPasswordError,
  passwordMessage,
  policyFrom,
  repeatPasswordError,
} from './passwordRules';
import styles from './ResetPasswordDialog.module.css';
import { usePasswordText } from './texts';

/** A save shows the server's message as success for 1.5 s. */
const SUCCESS_TOAST_SECONDS = 1.5;

interface PasswordFormValues {
  oldPassword: string;
  password: string;
  repeatPassword: string;
  code: string;
}

type FieldName = keyof PasswordFormValues;

interface ResetPasswordDialogProps {
  open: boolean;
  /** The forced change after sign-in: no close button, no cancel, Esc and the mask do nothing. */
  forced?: boolean;
  onClose?: () => void;
  /** Called after the server has accepted the new password. */
  onChanged?: () => void | Promise<void>;
}

/** Field errors of a 401 answer (`data.errors`), for the fields of this form. */
function fieldErrorsOf(error: unknown): Array<{ name: FieldName; errors: string[] }> {
  if (!(error instanceof RequestError)) return [];
  const errors = (error.body?.data as { errors?: Record<string, string> } | undefined)?.errors;
  if (!errors || typeof errors !== 'object') return [];
  const fields: FieldName[] = ['oldPassword', 'password', 'code'];
  return fields.filter((name) => typeof errors[name] === 'string').map((name) => ({ name, errors: [errors[name]!] }));
}

export default function ResetPasswordDialog({ open, forced = false, onClose, onChanged }: ResetPasswordDialogProps) {
  const text = usePasswordText();
  const account = useSession((state) => state.userInfo?.userAccount ?? '');
  const [form] = Form.useForm<PasswordFormValues>();
  const [policy, setPolicy] = useState<PasswordPolicy>(NO_POLICY);
  const [captchaKey, setCaptchaKey] = useState(newCaptchaKey);
  const [submitting, setSubmitting] = useState(false);
  const language = currentLanguage();

  const refreshCaptcha = useCallback(() => {
    setCaptchaKey(newCaptchaKey());
    form.setFieldValue('code', '');
  }, [form]);

  useEffect(() => {
    if (!open || !account) return;
    let live = true;
    fetchLoginConfig(account)
      .then(({ data }) => live && setPolicy(policyFrom(data)))
      .catch(() => undefined); // reported by the request layer; the server checks the policy anyway
    return () => {
      live = false;
    };
  }, [open, account]);

  useEffect(() => {
    if (open) setCaptchaKey(newCaptchaKey());
    else form.resetFields();
  }, [open, form]);

  const onFinish = async (values: PasswordFormValues) => {
    setSubmitting(true);
    try {
      const result = await modifyPassword({
        oldPassword: md5Hex(values.oldPassword),
        password: md5Hex(values.password),
        encryptPassword: aesEcbEncryptHex(values.password, DEFAULT_CIPHER_KEY),
        code: values.code.trim(),
        timestamp: captchaKey,
      });
      feedback.success(result.msg, SUCCESS_TOAST_SECONDS);
      await onChanged?.();
      onClose?.();
    } catch (error) {
      // The request layer has shown the message; a used captcha is spent either way.
      refreshCaptcha();
      const fields = fieldErrorsOf(error);
      if (fields.length) form.setFields(fields);
    } finally {
      setSubmitting(false);
    }
  };

  const rules = activeRules(policy);
  const ruleText = rules
    .map((rule) =>
      rule.key === 'length'
        ? text('ruleLength', { n: rule.n })
        : text(`rule${rule.key[0]!.toUpperCase()}${rule.key.slice(1)}` as 'ruleDigit'),
    )
    .join(text('separator'));

  return (
    <Modal
      open={open}
      width={600}
      title={forced ? text('forcedTitle') : text('title')}
      okText={text('confirm')}
      cancelText={text('cancel')}
      confirmLoading={submitting}
      onOk={() => form.submit()}
      onCancel={forced ? undefined : onClose}
      closable={!forced}
      keyboard={!forced}
      mask={{ closable: !forced }}
      cancelButtonProps={forced ? { style: { display: 'none' } } : undefined}
      destroyOnHidden
    >
      {forced && <Alert type="warning" showIcon title={text('forcedText')} className={styles.notice} />}
      <Form<PasswordFormValues>
        form={form}
        labelCol={{ flex: '90px' }}
        labelAlign="right"
        requiredMark
        onFinish={onFinish}
        autoComplete="off"
        className={styles.form}
      >
        <Form.Item
          name="oldPassword"
          label={text('oldPassword')}
          rules={[{ required: true, message: passwordMessage('oldRequired', language) }]}
        >
          <Input.Password placeholder={text('oldPasswordPlaceholder')} autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label={text('newPassword')}
          extra={ruleText ? text('policyHint', { rules: ruleText }) : undefined}
          rules={[
            { required: true, message: passwordMessage('newRequired', language) },
            {
              validator: async (_rule, value: string | undefined) => {
                if (!value) return; // the required rule speaks
                const message = newPasswordError(value, policy, language);
                if (message) throw new Error(message);
              },
            },
          ]}
        >
          <Input.Password placeholder={text('newPasswordPlaceholder')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repeatPassword"
          label={text('repeatPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: passwordMessage('repeatRequired', language) },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (!value) return;
                const message = repeatPasswordError(value, getFieldValue('password') ?? '', language);
                if (message) throw new Error(message);
              },
            }),
          ]}
        >
          <Input.Password placeholder={text('repeatPasswordPlaceholder')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item label={text('code')} required>
          <div className={styles.captchaRow}>
            <Form.Item
              name="code"
              noStyle
              rules={[{ required: true, whitespace: true, message: passwordMessage('captchaRequired', language) }]}
            >
              <Input placeholder={text('codePlaceholder')} maxLength={8} autoComplete="off" />
            </Form.Item>
            <img
              className={styles.captcha}
              src={captchaImageUrl(captchaKey)}
              alt={text('captchaAlt')}
              title={text('refreshCaptcha')}
              onClick={refreshCaptcha}
            />
          </div>
        </Form.Item>
      </Form>
    </Modal>
  );
}
