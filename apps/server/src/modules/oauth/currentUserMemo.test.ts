// CurrentUser keeps its last answer per user while the grants, membership, menus and configuration it was built
// from stand: a grant given or taken over the API shows in the next answer, in this process and in another one
// over the same PostgreSQL and Redis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUserResult } from '@jnpf/core';
import { call, signIn, startPeerServer, startTestServer, type TestServer } from '../../../test/harness.js';
import { signedInUser } from '../../../test/kit/access.js';
import { findMenuId, mainSystemId } from '../../../test/kit/menus.js';

type Granted = { menus: string[]; permissions: string[] };

/** the menu ids of a CurrentUser answer's tree and its permission list */
async function granted(server: TestServer, token: string): Promise<Granted> {
  const res = await call<CurrentUserResult>(server, 'GET', '/api/oauth/CurrentUser', { token });
  expect(res.code, res.msg).toBe(200);
  const menus: string[] = [];
  const walk = (nodes: { id: string; children?: unknown }[] | undefined) => {
    for (const n of nodes ?? []) {
      menus.push(n.id);
      walk(n.children as { id: string; children?: unknown }[] | undefined);
    }
  };
  walk(res.data!.menuList as { id: string; children?: unknown }[]);
  return { menus, permissions: res.data!.permissionList.map((p) => p.modelId) };
}

/** the administrator grants a user exactly these menus (the Authority screen's call) */
async function grant(server: TestServer, admin: string, userId: string, modules: string[]) {
  const systemId = await mainSystemId(server.platform.context);
  const res = await call(server, 'PUT', `/api/permission/Authority/Data/${userId}`, {
    token: admin,
    json: { objectType: 'User', systemIds: [systemId], module: modules, button: [], column: [] },
  });
  expect(res.code, res.msg).toBe(200);
}

describe('CurrentUser after a grant change', () => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await signIn(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows a menu granted and hides it once taken away, with the same session', async () => {
    const app = server.platform.context;
    const directory = await findMenuId(app, 'permission');
    const users = await findMenuId(app, 'permission.user');
    const staff = await signedInUser(server);
    const before = await granted(server, staff.token);
    expect(before.menus).not.toContain(users);
    // asked twice: the second answer is the kept one
    expect(await granted(server, staff.token)).toEqual(before);

    await grant(server, admin, staff.id, [directory, users]);
    const after = await granted(server, staff.token);
    expect(after.menus).toEqual(expect.arrayContaining([directory, users]));
    expect(after.permissions).toContain(users);

    await grant(server, admin, staff.id, []);
    const revoked = await granted(server, staff.token);
    expect(revoked.menus).not.toContain(users);
    expect(revoked.permissions).not.toContain(users);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(pgUrl && redisUrl)('CurrentUser after a grant change in another process', () => {
  let first: TestServer;
  let second: TestServer;
  let admin: string;
  beforeAll(async () => {
    first = await startTestServer({ redisUrl });
    second = await startPeerServer(first);
    admin = await signIn(first);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('the other process answers the new menus within moments', async () => {
    const app = first.platform.context;
    const directory = await findMenuId(app, 'permission');
    const users = await findMenuId(app, 'permission.user');
    const staff = await signedInUser(first);
    // the second process keeps an answer without the menu
    expect((await granted(second, staff.token)).menus).not.toContain(users);
    expect((await granted(second, staff.token)).menus).not.toContain(users);

    await grant(first, admin, staff.id, [directory, users]);
    // delivered through Redis pub/sub, not necessarily before the grant call answers
    await expect
      .poll(async () => (await granted(second, staff.token)).menus, { timeout: 1_000, interval: 20 })
      .toContain(users);

    await grant(first, admin, staff.id, []);
    await expect
      .poll(async () => (await granted(second, staff.token)).menus, { timeout: 1_000, interval: 20 })
      .not.toContain(users);
  });
});
