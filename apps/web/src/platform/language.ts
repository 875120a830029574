import { isLanguage, pickLanguage, type Language } from '@jnpf/core';

/**
 * The interface language at start-up: the stored choice, else the browser's languages
 * (containing tw gives zhtw, otherwise a zh or en match), else zh.
 */
export function resolveInitialLanguage(stored: unknown, browserLanguages: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  return pickLanguage(browserLanguages);
}

export function browserLanguages(): string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? [...navigator.languages] : [navigator.language].filter(Boolean);
}

/** The value of the html lang attribute for a language. */
export const HTML_LANG: Record<Language, string> = { zh: 'zh-CN', zhtw: 'zh-TW', en: 'en' };
