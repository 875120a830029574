// Short-lived shared state (captchas, sign-in tickets, counters) and a message bus for cache invalidation.
// In one process a memory store is enough; with REDIS_URL every process shares Redis.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** reads and deletes in one step: single-use values */
  take(key: string): Promise<string | null>;
  del(key: string): Promise<void>;
  /** increments a counter, starting its time-to-live on first use */
  incr(key: string, ttlMs: number): Promise<number>;
}

export interface Bus {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: (message: string) => void): void;
}

export interface SharedState {
  kv: KeyValueStore;
  bus: Bus;
  /** the Redis client when configured (rate limiting uses it) */
  redis: Redis | null;
  close(): Promise<void>;
}

class MemoryStore implements KeyValueStore {
  private readonly values = new Map<string, { value: string; expiresAt: number }>();
  private sweeps = 0;

  private live(key: string) {
    const hit = this.values.get(key);
    if (hit && hit.expiresAt <= Date.now()) {
      this.values.delete(key);
      return undefined;
    }
    return hit;
  }

  private sweep() {
    // expired keys nobody reads again would otherwise stay forever
    if (++this.sweeps % 1000 !== 0) return;
    const now = Date.now();
    for (const [k, v] of this.values) if (v.expiresAt <= now) this.values.delete(k);
  }

  async get(key: string) {
    return this.live(key)?.value ?? null;
  }
  async set(key: string, value: string, ttlMs: number) {
    this.sweep();
    this.values.set(key, { value, expiresAt: Date.now() + ttlMs });
  }
  async take(key: string) {
    const hit = this.live(key);
    this.values.delete(key);
    return hit?.value ?? null;
  }
  async del(key: string) {
    this.values.delete(key);
  }
  async incr(key: string, ttlMs: number) {
    this.sweep();
    const hit = this.live(key);
    const next = hit ? Number(hit.value) + 1 : 1;
    this.values.set(key, { value: String(next), expiresAt: hit?.expiresAt ?? Date.now() + ttlMs });
    return next;
  }
}

class MemoryBus implements Bus {
  private readonly emitter = new EventEmitter();
  async publish(channel: string, message: string) {
    this.emitter.emit(channel, message);
  }
  subscribe(channel: string, handler: (message: string) => void) {
    this.emitter.on(channel, handler);
  }
}

export async function openSharedState(redisUrl: string | undefined, prefix = 'jnpf:'): Promise<SharedState> {
  if (!redisUrl) {
    return { kv: new MemoryStore(), bus: new MemoryBus(), redis: null, close: async () => undefined };
  }
  const { Redis } = await import('ioredis');
  const client = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3, enableOfflineQueue: true });
  const subscriber = client.duplicate();
  await Promise.all([client.connect(), subscriber.connect()]);
  const handlers = new Map<string, ((message: string) => void)[]>();
  // A message reaches this process's handlers as it is published, as the memory bus does, so a cache dropped
  // by `changed` is dropped here before the caller goes on; Redis carries it to the other processes, and its
  // echo back here, known by this bus's origin mark, is skipped.
  const origin = randomUUID();
  const deliver = (channel: string, message: string) => {
    for (const h of handlers.get(channel) ?? []) h(message);
  };
  subscriber.on('message', (channel: string, raw: string) => {
    const cut = raw.indexOf('\n');
    if (cut < 0 || raw.slice(0, cut) === origin) return;
    deliver(channel, raw.slice(cut + 1));
  });
  const k = (key: string) => prefix + key;
  const kv: KeyValueStore = {
    get: (key) => client.get(k(key)),
    set: async (key, value, ttlMs) => {
      await client.set(k(key), value, 'PX', ttlMs);
    },
    take: (key) => client.getdel(k(key)),
    del: async (key) => {
      await client.del(k(key));
    },
    incr: async (key, ttlMs) => {
      const [[, count]] = (await client.multi().incr(k(key)).pexpire(k(key), ttlMs, 'NX').exec()) as [
        [Error | null, number],
      ];
      return count;
    },
  };
  const bus: Bus = {
    publish: async (channel, message) => {
      deliver(prefix + channel, message);
      await client.publish(prefix + channel, `${origin}\n${message}`);
    },
    subscribe: (channel, handler) => {
      const full = prefix + channel;
      if (!handlers.has(full)) {
        handlers.set(full, []);
        void subscriber.subscribe(full);
      }
      handlers.get(full)!.push(handler);
    },
  };
  return {
    kv,
    bus,
    redis: client,
    close: async () => {
      subscriber.disconnect();
      await client.quit();
    },
  };
}
