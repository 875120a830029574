import { describe, expect, it } from 'vitest';
import { resolveInitialLanguage } from './language';

describe('resolveInitialLanguage', () => {
  it('prefers the stored language', () => {
    expect(resolveInitialLanguage('en', ['zh-TW'])).toBe('en');
    expect(resolveInitialLanguage('zhtw', ['en-US'])).toBe('zhtw');
  });

  it('ignores a stored value that is not a language', () => {
    expect(resolveInitialLanguage('fr', ['en-GB'])).toBe('en');
  });

  it('reads the browser languages: tw gives zhtw, else zh or en', () => {
    expect(resolveInitialLanguage(undefined, ['zh-TW', 'en'])).toBe('zhtw');
    expect(resolveInitialLanguage(undefined, ['zh-CN'])).toBe('zh');
    expect(resolveInitialLanguage(undefined, ['en-US', 'zh-CN'])).toBe('en');
    expect(resolveInitialLanguage(undefined, ['de-DE', 'en'])).toBe('en');
  });

  it('defaults to zh', () => {
    expect(resolveInitialLanguage(undefined, [])).toBe('zh');
    expect(resolveInitialLanguage(undefined, ['de-DE'])).toBe('zh');
  });
});
