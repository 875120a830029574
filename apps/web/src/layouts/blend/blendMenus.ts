// Which top entry the blend layout shows in its left menu: the top entry above the view
// on screen; on views outside the menu (home, profile) the last one chosen, else the first with children.
// Directories (types 0 and 1) among the top entries hand their children to the left menu.
import type { MenuItem } from '@jnpf/core';
import type { MenuIndex } from '../../app/routes/menuNavigation';

export function activeTopId(
  menuList: readonly MenuItem[],
  index: MenuIndex,
  activeMenuId: string,
  chosenTopId: string | null,
): string | null {
  if (activeMenuId) {
    const ancestors = index.ancestorIds.get(activeMenuId);
    if (ancestors?.length) return ancestors[0]!;
    if (menuList.some((menu) => menu.id === activeMenuId)) return activeMenuId;
  }
  if (chosenTopId && menuList.some((menu) => menu.id === chosenTopId)) return chosenTopId;
  return menuList.find((menu) => menu.children?.length)?.id ?? menuList[0]?.id ?? null;
}

/** The left menu of a top entry: the children of a directory, nothing for a page. */
export function sideMenusOf(top: MenuItem | undefined): MenuItem[] {
  if (!top || (top.type !== 0 && top.type !== 1)) return [];
  return top.children ?? [];
}
