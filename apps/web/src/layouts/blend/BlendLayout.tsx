// Blend layout: the top entries along the top; the chosen one's children in the left menu
// (type 1 is treated as a directory). Choosing a directory at the top opens its first page.
import { Layout } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { indexMenus, openMenu } from '../../app/routes/menuNavigation';
import { SIDEBAR_WIDTH_PX } from '../../platform/config';
import { useSession } from '../../platform/session';
import AppMain from '../parts/AppMain';
import HeaderActions from '../parts/HeaderActions';
import SideMenu from '../parts/SideMenu';
import SidebarLogo from '../parts/SidebarLogo';
import SidebarMenu from '../parts/SidebarMenu';
import TopMenu from '../parts/TopMenu';
import styles from '../shell.module.css';
import TagsView from '../tags/TagsView';
import { useLayoutState } from '../useVisitedViews';
import { activeTopId, sideMenusOf } from './blendMenus';

export default function BlendLayout() {
  const navigate = useNavigate();
  const { view, dark, tagsView } = useLayoutState();
  const menuList = useSession((state) => state.menuList);
  const index = useMemo(() => indexMenus(menuList), [menuList]);
  const [chosenTopId, setChosenTopId] = useState<string | null>(null);

  const activeMenuId = view?.menuId ?? '';
  const topId = activeTopId(menuList, index, activeMenuId, chosenTopId);
  // Remember the top entry of the last menu view, for views outside the menu.
  useEffect(() => {
    if (activeMenuId && topId) setChosenTopId(topId);
  }, [activeMenuId, topId]);
  const sideMenus = sideMenusOf(topId ? index.byId.get(topId) : undefined);

  const onSelectTop = (menuId: string) => {
    const menu = index.byId.get(menuId);
    if (!menu) return;
    setChosenTopId(menuId);
    openMenu(menu, (path) => navigate(path));
  };

  return (
    <Layout className={styles.layout} hasSider={false} data-layout="blend">
      <header className={`${styles.topbar} ${dark ? styles.topbarDark : styles.topbarLight}`}>
        <div className={styles.brand}>
          <SidebarLogo collapsed={false} dark={dark} />
        </div>
        <TopMenu menus={menuList} mode="top" selectedKeys={topId ? [topId] : []} dark={dark} onSelect={onSelectTop} />
        <HeaderActions dark={dark} compact={false} />
      </header>
      <div className={styles.row}>
        {sideMenus.length > 0 && (
          <Layout.Sider width={SIDEBAR_WIDTH_PX} theme={dark ? 'dark' : 'light'} className={styles.sider}>
            <SidebarMenu dark={dark}>
              <SideMenu activeMenuId={activeMenuId} collapsed={false} dark={dark} menus={sideMenus} />
            </SidebarMenu>
          </Layout.Sider>
        )}
        <div className={styles.body}>
          {tagsView && <TagsView />}
          <AppMain />
        </div>
      </div>
    </Layout>
  );
}
