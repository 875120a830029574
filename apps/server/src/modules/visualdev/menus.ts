// The online-development screens: the 在线开发 directory and the function-design screen under it. Released
// designs get their own menus (type 3) from the release call, not from here.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu, type MenuDeclaration } from '../../platform/menus.js';

export const DESIGN_MENU = BUILT_IN_MENUS.webDesign.enCode;

export const visualdevMenus: MenuDeclaration[] = [
  { enCode: MENU_DIRECTORY.onlineDev, fullName: '在线开发', type: 1, icon: 'icon-ym icon-ym-onlineDev', sortCode: 50 },
  screenMenu(BUILT_IN_MENUS.webDesign, MENU_DIRECTORY.onlineDev, {
    fullName: '功能设计',
    icon: 'icon-ym icon-ym-webDesign',
    sortCode: 10,
  }),
];
