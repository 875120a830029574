// The WebSocket hub at /websocket/{token} and /api/message/websocket/{token} (JSON frames named by `method`): validates
// the token on open and on every frame, dispatches frames to handlers that modules register, delivers to a
// user's sockets in every process through the bus, and tells sockets their session ended. It also keeps who
// is online across processes (a socket counts once it sent OnConnection): each process announces its own
// users on the bus and forgets a process it has not heard from for a while.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { parseJsonText } from '@jnpf/core';
import type { AppContext } from './context.js';
import { TokenBucket } from './tokenBucket.js';
import { t } from './i18n.js';
import { hashToken, parseToken } from './sessions.js';

/** a socket whose unsent data grows past this is too slow to keep */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** frames of one socket wait their turn; a client that sends faster than we answer is cut off */
const MAX_PENDING_FRAMES = 200;
const PRESENCE_EVERY_MS = 15_000;
/** a process silent for this long is taken to be gone, and its users offline */
const PRESENCE_STALE_MS = 45_000;

export interface SocketMeta {
  /** sent OnConnection: counted as online */
  connected: boolean;
  mobileDevice: boolean;
  systemId: string;
  isSeparate: boolean;
}

export interface SocketClient {
  socket: WebSocket;
  sessionId: string;
  userId: string;
  token: string;
  meta: SocketMeta;
  /** this socket's frame budget */
  frameBucket: TokenBucket;
  send(frame: object): void;
}

/** frames a second and at once, per socket and per user: far above anyone typing, far below a script */
const SOCKET_FRAME_RATE = [10, 40] as const;
const USER_FRAME_RATE = [20, 80] as const;

export type FrameHandler = (client: SocketClient, frame: Record<string, unknown>) => Promise<void> | void;

type PresenceMessage =
  /** announced: whether the sender told everyone "Offline" itself (online false only) */
  | { pid: string; userId: string; online: boolean; announced?: boolean }
  | { pid: string; users: string[] }
  | { pid: string; hello: true }
  | { pid: string; gone: true };

export class Realtime {
  /** this process on the presence channel */
  readonly processId = randomBytes(8).toString('hex');
  private readonly handlers = new Map<string, FrameHandler>();
  private readonly byUser = new Map<string, Set<SocketClient>>();
  private readonly bySession = new Map<string, Set<SocketClient>>();
  /** sockets that sent OnConnection, by user */
  private readonly connected = new Map<string, Set<SocketClient>>();
  /** other processes' online users and when we last heard from them */
  private readonly remote = new Map<string, { users: Set<string>; seenAt: number }>();
  /**
   * Users whose last socket here closed while another process still had them, so nobody here said "Offline".
   * If that process's last socket closed at the same moment, it thought the same of us: whoever hears the other's
   * unannounced offline with both gone says it (one of the two, by process id).
   */
  private readonly offlineUnsaid = new Set<string>();
  private readonly shutdownListeners: (() => Promise<void> | void)[] = [];
  /** frame budgets of the users with a socket here */
  private readonly userBuckets = new Map<string, TokenBucket>();
  private presenceTimer: NodeJS.Timeout | null = null;
  private closing = false;

  constructor(private readonly app: AppContext) {
    // a frame for many sockets is serialised once (everyone coming online is a frame to every other socket)
    app.shared.bus.subscribe('rt:user', (message) => {
      const { userIds, frame } = JSON.parse(message) as { userIds: string[]; frame: object };
      const text = JSON.stringify(frame);
      for (const userId of userIds) for (const client of this.byUser.get(userId) ?? []) sendText(client.socket, text);
    });
    app.shared.bus.subscribe('rt:all', (message) => {
      const { except, frame } = JSON.parse(message) as { except: string[]; frame: object };
      const text = JSON.stringify(frame);
      const skip = new Set(except);
      for (const [userId, clients] of this.byUser)
        if (!skip.has(userId)) for (const c of clients) sendText(c.socket, text);
    });
    app.shared.bus.subscribe('rt:presence', (message) => this.hearPresence(JSON.parse(message) as PresenceMessage));
    app.sessions.onEnded((ids, _userId, reason) => {
      const msgKey = reason === 'replaced' ? 'sessionOffline' : reason === 'kicked' ? 'sessionKicked' : null;
      for (const id of ids) {
        for (const client of this.bySession.get(id) ?? []) {
          client.send({ method: 'logout', token: client.token, ...(msgKey ? { msg: t('zh', msgKey) } : {}) });
          client.socket.close(1000);
        }
      }
    });
    this.publishPresence({ pid: this.processId, hello: true });
    this.presenceTimer = setInterval(() => {
      this.publishPresence({ pid: this.processId, users: [...this.connected.keys()] });
      const now = Date.now();
      for (const [pid, entry] of this.remote) if (now - entry.seenAt > PRESENCE_STALE_MS) this.remote.delete(pid);
    }, PRESENCE_EVERY_MS);
    this.presenceTimer.unref();
  }

