// Data dictionaries: types and their items, import and export, with the seeded screen.
import type { PlatformModule } from '../../platform/module.js';
import { dictionaryRoutes } from './routes.js';
import { dictionarySeed } from './seed.js';

export const dictionaryModule: PlatformModule = {
  name: 'dictionary',
  routes: dictionaryRoutes,
  dataMigrations: [dictionarySeed],
};

// for other modules: types and items by code, creating them, and the import/export refusals
export { createItem, itemsOfType } from './items.js';
export { m as dictionaryMessages } from './messages.js';
export { createType, typeByIdOrCode } from './types.js';
