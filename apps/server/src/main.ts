// config → database → migrations → seed → listen
import { loadConfig } from './config.js';
import { startPlatform } from './server.js';

const config = loadConfig();
const started = Date.now();
const platform = await startPlatform(config);
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
