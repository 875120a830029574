// The script sandbox: results, errors, time and memory limits, and escapes tried.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { runScript } from './sandbox.js';

const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return { key: (err as AppError).key, params: (err as AppError).params };
  }
  throw new Error('not refused');
};

describe('script sandbox', () => {
  it('runs a transform and an expression over JSON data', async () => {
    expect(await runScript('(data) => data.map((r) => ({ ...r, n: r.n * 2 }))', [{ n: 1 }, { n: 2 }])).toEqual([
      { n: 2 },
      { n: 4 },
    ]);
    expect(await runScript('data.token', { token: 'abc' })).toBe('abc');
    expect(await runScript('(data) => data.length > 0', [])).toBe(false);
    expect(await runScript('(data) => undefined', 1)).toBe(null);
  });

  it('stops an endless loop after the time limit, and an unbounded allocation by the memory limit', async () => {
    const started = Date.now();
    expect(await refusal(runScript('(data) => { while (true) {} }', null))).toMatchObject({
      key: 'dataInterface.scriptTimeout',
    });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(
      (await refusal(runScript('(d) => { const a = []; while (true) a.push("x".repeat(1e5)); }', null))).key,
    ).toMatch(/scriptMemory|scriptTimeout/);
    expect((await refusal(runScript('(d) => { const f = () => f(); return f(); }', null))).key).toMatch(
      /scriptMemory|scriptFailed/,
    );
    // and the engine still serves
    expect(await runScript('(d) => d + 1', 1)).toBe(2);
  });

  it('a throwing or malformed script is a clear refusal', async () => {
    expect(await refusal(runScript('(d) => { throw new Error("boom") }', null))).toMatchObject({
      key: 'dataInterface.scriptFailed',
      params: { reason: expect.stringContaining('boom') },
    });
    expect((await refusal(runScript('(d) => {', null))).key).toBe('dataInterface.scriptFailed');
  });

  it('reaches nothing of the host', async () => {
    const probes = [
      '(d) => typeof process',
      '(d) => typeof require',
      '(d) => typeof globalThis.process',
      '(d) => typeof module',
      '(d) => typeof fetch',
      '(d) => typeof setTimeout',
      '(d) => { try { return typeof (function(){}).constructor.constructor("return process")() } catch (e) { return "threw" } }',
      '(d) => { try { return typeof ({}).__proto__.constructor.constructor("return this")().process } catch (e) { return "threw" } }',
      '(d) => { try { return typeof new Function("return this")().process } catch (e) { return "threw" } }',
      '(d) => typeof std',
      '(d) => typeof os',
    ];
    for (const probe of probes) {
      const answer = await runScript(probe, null).catch(() => 'refused');
      expect(['undefined', 'threw', 'refused', 'object'], probe).toContain(answer);
      if (answer === 'object') throw new Error(`escaped: ${probe}`);
    }
    // a prototype polluted inside does not reach the server's objects
    await runScript('(d) => { Object.prototype.polluted = 1; return 1 }', null);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // nor the next script
    expect(await runScript('(d) => ({}).polluted === undefined', null)).toBe(true);
  });
});
