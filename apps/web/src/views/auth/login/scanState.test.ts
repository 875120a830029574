import { describe, expect, it } from 'vitest';
import { isPolling, stepOf } from './scanState';

describe('app-scan sign-in states', () => {
  it('keeps polling while waiting or scanned, signs in once confirmed, stops when expired or cancelled', () => {
    expect(stepOf('t', { status: 0 }).next).toEqual({ kind: 'waiting', ticket: 't' });
    expect(stepOf('t', { status: 1 }).next).toEqual({ kind: 'scanned', ticket: 't' });
    expect(stepOf('t', { status: 2, value: 'bearer x', theme: 'blend' })).toMatchObject({
      next: { kind: 'signingIn' },
      token: 'bearer x',
      theme: 'blend',
    });
    expect(stepOf('t', { status: 2 }).next.kind).toBe('expired');
    expect(stepOf('t', { status: 3 }).next.kind).toBe('cancelled');
    expect(stepOf('t', { status: -1 }).next.kind).toBe('expired');
    expect(stepOf('t', undefined).next.kind).toBe('expired');
    expect(isPolling({ kind: 'scanned', ticket: 't' })).toBe(true);
    expect(isPolling({ kind: 'expired' })).toBe(false);
  });
});
