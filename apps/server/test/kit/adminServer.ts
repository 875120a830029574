// The server of one test file, with the administrator signed in. useAdminServer() starts it before the file's
// tests and stops it after them; `server`, `admin` (the administrator's token) and `api` (calls as the
// administrator) are that server's from then on. They are live bindings: read them inside tests and hooks.
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../src/config.js';
import type { PlatformModule } from '../../src/platform/module.js';
import { client, signIn, startTestServer, type Client, type TestServer } from '../harness.js';

export let server: TestServer;
export let admin: string;
export let api: Client;

export const ctx = () => server.platform.context;

export function useAdminServer(overrides: Partial<Config> = {}, extraModules: PlatformModule[] = []) {
  beforeAll(async () => {
    server = await startTestServer(overrides, extraModules);
    admin = await signIn(server);
    api = client(server, admin);
  });
  afterAll(async () => {
    await server?.close();
  });
}
