// The right side of every header: search, chat, notices, application switch, language, the
// user menu and settings. The same parts in every layout; on a dark top bar they turn light.
import { SettingOutlined } from '@ant-design/icons';
import { SHOW_SETTINGS } from '../../platform/config';
import { usePreferences } from '../../platform/preferences';
import { setSettingsOpen } from '../shellUi';
import { useShellText } from '../texts';
import AppSwitcher from './AppSwitcher';
import styles from './HeaderActions.module.css';
import HeaderSearch from './HeaderSearch';
import LanguageSwitch from './LanguageSwitch';
import MessageIcons from './MessageIcons';
import UserMenu from './UserMenu';

interface HeaderActionsProps {
  /** On a dark top bar. */
  dark?: boolean;
  /** Narrow screens: the user's name is left out. */
  compact: boolean;
}

export default function HeaderActions({ dark = false, compact }: HeaderActionsProps) {
  const text = useShellText();
  const showLanguage = usePreferences((state) => state.showLanguage);
  const showSearch = usePreferences((state) => state.showSearch);
  const className = [styles.actions, dark ? styles.dark : '', compact ? styles.compact : ''].join(' ');
  return (
    <div className={className}>
      {showSearch && <HeaderSearch className={styles.action} />}
      <MessageIcons className={styles.action} blinkClassName={styles.blink} />
      <AppSwitcher className={styles.action} />
      {showLanguage && <LanguageSwitch className={styles.action} />}
      <UserMenu className={`${styles.action} ${styles.userAction}`} compact={compact} />
      {SHOW_SETTINGS && (
        <button
          type="button"
          className={styles.action}
          aria-label={text('settings')}
          title={text('settings')}
          onClick={() => setSettingsOpen(true)}
        >
          <SettingOutlined />
        </button>
      )}
    </div>
  );
}
