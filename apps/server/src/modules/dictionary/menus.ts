// The dictionary management screen (categories on the left, their items on the right) under 系统数据.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu, type MenuDeclaration } from '../../platform/menus.js';

export const dictionaryMenus: MenuDeclaration[] = [
  screenMenu(BUILT_IN_MENUS.dictionary, MENU_DIRECTORY.systemData, {
    fullName: '数据字典',
    icon: 'icon-ym icon-ym-sysDictionary',
    sortCode: 10,
  }),
];
