// The position screen, and the position-type dictionary its form uses.
import { standardButtons, type MenuDeclaration } from '../../platform/menus.js';
import { seedMenus } from '../menu/index.js';
import type { DataMigrationSpec } from '../../platform/module.js';
import { POSITION_MENU } from '../organize/index.js';
import { ensureDictionary } from '../dictionary/index.js';

export const POSITION_TYPE_DICTIONARY = 'PositionType';

export const positionMenus: MenuDeclaration[] = [
  {
    enCode: POSITION_MENU,
    parent: 'permission',
    fullName: '岗位管理',
    type: 2,
    icon: 'icon-ym icon-ym-tree-position1',
    urlAddress: 'permission/position',
    sortCode: 30,
    buttons: standardButtons,
  },
];

export const positionSeed: DataMigrationSpec = {
  name: 'position.menus',
  async run(tx) {
    await seedMenus(tx, positionMenus);
    await ensureDictionary(tx, {
      enCode: POSITION_TYPE_DICTIONARY,
      fullName: '岗位类型',
      items: [
        ['1', '管理岗位'],
        ['2', '技术岗位'],
        ['3', '业务岗位'],
        ['4', '其他岗位'],
      ],
    });
  },
};
