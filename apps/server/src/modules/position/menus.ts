// The position screen, and the position-type dictionary its form uses.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu } from '../../platform/menus.js';
import { menuSeedMigration } from '../menu/index.js';
import { ensureDictionary } from '../dictionary/index.js';

export const POSITION_TYPE_DICTIONARY = 'PositionType';

const looks = { fullName: '岗位管理', icon: 'icon-ym icon-ym-tree-position1', sortCode: 30 };

export const positionSeed = menuSeedMigration(
  'position.menus',
  [screenMenu(BUILT_IN_MENUS.position, MENU_DIRECTORY.permission, looks)],
  (tx) =>
    ensureDictionary(tx, {
      enCode: POSITION_TYPE_DICTIONARY,
      fullName: '岗位类型',
      items: [
        ['1', '管理岗位'],
        ['2', '技术岗位'],
        ['3', '业务岗位'],
        ['4', '其他岗位'],
      ],
    }),
);
