// Data migration of the dictionary module: its menu, and the root of the categories seeded before it existed.
import { isNull } from 'drizzle-orm';
import { dictionaryType } from '../../db/schema/index.js';
import { seedMenus } from '../menu/index.js';
import type { DataMigrationSpec } from '../../platform/module.js';
import { dictionaryMenus } from './menus.js';

export const dictionarySeed: DataMigrationSpec = {
  name: 'dictionary.seed',
  async run(tx) {
    await seedMenus(tx, dictionaryMenus);
    // the foundation's dictionaries (sex, Nation, businessType, ...) are system dictionaries: root "1"
    await tx.update(dictionaryType).set({ category: '1' }).where(isNull(dictionaryType.category));
  },
};
