// The navigation menu built from the user's menu list; menus with children open as groups.
import type { MenuItem } from '@jnpf/core';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { indexMenus, openMenu } from '../../app/routes/menuNavigation';
import { useSession } from '../../platform/session';
import { toEntries } from './menuEntries';

/** On these pages the first menu group opens by default, as in the reference. */
const FIRST_GROUP_OPEN_PATHS = new Set(['/home', '/dashboard', '/404']);

interface SideMenuProps {
  /** Menu id of the view on screen. */
  activeMenuId: string;
  /** The sidebar is folded to icons (the Sider around the menu folds it; this only switches open-group handling). */
  collapsed: boolean;
  dark: boolean;
  onNavigate?: () => void;
  /** The menus to show; the whole menu list when not given (the blend layout passes one top entry's children). */
  menus?: readonly MenuItem[];
}

export default function SideMenu({ activeMenuId, collapsed, dark, onNavigate, menus }: SideMenuProps) {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sessionMenus = useSession((state) => state.menuList);
  const menuList = menus ?? sessionMenus;
  const index = useMemo(() => indexMenus(sessionMenus), [sessionMenus]);
  // Labels are localized, so the entries are rebuilt when the language changes too.
  const language = i18n.language;
  const items = useMemo(() => (language ? toEntries(menuList) : []), [menuList, language]);
  // Expanded, the open groups persist as the user set them; folded, groups open as transient popups.
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const [popupKeys, setPopupKeys] = useState<string[]>([]);
  useEffect(() => setPopupKeys([]), [collapsed]);

  // Open the groups above the active entry whenever it changes, keeping what the user opened; on the
  // home page, the first group.
  useEffect(() => {
    const ancestors = index.ancestorIds.get(activeMenuId) ?? [];
    if (ancestors.length) setOpenKeys((current) => Array.from(new Set([...current, ...ancestors])));
    else if (FIRST_GROUP_OPEN_PATHS.has(pathname)) {
      const firstGroup = menuList.find((menu) => menu.children?.length);
      if (firstGroup) setOpenKeys((current) => (current.length ? current : [firstGroup.id]));
    }
  }, [activeMenuId, index, pathname, menuList]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const menu = index.byId.get(key);
    if (!menu) return;
    openMenu(menu, (path) => navigate(path));
    setPopupKeys([]);
    onNavigate?.();
  };

  return (
    <Menu
      mode="inline"
      theme={dark ? 'dark' : 'light'}
      items={items}
      selectedKeys={activeMenuId ? [activeMenuId] : []}
      openKeys={collapsed ? popupKeys : openKeys}
      onOpenChange={collapsed ? setPopupKeys : setOpenKeys}
      onClick={onClick}
      style={{ borderInlineEnd: 0 }}
    />
  );
}
