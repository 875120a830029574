// /sso and /pcsso: takes over the session handed over in the address, then leaves the address (and its token)
// behind with a replacing navigation; without a token it says so and goes to the sign-in page.
import { Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { feedback } from '../../../platform/feedback';
import { takeOverSession } from './ssoHandover';

export default function SsoPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const target = takeOverSession(search);
    if (!target) feedback.error(t('sso.noToken'));
    void navigate(target ?? '/login', { replace: true });
  }, [search, navigate, t]);
  return (
    <div className="full-page-center">
      <Spin />
    </div>
  );
}
