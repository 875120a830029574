import { describe, expect, it } from 'vitest';
import { checkWebAddress, isWebAddress } from './links.js';

describe('web addresses', () => {
  it('takes http and https addresses only', () => {
    expect(isWebAddress('https://example.com/a?b=1')).toBe(true);
    expect(isWebAddress('http://intranet:8080/')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      'file:///etc/passwd',
      '/a',
      'https://a b',
      ' https://a',
      'https://',
    ])
      expect(isWebAddress(bad)).toBe(false);
  });
  it('lets an empty address pass and names the rule otherwise', () => {
    expect(checkWebAddress('')).toEqual({ ok: true });
    expect(checkWebAddress('javascript:void(0)')).toEqual({ ok: false, error: { key: 'webAddress' } });
  });
});
