// The online-development screens: the 在线开发 directory, the function-design screen under it and the widget
// gallery. Released designs get their own menus (type 3) from the release call, not from here.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu, type MenuDeclaration } from '../../platform/menus.js';
import { menuSeedMigration } from '../menu/index.js';

export const DESIGN_MENU = BUILT_IN_MENUS.webDesign.enCode;

export const visualdevMenus: MenuDeclaration[] = [
  { enCode: MENU_DIRECTORY.onlineDev, fullName: '在线开发', type: 1, icon: 'icon-ym icon-ym-onlineDev', sortCode: 50 },
  screenMenu(BUILT_IN_MENUS.webDesign, MENU_DIRECTORY.onlineDev, {
    fullName: '功能设计',
    icon: 'icon-ym icon-ym-webDesign',
    sortCode: 10,
  }),
];

/** the widget gallery, seeded by a migration of its own so that installations seeded before it get it too */
export const gallerySeed = menuSeedMigration('visualdev.gallery.menus', [
  screenMenu(BUILT_IN_MENUS.widgetGallery, MENU_DIRECTORY.onlineDev, {
    fullName: '组件示例',
    icon: 'icon-ym icon-ym-generator-layout',
    sortCode: 20,
  }),
]);