  /** modules register the client methods they answer */
  handle(method: string, handler: FrameHandler) {
    this.handlers.set(method, handler);
  }

  /** sends a frame to every socket of these users, in every process */
  async sendToUsers(userIds: string[], frame: object): Promise<void> {
    // very large fan-outs (a notice to everyone) go out in slices so no bus message is huge
    for (let i = 0; i < userIds.length; i += 1000)
      await this.app.shared.bus.publish('rt:user', JSON.stringify({ userIds: userIds.slice(i, i + 1000), frame }));
  }

  /** sends a frame to every socket in every process, except those of these users */
  async sendToAll(frame: object, exceptUserIds: string[] = []): Promise<void> {
    await this.app.shared.bus.publish('rt:all', JSON.stringify({ except: exceptUserIds, frame }));
  }

  /** users with a connected socket in any process */
  onlineUserIds(): string[] {
    const ids = new Set(this.connected.keys());
    for (const entry of this.remote.values()) for (const id of entry.users) ids.add(id);
    return [...ids];
  }

  isOnline(userId: string): boolean {
    if (this.connected.has(userId)) return true;
    for (const entry of this.remote.values()) if (entry.users.has(userId)) return true;
    return false;
  }

  /**
   * Marks a socket connected (OnConnection) with what the client said about itself. The first connected
   * socket of a user anywhere makes the others hear "Online". Returns whether the user came online.
   */
  async connect(client: SocketClient, meta: Omit<SocketMeta, 'connected'>): Promise<boolean> {
    const already = client.meta.connected;
    client.meta = { ...meta, connected: true };
    if (already) return false;
    const wasOnline = this.isOnline(client.userId);
    const firstHere = !this.connected.has(client.userId);
    this.offlineUnsaid.delete(client.userId);
    add(this.connected, client.userId, client);
    if (firstHere) this.publishPresence({ pid: this.processId, userId: client.userId, online: true });
    if (!wasOnline) await this.sendToAll({ method: 'Online', userId: client.userId }, [client.userId]);
    return !wasOnline;
  }

  /** runs when the app closes (background work that must stop with it) */
  onShutdown(listener: () => Promise<void> | void) {
    this.shutdownListeners.push(listener);
  }

  register(fastify: FastifyInstance) {
    for (const url of ['/websocket/:token', '/api/message/websocket/:token']) {
      fastify.route({
        method: 'GET',
        url,
        config: { permission: 'public' },
        schema: { hide: true },
        handler: (_req, reply) => reply.send({ code: 400, msg: 'WebSocket only' }),
        wsHandler: (socket, req) => {
          this.open(socket, decodeURIComponent((req.params as { token: string }).token));
        },
      });
    }
    fastify.addHook('onClose', async () => {
      // from here on sockets closing do not talk on the bus: it is about to close too
      this.closing = true;
      if (this.presenceTimer) clearInterval(this.presenceTimer);
      for (const listener of this.shutdownListeners) {
        try {
          await listener();
        } catch (err) {
          this.app.log.error({ err }, 'shutdown listener failed');
        }
      }
      const leaving = [...this.connected.keys()];
      this.connected.clear();
      try {
        for (const userId of leaving)
          if (!this.isOnline(userId)) await this.sendToAll({ method: 'Offline', userId }, [userId]);
        await this.app.shared.bus.publish('rt:presence', JSON.stringify({ pid: this.processId, gone: true }));
      } catch (err) {
        this.app.log.warn({ err }, 'presence farewell failed');
      }
    });
  }

