import { describe, expect, it, vi } from 'vitest';
import { storage } from '../../../platform/storage';
import { AUTH_REDIRECT_KEY, handBack, redirectQuery } from './authRedirect';

function popup(opener: unknown) {
  return { opener, location: { origin: 'http://app.test' }, close: vi.fn() } as unknown as Window & {
    close: ReturnType<typeof vi.fn>;
  };
}

describe('auth redirect', () => {
  it('reads the answer of the sign-in page', () => {
    expect(redirectQuery('?code=abc&state=xyz')).toEqual({ code: 'abc', state: 'xyz' });
    expect(redirectQuery('')).toEqual({});
  });

  it('hands the answer to a same-site opener, keeps it for storage listeners, and closes', () => {
    const postMessage = vi.fn();
    const win = popup({ location: { origin: 'http://app.test' }, postMessage });
    expect(handBack(win, '?code=abc&state=s1')).toBe(true);
    expect(postMessage).toHaveBeenCalledWith(
      { type: 'jnpf:auth-redirect', query: { code: 'abc', state: 's1' } },
      'http://app.test',
    );
    expect(storage.get(AUTH_REDIRECT_KEY)).toEqual({ code: 'abc', state: 's1' });
    expect(win.close).toHaveBeenCalled();
  });

  it('sends nothing to another site, nor without an opener', () => {
    const postMessage = vi.fn();
    const foreign = popup({
      get location(): Location {
        throw new DOMException('cross-origin', 'SecurityError');
      },
      postMessage,
    });
    expect(handBack(foreign, '?code=abc')).toBe(false);
    expect(handBack(popup({ location: { origin: 'http://evil.test' }, postMessage }), '?code=abc')).toBe(false);
    expect(handBack(popup(null), '?code=abc')).toBe(false);
    expect(postMessage).not.toHaveBeenCalled();
  });
});
