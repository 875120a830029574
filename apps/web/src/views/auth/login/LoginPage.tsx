// Sign-in with account and password. The captcha appears when the
// account's configuration asks for one. Sub-accounts sign in as mobile@account. The app-scan and text-message
// tabs load their own code when chosen.
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { encryptLoginPassword } from '@jnpf/core';
import { Form, theme } from 'antd';
// The plain input and the password input only: `Input` from the barrel also drags TextArea, Search and OTP
// into the sign-in bundle (budget: 250 kB gzip of JavaScript).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { finishSignIn } from '../../../app/session/sessionActions';
import { captchaImageUrl, fetchLoginConfig, login, newCaptchaKey } from '../../../platform/api/oauth';
import { DEFAULT_SYS_VERSION } from '../../../platform/config';
import { feedback } from '../../../platform/feedback';
import { safeRedirectTarget } from '../../../platform/navigation';
import { failureMessage, wasNotified } from '../../../platform/request';
import { resetSession, useSession } from '../../../platform/session';
import LanguageTabs from './LanguageTabs';
import styles from './LoginPage.module.css';
import { SubmitItem } from './SubmitItem';

// The app-scan tab with its QR code library loads only when chosen (sign-in budget: 250 kB gzip).
const ScanLogin = lazy(() => import('./ScanLogin'));
const SmsLogin = lazy(() => import('./SmsLogin'));

type SignInMethod = 'password' | 'scan' | 'sms';
const METHODS: readonly SignInMethod[] = ['password', 'scan', 'sms'];
const METHOD_TITLE = { password: 'login.title', scan: 'login.tabScan', sms: 'login.tabSms' } as const;

interface LoginFormValues {
  account: string;
  password: string;
  code?: string;
}

interface CaptchaState {
  /** The key the image was drawn for; sent back as `timestamp`. */
  key: string;
  length: number;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { token: designToken } = theme.useToken();
  const sysConfig = useSession((state) => state.sysConfigInfo);
  const [form] = Form.useForm<LoginFormValues>();
  const [submitting, setSubmitting] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaState | null>(null);
  const checkedAccount = useRef<string | null>(null);
  const [method, setMethod] = useState<SignInMethod>('password');

  const productName = sysConfig.sysName || sysConfig.title || t('app.defaultTitle');
  const version = sysConfig.sysVersion || DEFAULT_SYS_VERSION;

  const refreshCaptcha = useCallback(() => {
    setCaptcha((current) => (current ? { ...current, key: newCaptchaKey() } : current));
    form.setFieldValue('code', '');
  }, [form]);

  /** Asks whether this account needs a captcha (GET /api/oauth/getConfig/{account}). */
  const checkCaptcha = useCallback(async (account: string, force = false) => {
    if (!account || (!force && checkedAccount.current === account)) return;
    checkedAccount.current = account;
    try {
      const { data } = await fetchLoginConfig(account);
      if (Number(data?.enableVerificationCode) === 1) {
        setCaptcha({ key: newCaptchaKey(), length: Number(data?.verificationCodeNumber) || 4 });
      } else {
        setCaptcha(null);
      }
    } catch {
      checkedAccount.current = null; // reported by the request layer; ask again next time
    }
  }, []);

  const redirect = searchParams.get('redirect');
  const signInWithToken = useCallback(
    async (token: string, layout: string | undefined) => {
      try {
        await finishSignIn(token, layout);
        navigate(safeRedirectTarget(redirect), { replace: true });
      } catch (error) {
        resetSession();
        if (!wasNotified(error)) feedback.error(failureMessage(error));
        throw error;
      }
    },
    [navigate, redirect],
  );

