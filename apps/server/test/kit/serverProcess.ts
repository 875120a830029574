// A real server process (node running src/main.ts through tsx) over the database and Redis of an in-process
// test server, on its own port and with its own DATA_DIR: another machine behind the load balancer.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { S3Settings } from '../../src/config.js';
import type { TestServer } from '../harness.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');

export interface ServerProcess extends TestServer {
  /** the server's own process id (the scheduler names its claims by it) */
  pid: number;
  dataDir: string;
  /** what the process wrote to stdout and stderr so far */
  output(): string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const s3Env = (s3: S3Settings | undefined): Record<string, string> =>
  s3
    ? {
        S3_BUCKET: s3.bucket,
        ...(s3.endpoint ? { S3_ENDPOINT: s3.endpoint } : {}),
        S3_REGION: s3.region,
        ...(s3.accessKeyId ? { S3_ACCESS_KEY_ID: s3.accessKeyId } : {}),
        ...(s3.secretAccessKey ? { S3_SECRET_ACCESS_KEY: s3.secretAccessKey } : {}),
        S3_FORCE_PATH_STYLE: String(s3.forcePathStyle),
        S3_PREFIX: s3.prefix,
      }
    : {};

/**
 * Starts a server process sharing `base`'s PostgreSQL database and Redis (its key prefix too), configured only
 * through the environment as in production; answers once /api/health does.
 */
export async function startServerProcess(
  base: TestServer,
  options: { s3?: S3Settings; startMs?: number } = {},
): Promise<ServerProcess> {
  if (!base.config.databaseUrl || !base.config.redisUrl) throw new Error('a server process needs PostgreSQL and Redis');
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jnpf-proc-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: base.config.databaseUrl,
    DATABASE_POOL_SIZE: '3',
    REDIS_URL: base.config.redisUrl,
    REDIS_PREFIX: base.config.redisPrefix,
    CIPHER_KEY: base.config.cipherKey,
    ADMIN_PASSWORD: '123456',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(os.tmpdir(), 'jnpf-no-web'),
    TRUST_PROXY: 'true',
    ...s3Env(options.s3),
  };
  // tsx's loader in the server's own node process (its command line would run the server in a child of its own)
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));

  const baseUrl = `http://127.0.0.1:${port}`;
  const end = Date.now() + (options.startMs ?? 90_000);
  for (;;) {
    if (gone) throw new Error(`server process ended while starting:\n${output}`);
    const up = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > end) {
      child.kill('SIGKILL');
      throw new Error(`server process not up within the time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    // the in-process server's platform: for its database and kits, never for this process's state
    ...base,
    baseUrl,
    clientIp: `10.${port % 250}.${Math.floor(port / 250) % 250}.7`,
    pid: child.pid!,
    dataDir,
    output: () => output,
    async close() {
      if (!gone) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
