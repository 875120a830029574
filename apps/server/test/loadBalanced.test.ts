// Two server processes (node running src/main.ts, configured by the environment) on their own ports and data
// directories, sharing one PostgreSQL, one Redis and an S3-compatible object store, as behind a round-robin
// load balancer: a file uploaded in chunks through both is downloaded through either, a chat message goes from
// a user on one to a user on the other, a reminder fires exactly once, and a grant changed on one applies on the
// other. An in-process server prepares the data (users, the database) with its scheduler held.
import fs from 'node:fs/promises';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_MENUS } from '@jnpf/core';
import { messageReceive, module, moduleButton, scheduledJob } from '../src/db/schema/index.js';
import { holdScheduler } from '../src/platform/scheduler.js';
import { call, signIn, startTestServer, type TestServer } from './harness.js';
import { signedInUser } from './kit/access.js';
import { chunkedUpload, downloadBytes, pdfBytes, SMALL_CHUNK } from './kit/chunkUpload.js';
import { mainSystemId } from './kit/menus.js';
import { startS3Server, type S3TestServer } from './kit/s3Server.js';
import { startServerProcess, type ServerProcess } from './kit/serverProcess.js';
import { connectChat, until } from './kit/sockets.js';

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const ready = Boolean(pgUrl && redisUrl);
if (!ready)
  console.warn(
    'loadBalanced.test.ts skipped: two server processes need a shared PostgreSQL and Redis (TEST_DATABASE_URL and TEST_REDIS_URL); PGlite serves one process',
  );

const NO_PERMISSION = '没有访问权限';

