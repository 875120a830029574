// The lock screen: stays, whatever the address, until the user's password is re-checked by the server.
import { ArrowRightOutlined, LockOutlined } from '@ant-design/icons';
import { md5Hex } from '@jnpf/core';
import { Avatar, Button, Form, Input, Space, theme } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut } from '../../../app/session/sessionActions';
import { unlockScreen } from '../../../platform/api/oauth';
import { setLocked, useSession } from '../../../platform/session';
import styles from './LockScreenPage.module.css';

function useClock(): dayjs.Dayjs {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(dayjs()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export default function LockScreenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token: designToken } = theme.useToken();
  const userInfo = useSession((state) => state.userInfo);
  const [submitting, setSubmitting] = useState(false);
  const [form] = Form.useForm<{ password: string }>();
  const now = useClock();

  const onFinish = async ({ password }: { password: string }) => {
    if (!userInfo) return;
    setSubmitting(true);
    try {
      await unlockScreen(userInfo.userAccount, md5Hex(password));
      setLocked(false);
      navigate('/', { replace: true });
    } catch {
      form.setFieldValue('password', ''); // the request layer has shown the server's reason
    } finally {
      setSubmitting(false);
    }
  };

  const name = userInfo?.userName || userInfo?.userAccount || '';
  return (
    <div
      className={styles.page}
      style={{ background: `linear-gradient(160deg, #0f1c2e 0%, ${designToken.colorPrimaryActive} 140%)` }}
    >
      <div className={styles.clock}>
        <div className={styles.time}>{now.format('HH:mm')}</div>
        <div className={styles.date}>{now.format(t('lock.dateFormat'))}</div>
      </div>
      <div className={styles.card}>
        <Avatar size={72} src={userInfo?.headIcon || undefined} className={styles.avatar}>
          {name.slice(0, 1)}
        </Avatar>
        <div className={styles.name}>{name}</div>
        <div className={styles.hint}>
          <LockOutlined /> {t('lock.locked')}
        </div>
        <Form form={form} onFinish={onFinish} className={styles.form}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="password" noStyle rules={[{ required: true, message: t('lock.passwordRequired') }]}>
              <Input.Password
                size="large"
                placeholder={t('lock.passwordPlaceholder')}
                autoFocus
                autoComplete="current-password"
              />
            </Form.Item>
            <Button
              size="large"
              type="primary"
              htmlType="submit"
              loading={submitting}
              icon={<ArrowRightOutlined />}
              aria-label={t('lock.unlock')}
            />
          </Space.Compact>
          <Form.Item noStyle shouldUpdate>
            {() => {
              const errors = form.getFieldError('password');
              return errors.length ? <div className={styles.error}>{errors[0]}</div> : null;
            }}
          </Form.Item>
        </Form>
        <Button type="link" className={styles.switchUser} onClick={() => void signOut()}>
          {t('lock.backToLogin')}
        </Button>
      </div>
    </div>
  );
}
