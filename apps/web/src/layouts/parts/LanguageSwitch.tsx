// Interface language picker (zh, zhtw, en). Signed in, the choice is also saved on the server.
import { TranslationOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language } from '@jnpf/core';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../app/session/sessionActions';
import { currentLanguage } from '../../platform/i18n';

/** Language names are written in their own language, so everyone can find theirs. */
const LANGUAGE_NAMES: Record<Language, string> = { zh: '简体中文', zhtw: '繁體中文', en: 'English' };

export default function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [active],
        items: LANGUAGES.map((language) => ({ key: language, label: LANGUAGE_NAMES[language] })),
        onClick: ({ key }) => void changeLanguage(key as Language),
      }}
    >
      <span
        className={className}
        role="button"
        tabIndex={0}
        aria-label={t('header.language')}
        title={t('header.language')}
      >
        <TranslationOutlined />
      </span>
    </Dropdown>
  );
}
