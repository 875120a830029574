// /sso and /pcsso: takes over the session handed over in the address once the user has seen whose it is (a
// signed-out browser confirms the incoming account, one signed in as someone else is asked to switch), then
// leaves the address and its token behind with a replacing navigation.
import { Button, Result, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { feedback } from '../../../platform/feedback';
import { getToken } from '../../../platform/session';
import { handOver, readHandover, takeOver, type HandoverStep, type TokenOwner } from './ssoHandover';

/** The steps that wait for the user's answer. */
type Question = Extract<HandoverStep, { kind: 'ask' | 'confirm' }>;

export default function SsoPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const [question, setQuestion] = useState<Question | null>(null);

  useEffect(() => {
    let active = true;
    const handover = readHandover(search);
    if (!handover) {
      feedback.error(t('sso.noToken'));
      void navigate(getToken() ? '/home' : '/login', { replace: true });
      return;
    }
    // The token leaves the address bar at once (the router's own location keeps it until we navigate on).
    window.history.replaceState(window.history.state, '', window.location.pathname);
    void handOver(handover, getToken()).then((step) => {
      if (!active) return;
      if (step.kind === 'ask' || step.kind === 'confirm') return setQuestion(step);
      if (step.kind === 'refused') feedback.error(t('sso.invalid'));
      void navigate(step.target, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [search, navigate, t]);

  if (!question)
    return (
      <div className="full-page-center">
        <Spin />
      </div>
    );
  const { handover, incoming } = question;
  const accept = () => {
    takeOver(handover.token);
    void navigate(handover.target, { replace: true });
  };

  if (question.kind === 'confirm')
    // No autoFocus on "continue": the account came from a link, so signing in takes a deliberate click.
    return (
      <div className="full-page-center">
        <Result
          status="info"
          title={t('sso.confirmTitle')}
          subTitle={
            <>
              <div>{t('sso.confirmQuestion', { name: incoming.userName, account: incoming.userAccount })}</div>
              <div>{t('sso.confirmHint')}</div>
            </>
          }
          extra={
            <Space>
              <Button onClick={() => void navigate('/login', { replace: true })}>{t('sso.toLogin')}</Button>
              <Button type="primary" onClick={accept}>
                {t('sso.confirm', { name: incoming.userName })}
              </Button>
            </Space>
          }
        />
      </div>
    );

  const name = (owner: TokenOwner) => `${owner.userName}/${owner.userAccount}`;
  return (
    <div className="full-page-center">
      <Result
        status="warning"
        title={t('sso.switchTitle')}
        subTitle={t('sso.switchQuestion', { current: name(question.current), incoming: name(incoming) })}
        extra={
          <Space>
            {/* the focus is on keeping the session: switching to a linked account takes a deliberate click */}
            <Button autoFocus onClick={() => void navigate(handover.target, { replace: true })}>
              {t('sso.keep')}
            </Button>
            <Button type="primary" onClick={accept}>
              {t('sso.switch')}
            </Button>
          </Space>
        }
      />
    </div>
  );
}
