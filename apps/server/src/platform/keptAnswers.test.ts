// Kept answers: sent again while they stand, dropped by a change on the bus, and once their time runs out still
// sent (within a grace) while a single call builds them again; an answer's own end allows no grace.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bus } from './kv.js';
import { KeptAnswers } from './keptAnswers.js';

class TestBus implements Bus {
  private readonly handlers = new Map<string, ((message: string) => void)[]>();
  async publish(channel: string, message: string) {
    for (const handler of this.handlers.get(channel) ?? []) handler(message);
  }
  subscribe(channel: string, handler: (message: string) => void) {
    this.handlers.set(channel, [...(this.handlers.get(channel) ?? []), handler]);
  }
}

/** a build the test finishes by hand, counting how often it was started */
function pendingBuilds() {
  const started: ((text: string) => void)[] = [];
  const build = () =>
    new Promise<{ text: string; until?: number }>((resolve) => started.push((text) => resolve({ text })));
  return { build, started };
}

let bus: TestBus;
let kept: KeptAnswers;
/** the answer as text (answers are kept as bytes) */
const answerText = (...args: Parameters<KeptAnswers['answer']>) => kept.answer(...args).then(String);
beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
  bus = new TestBus();
  kept = new KeptAnswers(bus, { channels: ['things:changed'], limit: 10, maxAgeMs: 1000 });
});
afterEach(() => vi.useRealTimers());

describe('KeptAnswers', () => {
  it('builds once for callers arriving together, then sends the kept text', async () => {
    const { build, started } = pendingBuilds();
    const first = answerText('k', kept.mark(), build);
    const second = answerText('k', kept.mark(), build);
    expect(started).toHaveLength(1);
    started[0]!('v1');
    expect(await Promise.all([first, second])).toEqual(['v1', 'v1']);
    expect(await answerText('k', kept.mark(), build)).toBe('v1');
    expect(started).toHaveLength(1);
  });

  it('after its time, sends the old text while one call builds the new one', async () => {
    const { build, started } = pendingBuilds();
    const first = answerText('k', kept.mark(), build);
    started[0]!('v1');
    await first;
    vi.advanceTimersByTime(1001);
    // neither caller waits for the build that the first of them started
    expect(await answerText('k', kept.mark(), build)).toBe('v1');
    expect(await answerText('k', kept.mark(), build)).toBe('v1');
    expect(started).toHaveLength(2);
    started[1]!('v2');
    await Promise.resolve();
    await Promise.resolve();
    expect(await answerText('k', kept.mark(), build)).toBe('v2');
  });

  it('an old text past the grace, or dropped by a change, is not sent: callers wait for the build', async () => {
    const { build, started } = pendingBuilds();
    const first = answerText('k', kept.mark(), build);
    started[0]!('v1');
    await first;
    vi.advanceTimersByTime(2001);
    const late = answerText('k', kept.mark(), build);
    started[1]!('v2');
    expect(await late).toBe('v2');

    await bus.publish('things:changed', '1');
    const afterChange = answerText('k', kept.mark(), build);
    expect(started).toHaveLength(3);
    started[2]!('v3');
    expect(await afterChange).toBe('v3');
  });

  it('an answer with its own end (a lock running out) is not sent past it', async () => {
    const first = answerText('k', kept.mark(), async () => ({ text: 'locked', until: Date.now() + 300 }));
    expect(await first).toBe('locked');
    vi.advanceTimersByTime(301);
    const { build, started } = pendingBuilds();
    const next = answerText('k', kept.mark(), build);
    expect(started).toHaveLength(1);
    started[0]!('unlocked');
    expect(await next).toBe('unlocked');
  });

  it('a failed build behind an old text leaves the next caller to build again', async () => {
    const first = answerText('k', kept.mark(), async () => ({ text: 'v1' }));
    expect(await first).toBe('v1');
    vi.advanceTimersByTime(1001);
    expect(await answerText('k', kept.mark(), () => Promise.reject(new Error('database gone')))).toBe('v1');
    await Promise.resolve();
    await Promise.resolve();
    let builds = 0;
    const again = async () => ({ text: `v${++builds + 1}` });
    expect(await answerText('k', kept.mark(), again)).toBe('v1');
    expect(builds).toBe(1);
    expect(await answerText('k', kept.mark(), again)).toBe('v2');
  });
});
