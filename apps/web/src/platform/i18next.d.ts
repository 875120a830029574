import 'i18next';
import type zh from '../locales/zh';

// Typed keys: t('...') only accepts keys that exist in the Chinese resources, which every language mirrors.
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof zh };
  }
}
