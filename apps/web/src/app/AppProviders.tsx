import type { Language } from '@jnpf/core';
import { ConfigProvider, message } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { bindMessage } from '../platform/feedback';
import { FONT_SIZE_METRICS, THEME_COLORS, usePreferences } from '../platform/preferences';
import { antdLocaleOf, DAYJS_LOCALES } from './antdLocale';

const BUTTON_CONFIG = { autoInsertSpace: false } as const;

function toLanguage(value: string): Language {
  return value === 'zhtw' || value === 'en' ? value : 'zh';
}

/** Hands antd's context-aware toast instance (themed, localized) to code outside components. */
function MessageHost() {
  const [messageApi, messageHolder] = message.useMessage();
  useEffect(() => bindMessage(messageApi), [messageApi]);
  return messageHolder;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const themeColor = usePreferences((state) => state.themeColor);
  const fontSize = usePreferences((state) => state.fontSize);

  useEffect(() => {
    dayjs.locale(DAYJS_LOCALES[language]);
  }, [language]);

  // The theme colour as a CSS variable for the app's own style sheets (antd's variables are scoped to
  // its components).
  useEffect(() => {
    document.documentElement.style.setProperty('--app-color-primary', THEME_COLORS[themeColor]);
  }, [themeColor]);

  // The theme colour and the application size through antd's seed tokens: every component derives
  // its colours, input heights and text size from them.
  const theme = useMemo(
    () => ({ token: { colorPrimary: THEME_COLORS[themeColor], borderRadius: 6, ...FONT_SIZE_METRICS[fontSize] } }),
    [themeColor, fontSize],
  );

  return (
    // two-character Chinese buttons (刷新, 今天) keep their letters together, as wide as the others (查询)
    <ConfigProvider locale={antdLocaleOf(language)} theme={theme} button={BUTTON_CONFIG}>
      <MessageHost />
      {children}
    </ConfigProvider>
  );
}
