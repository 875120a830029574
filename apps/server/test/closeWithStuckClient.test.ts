// Closing the server is bounded: a client that sent a request's headers and never its body keeps its connection
// busy, and closing must not wait for it for good (it did: a test file's teardown waited until its 60 s hook
// timeout). After the drain time the connection is cut and the close finishes.
import net from 'node:net';
import { expect, it } from 'vitest';
import { startTestServer } from './harness.js';

it('a close does not wait for good on a connection whose request never ends', async () => {
  const server = await startTestServer();
  const { port } = new URL(server.baseUrl);
  const socket = net.connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const cut = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  // headers promising a body that never comes
  socket.write(
    'POST /api/oauth/Login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
  );
  await new Promise((resolve) => setTimeout(resolve, 200));
  const started = Date.now();
  await server.close();
  await cut;
  // the drain time is 10 s; without the cut the close waited for the request timeout (minutes)
  expect(Date.now() - started).toBeLessThan(20_000);
}, 60_000);
