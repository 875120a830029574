// The server a test file talks to: the global setup starts one per test worker, and a file uses the one of the
// worker it runs in (VITEST_POOL_ID, 1 to maxWorkers, is never shared by two files running at the same time).
// So a file may switch server-wide settings (captcha, forced password change) while another file runs.
import { inject } from 'vitest';
import type { E2eServer } from './globalSetup';

export function e2eServer(): E2eServer {
  const servers = inject('servers');
  const poolId = Number(process.env.VITEST_POOL_ID ?? '1');
  const server = servers[(poolId - 1) % servers.length];
  if (!server) throw new Error(`no e2e server for worker ${poolId} (${servers.length} started)`);
  return server;
}

/** The address of this file's server. */
export function e2eBaseUrl(): string {
  return e2eServer().baseUrl;
}
