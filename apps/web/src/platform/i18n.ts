// i18next set-up. Chinese is bundled (it is the fallback); zhtw and en load on demand, which keeps them out of the
// sign-in bundle. The initial language is the stored one, else the browser's (see language.ts); a change is stored and
// reflected in <html lang>.
import type { Language } from '@jnpf/core';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import zh, { type Messages } from '../locales/zh';
import { browserLanguages, HTML_LANG, resolveInitialLanguage } from './language';
import { storage, StorageNames } from './storage';

const LOADERS: Record<Exclude<Language, 'zh'>, () => Promise<{ default: Messages }>> = {
  zhtw: () => import('../locales/zhtw'),
  en: () => import('../locales/en'),
};

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { zh: { translation: zh } },
  partialBundledLanguages: true,
  lng: resolveInitialLanguage(storage.get(StorageNames.language), browserLanguages()),
  fallbackLng: 'zh',
  interpolation: { escapeValue: false }, // React escapes already
  initAsync: false,
  showSupportNotice: false,
});
applyHtmlLang(currentLanguage());

export function currentLanguage(): Language {
  const language = i18n.language;
  return language === 'zhtw' || language === 'en' ? language : 'zh';
}

/** Makes a language's texts available; resolves at once for a loaded language. */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === 'zh' || i18n.hasResourceBundle(language, 'translation')) return;
  const { default: messages } = await LOADERS[language]();
  i18n.addResourceBundle(language, 'translation', messages);
}

export async function setLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  storage.set(StorageNames.language, language);
  await i18n.changeLanguage(language);
  applyHtmlLang(language);
}

function applyHtmlLang(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[language];
}

/** Translation outside components. */
export const t = i18n.t.bind(i18n);
