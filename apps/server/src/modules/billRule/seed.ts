// Data migration of the number-rule module: its menu.
import { seedMenus } from '../menu/index.js';
import type { DataMigrationSpec } from '../../platform/module.js';
import { billRuleMenus } from './menus.js';

export const billRuleSeed: DataMigrationSpec = {
  name: 'billRule.seed',
  async run(tx) {
    await seedMenus(tx, billRuleMenus);
  },
};
