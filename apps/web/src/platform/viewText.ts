// A view's own texts in zh, zhtw and en, kept beside the view (and in its chunk) instead of in the shared
// locale files, so areas never edit one shared file. The keys of zh are the contract: zhtw and en must
// have the same keys (the type checks it).
import { format, type Language } from '@jnpf/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from './i18n';

export type ViewTexts<T extends Record<string, string>> = {
  zh: T;
  zhtw: Record<keyof T, string>;
  en: Record<keyof T, string>;
};

export type TextFn<T> = (key: keyof T & string, params?: Record<string, string | number>) => string;

function textsFor<T extends Record<string, string>>(texts: ViewTexts<T>, language: Language): Record<keyof T, string> {
  return texts[language] as Record<keyof T, string>;
}

/**
 * Defines a view's texts and returns a hook giving a translate function that follows the interface
 * language (the same function until the language changes, so it can be a hook dependency), and a plain
 * function for code outside components.
 */
export function defineViewTexts<T extends Record<string, string>>(texts: ViewTexts<T>) {
  function useText(): TextFn<T> {
    const { i18n } = useTranslation();
    const language = (i18n.language === 'zhtw' || i18n.language === 'en' ? i18n.language : 'zh') as Language;
    return useCallback<TextFn<T>>(
      (key, params) => format(textsFor(texts, language)[key] ?? String(key), params),
      [language],
    );
  }
  const text: TextFn<T> = (key, params) => format(textsFor(texts, currentLanguage())[key] ?? String(key), params);
  return { useText, text };
}
