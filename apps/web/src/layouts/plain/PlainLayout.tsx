// Plain layout: a minimal top bar (breadcrumb and header actions) and a sidebar folded to
// icons, whose groups open as pop-ups.
import { Layout } from 'antd';
import AppMain from '../parts/AppMain';
import Breadcrumbs from '../parts/Breadcrumbs';
import HeaderActions from '../parts/HeaderActions';
import SideMenu from '../parts/SideMenu';
import SidebarLogo from '../parts/SidebarLogo';
import SidebarMenu from '../parts/SidebarMenu';
import styles from '../shell.module.css';
import TagsView from '../tags/TagsView';
import { useLayoutState } from '../useVisitedViews';

const ICON_SIDEBAR_WIDTH_PX = 64;

export default function PlainLayout() {
  const { view, dark, tagsView } = useLayoutState();

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
        <SidebarMenu dark={dark} logo={<SidebarLogo collapsed dark={dark} />}>
          <SideMenu activeMenuId={view?.menuId ?? ''} collapsed dark={dark} />
        </SidebarMenu>
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
