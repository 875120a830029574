// Print templates (打印模板): their screen's calls, the data they print (from released online forms or SQL
// over the data sources) and the print log, with the 打印模板 menu and the printDev dictionary.
import type { PlatformModule } from '../../platform/module.js';
import { printDevSeed } from './menus.js';
import { printDevRoutes } from './routes.js';

export const printDevModule: PlatformModule = {
  name: 'printDev',
  routes: printDevRoutes,
  dataMigrations: [printDevSeed],
};
