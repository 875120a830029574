// Closing the platform waits for API calls still running: a client that hung up leaves its handler awaiting the
// database, and the database must not close under it.
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn, startTestServer } from '../../test/harness.js';
import { InFlightCalls } from './inflight.js';
import type { PlatformModule } from './module.js';
import { ok } from './result.js';
import { route } from './route.js';

describe('InFlightCalls', () => {
  it('is drained at once when idle, when the last call ends, or not within the bound', async () => {
    const calls = new InFlightCalls();
    expect(await calls.drained(10)).toBe(true);
    const a = calls.enter();
    const b = calls.enter();
    expect(await calls.drained(10)).toBe(false);
    const drained = calls.drained(5_000);
    a();
    a(); // ending twice counts once
    expect(calls.running).toBe(1);
    b();
    expect(await drained).toBe(true);
    expect(calls.running).toBe(0);
  });
});

describe('closing the platform', () => {
  it('lets a call whose client hung up finish its query before the database closes', async () => {
    let arrived!: () => void;
    const arrival = new Promise<void>((r) => (arrived = r));
    let proceed!: () => void;
    const held = new Promise<void>((r) => (proceed = r));
    let outcome: unknown = 'not finished';
    const probe: PlatformModule = {
      name: 'inFlightTest',
      routes: [
        route({
          method: 'GET',
          url: '/api/inFlightTest/held',
          permission: 'signedIn',
          summary: 'test only: queries the database once released',
          async handler({ app }) {
            arrived();
            await held;
            try {
              const rows = await app.db.execute(sql`select 1 as one`);
              outcome = rows ? 'queried' : 'no rows';
            } catch (err) {
              outcome = err;
            }
            return ok();
          },
        }),
      ],
    };
    const server = await startTestServer({}, [probe]);
    const token = await signIn(server);
    // the client goes away while the handler waits
    const request = http.get(`${server.baseUrl}/api/inFlightTest/held`, {
      headers: { Authorization: token, 'X-Forwarded-For': server.clientIp },
    });
    request.on('error', () => undefined);
    await arrival;
    request.destroy();
    const closing = server.close();
    // give closing every chance to reach the database before the handler does
    await new Promise((r) => setTimeout(r, 200));
    proceed();
    await closing;
    expect(outcome).toBe('queried');
  });
});
