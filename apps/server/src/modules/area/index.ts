// Administrative areas (seeded with China's provinces, cities and districts) and the map lookups.
import type { PlatformModule } from '../../platform/module.js';
import { locationRoutes } from './location.js';
import { areaMenuSeed } from './menus.js';
import { areaRoutes } from './routes.js';
import { areaSeed } from './seed.js';

/** a map picture and the place searches through the server's key, for a form link's location field */
export { placeSearches, searchPlaces, sendStaticMap, staticMapQuery } from './location.js';

export const areaModule: PlatformModule = {
  name: 'area',
  routes: [...areaRoutes, ...locationRoutes],
  dataMigrations: [areaMenuSeed, areaSeed],
};
