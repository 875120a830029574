// Bill rules (单据规则): numbering schemes records take their numbers from, with their seeded screen.
import type { PlatformModule } from '../../platform/module.js';
import { billRuleRoutes } from './routes.js';
import { billRuleSeed } from './menus.js';

export const billRuleModule: PlatformModule = {
  name: 'billRule',
  routes: billRuleRoutes,
  dataMigrations: [billRuleSeed],
};

// for other modules: numbering a record by a rule
export { issueNumber, issueNumbers } from './service.js';
