// The header of the classic layout (and of every layout on a narrow screen): sidebar toggle, breadcrumb (the
// view's title on mobile) and the header actions.
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocalizedTitle, type ViewInfo } from '../../app/routes/viewInfo';
import Breadcrumbs from './Breadcrumbs';
import HeaderActions from './HeaderActions';
import styles from './Navbar.module.css';

interface NavbarProps {
  view: ViewInfo | null;
  /** The sidebar is folded (desktop) or closed (mobile). */
  sidebarHidden: boolean;
  onToggleSidebar: () => void;
  mobile: boolean;
}

export default function Navbar({ view, sidebarHidden, onToggleSidebar, mobile }: NavbarProps) {
  const { t } = useTranslation();
  const title = useLocalizedTitle(view);
  return (
    <header className={styles.navbar}>
      <button
        type="button"
        className={styles.action}
        onClick={onToggleSidebar}
        aria-label={sidebarHidden ? t('header.expandSidebar') : t('header.collapseSidebar')}
        title={sidebarHidden ? t('header.expandSidebar') : t('header.collapseSidebar')}
      >
        {sidebarHidden ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
      </button>
      {mobile ? (
        <div className={styles.mobileTitle}>{title}</div>
      ) : (
        <div className={styles.breadcrumb}>
          <Breadcrumbs view={view} />
        </div>
      )}
      <HeaderActions compact={mobile} />
    </header>
  );
}
