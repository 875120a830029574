// One process at a time on an embedded data directory: refused in-process and across processes, a lock left
// by a killed process taken over, a live holder respected by its lock file alone.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { DataDirLockedError, LOCK_FILE, lockDataDir, type LockHolder } from './dataDirLock.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'jnpf-lock-'));
const children: ChildProcess[] = [];
let dirs = 0;
const freshDir = () => path.join(scratch, `dir${++dirs}`);

// tsx runs the server's TypeScript in a child; @jnpf/core from its source, as the test project does
const tsconfigForChildren = path.join(scratch, 'tsconfig.json');
fs.writeFileSync(
  tsconfigForChildren,
  JSON.stringify({
    extends: path.join(repoRoot, 'apps/server/tsconfig.json'),
    compilerOptions: { baseUrl: repoRoot, paths: { '@jnpf/core': ['packages/core/src/index.ts'] } },
  }),
);

function runTs(args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: repoRoot,
    env: { ...process.env, TSX_TSCONFIG_PATH: tsconfigForChildren, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

function output(child: ChildProcess): {
  text: () => string;
  exited: Promise<number | null>;
  line: (s: string) => Promise<void>;
} {
  let text = '';
  const waiters: Array<() => void> = [];
  const onData = (chunk: Buffer) => {
    text += chunk.toString();
    waiters.splice(0).forEach((w) => w());
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const line = (s: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => (text.includes(s) ? resolve() : waiters.push(check));
      void exited.then(() => (text.includes(s) ? resolve() : reject(new Error(`exited before "${s}": ${text}`))));
      check();
    });
  return { text: () => text, exited, line };
}

function procStartOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
}

function writeLockFile(dir: string, holder: LockHolder) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(holder));
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe('data directory lock', () => {
  it('refuses a second holder in the same process, naming the directory and the holder; release frees it', async () => {
    const dir = freshDir();
    const lock = await lockDataDir(dir);
    const holder = JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as LockHolder;
    expect(holder.pid).toBe(process.pid);
    const refusal = await lockDataDir(dir).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect((refusal as DataDirLockedError).message).toContain(fs.realpathSync(dir));
    expect((refusal as DataDirLockedError).message).toContain(`process ${process.pid}`);
    await lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    await (await lockDataDir(dir)).release();
  });

  it('openDatabase refuses a directory in use before the embedded database touches it', async () => {
    const dir = freshDir();
    const lock = await lockDataDir(dir);
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    expect(fs.existsSync(path.join(dir, 'pgdata'))).toBe(false);
    await lock.release();
  });

  it('takes over a lock file whose process is gone, or whose pid now belongs to another process', async () => {
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    const dir = freshDir();
    writeLockFile(dir, { pid: gone.pid!, startedAt: Date.now() - 1000, hostname: os.hostname() });
    const lock = await lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    await lock.release();

    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    children.push(other);
    await new Promise((resolve) => other.on('spawn', resolve));
    const reused = freshDir();
    writeLockFile(reused, {
      pid: other.pid!,
      startedAt: Date.now() - 1000,
      hostname: os.hostname(),
      procStart: procStartOf(other.pid!) + 1,
    });
    await (await lockDataDir(reused)).release();
  });

  it('respects a live holder named by the lock file alone', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    children.push(holder);
    await new Promise((resolve) => holder.on('spawn', resolve));
    const dir = freshDir();
    writeLockFile(dir, {
      pid: holder.pid!,
      startedAt: Date.now(),
      hostname: os.hostname(),
      procStart: procStartOf(holder.pid!),
    });
    const refusal = await lockDataDir(dir).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect((refusal as DataDirLockedError).holder?.pid).toBe(holder.pid);
  });

  it('a second server process exits non-zero at once, naming the directory and the holder; the first keeps working', async () => {
    const dir = freshDir();
    const database = await openDatabase({ dataDir: dir });
    try {
      await database.query('create table kept (n int)');
      await database.query('insert into kept values (1)');
      const second = output(runTs(['apps/server/src/main.ts'], { DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'silent' }));
      expect(await second.exited).toBe(1);
      expect(second.text()).toContain(`The data directory ${fs.realpathSync(dir)} is in use by process ${process.pid}`);
      expect(fs.existsSync(path.join(dir, 'files'))).toBe(false);
      await database.query('insert into kept values (2)');
      expect(await database.query('select count(*)::int as n from kept')).toEqual([{ n: 2 }]);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('after the holder is killed with SIGKILL, the next process takes the directory', async () => {
    const dir = freshDir();
    const script = `const { lockDataDir } = await import(${JSON.stringify(path.join(here, 'dataDirLock.ts'))});
      await lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000);`;
    const child = runTs(['--input-type=module', '-e', script]);
    const holder = output(child);
    await holder.line('locked');
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    child.kill('SIGKILL');
    await holder.exited;
    const lock = await lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    await lock.release();
  }, 60_000);
});
