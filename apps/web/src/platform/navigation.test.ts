import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectTarget } from './navigation';

describe('sign-in redirects', () => {
  it('encode the path to return to', () => {
    expect(loginPathFor('/a/b?x=1&y=2')).toBe('/login?redirect=%2Fa%2Fb%3Fx%3D1%26y%3D2');
  });

  it('accept in-app paths only', () => {
    expect(safeRedirectTarget('/system/user?x=1')).toBe('/system/user?x=1');
    expect(safeRedirectTarget('https://evil.example')).toBe('/');
    expect(safeRedirectTarget('//evil.example')).toBe('/');
    expect(safeRedirectTarget('/\\evil.example')).toBe('/');
    expect(safeRedirectTarget('/login?redirect=%2Fx')).toBe('/');
    expect(safeRedirectTarget(null)).toBe('/');
  });
});
