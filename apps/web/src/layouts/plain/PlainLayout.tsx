// Plain layout: a minimal top bar (breadcrumb and header actions) and a sidebar folded to
// icons, whose groups open as pop-ups.
import { Layout } from 'antd';
import { useCurrentView } from '../../app/routes/viewInfo';
import { usePreferences } from '../../platform/preferences';
import AppMain from '../parts/AppMain';
import Breadcrumbs from '../parts/Breadcrumbs';
import HeaderActions from '../parts/HeaderActions';
import SideMenu from '../parts/SideMenu';
import SidebarLogo from '../parts/SidebarLogo';
import styles from '../shell.module.css';
import TagsView from '../tags/TagsView';
import { useVisitedViews } from '../useVisitedViews';

const ICON_SIDEBAR_WIDTH_PX = 64;

export default function PlainLayout() {
  const view = useCurrentView();
  const dark = usePreferences((state) => state.sideStyle) === 'dark';
  const tagsView = usePreferences((state) => state.tagsView);
  useVisitedViews(view);

  return (
    <Layout className={styles.layout} hasSider data-layout="plain">
      <Layout.Sider
        width={ICON_SIDEBAR_WIDTH_PX}
        collapsedWidth={ICON_SIDEBAR_WIDTH_PX}
        collapsed
        trigger={null}
        theme={dark ? 'dark' : 'light'}
        className={`${styles.sider} ${styles.iconSider}`}
      >
        <div className={`${styles.sidebar} ${dark ? styles.sidebarDark : styles.sidebarLight}`}>
          <SidebarLogo collapsed dark={dark} />
          <div className={styles.menuScroll}>
            <SideMenu activeMenuId={view?.menuId ?? ''} collapsed dark={dark} />
          </div>
        </div>
      </Layout.Sider>
      <div className={styles.body}>
        <header className={styles.plainBar}>
          <div className={styles.plainTitle}>
            <Breadcrumbs view={view} />
          </div>
          <HeaderActions compact={false} />
        </header>
        {tagsView && <TagsView />}
        <AppMain />
      </div>
    </Layout>
  );
}