  private open(socket: WebSocket, rawToken: string) {
    // listen at once: a client sends OnConnection as soon as it is open, before the token check below ends
    let client: SocketClient | null = null;
    let queue: Promise<void> = Promise.resolve();
    let pending = 0;
    const ready = this.app.sessions.resolve(rawToken).catch(() => null);
    socket.on('message', (data, isBinary) => {
      if (++pending > MAX_PENDING_FRAMES) {
        socket.terminate();
        return;
      }
      const text = isBinary ? null : data.toString();
      // one frame at a time per socket: messages are stored and answered in the order they were sent
      queue = queue
        .then(() => ready)
        .then(() => (client ? this.receive(client, text) : undefined))
        .catch((err: unknown) => this.app.log.error({ err }, 'socket frame failed'))
        .finally(() => {
          pending--;
        });
    });
    socket.on('close', () => {
      if (client) this.disconnect(client);
    });
    void ready.then((resolved) => {
      if (!resolved?.ok) {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ method: 'closeSocket' }));
        socket.close(1000);
        return;
      }
      if (socket.readyState !== socket.OPEN) return;
      client = {
        socket,
        sessionId: resolved.session.id,
        userId: resolved.session.userId,
        token: rawToken,
        meta: { connected: false, mobileDevice: false, systemId: '', isSeparate: false },
        frameBucket: new TokenBucket(...SOCKET_FRAME_RATE),
        send: (frame) => sendText(socket, JSON.stringify(frame)),
      };
      add(this.byUser, client.userId, client);
      add(this.bySession, client.sessionId, client);
    });
  }

  private disconnect(client: SocketClient) {
    remove(this.byUser, client.userId, client);
    if (!this.byUser.has(client.userId)) this.userBuckets.delete(client.userId);
    remove(this.bySession, client.sessionId, client);
    if (!client.meta.connected || this.closing) return;
    client.meta.connected = false;
    remove(this.connected, client.userId, client);
    if (this.connected.has(client.userId)) return;
    const announced = !this.isOnline(client.userId);
    this.publishPresence({ pid: this.processId, userId: client.userId, online: false, announced });
    if (announced) this.sayOffline(client.userId);
    else this.offlineUnsaid.add(client.userId);
  }

  private sayOffline(userId: string) {
    void this.sendToAll({ method: 'Offline', userId }, [userId]).catch(() => undefined);
  }

  private publishPresence(message: PresenceMessage) {
    if (this.closing) return;
    void this.app.shared.bus.publish('rt:presence', JSON.stringify(message)).catch((err: unknown) => {
      if (!this.closing) this.app.log.warn({ err }, 'presence publish failed');
    });
  }

  private hearPresence(message: PresenceMessage) {
    if (message.pid === this.processId) return;
    if ('gone' in message) {
      this.remote.delete(message.pid);
      return;
    }
    if ('hello' in message) {
      // a process started: tell it who is here
      this.publishPresence({ pid: this.processId, users: [...this.connected.keys()] });
      return;
    }
    let entry = this.remote.get(message.pid);
    if (!entry) this.remote.set(message.pid, (entry = { users: new Set(), seenAt: Date.now() }));
    entry.seenAt = Date.now();
    if ('users' in message) entry.users = new Set(message.users);
    else if (message.online) entry.users.add(message.userId);
    else {
      entry.users.delete(message.userId);
      const { userId } = message;
      if (message.announced) this.offlineUnsaid.delete(userId);
      else if (this.offlineUnsaid.has(userId) && !this.isOnline(userId)) {
        this.offlineUnsaid.delete(userId);
        // both processes lost the user at once and each waited for the other: the lower id speaks
        if (this.processId < message.pid) this.sayOffline(userId);
      }
    }
  }

  /** the socket's and its user's frame budgets in this process (a frame past either is refused) */
  private mayReceive(client: SocketClient): boolean {
    let userBucket = this.userBuckets.get(client.userId);
    if (!userBucket) this.userBuckets.set(client.userId, (userBucket = new TokenBucket(...USER_FRAME_RATE)));
    return client.frameBucket.take() && userBucket.take();
  }

  private async receive(client: SocketClient, text: string | null) {
    let frame: Record<string, unknown>;
    try {
      const parsed: unknown = text === null ? null : parseJsonText(text);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      frame = parsed as Record<string, unknown>;
    } catch {
      client.send({ method: 'error', msg: t('zh', 'badJson') });
      return;
    }
    // every frame is re-validated, as the reference does: a session ended elsewhere stops here
    const token = typeof frame.token === 'string' ? frame.token : client.token;
    const raw = parseToken(token);
    if (!raw || hashToken(raw) !== client.sessionId) {
      client.send({ method: 'closeSocket' });
      client.socket.close(1000);
      return;
    }
    const resolved = await this.app.sessions.resolve(token);
    if (!resolved.ok) {
      client.send({ method: 'closeSocket' });
      client.socket.close(1000);
      return;
    }
    if (!this.mayReceive(client)) {
      // a flood is answered, not stored: each frame past the limit gets this error and nothing else
      client.send({ method: 'error', msg: t('zh', 'tooManyRequests') });
      return;
    }
    const handler = typeof frame.method === 'string' ? this.handlers.get(frame.method) : undefined;
    if (!handler) {
      client.send({ method: 'error', msg: t('zh', 'routeNotFound') });
      return;
    }
    try {
      await handler(client, frame);
    } catch (err) {
      this.app.log.error({ err }, 'socket handler failed');
      client.send({ method: 'error', msg: t('zh', 'systemError') });
    }
  }
}

function sendText(socket: WebSocket, text: string) {
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.terminate(); // a stalled reader must not make us hold unbounded memory
    return;
  }
  socket.send(text);
}

function add<K>(map: Map<K, Set<SocketClient>>, key: K, client: SocketClient) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(client);
}

function remove<K>(map: Map<K, Set<SocketClient>>, key: K, client: SocketClient) {
  const set = map.get(key);
  if (!set) return;
  set.delete(client);
  if (!set.size) map.delete(key);
}
