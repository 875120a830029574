// antd menu entries built from the user's menu list, shared by the side and top menus.
import type { MenuItem } from '@jnpf/core';
import type { MenuProps } from 'antd';
import { routeName } from '../../app/routes/buildRoutes';
import { localizedTitle } from '../../app/routes/viewInfo';
import { menuIcon } from './MenuIcon';

export type MenuEntries = NonNullable<MenuProps['items']>;

export function menuLabel(menu: MenuItem): string {
  return localizedTitle({ titleKey: null, name: routeName(menu.enCode ?? ''), title: menu.fullName });
}

/** The whole tree: directories become groups that open. */
export function toEntries(menus: readonly MenuItem[]): MenuEntries {
  return menus.map((menu) =>
    menu.children?.length
      ? {
          key: menu.id,
          icon: menuIcon(menu.icon, menu.type),
          label: menuLabel(menu),
          children: toEntries(menu.children),
        }
      : { key: menu.id, icon: menuIcon(menu.icon, menu.type), label: menuLabel(menu), title: menuLabel(menu) },
  );
}

/** One level only: each menu is a plain entry (the blend layout's top menu). */
export function toFlatEntries(menus: readonly MenuItem[]): MenuEntries {
  return menus.map((menu) => ({
    key: menu.id,
    icon: menuIcon(menu.icon, menu.type),
    label: menuLabel(menu),
    title: menuLabel(menu),
  }));
}
