// The profile page (issue 3 item 11): who the user is, then personal information (view and edit), the own
// password change, signatures, organisations and positions with the main-one switch, and the sign-in log.
// Clicking the avatar changes it.
import { LockOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadUserSession } from '../../app/session/loadUserSession';
import { useSession } from '../../platform/session';
import AvatarUpload from './AvatarUpload';
import LoginLog from './LoginLog';
import MajorList from './MajorList';
import ProfileInfo from './ProfileInfo';
import styles from './ProfilePage.module.css';
import SignaturePanel from './signature/SignaturePanel';
import { useProfileText } from './texts';

const ResetPasswordDialog = lazy(() => import('../../components/password/ResetPasswordDialog'));

function PasswordPanel() {
  const text = useProfileText();
  const changed = useSession((state) => state.userInfo?.changePasswordDate ?? null);
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.password}>
      <Typography.Paragraph type="secondary">{text('passwordIntro')}</Typography.Paragraph>
      {changed ? (
        <Typography.Paragraph>
          {text('passwordChangedAt', { time: dayjs(changed).format('YYYY-MM-DD HH:mm:ss') })}
        </Typography.Paragraph>
      ) : (
        <Alert type="warning" showIcon title={text('passwordNeverChanged')} className={styles.notice} />
      )}
      <Button type="primary" icon={<LockOutlined />} onClick={() => setOpen(true)}>
        {text('changePassword')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ResetPasswordDialog
            open={open}
            onClose={() => setOpen(false)}
            onChanged={() =>
              loadUserSession().then(
                () => undefined,
                () => undefined,
              )
            }
          />
        </Suspense>
      )}
    </div>
  );
}

export default function ProfilePage() {
  const { t } = useTranslation();
  const text = useProfileText();
  const userInfo = useSession((state) => state.userInfo);
  if (!userInfo) return null;
  const name = userInfo.userName || userInfo.userAccount || '';
  const details = [userInfo.organizeName, userInfo.positionName].filter(Boolean).join(' · ');

  return (
    <div className={styles.page}>
      <Card variant="borderless">
        <div className={styles.header}>
          <AvatarUpload src={userInfo.headIcon} name={name} />
          <div className={styles.identity}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {name}
              {userInfo.isAdministrator && (
                <Tag color="gold" style={{ marginLeft: 8, verticalAlign: 'middle' }}>
                  {t('profile.administrator')}
                </Tag>
              )}
            </Typography.Title>
            <Typography.Text type="secondary">{userInfo.userAccount}</Typography.Text>
            {details && <Typography.Text type="secondary">{details}</Typography.Text>}
          </div>
        </div>
      </Card>
      <Card variant="borderless">
        <Tabs
          destroyOnHidden
          items={[
            { key: 'info', label: text('tabInfo'), children: <ProfileInfo /> },
            { key: 'password', label: text('tabPassword'), children: <PasswordPanel /> },
            { key: 'signature', label: text('tabSignature'), children: <SignaturePanel /> },
            { key: 'organize', label: text('tabOrganize'), children: <MajorList kind="Organize" /> },
            { key: 'position', label: text('tabPosition'), children: <MajorList kind="Position" /> },
            { key: 'log', label: text('tabLog'), children: <LoginLog /> },
          ]}
        />
      </Card>
    </div>
  );
}