describe.runIf(ready)('two server processes behind a load balancer', () => {
  let s3: S3TestServer;
  let base: TestServer;
  let a: ServerProcess;
  let b: ServerProcess;
  const ctx = () => base.platform.context;

  beforeAll(async () => {
    s3 = await startS3Server();
    base = await startTestServer({ redisUrl });
    // only the two processes may fire reminders
    await holdScheduler(ctx());
    const started = await Promise.allSettled([
      startServerProcess(base, { s3: s3.settings }),
      startServerProcess(base, { s3: s3.settings }),
    ]);
    // one that did not start takes the other down with it: no process outlives the test
    const failed = started.find((r) => r.status === 'rejected');
    if (failed) {
      for (const r of started) if (r.status === 'fulfilled') await r.value.close();
      throw failed.reason;
    }
    [a, b] = started.map((r) => (r as PromiseFulfilledResult<ServerProcess>).value) as [ServerProcess, ServerProcess];
  }, 180_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await base?.close();
    await s3?.close();
  });

  it('a file uploaded in chunks through both processes is downloaded through either, from the bucket', async () => {
    const token = await signIn(a);
    const bytes = pdfBytes(4 * SMALL_CHUNK + 321);
    // every chunk through A, merged by A, downloaded through B
    const viaA = await chunkedUpload([a], token, bytes, { mergeOn: a });
    expect(viaA.code, viaA.msg).toBe(200);
    expect((await downloadBytes(b, token, viaA.data!.url)).equals(bytes)).toBe(true);
    // round robin: chunks alternate between the processes, B merges, A serves
    const spread = await chunkedUpload([a, b], token, bytes, { mergeOn: b });
    expect(spread.code, spread.msg).toBe(200);
    expect((await downloadBytes(a, token, spread.data!.url)).equals(bytes)).toBe(true);
    for (const name of [viaA.data!.name, spread.data!.name])
      expect(s3.objects.get(`files/annex/${name}`)?.body.equals(bytes)).toBe(true);
    // the chunks waited in the bucket and went with the merges; neither data directory holds a file
    expect([...s3.objects.keys()].filter((k) => k.startsWith('chunks/'))).toEqual([]);
    for (const p of [a, b])
      expect(
        (await fs.readdir(p.dataDir, { recursive: true })).filter(
          (f) => f.startsWith('files') || f.startsWith('chunks'),
        ),
      ).toEqual([]);
    expect(s3.refused).toBe(0);
  });

  it('a chat message goes from a user on one process to a user on the other', async () => {
    const ann = await signedInUser(base, { realName: '安' });
    const ben = await signedInUser(base, { realName: '本' });
    const onA = await connectChat(a.baseUrl, ann.token);
    const onB = await connectChat(b.baseUrl, ben.token);
    try {
      await onA.next('Online', (f) => f.userId === ben.id);
      onA.send({ method: 'SendMessage', toUserId: ben.id, messageType: 'text', messageContent: '另一台机器你好' });
      expect(await onB.next('receiveMessage')).toMatchObject({ formUserId: ann.id, formMessage: '另一台机器你好' });
      onB.send({ method: 'SendMessage', toUserId: ann.id, messageType: 'text', messageContent: '收到' });
      expect(await onA.next('receiveMessage')).toMatchObject({ formUserId: ben.id, formMessage: '收到' });
    } finally {
      await onA.close();
      await onB.close();
    }
  });

  it('a scheduled reminder fires exactly once across both processes', async () => {
    const owner = await signedInUser(base, { realName: '组织者' });
    const guest = await signedInUser(base, { realName: '参与者' });
    const start = Date.now() + 24 * 3600_000;
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await call<string>(i % 2 ? b : a, 'POST', '/api/system/Schedule', {
        token: owner.token,
        json: {
          category: '1',
          urgent: '2',
          title: `两台机器提醒${i}`,
          content: '',
          allDay: 0,
          startDay: start,
          endDay: start + 3600_000,
          toUserIds: [guest.id],
          reminderTime: 5,
          repetition: '1',
          files: '[]',
        },
      });
      expect(res.code, res.msg).toBe(200);
      ids.push(res.data!);
    }
    const ownerSocket = await connectChat(a.baseUrl, owner.token);
    const guestSocket = await connectChat(b.baseUrl, guest.token);
    try {
      const keys = ids.map((id) => `schedule:${id}`);
      // the reminders fall due now, for both processes at once
      await ctx()
        .db.update(scheduledJob)
        .set({ dueAt: Date.now() + 200 })
        .where(inArray(scheduledJob.jobKey, keys));
      const jobs = () => ctx().db.select().from(scheduledJob).where(inArray(scheduledJob.jobKey, keys));
      await until(async () => (await jobs()).every((j) => j.doneAt !== null), 20_000);
      // each fired once, by one of the two processes, leaving one message for the owner and one for the guest
      const done = await jobs();
      expect(done.map((j) => j.attempts)).toEqual([1, 1, 1, 1]);
      const firedBy = done.map((j) => Number(j.claimedBy?.split('-')[0]));
      expect(firedBy.every((pid) => pid === a.pid || pid === b.pid)).toBe(true);
      const rows = await ctx()
        .db.select()
        .from(messageReceive)
        .where(and(inArray(messageReceive.sourceId, ids), eq(messageReceive.type, 4)));
      expect(rows.map((r) => r.userId).sort()).toEqual([...ids.map(() => owner.id), ...ids.map(() => guest.id)].sort());
      // and each user's socket, whichever process it is on, is told once per reminder
      for (const socket of [ownerSocket, guestSocket])
        for (let i = 0; i < 4; i++) await socket.next('messagePush', (f) => f.title === `两台机器提醒${i}`, 10_000);
      for (const socket of [ownerSocket, guestSocket])
        expect(
          socket.frames.filter((f) => f.method === 'messagePush' && String(f.title).startsWith('两台机器提醒')),
        ).toHaveLength(4);
    } finally {
      await ownerSocket.close();
      await guestSocket.close();
    }
  });

  it('a grant changed on one process applies on the other at the next call', async () => {
    const adminToken = await signIn(a);
    const carol = await signedInUser(base, { realName: '卡罗' });
    const systemId = await mainSystemId(ctx());
    const [screen] = await ctx()
      .db.select()
      .from(module)
      .where(and(eq(module.enCode, BUILT_IN_MENUS.system.enCode), eq(module.systemId, systemId)));
    const buttons = await ctx().db.select().from(moduleButton).where(eq(moduleButton.moduleId, screen!.id));
    const list = () => call(b, 'GET', '/api/system/System', { token: carol.token });
    // B has carol's (empty) grants cached
    expect((await list()).msg).toBe(NO_PERMISSION);

    const group = await call<string>(a, 'POST', '/api/permission/PermissionGroup', {
      token: adminToken,
      json: { fullName: '两台机器', enCode: `twoMachines${Date.now()}`, enabledMark: 1, sortCode: 0 },
    });
    expect(group.code, group.msg).toBe(200);
    const granted = await call(a, 'PUT', `/api/permission/Authority/Data/${group.data}`, {
      token: adminToken,
      json: {
        objectType: 'Batch',
        systemIds: [systemId],
        module: [`${systemId}2`, screen!.parentId, screen!.id],
        button: [screen!.id, ...buttons.map((x) => x.id)],
        column: [],
        form: [],
        resource: [],
      },
    });
    expect(granted.code, granted.msg).toBe(200);
    const members = await call(a, 'POST', `/api/permission/PermissionGroup/PermissionMember/${group.data}`, {
      token: adminToken,
      json: { ids: [`${carol.id}--user`] },
    });
    expect(members.code, members.msg).toBe(200);
    // granted on A: B lets her in once it hears of the change through Redis
    await until(async () => (await list()).code === 200, 5_000);

    // disabled on A: B refuses her
    const state = await call(a, 'PUT', `/api/permission/PermissionGroup/${group.data}/Actions/State`, {
      token: adminToken,
    });
    expect(state.code, state.msg).toBe(200);
    await until(async () => (await list()).msg === NO_PERMISSION, 5_000);
  });
});
