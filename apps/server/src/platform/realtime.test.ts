import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { call, signIn, startTestServer, type TestServer } from '../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

function connect(
  path: string,
): Promise<{ socket: WebSocket; frames: Record<string, unknown>[]; closed: Promise<void> }> {
  const socket = new WebSocket(server.baseUrl.replace('http', 'ws') + path);
  const frames: Record<string, unknown>[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(String(data)) as Record<string, unknown>));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return new Promise((resolve, reject) => {
    socket.on('open', () => resolve({ socket, frames, closed }));
    socket.on('error', reject);
  });
}

const until = async (check: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
};

describe('WebSocket hub', () => {
  it('answers an invalid token with closeSocket and closes', async () => {
    const { frames, closed } = await connect('/websocket/nonsense');
    await closed;
    expect(frames).toEqual([{ method: 'closeSocket' }]);
  });

  it('accepts the token URL-encoded on both paths and answers bad frames without closing', async () => {
    const token = await signIn(server);
    for (const path of ['/websocket/', '/api/message/websocket/']) {
      const { socket, frames } = await connect(path + encodeURIComponent(token));
      socket.send('not json');
      socket.send(JSON.stringify({ method: 'NoSuchMethod', token }));
      await until(() => frames.length >= 2);
      expect(frames.map((f) => f.method)).toEqual(['error', 'error']);
      expect(socket.readyState).toBe(WebSocket.OPEN);
      socket.close();
    }
  });

  it('sends logout to the session’s sockets when it ends', async () => {
    const token = await signIn(server);
    const { frames, closed } = await connect('/websocket/' + encodeURIComponent(token));
    expect((await call(server, 'GET', '/api/oauth/Logout', { token })).code).toBe(200);
    await closed;
    expect(frames.at(-1)).toMatchObject({ method: 'logout', token });
  });
});
