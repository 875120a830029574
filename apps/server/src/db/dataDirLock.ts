// One process at a time on an embedded data directory. PGlite has no lock of its own: two processes writing
// the same files both acknowledge writes, lose them, and can leave the directory unopenable.
//
// Two guards, both taken before anything opens the directory:
// - on Linux, an abstract Unix socket named after the directory's real path: the kernel lets one process bind
//   it and frees it when that process dies, even by kill -9, so there is no stale state and no race;
// - a lock file `platform.lock` naming the holder (pid, its start time, host). It tells a refused process who
//   holds the directory, and guards where the socket cannot (other systems, another network namespace): a
//   holder counts only while a process with that pid and that start time is alive, so a file left behind by
//   kill -9 (or naming a pid since reused) is taken over.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'platform.lock';

export interface LockHolder {
  pid: number;
  /** epoch ms the holding process started */
  startedAt: number;
  hostname: string;
  /** Linux: the process's start time in clock ticks since boot (/proc/<pid>/stat field 22), to spot pid reuse */
  procStart?: number;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockHolder | null,
  ) {
    const who = holder
      ? `process ${holder.pid} on ${holder.hostname}, started ${new Date(holder.startedAt).toISOString()}`
      : 'another process';
    super(
      `The data directory ${dir} is in use by ${who}. ` +
        'Only one process may open an embedded database: stop that process first, give this one another ' +
        'DATA_DIR, or run several processes against a PostgreSQL server (DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly dir: string;
  release(): Promise<void>;
}

/** Takes the data directory for this process, or throws DataDirLockedError naming the holder. */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  fs.mkdirSync(dir, { recursive: true });
  const realDir = fs.realpathSync(dir);
  const lockPath = path.join(realDir, LOCK_FILE);

  const socket = process.platform === 'linux' ? await bindAbstractSocket(realDir) : null;
  if (socket === 'taken') throw new DataDirLockedError(realDir, readHolder(lockPath));
  try {
    const me = currentHolder();
    writeLockFile(lockPath, me);
    return {
      dir: realDir,
      async release() {
        const holder = readHolder(lockPath);
        if (holder && holder.pid === me.pid && holder.startedAt === me.startedAt) fs.rmSync(lockPath, { force: true });
        if (socket) await new Promise<void>((resolve) => socket.close(() => resolve()));
      },
    };
  } catch (err) {
    if (socket) socket.close();
    throw err;
  }
}

/** Whether the process a lock file names is still the one that wrote it. */
export function holderIsAlive(holder: LockHolder): boolean {
  if (holder.hostname !== os.hostname()) return true; // another machine's process: we cannot tell, keep out
  if (holder.pid === process.pid) return holder.startedAt === currentHolder().startedAt;
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (holder.procStart === undefined) return true;
  const now = procStartOf(holder.pid);
  return now === undefined || now === holder.procStart;
}

function writeLockFile(lockPath: string, me: LockHolder): void {
  const text = `${JSON.stringify(me)}\n`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, text, { flag: 'wx' });
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readHolder(lockPath);
    if (holder && holderIsAlive(holder)) throw new DataDirLockedError(path.dirname(lockPath), holder);
    // left behind by a process that is gone: take it over
    fs.rmSync(lockPath, { force: true });
  }
  throw new DataDirLockedError(path.dirname(lockPath), readHolder(lockPath));
}

function readHolder(lockPath: string): LockHolder | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.startedAt !== 'number') return null;
    return {
      pid: parsed.pid,
      startedAt: parsed.startedAt,
      hostname: typeof parsed.hostname === 'string' ? parsed.hostname : os.hostname(),
      ...(typeof parsed.procStart === 'number' ? { procStart: parsed.procStart } : {}),
    };
  } catch {
    return null;
  }
}

function currentHolder(): LockHolder {
  const procStart = procStartOf(process.pid);
  return {
    pid: process.pid,
    startedAt: Math.round(performance.timeOrigin),
    hostname: os.hostname(),
    ...(procStart !== undefined ? { procStart } : {}),
  };
}

function procStartOf(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) may hold spaces and parentheses: count fields after its closing parenthesis
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const value = Number(fields[19]);
    return Number.isFinite(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function bindAbstractSocket(realDir: string): Promise<net.Server | 'taken'> {
  const name = `\0jnpf-data-dir:${createHash('sha256').update(realDir).digest('hex').slice(0, 40)}`;
  return new Promise((resolve, reject) => {
    const server = net.createServer((connection) => connection.destroy());
    server.once('error', (err: NodeJS.ErrnoException) => (err.code === 'EADDRINUSE' ? resolve('taken') : reject(err)));
    server.listen(name, () => {
      server.unref(); // the lock must not keep a finished process alive
      resolve(server);
    });
  });
}
