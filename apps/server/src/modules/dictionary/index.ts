// Data dictionaries: types and their items, import and export, with the seeded screen.
import type { PlatformModule } from '../../platform/module.js';
import { dictionaryRoutes } from './routes.js';
import { dictionarySeed } from './seed.js';

export const dictionaryModule: PlatformModule = {
  name: 'dictionary',
  routes: dictionaryRoutes,
  dataMigrations: [dictionarySeed],
};

// for other modules: dictionaries by code, seeding one, types and items, and the import/export refusals
export {
  dictionaryItems,
  dictionaryNames,
  ensureDictionary,
  insertDictionary,
  type DictionaryItem,
  type DictionarySeed,
} from './byCode.js';
export { readExchangeFile, SKIP_REASON, type ExchangeFormat, type ImportTally } from './bdd.js';
export { createItem, itemsOfType } from './items.js';
export { m as dictionaryMessages } from './messages.js';
export { createType, typeByIdOrCode } from './types.js';
