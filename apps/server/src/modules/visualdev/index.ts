// Online development: the function-design screen, release to menus, the runtime of released forms and their
// public links, and the widget gallery's menu.
import type { PlatformModule } from '../../platform/module.js';
import { registerFileHolder } from '../file/index.js';
import { codegenRoutes } from './codegen/codegenRoutes.js';
import { designRoutes } from './design/designRoutes.js';
import { pickingRoutes } from './design/pickingRoutes.js';
import { transferRoutes } from './design/transferRoutes.js';
import { releaseRoutes } from './release/releaseRoutes.js';
import { recordFileHolder } from './runtime/fileHolder.js';
import { RECORD_FILE_STORES } from './runtime/fileRefs.js';
import { recordImportRoutes } from './runtime/recordImport.js';
import { runtimeRoutes } from './runtime/runtimeRoutes.js';
import { shortLinkRoutes } from './shortLink/shortLinkRoutes.js';
import { gallerySeed } from './menus.js';
import { visualdevSeed } from './seed.js';

export const visualdevModule: PlatformModule = {
  name: 'visualdev',
  routes: [
    ...designRoutes,
    ...pickingRoutes,
    ...transferRoutes,
    ...releaseRoutes,
    ...runtimeRoutes,
    ...recordImportRoutes,
    ...shortLinkRoutes,
    ...codegenRoutes,
  ],
  dataMigrations: [visualdevSeed, gallerySeed],
  setup(app) {
    // the chunked upload's stores hold the files of the forms' upload fields and the pictures of their rich texts
    for (const store of RECORD_FILE_STORES) registerFileHolder(app, store, recordFileHolder(store));
  },
};

// for print templates: the field tree of a released form and its records as the caller may read them
export { printableRecords, printFieldTree, type PrintFieldNode } from './runtime/print.js';
