// The user-group screen, and the group-type dictionary its form uses.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu } from '../../platform/menus.js';
import { menuSeedMigration } from '../menu/index.js';
import { ensureDictionary } from '../dictionary/index.js';

import { GROUP_TYPE_DICTIONARY } from '../../platform/pickable.js';

export { GROUP_TYPE_DICTIONARY };

const looks = { fullName: '分组管理', icon: 'icon-ym icon-ym-generator-group1', sortCode: 60 };

export const groupSeed = menuSeedMigration(
  'group.menus',
  [screenMenu(BUILT_IN_MENUS.group, MENU_DIRECTORY.permission, looks)],
  (tx) =>
    ensureDictionary(tx, {
      enCode: GROUP_TYPE_DICTIONARY,
      fullName: '分组类型',
      items: [
        ['1', '部门分组'],
        ['2', '项目分组'],
        ['3', '其他分组'],
      ],
    }),
);
