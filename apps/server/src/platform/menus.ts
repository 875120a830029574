// How a module declares the menus of its screens. Menus are declared by the module that owns the screen and
// seeded by a data migration of that module (with the menu module's seedMenus), so a menu never points at a
// screen that does not exist.
import type { BuiltInMenu, ButtonCode } from '@jnpf/core';

export const MAIN_SYSTEM_CODE = 'mainSystem';

export interface MenuDeclaration {
  enCode: string;
  /** enCode of the parent menu; none for a top-level entry */
  parent?: string;
  fullName: string;
  /** 1 directory, 2 page, 3 online form, 4 dictionary, 5 report, 6 screen, 7 link, 8 portal */
  type: number;
  icon: string;
  urlAddress?: string;
  linkTarget?: '_self' | '_blank';
  propertyJson?: string;
  sortCode: number;
  buttons?: readonly ButtonCode[];
}

/** the page menu (type 2) of a built-in screen under `parent`: its code, address and buttons as core declares them */
export const screenMenu = (
  screen: BuiltInMenu,
  parent: string,
  looks: { fullName: string; icon: string; sortCode: number },
): MenuDeclaration => ({
  ...screen,
  parent,
  fullName: looks.fullName,
  type: 2,
  icon: looks.icon,
  sortCode: looks.sortCode,
});
