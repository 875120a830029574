import { describe, expect, it } from 'vitest';
import { readLinkToken } from './linkToken';

const token = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('readLinkToken', () => {
  it('reads the design and the kind of link', () => {
    expect(readLinkToken(token({ modelId: 'm1', type: 'form', key: 'k' }))).toEqual({ modelId: 'm1', type: 'form' });
    expect(readLinkToken(token({ modelId: '设计', type: 'list', key: 'k' }))).toEqual({
      modelId: '设计',
      type: 'list',
    });
  });

  it('refuses what is not a link', () => {
    expect(readLinkToken(null)).toBeNull();
    expect(readLinkToken('')).toBeNull();
    expect(readLinkToken('not base64!')).toBeNull();
    expect(readLinkToken(token('text'))).toBeNull();
    expect(readLinkToken(token({ modelId: 'm1', type: 'other' }))).toBeNull();
    expect(readLinkToken(token({ type: 'form' }))).toBeNull();
    expect(readLinkToken('x'.repeat(501))).toBeNull();
  });
});
