// A domain module: its routes (each with its permission) and the data it seeds, declared in one place.
import type { Config } from '../config.js';
import type { Tx } from '../db/client.js';
import type { AppContext } from './context.js';
import type { AnyRoute } from './route.js';

export interface SeedContext {
  config: Config;
}

export interface DataMigrationSpec {
  /** unique and never renamed: it is recorded once applied */
  name: string;
  run(tx: Tx, ctx: SeedContext): Promise<void>;
}

export interface PlatformModule {
  name: string;
  routes: AnyRoute[];
  dataMigrations?: DataMigrationSpec[];
  /** wiring that needs the built app (socket handlers, listeners) */
  setup?(app: AppContext): void;
}
