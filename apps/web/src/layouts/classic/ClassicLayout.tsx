// Classic layout: side navigation 210 px, header, tag bar, view. Below 992 px the
// sidebar becomes a drawer that closes on navigation.
import { Drawer, Layout } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { SIDEBAR_WIDTH_PX } from '../../platform/config';
import { updatePreferences, usePreferences } from '../../platform/preferences';
import AppMain from '../parts/AppMain';
import Navbar from '../parts/Navbar';
import SideMenu from '../parts/SideMenu';
import SidebarLogo from '../parts/SidebarLogo';
import SidebarMenu from '../parts/SidebarMenu';
import shell from '../shell.module.css';
import TagsView from '../tags/TagsView';
import { useIsMobile } from '../useIsMobile';
import { useLayoutState } from '../useVisitedViews';
import styles from './ClassicLayout.module.css';

const COLLAPSED_WIDTH_PX = 64;

export default function ClassicLayout() {
  const mobile = useIsMobile();
  const { pathname } = useLocation();
  const { view, dark, tagsView } = useLayoutState();
  const collapsed = usePreferences((state) => state.sidebarCollapsed);
  const showLogo = usePreferences((state) => state.sidebarLogo);
  const [drawerOpen, setDrawerOpen] = useState(false);

  // On mobile the drawer closes whenever the user has navigated.
  useEffect(() => setDrawerOpen(false), [pathname]);

  const menu = (folded: boolean) => (
    <SidebarMenu dark={dark} logo={showLogo && <SidebarLogo collapsed={folded} dark={dark} />}>
      <SideMenu
        activeMenuId={view?.menuId ?? ''}
        collapsed={folded}
        dark={dark}
        onNavigate={() => setDrawerOpen(false)}
      />
    </SidebarMenu>
  );

  return (
    <Layout className={styles.layout} hasSider={!mobile} data-layout={mobile ? 'mobile' : 'classic'}>
      {mobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          closable={false}
          size={SIDEBAR_WIDTH_PX}
          styles={{ body: { padding: 0 } }}
        >
          {menu(false)}
        </Drawer>
      ) : (
        <Layout.Sider
          width={SIDEBAR_WIDTH_PX}
          collapsedWidth={COLLAPSED_WIDTH_PX}
          collapsed={collapsed}
          trigger={null}
          theme={dark ? 'dark' : 'light'}
          className={shell.sider}
        >
          {menu(collapsed)}
        </Layout.Sider>
      )}
      <Layout className={styles.body}>
        <Navbar
          view={view}
          mobile={mobile}
          sidebarHidden={mobile ? !drawerOpen : collapsed}
          onToggleSidebar={() =>
            mobile ? setDrawerOpen((open) => !open) : updatePreferences({ sidebarCollapsed: !collapsed })
          }
        />
        {tagsView && <TagsView />}
        <AppMain />
      </Layout>
    </Layout>
  );
}
