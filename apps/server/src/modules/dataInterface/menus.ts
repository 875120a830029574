// The screens 数据连接, 数据接口 and 接口认证 under 系统数据, and the DataInterfaceType dictionary the interfaces'
// categories come from.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu } from '../../platform/menus.js';
import { ensureDictionary } from '../dictionary/index.js';
import { menuSeedMigration } from '../menu/index.js';

export const DATA_INTERFACE_TYPE = 'DataInterfaceType';
export const SOURCE_MENU = BUILT_IN_MENUS.dataSource.enCode;
export const INTERFACE_MENU = BUILT_IN_MENUS.dataInterface.enCode;
export const AUTH_MENU = BUILT_IN_MENUS.interfaceAuth.enCode;

export const dataInterfaceSeed = menuSeedMigration(
  'dataInterface.menus',
  [
    screenMenu(BUILT_IN_MENUS.dataSource, MENU_DIRECTORY.systemData, {
      fullName: '数据连接',
      icon: 'icon-ym icon-ym-sys-dataSource',
      sortCode: 20,
    }),
    screenMenu(BUILT_IN_MENUS.dataInterface, MENU_DIRECTORY.systemData, {
      fullName: '数据接口',
      icon: 'icon-ym icon-ym-sys-interface',
      sortCode: 30,
    }),
    screenMenu(BUILT_IN_MENUS.interfaceAuth, MENU_DIRECTORY.systemData, {
      fullName: '接口认证',
      icon: 'icon-ym icon-ym-sys-interfaceAuth',
      sortCode: 35,
    }),
  ],
  (tx) =>
    ensureDictionary(tx, {
      enCode: DATA_INTERFACE_TYPE,
      fullName: '数据接口分类',
      items: [
        ['system', '系统接口'],
        ['business', '业务接口'],
        ['thirdParty', '第三方接口'],
      ],
    }),
);
