// The admission gate: calls get in first come, first served; none waits longer than the bound nor in a queue longer
// than the bound; a call turned away is answered at once with HTTP 503 and the envelope, and a burst of 200 clients
// on the server is answered in full, with no call left hanging and every slot given back. A call that arrives while
// another call's statements run is read and started meanwhile (PGlite runs statements on this thread: without a
// turn of the event loop between them, newcomers waited unseen in the kernel, out of the gate's order and bound).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { call, signIn, startTestServer, type TestServer } from '../../test/harness.js';
import { AdmissionGate, BUSY_CODE } from './admission.js';
import type { PlatformModule } from './module.js';
import { ok } from './result.js';
import { route } from './route.js';

/** a call that holds its slot for 100 ms, so that a burst really overlaps */
const slow: PlatformModule = {
  name: 'admissionTest',
  routes: [
    route({
      method: 'GET',
      url: '/api/admissionTest/slow',
      permission: 'signedIn',
      summary: 'test only: answers after 100 ms',
      async handler() {
        await new Promise((r) => setTimeout(r, 100));
        return ok();
      },
    }),
  ],
};
const SLOW = '/api/admissionTest/slow';

/** a call that runs many statements one after another, noting when it starts and ends */
const events: string[] = [];
const STATEMENTS = 200;
const chain: PlatformModule = {
  name: 'admissionChain',
  routes: [
    route({
      method: 'GET',
      url: '/api/admissionTest/chain/:id',
      permission: 'signedIn',
      summary: 'test only: runs many statements in a row',
      params: z.object({ id: z.string().max(10) }),
      async handler({ app, params }) {
        events.push(`start ${params.id}`);
        for (let i = 0; i < STATEMENTS; i++) await app.database.query('select 1');
        events.push(`end ${params.id}`);
        return ok();
      },
    }),
  ],
};

describe('AdmissionGate', () => {
  it('lets waiting calls in in arrival order as slots free up', async () => {
    const gate = new AdmissionGate({ concurrency: 1, queue: 10, waitMs: 5_000 });
    const first = await gate.enter();
    expect(first).toBeTypeOf('function');
    const order: string[] = [];
    const waits = ['b', 'c', 'd'].map((name) =>
      gate.enter().then((release) => {
        order.push(name);
        return release;
      }),
    );
    expect(gate.stats).toEqual({ running: 1, waiting: 3 });
    first!();
    first!(); // a second release frees nothing more
    const b = await waits[0]!;
    expect(order).toEqual(['b']);
    expect(gate.stats).toEqual({ running: 1, waiting: 2 });
    b!();
    (await waits[1]!)!();
    (await waits[2]!)!();
    expect(order).toEqual(['b', 'c', 'd']);
    expect(gate.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('turns a call away at once when the queue is full, and after the longest wait', async () => {
    const gate = new AdmissionGate({ concurrency: 1, queue: 1, waitMs: 50 });
    const running = await gate.enter();
    const waiting = gate.enter();
    expect(await gate.enter()).toBeNull();
    const started = Date.now();
    expect(await waiting).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
    expect(gate.stats).toEqual({ running: 1, waiting: 0 });
    running!();
    expect(gate.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('gives up the place of a client that went away', async () => {
    const gate = new AdmissionGate({ concurrency: 1, queue: 5, waitMs: 5_000 });
    const running = await gate.enter();
    const abort = new AbortController();
    const gone = gate.enter(abort.signal);
    const next = gate.enter();
    abort.abort();
    expect(await gone).toBeNull();
    running!();
    expect(await next).toBeTypeOf('function');
    expect(gate.stats).toEqual({ running: 1, waiting: 0 });
  });
});

/** `n` calls at once (the first page of the user list unless told); each answers its HTTP status and envelope */
async function burst(server: TestServer, token: string, n: number, path = '/api/permission/Users') {
  return Promise.all(
    Array.from({ length: n }, () =>
      call<unknown>(server, 'GET', path, { token, query: { currentPage: 1, pageSize: 20 } }),
    ),
  );
}

describe('the server under a burst of clients', () => {
  let server: TestServer;
  let tight: TestServer;
  let token: string;
  let tightToken: string;
  beforeAll(async () => {
    [server, tight] = await Promise.all([
      startTestServer(),
      startTestServer({ admission: { concurrency: 2, queue: 5, waitMs: 2_000 } }, [slow]),
    ]);
    [token, tightToken] = await Promise.all([signIn(server), signIn(tight)]);
  });
  afterAll(async () => {
    await Promise.all([server?.close(), tight?.close()]);
  });

  it('answers 200 clients at once with the default gate', async () => {
    const replies = await burst(server, token, 200);
    for (const r of replies) {
      if (r.code === 200) continue;
      // overload is allowed to show, but only as the busy envelope
      expect(r).toMatchObject({ status: BUSY_CODE, code: BUSY_CODE, msg: '服务器繁忙，请稍后重试' });
    }
    expect(replies.filter((r) => r.code === 200).length).toBeGreaterThan(0);
  });

  it('turns the overflow away with HTTP 503 and the envelope, in the caller’s language, and frees every slot', async () => {
    const replies = await burst(tight, tightToken, 200, SLOW);
    const busy = replies.filter((r) => r.code !== 200);
    expect(busy.length).toBeGreaterThan(0);
    expect(replies.length - busy.length).toBeGreaterThanOrEqual(7);
    for (const r of busy) {
      expect(r).toMatchObject({ status: BUSY_CODE, code: BUSY_CODE, msg: '服务器繁忙，请稍后重试' });
      expect(r.headers.get('retry-after')).toBe('1');
    }
    const english = await Promise.all(
      Array.from({ length: 40 }, () =>
        call(tight, 'GET', SLOW, { token: tightToken, headers: { 'jnpf-language': 'en' } }),
      ),
    );
    expect(english.find((r) => r.code === BUSY_CODE)?.msg).toBe('The server is busy, please try again in a moment');
    // no slot was kept: one call after another all get in (a leaked slot would make them wait and time out)
    for (let i = 0; i < 5; i++) expect((await call(tight, 'GET', SLOW, { token: tightToken })).code).toBe(200);
    // the health check is never counted
    expect((await call(tight, 'GET', '/api/health')).status).toBe(200);
  });
});

describe('a call arriving while another runs its statements', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({}, [chain]);
    token = await signIn(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is read and started before the other ends', async () => {
    events.length = 0;
    const first = call(server, 'GET', '/api/admissionTest/chain/a', { token });
    // this test's own timers only fire when the server lets the event loop turn
    await vi.waitFor(() => expect(events).toContain('start a'), { interval: 1, timeout: 30_000 });
    const second = call(server, 'GET', '/api/admissionTest/chain/b', { token });
    expect((await first).code).toBe(200);
    expect((await second).code).toBe(200);
    expect(events.indexOf('start b')).toBeLessThan(events.indexOf('end a'));
  });
});
