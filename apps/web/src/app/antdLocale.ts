// antd's (and dayjs's) locale for each interface language. Chinese is bundled; the others load with
// their language, like the app's own texts.
import type { Language } from '@jnpf/core';
import type { Locale } from 'antd/es/locale';
// antd's ConfigProvider bundles en_US as its default anyway, so only zh_TW is worth loading on demand.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import 'dayjs/locale/zh-cn';

const loaded: Partial<Record<Language, Locale>> = { zh: zhCN, en: enUS };

async function loadTraditionalChinese(): Promise<Locale> {
  const [locale] = await Promise.all([import('antd/es/locale/zh_TW'), import('dayjs/locale/zh-tw')]);
  return locale.default;
}

export async function loadAntdLocale(language: Language): Promise<void> {
  if (loaded[language]) return;
  loaded[language] = await loadTraditionalChinese();
}

/** The loaded locale of a language, or Chinese until it has loaded. */
export function antdLocaleOf(language: Language): Locale {
  return loaded[language] ?? zhCN;
}

export const DAYJS_LOCALES: Record<Language, string> = { zh: 'zh-cn', zhtw: 'zh-tw', en: 'en' };
