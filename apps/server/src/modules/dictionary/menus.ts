// The dictionary management screen (categories on the left, their items on the right) under 系统数据, seeded
// with the root of the categories seeded before it existed.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { isNull } from 'drizzle-orm';
import { dictionaryType } from '../../db/schema/index.js';
import { screenMenu } from '../../platform/menus.js';
import { menuSeedMigration } from '../menu/index.js';

export const dictionarySeed = menuSeedMigration(
  'dictionary.seed',
  [
    screenMenu(BUILT_IN_MENUS.dictionary, MENU_DIRECTORY.systemData, {
      fullName: '数据字典',
      icon: 'icon-ym icon-ym-sysDictionary',
      sortCode: 10,
    }),
  ],
  // the foundation's dictionaries (sex, Nation, businessType, ...) are system dictionaries: root "1"
  (tx) => tx.update(dictionaryType).set({ category: '1' }).where(isNull(dictionaryType.category)),
);
