// Functional layout: the whole menu along the top (pop-ups for directories, "More ..." for
// what does not fit), then the tag bar and the view. Narrow screens use the classic layout's drawer instead.
import { Layout } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { indexMenus, openMenu } from '../../app/routes/menuNavigation';
import { useSession } from '../../platform/session';
import AppMain from '../parts/AppMain';
import HeaderActions from '../parts/HeaderActions';
import SidebarLogo from '../parts/SidebarLogo';
import TopMenu from '../parts/TopMenu';
import styles from '../shell.module.css';
import TagsView from '../tags/TagsView';
import { useLayoutState } from '../useVisitedViews';

export default function FunctionalLayout() {
  const navigate = useNavigate();
  const { view, dark, tagsView } = useLayoutState();
  const menuList = useSession((state) => state.menuList);
  const index = useMemo(() => indexMenus(menuList), [menuList]);

  const activeId = view?.menuId ?? '';
  const selectedKeys = activeId ? [...(index.ancestorIds.get(activeId) ?? []), activeId] : [];

  const onSelect = (menuId: string) => {
    const menu = index.byId.get(menuId);
    if (menu) openMenu(menu, (path) => navigate(path));
  };

  return (
    <Layout className={styles.layout} data-layout="functional">
      <header className={`${styles.topbar} ${dark ? styles.topbarDark : styles.topbarLight}`}>
        <div className={styles.brand}>
          <SidebarLogo collapsed={false} dark={dark} />
        </div>
        <TopMenu menus={menuList} mode="tree" selectedKeys={selectedKeys} dark={dark} onSelect={onSelect} />
        <HeaderActions dark={dark} compact={false} />
      </header>
      <div className={styles.body}>
        {tagsView && <TagsView />}
        <AppMain />
      </div>
    </Layout>
  );
}
