// Admission: at most `concurrency` API calls run at once; the others wait their turn in arrival order, for at most
// `waitMs`, and at most `queue` of them wait. A call that cannot get in is answered at once with HTTP 503 and the
// envelope { code: 503, msg } (Retry-After: 1) instead of piling up behind the database: the embedded PGlite runs
// one statement at a time, so without a bound a burst of clients leaves requests hanging.
// Calls outside /api (pages, files, WebSocket upgrades), the health check and multipart uploads (which stream
// their bodies for as long as the client sends) are not counted.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '@jnpf/core';
import { defineMessages, t } from './i18n.js';

const m = defineMessages('admission', {
  busy: {
    zh: '服务器繁忙，请稍后重试',
    zhtw: '伺服器繁忙，請稍後重試',
    en: 'The server is busy, please try again in a moment',
  },
});

/** the envelope code (and HTTP status) of a call turned away */
export const BUSY_CODE = 503;

export interface AdmissionOptions {
  /** calls running at once */
  concurrency: number;
  /** calls waiting at most; one more is turned away at once */
  queue: number;
  /** longest wait in milliseconds before a waiting call is turned away */
  waitMs: number;
}

/**
 * Defaults per engine: PGlite runs one statement at a time, a PostgreSQL pool `poolSize`. On PGlite a call's time is
 * its wait at the gate plus its statements interleaved with those of the other calls let in, so few calls run at
 * once: 200 clients of mixed calls (`npm run bench`) answered 203 calls/s with none over 3.9 s at 4 at once, against
 * 165 calls/s and 67 over 5 s (longest 13.2 s) at 16, in one run on a loaded machine. The wait bound (4 s) then
 * leaves room for the call itself within 5 s, and lets ten clients of 1.3 s data-interface queries all wait their
 * turn rather than be turned away.
 */
export function admissionDefaults(kind: 'pglite' | 'postgres', poolSize: number): AdmissionOptions {
  return kind === 'pglite'
    ? { concurrency: 4, queue: 1000, waitMs: 4000 }
    : { concurrency: Math.max(16, poolSize * 4), queue: 2000, waitMs: 5000 };
}

interface Waiter {
  admit(): void;
  timer: NodeJS.Timeout;
}

/** a counting semaphore with a first-come, first-served queue of bounded length and bounded wait */
export class AdmissionGate {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(readonly options: AdmissionOptions) {}

  get stats() {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Resolves to a release function once the call may run, or to null when it is turned away (queue full, or it
   * waited `waitMs`). `signal` ends a wait early (the client went away): the call is then turned away too.
   */
  enter(signal?: AbortSignal): Promise<(() => void) | null> {
    const free = this.tryEnter();
    if (free) return Promise.resolve(free);
    if (this.waiting.length >= this.options.queue || signal?.aborted) return Promise.resolve(null);
    return new Promise((resolve) => {
      const leave = () => {
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) this.waiting.splice(i, 1);
        clearTimeout(waiter.timer);
        signal?.removeEventListener('abort', leave);
        resolve(null);
      };
      const waiter: Waiter = {
        admit: () => {
          clearTimeout(waiter.timer);
          signal?.removeEventListener('abort', leave);
          resolve(this.releaser());
        },
        timer: setTimeout(leave, this.options.waitMs),
      };
      signal?.addEventListener('abort', leave, { once: true });
      this.waiting.push(waiter);
    });
  }

  /** the release function when a slot is free and nobody waits, else null (the caller then waits with enter) */
  tryEnter(): (() => void) | null {
    if (this.running >= this.options.concurrency || this.waiting.length > 0) return null;
    this.running++;
    return this.releaser();
  }

  /** a function that frees the slot once, however often it is called; the slot goes to the longest waiter */
  private releaser() {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.waiting.shift();
      if (next) next.admit();
      else this.running--;
    };
  }
}

/** the body of a call turned away */
export function busyEnvelope(lang: Language) {
  return { code: BUSY_CODE, msg: t(lang, m.busy), data: null };
}

const releases = new WeakMap<FastifyRequest, () => void>();

function counted(req: FastifyRequest): boolean {
  const url = req.url;
  if (!url.startsWith('/api/') || url === '/api/health' || url.startsWith('/api/health?')) return false;
  const type = req.headers['content-type'];
  return !(typeof type === 'string' && type.toLowerCase().startsWith('multipart/'));
}

/**
 * Puts the gate in front of the app's API calls (an onRequest hook, registered after the one that sets req.lang);
 * the slot is freed when the answer is ready to leave, or when the client goes away.
 */
export function useAdmission(app: FastifyInstance, gate: AdmissionGate): void {
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!counted(req)) return;
    // a free slot is taken at once: no waiting, so nothing to give up
    const free = gate.tryEnter();
    if (free) {
      releases.set(req, free);
      return;
    }
    // a client that hangs up while waiting gives its place up
    const abort = new AbortController();
    const onClose = () => abort.abort();
    const socket = req.raw.socket;
    socket?.once('close', onClose);
    const release = await gate.enter(abort.signal);
    socket?.off('close', onClose);
    if (!release) {
      req.log.warn({ ...gate.stats, url: req.url }, 'admission: turned away');
      return reply.status(BUSY_CODE).header('Retry-After', '1').send(busyEnvelope(req.lang));
    }
    releases.set(req, release);
  });
  const free = async (req: FastifyRequest) => {
    releases.get(req)?.();
  };
  app.addHook('onSend', async (req, _reply, payload) => {
    releases.get(req)?.();
    return payload;
  });
  app.addHook('onResponse', free);
  app.addHook('onRequestAbort', free);
}
