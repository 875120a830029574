// API calls still running: the platform closes its database only after they finish (bounded). A client that hangs
// up does not stop its handler, so once the HTTP server has no connections left a handler may still be awaiting a
// query; closing the pool under it fails that call ("Cannot use a pool after calling end on the pool").
import type { FastifyInstance, FastifyRequest } from 'fastify';

export class InFlightCalls {
  private count = 0;
  private idle: (() => void)[] = [];

  get running(): number {
    return this.count;
  }

  /** counts one call; the returned function ends it once, however often it is called */
  enter(): () => void {
    this.count++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      if (--this.count === 0) for (const wake of this.idle.splice(0)) wake();
    };
  }

  /** resolves true when no call runs, or false after `timeoutMs` with calls still running */
  drained(timeoutMs: number): Promise<boolean> {
    if (this.count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.idle = this.idle.filter((w) => w !== wake);
        resolve(false);
      }, timeoutMs);
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.idle.push(wake);
    });
  }
}

/**
 * Counts every /api call from its arrival until its answer is ready to leave (onSend, which runs even when the
 * client has gone; error answers pass through it too). WebSockets and pages are not API calls.
 */
export function trackInFlight(app: FastifyInstance, calls: InFlightCalls): void {
  const ends = new WeakMap<FastifyRequest, () => void>();
  app.addHook('onRequest', async (req) => {
    if (req.url.startsWith('/api/')) ends.set(req, calls.enter());
  });
  app.addHook('onSend', async (req, _reply, payload) => {
    ends.get(req)?.();
    return payload;
  });
}
