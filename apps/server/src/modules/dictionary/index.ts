// Data dictionaries: types and their items, import and export, with the seeded screen.
import type { PlatformModule } from '../../platform/module.js';
import { dictionaryItemImportRoutes } from './itemImport.js';
import { dictionaryRoutes } from './routes.js';
import { dictionarySeed } from './menus.js';

export const dictionaryModule: PlatformModule = {
  name: 'dictionary',
  routes: [...dictionaryRoutes, ...dictionaryItemImportRoutes],
  dataMigrations: [dictionarySeed],
};

// for other modules: dictionaries by code, seeding one, types and items, the import/export refusals, and the
// route pieces of a screen built like the dictionary's (one record, export and import of a file)
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
export { m as dictionaryMessages, nameCodeInputs } from './messages.js';
export { exportRoute, importRoute, infoRoute } from './routeKit.js';
export { dictionariesChanged, keptDictionary, type KeptDictionary } from './kept.js';
export { createType, typeByIdOrCode } from './types.js';
