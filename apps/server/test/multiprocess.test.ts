// Several processes over one PostgreSQL and one Redis: migrations run once, and ending a session or releasing a
// form in one process is seen at once by the others, whose caches would otherwise still accept the token or
// still answer who may call a data interface as before the release.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { dataMigrations } from '../src/modules/index.js';
import { testConfig } from './config.js';
import { withDatabase } from './globalSetup.js';
import { dictionaryItems } from '../src/modules/dictionary/byCode.js';
import { call, client, signIn, startPeerServer, startTestServer, unique, type TestServer } from './harness.js';
import { signedInUser } from './kit/access.js';
import { createReleased, releaseDesign } from './kit/released.js';
import { designBody, field, sampleColumns, sampleForm } from './kit/visualdev.js';
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

  it('a release in one process changes who may call a data interface in the other', async () => {
    const admin = await signIn(first);
    const api = client(first, admin);
    const interfaceId = (
      await api.post<string>('/api/system/DataInterface', {
        fullName: unique('接口'),
        enCode: unique('di'),
        category: (await dictionaryItems(first.platform.context.db, 'DataInterfaceType'))[0]!.id,
        type: 2,
        hasPage: 0,
        action: 0,
        enabledMark: 1,
        sortCode: 0,
        description: '',
        dataConfigJson: JSON.stringify({ staticData: JSON.stringify([{ id: 'a', fullName: '甲' }]) }),
      })
    ).data!;
    const category = (await dictionaryItems(first.platform.context.db, 'webDesign'))[0]!.id;
    const plain = [field('input', 'kind', '类别')];
    const using = [
      ...plain,
      field('select', 'pick', '选项', { dataType: 'dynamic', propsUrl: interfaceId, templateJson: [] }, { props: {} }),
    ];
    const design = (fields: typeof plain, enCode?: string) => ({
      ...designBody(category, 'none', {
        formData: JSON.stringify(sampleForm('none', fields)),
        columnData: JSON.stringify(
          sampleColumns({ columnList: [{ prop: 'kind', label: '类别', jnpfKey: 'input' }], searchList: [] }),
        ),
      }),
      ...(enCode ? { enCode, fullName: `功能${enCode}` } : {}),
    });
    const released = await createReleased(first, admin, design(plain) as Record<string, unknown> & { enCode: string });
    const user = await signedInUser(first, {}, { grants: { [released.enCode]: [] } });
    const listOn = async (server: TestServer) => {
      const path = `/api/system/DataInterface/${interfaceId}/Actions/List`;
      const res = await call(server, 'POST', path, { token: user.token, json: {} });
      return res.code === 200 ? 'allowed' : res.msg;
    };
    // both processes keep "no released form uses it"
    expect(await listOn(first)).toBe('没有访问权限');
    expect(await listOn(second)).toBe('没有访问权限');
    expect((await api.put(`/api/visualdev/Base/${released.id}`, design(using, released.enCode))).code).toBe(200);
    await releaseDesign(first, admin, released.id);
    expect(await listOn(first)).toBe('allowed');
    // the other process hears of the release through Redis and reads the forms again
    await expect.poll(() => listOn(second), { timeout: 2_000, interval: 20 }).toBe('allowed');
    expect((await api.put(`/api/visualdev/Base/${released.id}`, design(plain, released.enCode))).code).toBe(200);
    await releaseDesign(first, admin, released.id);
    await expect.poll(() => listOn(second), { timeout: 2_000, interval: 20 }).toBe('没有访问权限');
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
