// A WebSocket client for tests that records every frame it receives, and waiting for what happens meanwhile.
import WebSocket from 'ws';

export type Frame = Record<string, unknown> & { method?: string };

export interface SocketProbe {
  socket: WebSocket;
  frames: Frame[];
  closed: Promise<void>;
  send(frame: object | string): void;
  /** the first frame (from `from` on) with this method that passes the check */
  next(method: string, check?: (f: Frame) => boolean, ms?: number): Promise<Frame>;
  /** how many frames with this method arrived so far */
  count(method: string): number;
  close(): Promise<void>;
}

export async function openSocket(baseUrl: string, token: string, path = '/websocket/'): Promise<SocketProbe> {
  const socket = new WebSocket(baseUrl.replace(/^http/, 'ws') + path + encodeURIComponent(token));
  const frames: Frame[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(String(data)) as Frame));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('error', reject);
  });
  return {
    socket,
    frames,
    closed,
    send: (frame) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    async next(method, check = () => true, ms = 5000) {
      const end = Date.now() + ms;
      for (;;) {
        const hit = frames.find((f) => f.method === method && check(f));
        if (hit) return hit;
        if (Date.now() > end) throw new Error(`no ${method} frame within ${ms} ms; got ${JSON.stringify(frames)}`);
        await new Promise((r) => setTimeout(r, 15));
      }
    },
    count: (method) => frames.filter((f) => f.method === method).length,
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      socket.close();
      await closed;
    },
  };
}

/** opens a socket and says OnConnection, waiting for initMessage */
export async function connectChat(baseUrl: string, token: string): Promise<SocketProbe & { init: Frame }> {
  const probe = await openSocket(baseUrl, token);
  probe.send({ method: 'OnConnection', token, mobileDevice: false, systemId: '', isSeparate: false });
  const init = await probe.next('initMessage');
  return Object.assign(probe, { init });
}

export async function until(check: () => boolean | Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
