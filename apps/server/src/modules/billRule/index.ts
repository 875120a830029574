import type { PlatformModule } from '../../platform/module.js';
import { billRuleRoutes } from './routes.js';
import { billRuleSeed } from './seed.js';

export const billRuleModule: PlatformModule = {
  name: 'billRule',
  routes: billRuleRoutes,
  dataMigrations: [billRuleSeed],
};
