// Opens the database and shared state, migrates and seeds, and builds the app: what main.ts and tests share.
import { buildApp, type BuiltApp } from './app.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { migrate } from './db/migrate.js';
import { dataMigrations, modules } from './modules/index.js';
import { openSharedState } from './platform/kv.js';
import type { PlatformModule } from './platform/module.js';

/** how long closing waits for running API calls before the database closes anyway */
const CLOSE_DRAIN_MS = 10_000;

export interface Platform extends BuiltApp {
  database: Database;
  close(): Promise<void>;
}

export async function startPlatform(
  config: Config,
  options: {
    logger?: boolean;
    loadDataDir?: Blob;
    memory?: boolean;
    skipMigrate?: boolean;
    /** tests add modules of their own */
    extraModules?: PlatformModule[];
  } = {},
): Promise<Platform> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    ...(options.memory ? { memory: true } : {}),
  });
  const shared = await openSharedState(config.redisUrl, config.redisPrefix);
  try {
    if (!options.skipMigrate) await migrate(database.db, dataMigrations, { config });
    const built = await buildApp({
      config,
      database,
      shared,
      modules: [...modules, ...(options.extraModules ?? [])],
      ...(options.logger === false ? { logger: false } : {}),
    });
    return {
      ...built,
      database,
      async close() {
        // a connection that never ends (a client that stopped reading, a body never finished) would keep the close
        // waiting for good: after the drain time every connection left is cut
        const cut = setTimeout(() => built.app.server.closeAllConnections(), CLOSE_DRAIN_MS);
        try {
          await built.app.close();
        } finally {
          clearTimeout(cut);
        }
        // a handler whose client hung up may still be awaiting the database
        if (!(await built.inFlight.drained(CLOSE_DRAIN_MS))) {
          built.app.log.warn({ running: built.inFlight.running }, 'closing with API calls still running');
        }
        await shared.close();
        await database.close();
      },
    };
  } catch (err) {
    await shared.close();
    await database.close();
    throw err;
  }
}
