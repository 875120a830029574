// The user list keeps the total of a large list (1,000 users and more) for a moment: a change made through the API
// shows in the next page's total at once, a change written past the API within a second, and a small list is
// counted whenever its page is read again.
import { afterEach, describe, expect, it } from 'vitest';
import { organizeChanged } from '../organize/orgIndex.js';
import { countKeeping } from './queries.js';
import { api, ctx, useAdminServer } from '../../../test/kit/adminServer.js';
import { insertOrganize } from '../../../test/kit/directory.js';
import { unique } from '../../../test/kit/unique.js';

const BASE = '/api/permission/Users';
type Page = { list: { id: string }[]; pagination: { total: number } };

useAdminServer();
afterEach(() => {
  countKeeping.ms = 1000;
});

/** `n` users in a department, written in one statement with their organisation relations */
async function fill(organizeId: string, n: number) {
  const prefix = unique('bulk');
  await ctx().database.query(
    `insert into base_user (id, account, real_name, organize_id, password_hash, password_salt, creator_time, sort_code)
     select $1 || g, $1 || g, $1 || g, $2, 'x', 'y', $3, g from generate_series(1, $4::int) g`,
    [prefix, organizeId, Date.now(), n],
  );
  await ctx().database.query(
    `insert into base_user_relation (user_id, object_type, object_id, sort_code, creator_time)
     select $1 || g, 'Organize', $2, 0, $3 from generate_series(1, $4::int) g`,
    [prefix, organizeId, Date.now(), n],
  );
}

async function total(organizeId: string) {
  const res = await api<Page>('GET', BASE, { query: { organizeId, currentPage: 1, pageSize: 20 } });
  expect(res.code, res.msg).toBe(200);
  return res.data!.pagination.total;
}

describe('the total of the user list', () => {
  it('of a large list follows a user created over the API at once, and a row written directly within a second', async () => {
    const org = await insertOrganize(ctx(), null);
    await organizeChanged(ctx());
    await fill(org.id, 1000);
    // kept long enough that only the announcement of the change can end it
    countKeeping.ms = 60_000;
    expect(await total(org.id)).toBe(1000);
    const created = await api('POST', BASE, {
      json: { account: unique('u'), realName: '新用户', organizeId: org.id, gender: 1 },
    });
    expect(created.code, created.msg).toBe(200);
    // kept from now on for a second only
    countKeeping.ms = 1000;
    expect(await total(org.id)).toBe(1001);
    // written past the API: no change is announced, the kept total ends with its time
    await fill(org.id, 1);
    await expect.poll(() => total(org.id), { timeout: 3_000, interval: 100 }).toBe(1002);
  });

  it('of a small list is counted whenever the page is read again', async () => {
    const org = await insertOrganize(ctx(), null);
    await organizeChanged(ctx());
    await fill(org.id, 3);
    expect(await total(org.id)).toBe(3);
    await fill(org.id, 2);
    // the page itself is kept a second (userListKept.test.ts); the total is not kept beyond it
    await expect.poll(() => total(org.id), { timeout: 3_000, interval: 100 }).toBe(5);
  });
});
