// The backup and restore commands (npm run backup / npm run restore), on the platform DATA_DIR and
// DATABASE_URL name, as the server would open it:
//
//   backup  --out <file.tar.gz>            writes the whole platform (database and files) to a new archive
//   restore --in <file.tar.gz> [--force]   migrates the target, then replaces it with the archive's platform;
//                                          refuses a platform holding data of its own unless --force
//
// On the embedded database the command takes the data directory for itself, as the server does
// (db/dataDirLock.ts). While a server holds it the command refuses and says so: the running server makes and
// restores backups itself (系统数据 › 数据备份, /api/systemData/DataBackup). The command never opens a
// directory a server is using.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { DataDirLockedError } from './db/dataDirLock.js';
import {
  BackupRefusal,
  createBackup,
  restoreBackup,
  type BackupProgress,
  type ProgressListener,
} from './db/backup/engine.js';
import { platformVersion } from './db/backup/version.js';
import { migrate } from './db/migrate.js';
import { dataMigrations } from './modules/index.js';
import { S3Storage, storageOf } from './platform/storage.js';

export interface CommandOutput {
  /** results */
  log(line: string): void;
  /** progress and refusals */
  error(line: string): void;
}

/** exit codes: 0 done, 1 refused or failed, 2 bad usage, 3 the data directory is in use */
export const EXIT = { done: 0, failed: 1, usage: 2, locked: 3 } as const;

const USAGE = [
  'usage: npm run backup -- --out <file.tar.gz>',
  '       npm run restore -- --in <file.tar.gz> [--force]',
  'The platform is the one DATA_DIR and DATABASE_URL name (as for the server).',
].join('\n');

interface Args {
  command: 'backup' | 'restore';
  file: string;
  force: boolean;
  quiet: boolean;
}

function parseArgs(argv: readonly string[]): Args | string {
  const [command, ...rest] = argv;
  if (command !== 'backup' && command !== 'restore') return `unknown command ${command ?? ''}`;
  let file: string | undefined;
  let force = false;
  let quiet = false;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if ((arg === '--out' && command === 'backup') || (arg === '--in' && command === 'restore')) file = rest[++i];
    else if (arg.startsWith('--out=') && command === 'backup') file = arg.slice(6);
    else if (arg.startsWith('--in=') && command === 'restore') file = arg.slice(5);
    else if (arg === '--force' && command === 'restore') force = true;
    else if (arg === '--quiet') quiet = true;
    else return `unknown option ${arg}`;
  }
  if (!file) return command === 'backup' ? 'missing --out <file>' : 'missing --in <file>';
  return { command, file: path.resolve(file), force, quiet };
}

const PHASES: Record<BackupProgress['phase'], string> = {
  tables: 'reading tables',
  files: 'reading files',
  archive: 'writing the archive',
  verify: 'verifying the archive',
  load: 'loading',
  check: 'checking what was loaded',
};

/** progress lines: each phase once, then at most every half second */
function progressPrinter(out: CommandOutput, quiet: boolean): ProgressListener {
  let phase = '';
  let last = 0;
  return (p) => {
    if (quiet) return;
    const now = Date.now();
    if (p.phase === phase && now - last < 500 && p.done !== p.total) return;
    phase = p.phase;
    last = now;
    out.error(`${PHASES[p.phase]} ${p.done}/${p.total}${p.item ? ` ${p.item}` : ''}`);
  };
}

export async function runBackupCommand(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  out: CommandOutput = console,
): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    out.error(`${args}\n${USAGE}`);
    return EXIT.usage;
  }
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (err) {
    out.error((err as Error).message);
    return EXIT.usage;
  }
  if (args.command === 'backup' && fs.existsSync(args.file)) {
    out.error(`${args.file} exists already: name a new file`);
    return EXIT.usage;
  }
  if (args.command === 'restore' && !fs.existsSync(args.file)) {
    out.error(`${args.file} does not exist`);
    return EXIT.usage;
  }
  if (args.command === 'backup' && !config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pgdata'))) {
    out.error(`There is no embedded database in ${config.dataDir}: check DATA_DIR (or DATABASE_URL)`);
    return EXIT.usage;
  }
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    out.error(
      `${err.message}\nA backup or restore of the embedded database needs the data directory to itself. ` +
        'Stop the server first, or make and restore backups through the running server: ' +
        '系统数据 › 数据备份 (API /api/systemData/DataBackup).',
    );
    return EXIT.locked;
  }
  // the stored files where the server keeps them: DATA_DIR/files, or the S3_BUCKET object store
  const storage = storageOf(config);
  const where =
    (config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`) +
    (config.s3
      ? ` with the files in the bucket ${config.s3.bucket}${config.s3.prefix ? ` (${config.s3.prefix})` : ''}`
      : '');
  const onProgress = progressPrinter(out, args.quiet);
  try {
    if (args.command === 'backup') {
      const manifest = await createBackup(database, {
        storage,
        out: args.file,
        platformVersion: platformVersion(),
        onProgress,
      });
      out.log(
        `Backup of ${where} written to ${args.file}: ${manifest.totals.tables} tables, ` +
          `${manifest.totals.rows} rows, ${manifest.totals.files} files (${manifest.totals.fileBytes} bytes).`,
      );
    } else {
      await migrate(database.db, dataMigrations, { config });
      const result = await restoreBackup(database, { storage, archive: args.file, force: args.force, onProgress });
      out.log(
        `Restored ${args.file} into ${where}: ${result.tables} tables, ${result.rows} rows, ${result.files} files, ` +
          'counts and checksums verified.',
      );
      if (result.leftBehind > 0)
        out.error(
          `${result.leftBehind} files of the replaced platform could not be removed from the bucket; ` +
            'no record names them (restore again with --force to remove them).',
        );
    }
    return EXIT.done;
  } catch (err) {
    if (err instanceof BackupRefusal) {
      out.error(`Refused: ${err.message}`);
      return EXIT.failed;
    }
    out.error(`Failed: ${(err as Error).message}`);
    return EXIT.failed;
  } finally {
    await database.close();
    if (storage instanceof S3Storage) storage.destroy();
  }
}
