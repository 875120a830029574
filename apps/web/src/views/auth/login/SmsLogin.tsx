// Sign-in with a code sent by text message: mobile number, "send code" with a 60 s countdown,
// the 6-digit code. The server sends through the configured provider and answers "not configured" without one.
// Loaded only when this tab is chosen, so that the sign-in page stays light.
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { fieldRules } from '@jnpf/core';
import { Button, Form } from 'antd';
import Input from 'antd/es/input/Input';
import { useEffect, useState } from 'react';
import { sendSmsCode, smsLogin } from '../../../platform/api/oauth';
import { feedback } from '../../../platform/feedback';
import { failureMessage, wasNotified } from '../../../platform/request';
import styles from './LoginPage.module.css';
import { SubmitItem } from './SubmitItem';
import { useSmsText } from './smsTexts';

/** Seconds before another code may be asked for (the server enforces the same minute). */
export const RESEND_SECONDS = 60;

interface SmsLoginProps {
  /** Signs in with the token; rejects when the session cannot be loaded. */
  onToken: (token: string, theme: string | undefined) => Promise<void>;
}

interface SmsFormValues {
  mobile: string;
  code: string;
}

export default function SmsLogin({ onToken }: SmsLoginProps) {
  const text = useSmsText();
  const [form] = Form.useForm<SmsFormValues>();
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = window.setTimeout(() => setCountdown((n) => n - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [countdown]);

  const sendCode = async () => {
    let mobile: string;
    try {
      mobile = (await form.validateFields(['mobile'])).mobile.trim();
    } catch {
      return; // the field shows why
    }
    setSending(true);
    try {
      await sendSmsCode(mobile);
      feedback.success(text('sent'));
      setCountdown(RESEND_SECONDS);
    } catch (error) {
      if (!wasNotified(error)) feedback.error(failureMessage(error));
    } finally {
      setSending(false);
    }
  };

  const onFinish = async (values: SmsFormValues) => {
    setSubmitting(true);
    try {
      const { data } = await smsLogin(values.mobile.trim(), values.code.trim());
      if (!data?.token) throw new Error(failureMessage(null));
      await onToken(data.token, data.theme);
    } catch (error) {
      if (!wasNotified(error)) feedback.error(failureMessage(error));
      form.setFieldValue('code', '');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<SmsFormValues> form={form} layout="vertical" size="large" requiredMark={false} onFinish={onFinish}>
      <Form.Item
        name="mobile"
        rules={[
          { required: true, whitespace: true, message: text('mobileRequired') },
          { pattern: fieldRules.mobile, message: text('mobileInvalid') },
        ]}
      >
        <Input
          prefix={<MobileOutlined />}
          placeholder={text('mobilePlaceholder')}
          autoComplete="tel"
          inputMode="numeric"
          maxLength={11}
          autoFocus
        />
      </Form.Item>
      <Form.Item>
        <div className={styles.captchaRow}>
          <Form.Item
            name="code"
            noStyle
            rules={[
              { required: true, whitespace: true, message: text('codeRequired') },
              { pattern: /^\d{6}$/, message: text('codeInvalid') },
            ]}
          >
            <Input
              prefix={<SafetyOutlined />}
              placeholder={text('codePlaceholder')}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
            />
          </Form.Item>
          <Button onClick={() => void sendCode()} loading={sending} disabled={countdown > 0} data-testid="sms-send">
            {countdown > 0 ? text('resend', { n: countdown }) : text('getCode')}
          </Button>
        </div>
      </Form.Item>
      <SubmitItem submitting={submitting} label={text('submit')} busyLabel={text('submitting')} />
    </Form>
  );
}
