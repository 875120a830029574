// Carries out what choosing a menu does: in-app navigation, or a new window for data screens and links.
import type { MenuItem } from '@jnpf/core';
import { DATA_VISUAL_URL } from '../../platform/config';
import { getToken } from '../../platform/session';
import { expandLinkTemplate, resolveMenuAction } from './buildRoutes';

export function openMenu(menu: MenuItem, navigate: (path: string) => void): void {
  const action = resolveMenuAction(menu);
  if (action.kind === 'navigate') navigate(action.path);
  else if (action.kind === 'open') {
    const url = expandLinkTemplate(action.urlTemplate, { dataVisualUrl: DATA_VISUAL_URL, token: getToken() });
    window.open(url, '_blank', 'noopener');
  }
}

export interface MenuIndex {
  byId: ReadonlyMap<string, MenuItem>;
  /** Ids of the directories above each menu, outermost first. */
  ancestorIds: ReadonlyMap<string, readonly string[]>;
}

export function indexMenus(menuList: readonly MenuItem[]): MenuIndex {
  const byId = new Map<string, MenuItem>();
  const ancestorIds = new Map<string, string[]>();
  const visit = (menus: readonly MenuItem[], parents: string[]) => {
    for (const menu of menus) {
      byId.set(menu.id, menu);
      ancestorIds.set(menu.id, parents);
      if (menu.children?.length) visit(menu.children, [...parents, menu.id]);
    }
  };
  visit(menuList, []);
  return { byId, ancestorIds };
}

/** Menus that open something (pages, runtime views, links), in menu order: the home page's quick links. */
export function actionableMenus(menuList: readonly MenuItem[]): MenuItem[] {
  const result: MenuItem[] = [];
  const visit = (menus: readonly MenuItem[]) => {
    for (const menu of menus) {
      if (menu.children?.length) visit(menu.children);
      else if (resolveMenuAction(menu).kind !== 'none' && menu.type !== 0 && menu.type !== 1) result.push(menu);
    }
  };
  visit(menuList);
  return result;
}
