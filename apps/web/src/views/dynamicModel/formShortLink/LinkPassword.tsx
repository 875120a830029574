// The password screen of a protected link: the right password earns the ticket the link's calls carry.
import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { failureMessage } from '../../../platform/request';
import styles from './FormShortLink.module.css';
import { texts } from './texts';

export function LinkPassword({
  unlock,
  onUnlocked,
}: {
  unlock: (password: string) => Promise<void>;
  onUnlocked: () => void;
}) {
  const t = texts.useText();
  const [form] = Form.useForm<{ password: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async ({ password }: { password: string }) => {
    setBusy(true);
    try {
      await unlock(password);
      onUnlocked();
    } catch (error) {
      form.setFields([{ name: 'password', errors: [failureMessage(error)] }]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.center}>
      <Form form={form} onFinish={(values) => void submit(values)} aria-label={t('passwordTitle')}>
        <h2 style={{ textAlign: 'center', fontSize: 16 }}>{t('passwordTitle')}</h2>
        <Space.Compact style={{ width: 300, maxWidth: '100%' }}>
          <Form.Item
            name="password"
            rules={[{ required: true, message: t('password') }]}
            style={{ flex: 1, margin: 0 }}
          >
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('password')}
              aria-label={t('password')}
              autoFocus
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('unlock')}
          </Button>
        </Space.Compact>
      </Form>
    </div>
  );
}
