// Configuration for servers started by tests: quiet, throwaway data directory, optional PostgreSQL and Redis.
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../src/config.js';

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: path.join(os.tmpdir(), `jnpf-test-${process.pid}`),
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: '123456',
    WEB_DIST: path.join(os.tmpdir(), 'jnpf-no-web'),
  });
  // tests give each server its own client address through X-Forwarded-For (see harness.call)
  // calls wait their turn on a loaded test machine rather than being turned away busy (admission.test.ts sets its own)
  return { ...base, trustProxy: true, admission: { waitMs: 30_000 }, ...overrides };
}
