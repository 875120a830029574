// The user dropdown of the header: profile, font size, about, statement, lock screen and
// sign out (with confirmation).
import {
  DownOutlined,
  FontSizeOutlined,
  InfoCircleOutlined,
  LockOutlined,
  LogoutOutlined,
  ProfileOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Dropdown, Modal, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { lockScreen, signOut } from '../../app/session/sessionActions';
import { useSession } from '../../platform/session';
import AboutDialog from '../dialogs/AboutDialog';
import FontSizeDialog from '../dialogs/FontSizeDialog';
import StatementDialog from '../dialogs/StatementDialog';
import { useShellText } from '../texts';

type Dialog = 'fontSize' | 'about' | 'statement';

export default function UserMenu({ className, compact }: { className?: string; compact: boolean }) {
  const { t } = useTranslation();
  const text = useShellText();
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const userInfo = useSession((state) => state.userInfo);
  const name = userInfo?.userName || userInfo?.userAccount || '';

  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: t('header.profile') },
    { key: 'fontSize', icon: <FontSizeOutlined />, label: text('fontSize') },
    { key: 'about', icon: <InfoCircleOutlined />, label: text('about') },
    { key: 'statement', icon: <ProfileOutlined />, label: text('statement') },
    { key: 'lock', icon: <LockOutlined />, label: t('header.lockScreen') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') navigate('/profile');
    else if (key === 'lock') lockScreen();
    else if (key === 'fontSize' || key === 'about' || key === 'statement') setDialog(key);
    else if (key === 'logout') {
      modal.confirm({
        title: t('common.tip'),
        content: t('header.logoutConfirm'),
        okText: t('common.confirm'),
        cancelText: t('common.cancel'),
        onOk: () => signOut(),
      });
    }
  };

  const close = () => setDialog(null);
  return (
    <>
      {modalHolder}
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <span className={className} role="button" tabIndex={0} aria-label={t('header.userMenu')}>
          <Avatar size={28} src={userInfo?.headIcon || undefined} style={{ background: 'var(--app-color-primary)' }}>
            {name.slice(0, 1)}
          </Avatar>
          {!compact && <span style={{ margin: '0 6px 0 8px' }}>{name}</span>}
          {!compact && <DownOutlined style={{ fontSize: 10 }} />}
        </span>
      </Dropdown>
      <FontSizeDialog open={dialog === 'fontSize'} onClose={close} />
      <AboutDialog open={dialog === 'about'} onClose={close} />
      <StatementDialog open={dialog === 'statement'} onClose={close} />
    </>
  );
}
