// config → database → migrations → seed → listen
import { loadConfig } from './config.js';
import { DataDirLockedError } from './db/dataDirLock.js';
import { startPlatform, type Platform } from './server.js';

const config = loadConfig();
const started = Date.now();
let platform: Platform;
try {
  platform = await startPlatform(config);
} catch (err) {
  if (!(err instanceof DataDirLockedError)) throw err;
  // a second process on a data directory in use: say who holds it and stop before touching anything
  console.error(err.message);
  process.exit(1);
}
await platform.app.listen({ port: config.port, host: config.host });
platform.app.log.info(
  { port: config.port, database: platform.database.kind, redis: Boolean(config.redisUrl), ms: Date.now() - started },
  'platform started',
);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    platform.app.log.info({ signal }, 'shutting down');
    platform
      .close()
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  });
}
