// Data sources (数据连接), data interfaces (数据接口) with variables and call logs, and interface
// authorisation (接口认证), with their seeded screens and the DataInterfaceType dictionary.
import type { PlatformModule } from '../../platform/module.js';
import { schedulerOf } from '../../platform/scheduler.js';
import { authRoutes } from './authRoutes.js';
import { interfaceRoutes } from './interfaceRoutes.js';
import { purgeLogs } from './logs.js';
import { dataInterfaceSeed } from './menus.js';
import { sourceRoutes } from './sourceRoutes.js';
import { variateRoutes } from './variateRoutes.js';

const PURGE_EVERY_MS = 60 * 60 * 1000;

export const dataInterfaceModule: PlatformModule = {
  name: 'dataInterface',
  routes: [...sourceRoutes, ...interfaceRoutes, ...variateRoutes, ...authRoutes],
  dataMigrations: [dataInterfaceSeed],
  setup(app) {
    // call logs older than DATA_INTERFACE_LOG_DAYS are dropped hourly, by one process, and no more once the app
    // has closed (a bare timer kept the closed app and its database alive). In the job's own transaction: on the
    // embedded database a statement outside it waits for it to end, and it would wait for that statement forever
    schedulerOf(app).every('dataInterface.purgeLogs', PURGE_EVERY_MS, async (_payload, { tx }) => {
      await purgeLogs(app, tx);
    });
  },
};

// for other modules: running an interface for a form's dynamic options (the caller's variables resolved)
export { interfaceById } from './interfaces.js';
export {
  checkSqlText,
  executeInterface,
  listPage,
  MAX_ROWS,
  readQueryColumns,
  resolvedParamValues,
  rowsByIds,
  runReadQuery,
  type Caller,
  type CallContext,
} from './runtime.js';
export { PLATFORM_SOURCE } from './connect.js';
export { releasedFormsChanged } from './formUse.js';
export { m as dataInterfaceMessages } from './messages.js';
export { creatorNames } from './names.js';
