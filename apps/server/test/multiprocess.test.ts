// Several processes over one PostgreSQL and one Redis: migrations run once, and ending a session in one
// process is seen at once by the others, whose caches would otherwise still accept the token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { dataMigrations } from '../src/modules/index.js';
import { testConfig } from './config.js';
import { withDatabase } from './globalSetup.js';
import { call, signIn, startPeerServer, startTestServer, type TestServer } from './harness.js';
import { dropDatabase } from './pg.js';

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(pgUrl)('migrations from processes starting together', () => {
  it('two concurrent migrations apply everything exactly once', async () => {
    const name = `jnpf_mig_${process.pid}_${Date.now()}`;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = withDatabase(pgUrl!, name);
    const [a, b] = await Promise.all([
      openDatabase({ databaseUrl: url, poolSize: 2 }),
      openDatabase({ databaseUrl: url, poolSize: 2 }),
    ]);
    try {
      const config = testConfig();
      const reports = await Promise.all([
        migrate(a.db, dataMigrations, { config }),
        migrate(b.db, dataMigrations, { config }),
      ]);
      const applied = reports.map((r) => r.schema.length + r.data.length);
      expect(applied.filter((n) => n > 0)).toHaveLength(1);
      const admins = await a.query<{ n: number }>(`select count(*)::int as n from base_user where account = 'admin'`);
      expect(admins[0]?.n).toBe(1);
    } finally {
      await a.close();
      await b.close();
      await dropDatabase(pgUrl!, name);
    }
  });
});

describe.runIf(pgUrl && redisUrl)('two processes sharing PostgreSQL and Redis', () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await startTestServer({ redisUrl });
    second = await startPeerServer(first);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('a logout in one process ends the session in the other within moments', async () => {
    const token = await signIn(first);
    // both processes have the session cached
    expect((await call(first, 'GET', '/api/oauth/CurrentUser', { token })).code).toBe(200);
    expect((await call(second, 'GET', '/api/oauth/CurrentUser', { token })).code).toBe(200);
    expect((await call(second, 'GET', '/api/oauth/Logout', { token })).code).toBe(200);
    // the other process hears of it through Redis pub/sub: delivered within milliseconds, not before the logout
    // answers, so the first call may still beat it (seen once in CI); it must end within a second
    await expect
      .poll(async () => (await call(first, 'GET', '/api/oauth/CurrentUser', { token })).code, {
        timeout: 1_000,
        interval: 20,
      })
      .toBe(600);
  });

  it('a captcha drawn by one process is checked by the other', async () => {
    await fetch(`${first.baseUrl}/api/file/ImageCode/shared1`);
    const answer = await first.platform.context.shared.kv.get('captcha:shared1');
    expect(answer).toBeTruthy();
    expect(await second.platform.context.shared.kv.take('captcha:shared1')).toBe(answer);
  });

  it('a configuration change in one process applies in the other without a restart', async () => {
    const ctx = first.platform.context;
    const before = await second.platform.context.sysConfig.get();
    expect(before.enableVerificationCode).toBe(0);
    await ctx.db.transaction(async (tx) => ctx.sysConfig.save(tx, { ...before, enableVerificationCode: 1 }));
    await ctx.sysConfig.changed();
    // the other process hears of it through Redis pub/sub: wait for that, not for a fixed time
    await expect
      .poll(
        async () =>
          (await call<{ enableVerificationCode: number }>(second, 'GET', '/api/oauth/getConfig/admin')).data
            ?.enableVerificationCode,
        { timeout: 2_000, interval: 20 },
      )
      .toBe(1);
  });
});
