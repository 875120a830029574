// Root of every route: the page title (localized route name, then the system title) and a thin progress bar while a
// navigation loads.
import { theme } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router';
import { useSession } from '../platform/session';
import { useCurrentView, useLocalizedTitle } from './routes/viewInfo';

function DocumentTitle() {
  const { t } = useTranslation();
  const view = useCurrentView();
  const viewTitle = useLocalizedTitle(view);
  const sysConfig = useSession((state) => state.sysConfigInfo);
  const systemTitle = sysConfig.title || sysConfig.sysName || t('app.defaultTitle');
  useEffect(() => {
    document.title = viewTitle ? `${viewTitle} - ${systemTitle}` : systemTitle;
  }, [viewTitle, systemTitle]);
  return null;
}

function NavigationProgress() {
  const navigation = useNavigation();
  const { token } = theme.useToken();
  if (navigation.state === 'idle') return null;
  return <div className="navigation-progress" style={{ background: token.colorPrimary }} role="progressbar" />;
}

export default function RootLayout() {
  return (
    <>
      <DocumentTitle />
      <NavigationProgress />
      <Outlet />
    </>
  );
}
