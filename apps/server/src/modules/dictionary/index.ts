import type { PlatformModule } from '../../platform/module.js';
import { dictionaryRoutes } from './routes.js';
import { dictionarySeed } from './seed.js';

export const dictionaryModule: PlatformModule = {
  name: 'dictionary',
  routes: dictionaryRoutes,
  dataMigrations: [dictionarySeed],
};
