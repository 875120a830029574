// Dictionaries as the reading calls use them: a category (by id, or by code) with all its items in list order,
// read once per process and kept until any dictionary write drops every kept one in every process
// (dictionariesChanged, called by each write route once its transaction has committed). The item lists, the
// pickers and the online forms' options read them here; writes read the tables themselves.
import type { AppContext } from '../../platform/context.js';
import { BusCache } from '../../platform/sharedCache.js';
import { itemsOfType, type ItemRow } from './items.js';
import { typeByIdOrCode, type TypeRow } from './types.js';

export interface KeptDictionary {
  type: TypeRow;
  /** every item of the category, enabled or not, in itemOrder */
  items: readonly ItemRow[];
}

const CHANNEL = 'dictionary:changed';
const caches = new WeakMap<AppContext, BusCache<KeptDictionary | null>>();

function cacheOf(app: AppContext): BusCache<KeptDictionary | null> {
  let cache = caches.get(app);
  if (!cache) {
    cache = new BusCache(app.shared.bus, CHANNEL, async (idOrCode) => {
      const type = await typeByIdOrCode(app.db, idOrCode);
      return type ? { type, items: await itemsOfType(app.db, type.id) } : null;
    });
    caches.set(app, cache);
  }
  return cache;
}

/** the category `idOrCode` names (its id first, then its code) with its items; undefined when there is none */
export async function keptDictionary(app: AppContext, idOrCode: string): Promise<KeptDictionary | undefined> {
  const cache = cacheOf(app);
  const kept = await cache.get(idOrCode);
  // names of nothing are not kept: they would pile up
  if (!kept) cache.drop(idOrCode);
  return kept ?? undefined;
}

/** after a dictionary write has committed: every process reads dictionaries again */
export const dictionariesChanged = (app: AppContext): Promise<void> => cacheOf(app).changed();
