// The user-group screen, and the group-type dictionary its form uses.
import { standardButtons, type MenuDeclaration } from '../../platform/menus.js';
import { seedMenus } from '../menu/index.js';
import type { DataMigrationSpec } from '../../platform/module.js';
import { GROUP_MENU } from '../organize/index.js';
import { ensureDictionary } from '../dictionary/index.js';

export const GROUP_TYPE_DICTIONARY = 'groupType';

export const groupMenus: MenuDeclaration[] = [
  {
    enCode: GROUP_MENU,
    parent: 'permission',
    fullName: '分组管理',
    type: 2,
    icon: 'icon-ym icon-ym-generator-group1',
    urlAddress: 'permission/group',
    sortCode: 60,
    buttons: standardButtons,
  },
];

export const groupSeed: DataMigrationSpec = {
  name: 'group.menus',
  async run(tx) {
    await seedMenus(tx, groupMenus);
    await ensureDictionary(tx, {
      enCode: GROUP_TYPE_DICTIONARY,
      fullName: '分组类型',
      items: [
        ['1', '部门分组'],
        ['2', '项目分组'],
        ['3', '其他分组'],
      ],
    });
  },
};