  const onFinish = async (values: LoginFormValues) => {
    const account = values.account.trim();
    setSubmitting(true);
    try {
      const { data } = await login({
        account,
        password: encryptLoginPassword(values.password),
        code: captcha ? (values.code ?? '').trim() : '',
        timestamp: captcha ? captcha.key : '',
      });
      if (!data?.token) throw new Error(t('session.verifyFailed'));
      await finishSignIn(data.token, data.theme);
      navigate(safeRedirectTarget(searchParams.get('redirect')), { replace: true });
    } catch (error) {
      resetSession();
      if (!wasNotified(error)) feedback.error(failureMessage(error));
      // A failed attempt may switch the captcha on (too many errors), and a used captcha is spent.
      void checkCaptcha(account, true);
      form.setFieldValue('code', '');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className={styles.page}>
      <div className={styles.topBar}>
        <LanguageTabs />
      </div>
      <main className={styles.panel}>
        <section
          className={styles.brand}
          style={{
            background: `linear-gradient(135deg, ${designToken.colorPrimary} 0%, ${designToken.colorPrimaryActive} 100%)`,
          }}
        >
          <div className={styles.brandHeader}>
            {sysConfig.loginIcon || sysConfig.logoIcon ? (
              <img className={styles.logo} src={sysConfig.loginIcon || sysConfig.logoIcon} alt="" />
            ) : (
              <span className={styles.logoMark} aria-hidden>
                {productName.slice(0, 1)}
              </span>
            )}
            <span className={styles.brandName}>{productName}</span>
          </div>
          <div className={styles.brandBody}>
            <h1 className={styles.brandTitle}>{t('login.brandTitle')}</h1>
            <p className={styles.brandText}>{t('login.brandText')}</p>
          </div>
          <div className={styles.brandFooter}>{t('login.version', { version })}</div>
          <div className={styles.decoration} aria-hidden />
        </section>

        <section className={styles.formSide}>
          <div className={styles.methods} role="tablist" aria-label={t('login.methods')}>
            {METHODS.map((item) => (
              <button
                key={item}
                type="button"
                role="tab"
                aria-selected={method === item}
                className={method === item ? styles.methodActive : styles.method}
                onClick={() => setMethod(item)}
              >
                {t(METHOD_TITLE[item])}
              </button>
            ))}
          </div>
          <p className={styles.formSubtitle}>{t('login.subtitle', { name: productName })}</p>

          {method === 'scan' ? (
            <Suspense fallback={<div className={styles.scanFallback} />}>
              <ScanLogin onToken={signInWithToken} />
            </Suspense>
          ) : method === 'sms' ? (
            <Suspense fallback={<div className={styles.scanFallback} />}>
              <SmsLogin onToken={signInWithToken} />
            </Suspense>
          ) : (
            <Form<LoginFormValues>
              form={form}
              layout="vertical"
              size="large"
              requiredMark={false}
              onFinish={onFinish}
              autoComplete="on"
            >
              <Form.Item
                name="account"
                rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}
                extra={t('login.subAccountHint')}
              >
                <Input
                  prefix={<UserOutlined />}
                  placeholder={t('login.accountPlaceholder')}
                  autoComplete="username"
                  autoFocus
                  onBlur={(event) => void checkCaptcha(event.target.value.trim())}
                />
              </Form.Item>
              <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
                <Password
                  prefix={<LockOutlined />}
                  placeholder={t('login.passwordPlaceholder')}
                  autoComplete="current-password"
                />
              </Form.Item>
              {captcha && (
                <Form.Item>
                  <div className={styles.captchaRow}>
                    <Form.Item
                      name="code"
                      noStyle
                      rules={[{ required: true, whitespace: true, message: t('login.codeRequired') }]}
                    >
                      <Input
                        prefix={<SafetyOutlined />}
                        placeholder={t('login.codePlaceholder')}
                        maxLength={captcha.length}
                        autoComplete="off"
                      />
                    </Form.Item>
                    <img
                      className={styles.captchaImage}
                      src={captchaImageUrl(captcha.key)}
                      alt={t('login.captchaAlt')}
                      title={t('login.refreshCaptcha')}
                      onClick={refreshCaptcha}
                    />
                  </div>
                </Form.Item>
              )}
              <SubmitItem submitting={submitting} label={t('login.submit')} busyLabel={t('login.submitting')} />
            </Form>
          )}
        </section>
      </main>
      {sysConfig.copyright && <footer className={styles.copyright}>{sysConfig.copyright}</footer>}
    </div>
  );
}
