// The contract between the two sides: every API call the web app makes is a route the server serves, with
// the same method. The calls are read from the web's source (webApiCalls.ts); a call the collector cannot
// work out fails too, with its place, so a new way of calling the server cannot slip past unchecked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { collectWebApiCalls, routeServing, type WebApiCalls } from './webApiCalls.js';

const WEB_ROOT = decodeURIComponent(new URL('../../web', import.meta.url).pathname);

/** calls known to be unserved, each with why; an entry the web no longer makes, or the server now serves, fails */
const KNOWN_UNSERVED: { call: string; why: string }[] = [];

/** helpers whose address may be a stored file's url the server answered (not a path the web names) */
const SERVER_GIVEN_ADDRESSES = [
  'src/components/attachments/files.ts#fetchAttachment',
  'src/messaging/chat/api.ts#fetchAuthorizedBlob',
  'src/messaging/notice/attachments.ts#downloadAttachment',
  'src/components/print/printPdf.ts#fetchPicture',
];

/** '/api/…' texts that are no request: the request layer compares addresses with them */
const NOT_REQUESTS = [
  { file: 'src/platform/request.ts', text: '/api/oauth/Login' },
  { file: 'src/platform/request.ts', text: '/api/oauth/LockScreen' },
];

let server: TestServer;
let web: WebApiCalls;
beforeAll(async () => {
  server = await startTestServer();
  web = collectWebApiCalls({ webRoot: WEB_ROOT, serverGivenAddresses: SERVER_GIVEN_ADDRESSES });
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const key = (call: { method: string; path: string }) => `${call.method} ${call.path}`;

describe('the web calls only what the server serves', () => {
  it('works out every call of the web app', () => {
    const unresolved = web.unresolved.filter(
      (u) => !NOT_REQUESTS.some((n) => u.at.startsWith(`${n.file}:`) && u.reason.startsWith(`'${n.text}'`)),
    );
    expect(unresolved).toEqual([]);
    // a collector that finds next to nothing has lost its way rather than found a clean tree
    expect(new Set(web.calls.map(key)).size).toBeGreaterThan(200);
  });

  it('finds a route with the same method for every call', () => {
    const routes = server.platform.routeTable;
    const unserved = web.calls
      .filter((call) => !routeServing(routes, call.method, call.path))
      .filter((call) => !KNOWN_UNSERVED.some((known) => known.call === key(call)))
      .map((call) => `${key(call)}  (${call.at})`);
    expect(unserved).toEqual([]);
  });

  it('lists as known unserved only calls the web makes and the server does not serve', () => {
    const routes = server.platform.routeTable;
    const stale = KNOWN_UNSERVED.filter(
      ({ call }) => !web.calls.some((made) => key(made) === call && !routeServing(routes, made.method, made.path)),
    ).map(({ call }) => call);
    expect(stale).toEqual([]);
  });
});
