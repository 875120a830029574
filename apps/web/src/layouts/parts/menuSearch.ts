// The header search's index: the menus the user may open, matched fuzzily by title (weight
// 0.7) and path (weight 0.3) with threshold 0.4. fuse.js is passed in, so that it loads with the search only.
import type { MenuItem } from '@jnpf/core';
import type Fuse from 'fuse.js';
import type { IFuseOptions } from 'fuse.js';
import { resolveMenuAction } from '../../app/routes/buildRoutes';
import { actionableMenus } from '../../app/routes/menuNavigation';

export interface SearchEntry {
  menu: MenuItem;
  title: string;
  /** In-app path, or the address a new-window link opens. */
  path: string;
}

export const MENU_SEARCH_OPTIONS: IFuseOptions<SearchEntry> = {
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
  threshold: 0.4,
};

/** Most results listed at once. */
export const MAX_SEARCH_RESULTS = 30;

export function searchEntries(menuList: readonly MenuItem[], titleOf: (menu: MenuItem) => string): SearchEntry[] {
  return actionableMenus(menuList).map((menu) => {
    const action = resolveMenuAction(menu);
    const path = action.kind === 'navigate' ? action.path : action.kind === 'open' ? menu.urlAddress : '';
    return { menu, title: titleOf(menu), path };
  });
}

export type FuseConstructor = typeof Fuse<SearchEntry>;

export function createMenuIndex(FuseClass: FuseConstructor, entries: readonly SearchEntry[]) {
  const fuse = new FuseClass([...entries], MENU_SEARCH_OPTIONS);
  return (query: string): SearchEntry[] => {
    const wanted = query.trim();
    if (!wanted) return [];
    return fuse
      .search(wanted)
      .slice(0, MAX_SEARCH_RESULTS)
      .map((result) => result.item);
  };
}
