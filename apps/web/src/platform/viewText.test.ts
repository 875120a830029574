import { describe, expect, it } from 'vitest';
import { setLanguage } from './i18n';
import { defineViewTexts } from './viewText';

describe('defineViewTexts', () => {
  it('follows the interface language and fills parameters', async () => {
    const { text } = defineViewTexts({
      zh: { hello: '你好，{name}' },
      zhtw: { hello: '你好，{name}' },
      en: { hello: 'Hello, {name}' },
    });
    await setLanguage('zh');
    expect(text('hello', { name: 'A' })).toBe('你好，A');
    await setLanguage('en');
    expect(text('hello', { name: 'A' })).toBe('Hello, A');
    await setLanguage('zh');
  });
});
