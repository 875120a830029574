// /auth-redirect: hands an outside sign-in's answer back to the window that opened it (authRedirect.ts). Opened
// on its own, it says the sign-in step is done and offers the way back; the address keeps nothing it was sent.
import { Button, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { handBack } from './authRedirect';

export default function AuthRedirectPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const [standalone, setStandalone] = useState(false);

  useEffect(() => {
    if (handBack(window, search)) return;
    // a code in the address is for one use by the window that asked for it: not left in the history
    window.history.replaceState(window.history.state, '', window.location.pathname);
    setStandalone(true);
  }, [search]);

  if (!standalone) return null;
  return (
    <div className="full-page-center">
      <Result
        status="info"
        title={t('authRedirect.title')}
        subTitle={t('authRedirect.description')}
        extra={
          <Button type="primary" onClick={() => void navigate('/', { replace: true })}>
            {t('authRedirect.back')}
          </Button>
        }
      />
    </div>
  );
}
