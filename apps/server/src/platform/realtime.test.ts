import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { call, signIn, startTestServer, type TestServer } from '../../test/harness.js';
import { openSocket, until } from '../../test/kit/sockets.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('WebSocket hub', () => {
  it('answers an invalid token with closeSocket and closes', async () => {
    const { frames, closed } = await openSocket(server.baseUrl, 'nonsense');
    await closed;
    expect(frames).toEqual([{ method: 'closeSocket' }]);
  });

  it('accepts the token URL-encoded on both paths and answers bad frames without closing', async () => {
    const token = await signIn(server);
    for (const path of ['/websocket/', '/api/message/websocket/']) {
      const { socket, frames } = await openSocket(server.baseUrl, token, path);
      socket.send('not json');
      socket.send(JSON.stringify({ method: 'NoSuchMethod', token }));
      await until(() => frames.length >= 2, 2000);
      expect(frames.map((f) => f.method)).toEqual(['error', 'error']);
      expect(socket.readyState).toBe(WebSocket.OPEN);
      socket.close();
    }
  });

  it('sends logout to the session’s sockets when it ends', async () => {
    const token = await signIn(server);
    const { frames, closed } = await openSocket(server.baseUrl, token);
    expect((await call(server, 'GET', '/api/oauth/Logout', { token })).code).toBe(200);
    await closed;
    expect(frames.at(-1)).toMatchObject({ method: 'logout', token });
  });
});
