// The sign-in page's language choice: three plain buttons, lighter than the header's dropdown, which
// keeps the menu and popup code out of the sign-in bundle.
import { LANGUAGES, type Language } from '@jnpf/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../../app/session/sessionActions';
import { currentLanguage } from '../../../platform/i18n';
import styles from './LoginPage.module.css';

const SHORT_NAMES: Record<Language, string> = { zh: '简体', zhtw: '繁體', en: 'EN' };

export default function LanguageTabs() {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <div className={styles.languages} role="group" aria-label={t('header.language')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          className={language === active ? styles.languageActive : styles.language}
          aria-pressed={language === active}
          onClick={() => void changeLanguage(language)}
        >
          {SHORT_NAMES[language]}
        </button>
      ))}
    </div>
  );
}
