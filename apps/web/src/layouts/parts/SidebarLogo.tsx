import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../platform/session';
import styles from './SidebarLogo.module.css';

export default function SidebarLogo({ collapsed, dark }: { collapsed: boolean; dark: boolean }) {
  const { t } = useTranslation();
  const sysConfig = useSession((state) => state.sysConfigInfo);
  const name = sysConfig.sysName || sysConfig.title || t('app.defaultTitle');
  const icon = collapsed ? sysConfig.logoIcon : sysConfig.navigationIcon || sysConfig.logoIcon;
  return (
    <Link to="/" className={`${styles.logo} ${dark ? styles.dark : styles.light}`} title={name}>
      {icon ? (
        <img src={icon} alt="" className={styles.image} />
      ) : (
        <span className={styles.mark}>{name.slice(0, 1)}</span>
      )}
      {!collapsed && <span className={styles.name}>{name}</span>}
    </Link>
  );
}
